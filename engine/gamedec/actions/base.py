"""What every Gamedec action shares: its label (``labels.describe``) and the wording of a refusal."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Intent
from engine.core.actions import Action
from engine.core.intent import Value
from engine.core.labels import listing

from .. import labels as L
from ..state import GamedecState

MOVE_FIRST = "Your turn must begin with a move (it may be to the space you are on)."


@lru_cache(maxsize=2048)
def one(kind: str, name: str, value: Value) -> Intent:
    """The intent ``kind:name=value``, built once: the options listed at every step (moves, discards, cards
    to play) are the same few hundred intents, and intents are immutable."""
    return Intent.of(kind, **{name: value})


class GamedecAction(Action[GamedecState]):
    def label(self, state: GamedecState, intent: Intent) -> str:
        try:
            return L.describe(state, intent)
        except KeyError:
            return intent.key()  # an unknown card or space: the refusal quotes it and lists what is possible

    def why_not(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        options = self.options(state, seat)
        if intent in options:
            return None
        reason = self.refusal(state, seat, intent)
        if reason:
            return reason
        what = self.safe_label(state, intent)
        same = [i for i in options if i.kind == intent.kind]
        if not same:
            return f"'{what}' is not possible now."
        return f"'{what}' is not allowed now. Possible: {listing([self.safe_label(state, i) for i in same])}."


class TurnAction(GamedecAction):
    """An action of the turn's actions proper, which the turn must begin with a move for (RB: "The round must
    begin with a move - no actions may be taken on the space where the detective starts his turn")."""

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if not state.moved:
            return MOVE_FIRST
        return self.reason(state, seat, intent) or None

    def reason(self, state: GamedecState, seat: str, intent: Intent) -> str:
        """The usual reason this action is refused after a move (his own or public facts only)."""
        return ""
