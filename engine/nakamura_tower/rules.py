"""Nakamura Tower's rules registry (every step, action and answer handler registers into ``RULES``) and the
CanDo deck every test of the game draws from (RB: "The rules do not use any dice").

RB: "Draw the top card from the CanDo deck and apply all of the effects described on the card. Then place
the card onto the CanDo discard pile. Whenever a CanDo card with a value of 1 or 10 is drawn, after
resolving the effects of the card, discard the card and then put the discard pile back into the deck and
shuffle the whole CanDo deck." It is a real deck kept in the state, so card counting works as on the table.
"""

from __future__ import annotations

from engine.core.rules import Rules

from .state import NtState

RULES: Rules[NtState] = Rules()

RESHUFFLE_ON = (1, 10)


def value_of(card: str) -> int:
    """``c7.3`` is the third copy of value 7."""
    return int(card.split(".")[0][1:])


def draw(state: NtState) -> int:
    """Draw one CanDo card, discard it, and reshuffle the whole deck after a 1 or a 10."""
    if not state.cando.cards:
        state.cando.cards = state.rng.shuffled(state.cando.discards)
        state.cando.discards = []
    card = state.cando.cards.pop()
    value = value_of(card)
    state.cando.discard(card)
    if value in RESHUFFLE_ON:
        state.cando.cards = state.rng.shuffled(state.cando.cards + state.cando.discards)
        state.cando.discards = []
    state.draws = [*state.draws[-11:], value]
    return value
