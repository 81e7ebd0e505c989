"""The seeded random generator kept inside a game's state.

SplitMix64 over a counter: the whole generator is two integers (seed, position), so it round-trips
through JSON exactly and a replay from the same seed gives the same shuffles, draws and dice. Rules
code never touches the ``random`` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_MASK = (1 << 64) - 1
_SPAN = 1 << 64


def _mixed(seed: int, position: int) -> int:
    """SplitMix64's number at ``position`` of the generator seeded ``seed``."""
    z = (seed + position * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng(BaseModel):
    seed: int = 0
    position: int = 0

    def next64(self) -> int:
        self.position += 1
        return _mixed(self.seed, self.position)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle in place (Fisher-Yates), each swap drawn as ``below(i + 1)`` draws it; the position is
        counted locally and written once (writing a model's field for every draw was most of a shuffle's
        cost: an agent's sampled state shuffles every unseen card)."""
        seed, position = self.seed, self.position
        for i in range(len(items) - 1, 0, -1):
            limit = _SPAN - _SPAN % (i + 1)
            position += 1
            value = _mixed(seed, position)
            while value >= limit:
                position += 1
                value = _mixed(seed, position)
            j = value % (i + 1)
            items[i], items[j] = items[j], items[i]
        if position != self.position:
            self.position = position

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def roll(self, dice: int = 1, sides: int = 6) -> list[int]:
        """Roll ``dice`` dice with ``sides`` sides each."""
        return [1 + self.below(sides) for _ in range(dice)]
