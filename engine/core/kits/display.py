"""A face-up display: a row of places that each hold one card (or none), refilled from a deck.

Gamedec's four Corporation spaces ("when one of the players takes a given card, the space is immediately
refilled"), Virtual Revolution's numbered Agent spaces and its Verse row ("slide the remaining Verse cards
to the right to fill the gap ... and add a new Verse card to the leftmost empty space") are displays.

The functions work on the game's own places: a list (left to right) or a dict (a Corporation's space by
its name, in the dict's order), each holding a card id or None, so a game keeps its state as it is; and
they draw through a :data:`Draw` (from a :class:`~engine.core.deck.Deck` or a plain face-down list), so
each game keeps its own deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..deck import Deck
from ..rng import Rng

Row = list[str | None]
Places = Row | dict[str, str | None]
Draw = Callable[[], str | None]
"""The next card from the deck, or None when it is out."""


def from_deck(deck: Deck, rng: Rng) -> Draw:
    """Draw from a :class:`Deck` (which reshuffles its discards if it is set to)."""
    return lambda: deck.draw_one(rng)


def from_pile(pile: list[str]) -> Draw:
    """Draw from a face-down list whose top is its end."""
    return lambda: pile.pop() if pile else None


def _keys(places: Places) -> list[Any]:
    return list(range(len(places))) if isinstance(places, list) else list(places)


def refill(places: Places, draw: Draw) -> list[tuple[Any, str]]:
    """Fill every empty place in order; returns (place, card) for each card laid out."""
    laid: list[tuple[Any, str]] = []
    for key in _keys(places):
        if places[key] is None:
            new = draw()
            if new is None:
                break
            places[key] = new
            laid.append((key, new))
    return laid


def take(places: Places, key: Any) -> str:
    """Take the card at place ``key`` (a list's index, a dict's key), leaving the place empty."""
    card = places[key]
    if card is None:
        name = f"place {key + 1}" if isinstance(places, list) else f"the place {key}"
        raise ValueError(f"{name} of the display is empty")
    places[key] = None
    return card


def take_and_refill(places: Places, key: Any, draw: Draw) -> tuple[str, str | None]:
    """Take the card at place ``key`` and refill that place at once; returns (taken, laid)."""
    card = take(places, key)
    places[key] = draw()
    return card, places[key]


def take_sliding(places: Row, index: int, draw: Draw) -> str:
    """Take the card at ``index``; the cards to its left slide right to fill the gap and a new card goes
    in the leftmost place."""
    card = take(places, index)
    places[1 : index + 1] = places[0:index]
    places[0] = draw()
    return card


def push(places: Row, draw: Draw) -> str | None:
    """A new card comes in at the left: every card slides one place right and the rightmost one leaves
    the row (returned; None when that place was empty)."""
    leaving = places[-1]
    places[1:] = places[:-1]
    places[0] = draw()
    return leaving


__all__ = [
    "Draw",
    "Places",
    "Row",
    "from_deck",
    "from_pile",
    "push",
    "refill",
    "take",
    "take_and_refill",
    "take_sliding",
]
