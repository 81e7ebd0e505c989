"""The one family of errors the rules raise.

Every refusal is a :class:`RuleError`. Its message is written for the player who caused it: it says
what was wrong and, where it can, what is possible instead. Adapters show ``str(error)`` as it is.
"""

from __future__ import annotations


class RuleError(Exception):
    """Base of every refusal by the rules or the table. The message is for a player to read."""


class MalformedIntent(RuleError):
    """The intent could not be read at all (bad text, unknown kind, bad argument)."""


class IllegalIntent(RuleError):
    """The intent is well formed but the rules do not allow it now."""


class NotYourTurn(RuleError):
    """The seat has no open prompt, or the caller holds no seat in the game."""


class GameOver(RuleError):
    """The game has ended; nothing more can be played."""


class StaleVersion(RuleError):
    """The intent was made against an older version of the game: the board has moved on."""


class DamagedGame(RuleError):
    """The game's saved data cannot be trusted (unreadable, inconsistent, or its code failed): it is set
    aside for a moderator. The message is for players; ``reason`` is for the operator's log only (it may
    name hidden details such as a snapshot's content)."""

    def __init__(
        self,
        message: str = "This game is set aside for a moderator: its saved data could not be "
        "read. Every other game goes on.",
        reason: str = "",
    ) -> None:
        super().__init__(message)
        self.reason = reason or message


class DataError(Exception):
    """A data pack is invalid. The message names the file, the record and the field."""


class SnapshotError(Exception):
    """A saved state cannot be loaded (corrupt or written by an unknown format version)."""
