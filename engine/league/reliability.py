"""Reliability, kept apart from skill: deadlines met and missed, games finished and abandoned, and the
mean time to move. It never changes a rating; a league may ask for a minimum to join, and it sets how
many turn-based games a player may have running at once.
"""

from __future__ import annotations

from pydantic import BaseModel

CAP_START = 4
CAP_STEP = 5
CAP_MAX = 40
"""The default cap on concurrent games (house, in the spirit of Board Game Arena's rule that the limit
grows with games finished): 4, one more for every 5 games finished, at most 40."""


class Reliability(BaseModel):
    met: int = 0
    missed: int = 0
    finished: int = 0
    abandoned: int = 0
    move_seconds: float = 0.0
    moves: int = 0

    def moved(self, seconds: float, in_time: bool = True) -> None:
        self.moves += 1
        self.move_seconds += max(0.0, seconds)
        if in_time:
            self.met += 1
        else:
            self.missed += 1

    def missed_deadline(self) -> None:
        self.missed += 1

    def ended(self, abandoned: bool = False) -> None:
        if abandoned:
            self.abandoned += 1
        else:
            self.finished += 1

    @property
    def on_time(self) -> float:
        """The share of deadlines met (1.0 before any deadline)."""
        total = self.met + self.missed
        return self.met / total if total else 1.0

    @property
    def mean_move_seconds(self) -> float | None:
        return self.move_seconds / self.moves if self.moves else None

    def meets(self, on_time: float = 0.0, finished: int = 0, abandoned_share: float = 1.0) -> str | None:
        """None if this record meets a league's entry requirement; else the reason, to show the player."""
        if self.on_time < on_time:
            return f"You met {self.on_time:.0%} of your deadlines; this league asks for {on_time:.0%}."
        if self.finished < finished:
            return f"You have finished {self.finished} games; this league asks for {finished}."
        games = self.finished + self.abandoned
        if games and self.abandoned / games > abandoned_share:
            return (
                f"You abandoned {self.abandoned} of {games} games; this league allows {abandoned_share:.0%}."
            )
        return None

    def game_cap(self, start: int = CAP_START, step: int = CAP_STEP, most: int = CAP_MAX) -> int:
        """How many games this player may have running at once."""
        return min(most, start + self.finished // step)


__all__ = ["CAP_MAX", "CAP_START", "CAP_STEP", "Reliability"]
