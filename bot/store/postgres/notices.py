"""Notifications between processes: hearing them, and finding those that never arrived. A ``NOTIFY`` is
not guaranteed (a listening connection lost, a queue full), so a process passes over the games changed
lately every :data:`SWEEP_SECONDS` and reports a version newer than any it committed or heard of as if it
had been heard (issue 32)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import asyncpg

from .pg_schema import CHANGES_CHANNEL

log = logging.getLogger(__name__)

CHANGED_LATELY = "SELECT id, version, guild, updated_at FROM games WHERE updated_at >= $1"
"""The pass over the games changed lately (see :meth:`LostNotices.sweep`)."""
SWEEP_SECONDS = float(os.environ.get("ARBITER_NOTICE_SWEEP_SECONDS", "15"))
"""Seconds between two passes over the games changed lately, which find a change whose NOTIFY was lost."""
SWEEP_MARGIN = 60.0
"""Seconds each pass looks back before the previous one: other processes' clocks may lag this one's."""


@dataclass(frozen=True)
class Changed:
    """A change another process committed (a NOTIFY on the changes channel)."""

    game_id: str
    version: int
    guild: str | None


class LostNotices:
    """The newest version of each game lately changed that this process committed or heard of, and the
    pass that finds the changes whose notification was lost."""

    def __init__(self, pool: Callable[[], asyncpg.Pool]) -> None:
        self._pool = pool
        self.sweep_seconds = SWEEP_SECONDS
        self._versions: dict[str, int] = {}

    def known(self, game_id: str, version: int) -> None:
        """``version`` of the game was committed here or heard of."""
        if version > self._versions.get(game_id, 0):
            self._versions[game_id] = version

    async def run(self, on_change: Callable[[Changed | None], None]) -> None:
        started = since = time.time()
        while True:
            await asyncio.sleep(self.sweep_seconds)
            now = time.time()
            try:
                found = await self.sweep(since, started)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                log.warning("the pass over the games changed lately failed; trying again", exc_info=True)
                continue
            since = now
            for changed in found:
                log.info(
                    "game %s: version %d was committed elsewhere without a notification reaching this "
                    "process; caught up",
                    changed.game_id,
                    changed.version,
                )
                on_change(changed)

    async def sweep(self, since: float, started: float) -> list[Changed]:
        """The changes of the games changed since ``since`` (less :data:`SWEEP_MARGIN`) that this process
        neither committed nor heard of (their NOTIFY was lost); what it knows of older games is forgotten.
        A game last changed before ``started`` is the start-up catch-up's, not a lost notification."""
        before = dict(self._versions)
        rows = await self._pool().fetch(CHANGED_LATELY, since - SWEEP_MARGIN)
        lately = {gid: v for gid, v in self._versions.items() if before.get(gid) != v}  # during the read
        missed = []
        for row in rows:
            gid, version = str(row["id"]), int(row["version"])
            known = self._versions.get(gid, version if row["updated_at"] < started else 0)
            if version > known:
                missed.append(Changed(gid, version, row["guild"]))
            lately[gid] = max(version, known)
        self._versions = lately
        return missed


async def hear_until_lost(
    conn: asyncpg.Connection,
    heard: Callable[[object, int, str, str], None],
    resync: Callable[[Changed | None], None] | None,
) -> None:
    lost = asyncio.Event()
    conn.add_termination_listener(lambda _c: lost.set())
    try:
        await conn.add_listener(CHANGES_CHANNEL, heard)
        if resync is not None:
            resync(None)
        await lost.wait()
        log.warning("the connection listening for other processes' changes was lost; listening again")
    finally:
        with contextlib.suppress(Exception):
            await conn.close()


def parse_notice(payload: str, owner: str) -> Changed | None:
    """The change a notification names, or None for this process's own (or an unreadable one)."""
    parts = payload.split(" ")
    if len(parts) != 4 or parts[3] == owner or not parts[1].isdigit():
        return None
    return Changed(parts[0], int(parts[1]), parts[2] or None)


def dropped(switch: str | None, game_id: str, version: int) -> bool:
    """Tests only: whether this notification is swallowed (the file ``switch`` names exists; it is removed,
    so one notification is dropped)."""
    if switch is None or not os.path.exists(switch):
        return False
    try:
        os.remove(switch)
    except OSError:  # another process took it first
        return False
    log.warning("test fault: the notification of game %s version %d is dropped", game_id, version)
    return True
