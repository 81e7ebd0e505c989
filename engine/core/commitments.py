"""Secret simultaneous commitments, revealed together.

Each seat in ``waiting`` commits one choice (an intent key). Until everyone has committed, the only
public fact is *who* has committed (:meth:`progress`), never *what*. A game keeps a
:class:`SecretChoice` in its state, offers each waiting seat a ``simultaneous`` prompt, and when
:attr:`complete` becomes true it calls :meth:`reveal` and resolves the choices together.

A seat may change its mind until the last commitment arrives (``allow_change``), which is how a
table of people choosing cards face down behaves.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class SecretChoice(BaseModel):
    kind: str
    seats: list[str]
    choices: dict[str, str] = Field(default_factory=dict)
    allow_change: bool = True

    def waiting(self) -> list[str]:
        """Seats that have not committed yet, in seat order."""
        return [s for s in self.seats if s not in self.choices]

    def can_commit(self, seat: str) -> bool:
        if seat not in self.seats:
            return False
        return seat not in self.choices or self.allow_change

    def commit(self, seat: str, choice: str) -> None:
        if not self.can_commit(seat):
            raise ValueError(f"{seat} cannot commit to {self.kind} now")
        self.choices[seat] = choice

    @property
    def complete(self) -> bool:
        return all(s in self.choices for s in self.seats)

    def reveal(self) -> dict[str, str]:
        """Every seat's choice; only once all have committed."""
        if not self.complete:
            raise ValueError("choices are revealed only when everyone has committed")
        return {s: self.choices[s] for s in self.seats}

    def progress(self) -> dict[str, object]:
        """The public part: who has chosen, and how many of how many. Never what."""
        chosen = [s for s in self.seats if s in self.choices]
        return {"kind": self.kind, "chosen": chosen, "count": len(chosen), "of": len(self.seats)}

    def own(self, seat: str | None) -> str | None:
        """A seat's own commitment, for that seat's private view."""
        return self.choices.get(seat) if seat is not None else None
