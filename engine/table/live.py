"""The table's cache of live games: a bounded, least-recently-used map from game id to what the table last
loaded or committed for that game (issue 21).

An entry holds the record and state, and, once read or written, the table's own state of the game (its
clocks and votes) and its open deadlines, so a change never reads back what the table itself just wrote.
The cache holds at most ``limit`` games: the least recently used leaves first, and an ended game
(finished or cancelled) is put at the cold end, so it is the next to leave; a game nobody touched for
``idle`` seconds leaves at the table's next tick. Whatever leaves is simply read from the store again when
next needed: nothing about a game lives only here. (The idle time is read from the monotonic clock: it
decides only what stays in memory, never anything in a game.)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..core.game import GameState
from ..core.intent import Intent
from ..records import Deadline, GameRecord
from .clocks import TableState

ENDED = ("finished", "aborted")
IDLE_SECONDS = 3600.0
"""A live game untouched this long leaves the cache at the next tick."""


def plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, plain values) sharing no dict or list with it: what
    ``copy.deepcopy`` gives such data, at a fraction of its cost (no memo, no dispatch)."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    return value


def copied(record: GameRecord) -> GameRecord:
    """A copy of ``record`` that shares nothing mutable with it: its seats, lists and dicts copied one
    level down (their values are plain), at a tenth of a deep copy's cost (every read of a live game
    hands out one)."""
    return record.model_copy(
        update={
            "seats": [seat.model_copy() for seat in record.seats],
            "options": plain_copy(record.options),
            "place": dict(record.place),
            "winners": list(record.winners),
        }
    )


@dataclass
class LiveGame:
    record: GameRecord
    """The committed record (the table hands out copies)."""
    state: GameState | None
    table_state: TableState | None = None
    """None until read or written."""
    deadlines: list[Deadline] | None = None
    """The game's open deadlines as last committed; None until read or written."""
    used: float = field(default_factory=time.monotonic)


class LiveGames:
    """At most ``limit`` games (0: no limit), least recently used first out."""

    def __init__(self, limit: int = 0, idle: float = IDLE_SECONDS) -> None:
        self.limit = limit
        self.idle = idle
        self._games: OrderedDict[str, LiveGame] = OrderedDict()

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def __len__(self) -> int:
        return len(self._games)

    def get(self, game_id: str) -> LiveGame | None:
        """The entry, made the most recently used (an ended game stays at the cold end)."""
        entry = self._games.get(game_id)
        if entry is not None:
            entry.used = time.monotonic()
            if entry.record.status not in ENDED:
                self._games.move_to_end(game_id)
        return entry

    def peek(self, game_id: str) -> LiveGame | None:
        """The entry without touching its place in the order."""
        return self._games.get(game_id)

    def put(self, game_id: str, entry: LiveGame) -> None:
        self._games[game_id] = entry
        self._games.move_to_end(game_id, last=entry.record.status not in ENDED)
        while self.limit and len(self._games) > self.limit:
            self._games.popitem(last=False)

    def evict_idle(self) -> int:
        """Drop the games untouched for ``idle`` seconds; how many left."""
        cutoff = time.monotonic() - self.idle
        idle = [game_id for game_id, entry in self._games.items() if entry.used < cutoff]
        for game_id in idle:
            del self._games[game_id]
        return len(idle)

    def pop(self, game_id: str) -> None:
        self._games.pop(game_id, None)

    def clear(self) -> None:
        self._games.clear()


OFFERED_KEPT = 512
"""How many games' last offered lists are kept (a click follows its menu within moments)."""


@dataclass(frozen=True)
class Offered:
    """The legal intents the table last listed for a seat of a game, at a version: an intent submitted
    for that seat at that version is checked by membership in it (:meth:`Game.apply_chosen`) instead of
    the rules computing the same list again (issue 21)."""

    version: int
    seat: str
    intents: list[Intent]


class OfferedLists:
    """The last :class:`Offered` of the most recently listed games, at most :data:`OFFERED_KEPT`."""

    def __init__(self, limit: int = OFFERED_KEPT) -> None:
        self.limit = limit
        self._lists: OrderedDict[str, Offered] = OrderedDict()

    def put(self, game_id: str, offered: Offered) -> None:
        self._lists[game_id] = offered
        self._lists.move_to_end(game_id)
        while len(self._lists) > self.limit:
            self._lists.popitem(last=False)

    def get(self, game_id: str, version: int, seat: str) -> list[Intent] | None:
        """The list offered to ``seat`` at ``version``; None when the last list was for anything else."""
        offered = self._lists.get(game_id)
        if offered is None or offered.version != version or offered.seat != seat:
            return None
        return offered.intents

    def pop(self, game_id: str) -> None:
        self._lists.pop(game_id, None)


__all__ = ["ENDED", "LiveGame", "LiveGames", "Offered", "OfferedLists", "copied"]
