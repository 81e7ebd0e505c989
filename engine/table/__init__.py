"""The table: the async service that runs games for any front end (Discord, the terminal, tests).

It owns lobbies (host, seats, options, pace), turns a user's intent into an engine call, and keeps
every game safe:

- one :class:`asyncio.Lock` per game; every change bumps the game's version;
- ``submit(..., expected_version=...)`` refuses a stale version with :class:`StaleVersion`;
- the same ``idempotency_key`` delivered twice is applied once;
- the new snapshot, the appended intents and the open deadlines are committed in one transaction
  (compare-and-swap on the version) *before* anything is announced;
- seats played by agents (agent seats, players on vacation or taken over after missed deadlines) are
  played at once, inside the same change;
- :meth:`tick` applies prompt defaults when deadlines pass and sends reminders;
- a snapshot that cannot be read is rebuilt from the intent log; a game whose saved data does not
  prove itself (checksum, version, a contiguous log of the recorded length, a rebuild that replays
  every intent) is set aside as damaged, alone, never silently reset; so is a game whose code raises
  while a deadline is applied or agents play: nothing one game raises stops another game's work.

Front ends subscribe with :meth:`subscribe` and receive an :class:`Update` per change; they show each
event only to its audience and fetch per-seat views with :meth:`view`.
"""

from __future__ import annotations

from .links import LinkKind, Links
from .lobby import Lobbies
from .model import (
    ACTIVE,
    AGENT_STEPS_PER_YIELD,
    MAX_AGENT_STEPS,
    GameFault,
    LimitReached,
    Limits,
    NotAllowed,
    Parts,
    Scene,
    SeatMenu,
    Subscriber,
    Update,
    bounded_name,
    game_code,
    seat_name,
)
from .moderation import Moderation
from .play import Play
from .reading import Reading
from .results import ENDED, Results
from .seated import Seated
from .undo import Undo
from .votes import VOTE_KINDS


class Table(Results, Seated, Lobbies, Play, Moderation, Reading, Undo, Links):
    """The table service: one per process, shared by every front end."""


__all__ = [
    "ACTIVE",
    "ENDED",
    "AGENT_STEPS_PER_YIELD",
    "MAX_AGENT_STEPS",
    "GameFault",
    "LimitReached",
    "LinkKind",
    "Limits",
    "NotAllowed",
    "Parts",
    "Scene",
    "SeatMenu",
    "Subscriber",
    "Table",
    "Update",
    "VOTE_KINDS",
    "bounded_name",
    "game_code",
    "seat_name",
]
