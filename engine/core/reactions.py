"""Reaction windows: several players may answer at once before something resolves.

A window asks a fixed set of seats (``seats``), usually *everyone who could in principle react*, and
stays open until each has answered or its deadline applied the default (a pass). To keep hidden
information hidden, the window is opened for every seat that might react by the public rules, not
only for those whose hidden cards allow a reaction: a seat with nothing to play is asked too and
simply passes, so neither the prompts nor their timing tell who held what.

Answers are kept per seat; a game reads them in its own order (usually clockwise from the actor) when
the window closes. ``context`` holds what the game needs to resume (what is being reacted to).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ReactionWindow(BaseModel):
    kind: str
    seats: list[str]
    answers: dict[str, str] = Field(default_factory=dict)
    context: dict[str, Any] = Field(default_factory=dict)

    def open_seats(self) -> list[str]:
        """Seats still to answer, in the window's order."""
        return [s for s in self.seats if s not in self.answers]

    def answer(self, seat: str, key: str) -> None:
        if seat not in self.seats:
            raise ValueError(f"{seat} is not asked in this window")
        if seat in self.answers:
            raise ValueError(f"{seat} has already answered")
        self.answers[seat] = key

    @property
    def closed(self) -> bool:
        return not self.open_seats()

    def in_order(self) -> list[tuple[str, str]]:
        """(seat, answer) pairs in the window's seat order; only meaningful once closed."""
        return [(s, self.answers[s]) for s in self.seats if s in self.answers]
