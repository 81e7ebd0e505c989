"""Token supplies with a limit: the physical components a box contains."""

from __future__ import annotations

from pydantic import BaseModel


class Supply(BaseModel):
    """A pool of identical tokens. ``stock`` are available; ``capacity`` is how many the box holds."""

    name: str
    stock: int
    capacity: int | None = None

    def take(self, count: int = 1, partial: bool = False) -> int:
        """Take ``count`` tokens; returns how many were taken.

        Without ``partial`` a request the stock cannot meet takes nothing and returns 0, which is
        how "if the supply runs out, the effect does not happen" rules read.
        """
        if count <= 0:
            return 0
        if self.stock < count and not partial:
            return 0
        taken = min(count, self.stock)
        self.stock -= taken
        return taken

    def put(self, count: int = 1) -> None:
        """Return tokens to the supply, never beyond its capacity."""
        self.stock += max(0, count)
        if self.capacity is not None:
            self.stock = min(self.stock, self.capacity)

    @property
    def exhausted(self) -> bool:
        return self.stock <= 0
