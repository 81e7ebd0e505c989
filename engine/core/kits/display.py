"""A face-up display: a row of places that each hold one card (or none), refilled from a deck.

Gamedec's four Corporation spaces ("when one of the players takes a given card, the space is immediately
refilled"), Virtual Revolution's numbered Agent spaces and its Verse row ("slide the remaining Verse cards
to the right to fill the gap ... and add a new Verse card to the leftmost empty space") are displays.

The functions work on the game's own list of places (``list[str | None]``, left to right), so a game keeps
its state as it is, and draw through a :data:`Draw` (from a :class:`~engine.core.deck.Deck` or a plain
face-down list), so each game keeps its own deck.
"""

from __future__ import annotations

from collections.abc import Callable

from ..deck import Deck
from ..rng import Rng

Places = list[str | None]
Draw = Callable[[], str | None]
"""The next card from the deck, or None when it is out."""


def from_deck(deck: Deck, rng: Rng) -> Draw:
    """Draw from a :class:`Deck` (which reshuffles its discards if it is set to)."""
    return lambda: deck.draw_one(rng)


def from_pile(pile: list[str]) -> Draw:
    """Draw from a face-down list whose top is its end."""
    return lambda: pile.pop() if pile else None


def refill(places: Places, draw: Draw) -> list[tuple[int, str]]:
    """Fill every empty place, left to right; returns (place, card) for each card laid out."""
    laid: list[tuple[int, str]] = []
    for index, card in enumerate(places):
        if card is None:
            new = draw()
            if new is None:
                break
            places[index] = new
            laid.append((index, new))
    return laid


def take(places: Places, index: int) -> str:
    """Take the card at ``index``, leaving the place empty."""
    card = places[index]
    if card is None:
        raise ValueError(f"place {index + 1} of the display is empty")
    places[index] = None
    return card


def take_and_refill(places: Places, index: int, draw: Draw) -> tuple[str, str | None]:
    """Take the card at ``index`` and refill that place at once; returns (taken, laid)."""
    card = take(places, index)
    places[index] = draw()
    return card, places[index]


def take_sliding(places: Places, index: int, draw: Draw) -> str:
    """Take the card at ``index``; the cards to its left slide right to fill the gap and a new card goes
    in the leftmost place."""
    card = take(places, index)
    places[1 : index + 1] = places[0:index]
    places[0] = draw()
    return card


def push(places: Places, draw: Draw) -> str | None:
    """A new card comes in at the left: every card slides one place right and the rightmost one leaves
    the row (returned; None when that place was empty)."""
    leaving = places[-1]
    places[1:] = places[:-1]
    places[0] = draw()
    return leaving


__all__ = [
    "Draw",
    "Places",
    "from_deck",
    "from_pile",
    "push",
    "refill",
    "take",
    "take_and_refill",
    "take_sliding",
]
