"""Resources: what each seat holds of a kind of token, drawn from a general supply with a box limit.

A game keeps one :class:`Resources` per token kind (bribes, henchmen, credits). With a box limit, a
gain the supply cannot meet gives what is left (or nothing, by the rule the game names); a loss returns
the tokens to the supply. Without a limit the supply is endless.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Resources(BaseModel):
    name: str
    held: dict[str, int] = Field(default_factory=dict)
    box: int | None = None
    """How many the box holds in all (None: endless)."""

    @property
    def supply(self) -> int | None:
        """How many are left in the general supply (None: endless)."""
        return None if self.box is None else self.box - sum(self.held.values())

    def of(self, seat: str) -> int:
        return self.held.get(seat, 0)

    def gain(self, seat: str, count: int, partial: bool = True) -> int:
        """Give ``seat`` up to ``count`` from the supply; returns how many it got. Without ``partial`` a
        gain the supply cannot meet in full gives nothing."""
        count = max(0, count)
        left = self.supply
        if left is not None and left < count:
            if not partial:
                return 0
            count = left
        self.held[seat] = self.of(seat) + count
        return count

    def lose(self, seat: str, count: int) -> int:
        """Return up to ``count`` of ``seat``'s tokens to the supply; returns how many went."""
        count = min(max(0, count), self.of(seat))
        self.held[seat] = self.of(seat) - count
        return count

    def move(self, giver: str, taker: str, count: int) -> int:
        """Hand tokens from one seat to another (the supply is untouched)."""
        count = min(max(0, count), self.of(giver))
        self.held[giver] = self.of(giver) - count
        self.held[taker] = self.of(taker) + count
        return count
