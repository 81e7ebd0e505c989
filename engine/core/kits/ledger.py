"""A modifier ledger that explains itself, and the checks and contests that read it.

Every modifier of a test is an entry with its source, so one computation gives the total for the roll,
the text a player reads ("Discretion +3, Goggles +2, Wound −1") and an agent's odds::

    mods = Ledger().add("Discretion", 3).add("Goggles", 2).add("Wound", -1)
    mods.total              # 4
    mods.explain()          # "Discretion +3, Goggles +2, Wound −1"
    chance(TWO_D6, mods.total, target=9)     # the probability that 2d6 + 4 >= 9
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import product

from pydantic import BaseModel, Field

Dice = tuple[int, ...]
"""The faces of each die rolled: ``(6, 6)`` is 2d6."""
TWO_D6: Dice = (6, 6)


class Modifier(BaseModel):
    source: str
    amount: int


class Ledger(BaseModel):
    entries: list[Modifier] = Field(default_factory=list)

    def add(self, source: str, amount: int) -> Ledger:
        """Add a modifier (a zero is left out: it explains nothing)."""
        if amount:
            self.entries.append(Modifier(source=source, amount=amount))
        return self

    def extend(self, modifiers: Iterable[tuple[str, int]]) -> Ledger:
        for source, amount in modifiers:
            self.add(source, amount)
        return self

    @property
    def total(self) -> int:
        return sum(m.amount for m in self.entries)

    def explain(self, empty: str = "no modifiers") -> str:
        if not self.entries:
            return empty
        return ", ".join(f"{m.source} {'+' if m.amount > 0 else '−'}{abs(m.amount)}" for m in self.entries)


def rolls(dice: Dice) -> Iterable[tuple[int, ...]]:
    """Every equally likely roll of ``dice``."""
    return product(*(range(1, faces + 1) for faces in dice))


def chance(
    dice: Dice, modifier: int, target: int, fails: Callable[[tuple[int, ...]], bool] | None = None
) -> Fraction:
    """The exact probability that the dice plus ``modifier`` reach ``target``; ``fails`` marks rolls that
    fail whatever the total (a natural 1 under a Lag, say)."""
    outcomes = list(rolls(dice))
    hits = sum(1 for roll in outcomes if not (fails and fails(roll)) and sum(roll) + modifier >= target)
    return Fraction(hits, len(outcomes))


def passes(roll: tuple[int, ...], modifier: int, target: int) -> bool:
    """Whether a rolled check reaches its target."""
    return sum(roll) + modifier >= target


def opposed(first: tuple[int, ...], first_mod: int, second: tuple[int, ...], second_mod: int) -> int:
    """An opposed contest: 1 if the first side wins, -1 if the second does, 0 on a tie."""
    a, b = sum(first) + first_mod, sum(second) + second_mod
    return (a > b) - (a < b)


def opposed_chance(dice: Dice, first_mod: int, second_mod: int) -> tuple[Fraction, Fraction]:
    """(win, tie) chances of the first side of an opposed contest on the same dice."""
    outcomes = list(rolls(dice))
    win = tie = 0
    for a in outcomes:
        for b in outcomes:
            result = opposed(a, first_mod, b, second_mod)
            win += result > 0
            tie += result == 0
    total = len(outcomes) ** 2
    return Fraction(win, total), Fraction(tie, total)
