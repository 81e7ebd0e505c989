"""High Card, wired: metadata, set-up and the view. Everything else comes from the runtime."""

from __future__ import annotations

from typing import Any

from engine.core import GameMeta
from engine.core.flowgame import FlowGame

from .rules import RULES
from .state import HighCardOptions, HighCardState, RoundStep
from .view import HighCardView

RULES_SUMMARY = (
    "Each round everyone picks 1, 2 or 3 in secret; the unique highest pick scores it. From the "
    "second round the leader may double the round unless someone objects."
)


class HighCardGame(FlowGame[HighCardState]):
    meta = GameMeta(
        id="toy",
        title="High Card",
        min_seats=2,
        max_seats=5,
        options=HighCardOptions,
        summary="Pick 1-3 in secret; the unique highest scores.",
        rules=RULES_SUMMARY,
    )
    state_type = HighCardState
    format = 4
    rules = RULES

    def _setup(self, seats: list[str], seed: int, options: Any) -> HighCardState:
        rng = self.new_rng(seed)
        state = HighCardState(
            game=self.meta.id,
            seats=seats,
            rng=rng,
            opts=options,
            scores={s: 0 for s in seats},
            leader=rng.choice(seats),
            steps=[RoundStep()],
        )
        return self.start(state)

    def view_model(self, state: HighCardState, seat: str | None) -> HighCardView:
        common = self.table_view(state, seat)
        return HighCardView(
            **common,
            round=state.round,
            scores=dict(state.scores),
            leader=state.leader,
            doubled=state.doubled,
            my_pick=common["my_choice"],
        )


EXAMPLE = HighCardGame()
