"""The table's value types: its errors, limits and updates, and the names it gives seats."""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import (
    RuleError,
)
from ..core.intent import Intent
from ..core.menus import Choice
from ..core.model import Event, Outcome, Prompt
from ..records import GameRecord
from .clocks import UndoRequest

log = logging.getLogger(__name__)

MAX_AGENT_STEPS = 20_000
MAX_PREFIX = 80
"""A partial intent key is at most as long as a whole one."""
AGENT_STEPS_PER_YIELD = 20
_SEAT_NAME = re.compile(r"[^A-Za-z0-9_]")


class NotAllowed(RuleError):
    """The caller may not do this (not the host, not a moderator, not in the game)."""


class GameFault(Exception):
    """A game's own code raised something other than a :class:`RuleError` (a bug, or data it cannot
    handle). Raised inside the table only: the game is then set aside and callers get :class:`DamagedGame`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@contextlib.contextmanager
def game_code(record: GameRecord, doing: str) -> Iterator[None]:
    """Run a game's code: a refusal stays a refusal; anything else becomes a :class:`GameFault`."""
    try:
        yield
    except (RuleError, GameFault):
        raise
    except Exception as exc:
        # The reason reaches the operator's log and the stored ``damage``: it names the exception's type and
        # where it was raised, never its message (a game's KeyError can name a hidden card).
        raise GameFault(
            f"{type(exc).__name__} in {record.game}'s code while {doing}, at {_where(exc)}"
        ) from exc


def _where(exc: BaseException) -> str:
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return "an unknown place"
    return f"{tb.tb_frame.f_code.co_filename.rsplit('/', 2)[-1]}:{tb.tb_lineno}"


class LimitReached(NotAllowed):
    """A user or a server already has as many open lobbies or running games as the limits allow."""


@dataclass(frozen=True)
class Limits:
    """How many games one user and one server may have at once, and how long a display name may be.

    Counted in the store (a COUNT, not a load) at every step that can raise a count, inside that change's
    transaction (:mod:`engine.table.room`): one user cannot fill the database with lobbies nor play in more
    games than allowed, nor one server take every game slot of a shared bot. ``0`` means no limit.
    "Running" counts running and paused games (both hold a seat and deadlines)."""

    lobbies_per_user: int = 5
    running_per_user: int = 20
    lobbies_per_guild: int = 50
    running_per_guild: int = 500
    name_chars: int = 32
    live_games: int = 5000
    """The most games the table keeps in memory (:mod:`engine.table.live`); 0: no limit."""


ACTIVE = ("running", "paused")


@dataclass(frozen=True)
class Parts:
    """A menu asked in parts, at one part: its entries, where it stands and the part "Back" opens."""

    prefix: str
    entries: list[Choice]
    up: str | None


@dataclass(frozen=True)
class SeatMenu:
    """What a seat is offered now, read from one version of its game.

    ``mine`` are the prompts that ask the seat (its standing offers when nothing waits for it); ``prompts``
    every open prompt (whom the game waits for); ``options`` its legal intents with their labels; ``due``
    its deadline (a unix time); ``public_view`` the public view, read only when the seat is not asked (to
    say who is); ``parts`` the menu asked in parts when it has more options than ``parts_over``."""

    record: GameRecord
    seat: str | None
    prompts: list[Prompt] = field(default_factory=list)
    mine: list[Prompt] = field(default_factory=list)
    options: list[tuple[Intent, str]] = field(default_factory=list)
    due: float | None = None
    public_view: dict[str, Any] | None = None
    parts: Parts | None = None

    @property
    def standing(self) -> bool:
        return bool(self.mine) and self.mine[0].standing

    @property
    def labels(self) -> dict[str, str]:
        return {i.key(): label for i, label in self.options}

    def secret_ref(self) -> str | None:
        """The ref of the seat's open secret decision (what its options are offered for), if any."""
        found = next((p for p in self.mine if p.simultaneous), None)
        return found.ref if found is not None else None


@dataclass(frozen=True)
class Scene:
    """What a game's status message shows, read from one version: the prompts, the public view, every
    deadline and clock, the open votes and the pending undo request (with when it ends); and for the web
    page, how the game ended (``outcome``, when its rules ended it) and the seats that resigned."""

    record: GameRecord
    prompts: list[Prompt] = field(default_factory=list)
    public_view: dict[str, Any] = field(default_factory=dict)
    due: dict[str, float] = field(default_factory=dict)
    clocks: dict[str, float] = field(default_factory=dict)
    votes: dict[str, tuple[int, int]] = field(default_factory=dict)
    undo: UndoRequest | None = None
    undo_ends: float | None = None
    outcome: Outcome | None = None
    """How the game ended by its rules (the ranking with scores, the reason); None while it runs."""
    resigned: list[str] = field(default_factory=list)


@dataclass
class Update:
    """One change to a game, for front ends to announce."""

    record: GameRecord
    kind: str
    """lobby | start | play | deadline | reminder | status | damaged"""
    events: list[Event] = field(default_factory=list)
    applied: list[tuple[str, str, str]] = field(default_factory=list)
    """(seat, intent key, by) for every intent applied in this change, in order."""
    duplicate: bool = False
    """True when the idempotency key had been seen: nothing was applied this time."""
    menu: SeatMenu | None = None
    """The submitting seat's next menu, when it was asked for (``submit(next_menu=...)``)."""

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"


Subscriber = Callable[[Update], Awaitable[None]]


def seat_name(display: str, taken: set[str], fallback: str) -> str:
    """An engine seat name from a display name: letters, digits and _, unique, at most 16 characters."""
    base = _SEAT_NAME.sub("", display)[:12]
    if not base or not base[0].isalpha():
        base = fallback
    name, n = base, 2
    while name.lower() in taken:
        name = f"{base}{n}"
        n += 1
    taken.add(name.lower())
    return name


def bounded_name(name: str, fallback: str, limit: int = Limits.name_chars) -> str:
    """A display name fit to store and show: one line, printable characters only, at most ``limit``
    characters (a 10 MB name would otherwise be saved and rewritten on every change of the game)."""
    cleaned = " ".join("".join(ch for ch in name[: limit * 4] if ch.isprintable()).split())
    return (cleaned or fallback)[:limit]
