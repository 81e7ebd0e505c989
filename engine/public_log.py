"""A game's public log: the texts of the events everyone may read, line by line.

The table saves these lines with each change (:attr:`engine.store.Change.public_lines`), so showing the
log replays nothing. A game saved before the log was kept has no lines: :func:`replay` rebuilds them
from the intent log, the way the log used to be made (slow for a long game: run it off the event loop).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .core.game import Game
from .core.lone import Replayer
from .core.model import Event
from .records import GameRecord, LoggedIntent
from .store import PublicLine

MARKS = {"agent": " (agent)", "deadline": " (deadline)"}
"""Who played an intent when no person did: the mark after its lines."""


def lines_of(events: Iterable[Event], by: str, version: int, seat: str | None = None) -> list[PublicLine]:
    """The public lines of the events one intent of ``seat`` produced. A private event (any audience) never
    becomes a line, whoever it is for. When no person played it, the mark (" (agent)") goes on the lines
    that tell the seat's own move, not on what followed for others (an automatic pass of a person's seat,
    a Contact another won): see :func:`marked`."""
    texts = [e.text for e in events if e.audience is None and e.text]
    mark = MARKS.get(by, "")
    which = marked(texts, seat) if mark else set()
    return [PublicLine(version, text + (mark if i in which else "")) for i, text in enumerate(texts)]


def marked(texts: list[str], seat: str | None) -> set[int]:
    """The lines that tell ``seat``'s own move: those beginning with its name; the first line when none
    does (or the seat is not known)."""
    if seat:
        own = {i for i, text in enumerate(texts) if text.startswith((f"{seat} ", f"{seat}'", f"{seat}:"))}
        if own:
            return own
    return {0} if texts else set()


def replay(
    game: Game[Any],
    record: GameRecord,
    intents: list[LoggedIntent],
    limit: int,
    after_version: int | None = None,
) -> list[PublicLine]:
    """The public lines rebuilt from the seed, the options and the intent log (games saved before the
    public log was stored)."""
    state = game.setup([s.seat for s in record.seats], record.seed, record.options)
    lines: list[PublicLine] = []
    replayer = Replayer(game)  # an older log's moves the game now makes alone
    for item in intents:
        state, events = replayer.apply(state, item.seat, item.key)
        if after_version is None or item.version > after_version:
            lines += lines_of(events, item.by, item.version, item.seat)
    return lines[-limit:] if limit > 0 else []
