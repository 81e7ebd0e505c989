"""The pending-decision stack: an effect pauses to ask someone, then resumes.

When resolving an effect needs a player's choice (the victim of a theft chooses whether to pay to
cancel it, a card says "discard one"), the game pushes a :class:`Decision` naming the seat, what is
asked and everything needed to carry on (``data``), and stops. Its ``prompts`` show the top decision
first; the answer pops it and the game continues from ``data``. Because the stack is part of the
state, a restart in the middle resumes exactly where it paused.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Decision(BaseModel):
    seat: str
    kind: str
    text: str
    data: dict[str, Any] = Field(default_factory=dict)


class DecisionStack(BaseModel):
    items: list[Decision] = Field(default_factory=list)

    def push(self, seat: str, kind: str, text: str, **data: Any) -> Decision:
        decision = Decision(seat=seat, kind=kind, text=text, data=data)
        self.items.append(decision)
        return decision

    def top(self) -> Decision | None:
        return self.items[-1] if self.items else None

    def pop(self) -> Decision:
        if not self.items:
            raise IndexError("no pending decision")
        return self.items.pop()

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)
