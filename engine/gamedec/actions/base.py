"""What every Gamedec action shares: whether the turn offers it, and the refusal before the turn's move."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import ClassVar, Literal

from engine.core import Intent
from engine.core.actions import Action
from engine.core.args import Shape
from engine.core.intent import Value

from ..state import GamedecState

MOVE_FIRST = "Your turn must begin with a move (it may be to the space you are on)."


@lru_cache(maxsize=2048)
def one(kind: str, name: str, value: Value) -> Intent:
    """The intent ``kind:name=value``, built once: the options listed at every step (moves, discards, cards
    to play) are the same few hundred intents, and intents are immutable."""
    return Intent.of(kind, **{name: value})


class GamedecAction(Action[GamedecState]):
    turn: ClassVar[Literal["", "any", "moved"]] = ""
    """Whether a detective's turn offers it (:func:`engine.gamedec.procedure.turn_actions`): "any" from the
    start of the turn, "moved" once he has moved (before that it refuses: RB "The round must begin with a
    move"), "" not at all (an answer of a window, a trade's aside). The turn lists them in the order they
    are registered."""
    also_when: ClassVar[dict[str, str]] = {}
    """When an ``also`` kind is possible, where it differs from :attr:`when` (a Sabotage, not an Assist)."""

    def shapes(self) -> list[Shape]:
        return [replace(s, when=self.also_when.get(s.kind, s.when)) for s in super().shapes()]


class TurnAction(GamedecAction):
    """An action of the turn's actions proper, which the turn must begin with a move for (RB: "The round must
    begin with a move - no actions may be taken on the space where the detective starts his turn")."""

    turn = "moved"

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if not state.moved:
            return MOVE_FIRST
        return self.reason(state, seat, intent) or None

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        """The usual reason this action is refused after a move (his own or public facts only)."""
        return ""
