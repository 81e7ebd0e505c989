"""The table's cache of live games: a bounded, least-recently-used map from game id to what the table last
loaded or committed for that game (issue 21).

An entry holds the record and state, and, once read or written, the table's own state of the game (its
clocks and votes) and its open deadlines, so a change never reads back what the table itself just wrote.
The cache holds at most ``limit`` games: the least recently used leaves first, and an ended game
(finished or cancelled) is put at the cold end, so it is the next to leave; a game nobody touched for
``idle`` seconds leaves at the table's next tick. Whatever leaves is simply read from the store again when
next needed: nothing about a game lives only here. (The idle time is read from the monotonic clock: it
decides only what stays in memory, never anything in a game.)

Only the :data:`HOT_STATES` most recently used games keep their state as objects; every other entry keeps
the state's committed text (:meth:`Game.dump`) and is read from it again when next played. A state is a
hundred or so objects the garbage collector walks on every full collection, the text is one: with 10,000
live games all held as objects, one full collection paused the bot for 680 ms.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.game import GameState
from ..core.intent import Intent
from ..records import Deadline, GameRecord
from .clocks import TableState

ENDED = ("finished", "aborted")
IDLE_SECONDS = 3600.0
"""A live game untouched this long leaves the cache at the next tick."""
HOT_STATES = 1000
"""How many live games keep their state as objects (the others keep its text)."""


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
    """The committed state, while the game is among the :data:`HOT_STATES` (else None: see ``snapshot``).
    Shared with every reader: nobody changes it (a move applies to a copy)."""
    table_state: TableState | None = None
    """None until read or written."""
    deadlines: list[Deadline] | None = None
    """The game's open deadlines as last committed; None until read or written."""
    used: float = field(default_factory=time.monotonic)
    snapshot: str | None = None
    """The committed state's text, from which ``state`` is read again once it was dropped (None: a game
    with no state, or one whose state is never dropped)."""


class LiveGames:
    """At most ``limit`` games (0: no limit), least recently used first out."""

    def __init__(self, limit: int = 0, idle: float = IDLE_SECONDS, hot: int = HOT_STATES) -> None:
        self.limit = limit
        self.idle = idle
        self.hot = hot
        self._games: OrderedDict[str, LiveGame] = OrderedDict()
        self._hot: OrderedDict[str, None] = OrderedDict()
        """The games whose entry holds its state as objects, least recently used first."""

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
            gone, _ = self._games.popitem(last=False)
            self._hot.pop(gone, None)
        self._heat(game_id, entry)

    def state(self, entry: LiveGame, game_id: str, load: Callable[[str], GameState]) -> GameState | None:
        """The entry's state, read again with ``load`` from its text if it was dropped."""
        if entry.state is None and entry.snapshot is not None:
            entry.state = load(entry.snapshot)
        self._heat(game_id, entry)
        return entry.state

    def _heat(self, game_id: str, entry: LiveGame) -> None:
        """Count the entry's state among the hot ones; drop the coldest states beyond :attr:`hot`."""
        if entry.state is None or entry.snapshot is None:
            return  # nothing to drop, or no text to read it again from
        self._hot[game_id] = None
        self._hot.move_to_end(game_id)
        while self.hot and len(self._hot) > self.hot:
            cold, _ = self._hot.popitem(last=False)
            left = self._games.get(cold)
            if left is not None:
                left.state = None

    def evict_idle(self) -> int:
        """Drop the games untouched for ``idle`` seconds; how many left."""
        cutoff = time.monotonic() - self.idle
        idle = [game_id for game_id, entry in self._games.items() if entry.used < cutoff]
        for game_id in idle:
            del self._games[game_id]
            self._hot.pop(game_id, None)
        return len(idle)

    def pop(self, game_id: str) -> None:
        self._games.pop(game_id, None)
        self._hot.pop(game_id, None)

    def clear(self) -> None:
        self._games.clear()
        self._hot.clear()


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
