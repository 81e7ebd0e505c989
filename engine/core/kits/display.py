"""A face-up display: a row of cards refilled from a deck (a market, a row of Agents, open Equipment)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..deck import Deck
from ..rng import Rng


class Display(BaseModel):
    size: int
    cards: list[str] = Field(default_factory=list)

    def refill(self, deck: Deck, rng: Rng) -> list[str]:
        """Fill the empty places from ``deck`` (which reshuffles its discards if it is set to); returns
        the cards laid out, in order."""
        laid: list[str] = []
        while len(self.cards) < self.size:
            card = deck.draw_one(rng)
            if card is None:
                break
            self.cards.append(card)
            laid.append(card)
        return laid

    def take(self, card: str) -> bool:
        """Take ``card`` from the row; False when it is not there."""
        if card not in self.cards:
            return False
        self.cards.remove(card)
        return True
