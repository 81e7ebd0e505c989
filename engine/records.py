"""What the table keeps about a game besides the engine state: seats, players, status, deadlines."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

Status = Literal["lobby", "running", "paused", "finished", "aborted", "damaged"]
"""``damaged``: set aside for a moderator because its data or code failed; ``damage`` says why."""
By = str
"""Who caused an intent: a user id, ``agent`` or ``deadline``."""


class SeatRecord(BaseModel):
    seat: str
    """The engine's name for the seat (fixed once the game starts)."""
    user: str | None = None
    """The player's user id; None for a seat only an agent plays."""
    name: str = ""
    """The player's display name when they joined."""
    away: bool = False
    """On vacation, or taken over after missed deadlines: an agent plays for them."""
    missed: int = 0
    """Deadlines missed in a row."""
    level: str = ""
    """The agent level chosen for a seat only an agent plays (random, heuristic or search); "" (and every
    seat an agent plays for an away player): the autopilot level of the game's pace."""

    @property
    def agent(self) -> bool:
        return self.user is None or self.away


class GameRecord(BaseModel):
    id: str
    game: str
    status: Status = "lobby"
    host: str
    max_seats: int
    seats: list[SeatRecord] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    pace: str = "standard"
    seed: int
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    place: dict[str, str] = Field(default_factory=dict)
    """Where the front end shows the game (guild, channel, thread, status message ids)."""
    winners: list[str] = Field(default_factory=list)
    reason: str = ""
    damage: str = ""
    """Why the game was set aside (operator-facing; never shown to players), when ``status`` is damaged."""

    def seat_of(self, user: str) -> SeatRecord | None:
        for seat in self.seats:
            if seat.user == user:
                return seat
        return None

    def seat_named(self, seat: str) -> SeatRecord | None:
        for record in self.seats:
            if record.seat == seat:
                return record
        return None

    def user_of(self, seat: str) -> str | None:
        record = self.seat_named(seat)
        return record.user if record else None


class LoggedIntent(BaseModel):
    seq: int
    version: int
    seat: str
    key: str
    by: By
    at: float


class Deadline(BaseModel):
    game_id: str
    seat: str
    kind: str
    due_at: float
    remind_at: float
    reminded: bool = False
