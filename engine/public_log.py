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


def lines_of(events: Iterable[Event], by: str, version: int) -> list[PublicLine]:
    """The public lines of the events one intent produced. A private event (any audience) never becomes a
    line, whoever it is for."""
    mark = MARKS.get(by, "")
    return [PublicLine(version, f"{e.text}{mark}") for e in events if e.audience is None and e.text]


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
            lines += lines_of(events, item.by, item.version)
    return lines[-limit:] if limit > 0 else []
