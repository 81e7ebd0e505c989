"""A one-decision game with many options, to exercise paged selects (a select holds 25 options)."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Game, GameMeta, GameState, Intent, Prompt, public


class WideState(GameState):
    turn: int = 0
    picks: list[int] = []


class WideGame(Game[WideState]):
    meta = GameMeta(
        id="wide",
        title="Wide Choice",
        min_seats=1,
        max_seats=2,
        summary="Pick from sixty numbers.",
        rules="Each turn, pick any number from 1 to 60. Three turns each.",
    )
    state_type = WideState
    intent_kinds = frozenset({"take"})

    def _setup(self, seats: list[str], seed: int, options: Any) -> WideState:
        return WideState(game="wide", seats=seats, rng=self.new_rng(seed))

    def _seat(self, state: WideState) -> str:
        return state.seats[state.turn % len(state.seats)]

    def prompts(self, state: WideState) -> list[Prompt]:
        if state.result is not None:
            return []
        return [Prompt(self._seat(state), "take", "Take a number.", Intent.of("take", n=1))]

    def legal(self, state: WideState, seat: str) -> list[Intent]:
        if state.result is not None or seat != self._seat(state):
            return []
        return [Intent.of("take", n=n) for n in range(1, 61)]

    def _apply(self, state: WideState, seat: str, intent: Intent) -> list[Event]:
        state.picks.append(intent.num("n"))
        state.turn += 1
        events = [public("take", f"{seat} takes {intent.num('n')}.")]
        if state.turn >= 3 * len(state.seats):
            events.append(self.finish(state, [seat], "the last pick wins"))
        return events

    def view(self, state: WideState, seat: str | None) -> dict[str, Any]:
        return {"turn": state.turn, "picks": list(state.picks)}

    def describe(self, state: WideState, intent: Intent) -> str:
        return f"Take {intent.get('n')}"


WIDE = WideGame()
