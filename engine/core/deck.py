"""Decks of cards identified by id, with a discard pile and reshuffle."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .rng import Rng


class Deck(BaseModel):
    """A draw pile (top is the end of the list) and a discard pile.

    ``reshuffle`` says whether an empty draw pile takes the shuffled discard pile; games where an
    exhausted deck means something (the end of the game, say) turn it off and check :attr:`empty`.
    """

    cards: list[str] = Field(default_factory=list)
    discards: list[str] = Field(default_factory=list)
    reshuffle: bool = True

    @classmethod
    def shuffled(cls, cards: list[str], rng: Rng, reshuffle: bool = True) -> Deck:
        return cls(cards=rng.shuffled(cards), reshuffle=reshuffle)

    @property
    def empty(self) -> bool:
        return not self.cards and (not self.reshuffle or not self.discards)

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self, rng: Rng, count: int = 1) -> list[str]:
        """Draw up to ``count`` cards; fewer when the deck (and discards, if reshuffled) run out."""
        drawn: list[str] = []
        for _ in range(count):
            if not self.cards:
                if not self.reshuffle or not self.discards:
                    break
                self.cards = rng.shuffled(self.discards)
                self.discards = []
            drawn.append(self.cards.pop())
        return drawn

    def draw_one(self, rng: Rng) -> str | None:
        drawn = self.draw(rng, 1)
        return drawn[0] if drawn else None

    def discard(self, *cards: str) -> None:
        self.discards.extend(cards)

    def put_top(self, *cards: str) -> None:
        self.cards.extend(cards)

    def put_bottom(self, *cards: str) -> None:
        self.cards[:0] = list(reversed(cards))

    def remove(self, card: str) -> bool:
        """Take a given card out of the draw pile or discards; False when it is in neither."""
        for pile in (self.cards, self.discards):
            if card in pile:
                pile.remove(card)
                return True
        return False

    def peek(self, count: int = 1) -> list[str]:
        """The top ``count`` cards, top first, without drawing them."""
        return list(reversed(self.cards[-count:])) if count > 0 else []
