"""Live pages: a reader's page hears of each new version of its game by server-sent events, never by
polling. One :class:`Hub` per process fans each change out to the game's readers, after the new version's
page and board were made once (so a game's readers, arriving together, are served from what is made).

Where the change is heard from:

- in the bot's process, from the table itself (:meth:`Hub.on_update`, a subscriber of ``table.subscribe``);
- beside other processes on PostgreSQL, from the store's NOTIFY (:meth:`Watcher.heard`);
- beside one bot process on its SQLite file, from one cheap check shared by every reader: every
  :data:`POLL_SECONDS` the :class:`Watcher` reads the stored versions of the games pages were shown of (one
  indexed query for them all) and forgets this process's copy of those another process moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from engine.table import Table, Update

from ..tasks import stop_task

log = logging.getLogger(__name__)

POLL_SECONDS = 1.0
WATCHED_MAX = 5000
"""The most games one web process watches for changes (least recently shown out first, forgotten)."""
READERS_MAX = 5000
"""The most live readers one process holds at once; more are told to reload later."""

Warm = Callable[[str], Awaitable[None]]


class Hub:
    def __init__(self, warm: Warm | None = None) -> None:
        self.warm = warm
        self._readers: dict[str, set[asyncio.Queue[int | None]]] = {}
        self._latest: dict[str, int] = {}
        self._telling: dict[str, asyncio.Task[None]] = {}

    @property
    def readers(self) -> int:
        return sum(len(queues) for queues in self._readers.values())

    def open(self, game_id: str) -> asyncio.Queue[int | None] | None:
        """A reader's queue of the game's new versions; None when the process holds too many readers."""
        if self.readers >= READERS_MAX:
            return None
        queue: asyncio.Queue[int | None] = asyncio.Queue(maxsize=1)
        self._readers.setdefault(game_id, set()).add(queue)
        return queue

    def close(self, game_id: str, queue: asyncio.Queue[int | None]) -> None:
        queues = self._readers.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._readers[game_id]

    async def on_update(self, update: Update) -> None:
        """The table's subscriber (the bot's own process): a change was committed here."""
        if not update.duplicate:
            self.changed(update.record.id, update.record.version)

    def changed(self, game_id: str, version: int) -> None:
        """The game is at ``version`` now: its readers are told (once its page is made), in the background,
        so whoever committed the change never waits for a page."""
        if version <= self._latest.get(game_id, -1) or game_id not in self._readers:
            return
        self._latest[game_id] = version
        if game_id not in self._telling:
            task = asyncio.create_task(self._tell(game_id), name=f"web-live-{game_id}")
            self._telling[game_id] = task

    async def _tell(self, game_id: str) -> None:
        try:
            told = -1
            while self._latest.get(game_id, -1) > told:
                told = self._latest[game_id]
                if self.warm is not None:
                    try:
                        await self.warm(game_id)
                    except Exception:  # the readers are told anyway: their page is made when they ask
                        log.exception("the web page of game %s could not be made ahead", game_id)
                for queue in list(self._readers.get(game_id, ())):
                    _offer(queue, told)
        finally:
            self._telling.pop(game_id, None)
            if game_id not in self._readers:
                self._latest.pop(game_id, None)

    async def close_all(self) -> None:
        """End every live stream (shutdown): each reader's script reconnects to the next process."""
        for task in list(self._telling.values()):
            await stop_task(task)
        for queues in self._readers.values():
            for queue in queues:
                _offer(queue, None)


def _offer(queue: asyncio.Queue[int | None], item: int | None) -> None:
    """Only the newest version matters: one a reader has not read yet is replaced."""
    with contextlib.suppress(asyncio.QueueEmpty):
        if queue.full():
            queue.get_nowait()
    queue.put_nowait(item)


class Watcher:
    """Changes other processes commit, for a web process that is not the bot's: the games pages were shown
    of are watched (at most :data:`WATCHED_MAX`); a change forgets the table's copy and tells the hub."""

    def __init__(self, table: Table, hub: Hub, poll_seconds: float | None = POLL_SECONDS) -> None:
        self.table = table
        self.hub = hub
        self.poll_seconds = poll_seconds
        """None: no polling (PostgreSQL's NOTIFY tells of every change: :meth:`heard`)."""
        self._watched: OrderedDict[str, int] = OrderedDict()
        self._task: asyncio.Task[None] | None = None

    def watch(self, game_id: str, version: int) -> None:
        self._watched[game_id] = max(version, self._watched.get(game_id, -1))
        self._watched.move_to_end(game_id)
        while len(self._watched) > WATCHED_MAX:
            dropped, _ = self._watched.popitem(last=False)
            self.table.forget(dropped)  # unwatched, its copy would go stale

    def heard(self, game_id: str, version: int) -> None:
        """Another process committed ``version`` of the game."""
        if self._watched.get(game_id, -1) >= version:
            return
        self.table.forget(game_id)
        if game_id in self._watched:
            self._watched[game_id] = version
        self.hub.changed(game_id, version)

    async def check(self) -> int:
        """One look at the stored versions of every watched game; how many had moved on."""
        stored = await self.table.versions(list(self._watched))
        moved = [(g, v) for g, v in stored.items() if v != self._watched.get(g)]
        for game_id, version in moved:
            self.table.forget(game_id)
            self._watched[game_id] = version
            self.hub.changed(game_id, version)
        return len(moved)

    def resync(self) -> None:
        """Notifications may have been missed (the listening connection was made again): look once."""
        task = asyncio.create_task(self.check(), name="web-resync")
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    def start(self) -> None:
        if self.poll_seconds is not None and self._task is None:
            self._task = asyncio.create_task(self._run(self.poll_seconds), name="web-watcher")

    async def _run(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.check()
            except Exception:
                log.warning("the web's check for changed games failed; trying again", exc_info=True)

    async def stop(self) -> None:
        task, self._task = self._task, None
        await stop_task(task)


__all__ = ["POLL_SECONDS", "Hub", "Watcher"]
