"""One lock per key (a game's id, a league's), kept only while it is held or waited for (issue 21: a
long-running process that has served 100,000 games keeps no lock for each of them)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class KeyedLocks:
    """``async with locks.hold(game_id):`` serialises the changes of one game (or league); different keys
    never wait for each other. A key's lock is made by its first user and dropped with its last."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        """Keys whose lock is held or waited for now."""
        return len(self._locks)

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)
