"""Discards "at any moment": in the turn, and as asides in the owner's other prompts (RULINGS 37)."""

from __future__ import annotations

from engine.core import Event, Intent

from ..answers import DISCARD_ARGS, DISCARD_EQ_ARGS, discard, discard_label, refresh
from ..runtime import RULES
from ..state import GamedecState
from ..window import refresh_window
from .base import GamedecAction, one

NOT_IN_TRADE = "Cards cannot be discarded while a trade is being made; discard once it is settled."


class Discarding(GamedecAction):
    family = "discard"
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.players[seat].finished or state.trade is not None:
            # RB: not "when it would interfere with playing out the normal rules (e.g. during Trade)"
            return []
        return self.cards(state, seat)

    def cards(self, state: GamedecState, seat: str) -> list[Intent]:
        raise NotImplementedError

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        return NOT_IN_TRADE if state.trade is not None else None

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        events = discard(state, seat, intent)
        refresh(state, seat, intent)  # a decision it was taken in stays open (asked again if it changed)
        refresh_window(state)
        return events

    def label(self, state: GamedecState, intent: Intent) -> str:
        return discard_label(state, intent)


@RULES.action
class Discard(Discarding):
    kind = "discard"
    summary = "Discard a Task card"
    args = DISCARD_ARGS
    when = "Cards are discarded at any moment, but not during a trade nor while a roll is resolved"

    def cards(self, state: GamedecState, seat: str) -> list[Intent]:
        return [one("discard", "card", c) for c in state.players[seat].hand]


@RULES.action
class DiscardEquipment(Discarding):
    kind = "discard_eq"
    summary = "Discard Equipment"
    args = DISCARD_EQ_ARGS
    when = "Equipment is discarded at any moment, but not during a trade nor while a roll is resolved"

    def cards(self, state: GamedecState, seat: str) -> list[Intent]:
        return [one("discard_eq", "eq", e) for e in state.players[seat].equipment]
