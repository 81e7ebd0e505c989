"""What a game's record allows: refusals for a change its status or its caller may not make."""

from __future__ import annotations

from ..core.errors import DamagedGame, GameOver, IllegalIntent
from ..records import GameRecord
from .model import NotAllowed


def require_running(record: GameRecord) -> None:
    """A move needs a running game; anything else is refused with what the game is doing instead."""
    if record.status == "lobby":
        raise IllegalIntent("The game has not started yet.")
    if record.status == "paused":
        raise IllegalIntent("The game is paused by a moderator; wait until it resumes.")
    if record.status == "finished":
        raise GameOver(f"The game is over: {record.reason}")
    if record.status == "aborted":
        raise GameOver("The game was cancelled.")
    if record.status == "damaged":
        raise DamagedGame()


def require_host(record: GameRecord, by: str, moderator: bool) -> None:
    if by != record.host and not moderator:
        raise NotAllowed("Only the game's host or a moderator can do that.")
