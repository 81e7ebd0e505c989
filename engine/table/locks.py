"""One lock per game, kept only while it is held or waited for (issue 21: a long-running process that
has served 100,000 games keeps no lock for each of them)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class GameLocks:
    """``async with locks.hold(game_id):`` serialises the changes of one game; different games never wait
    for each other. A game's lock is made by its first user and dropped with its last."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def __len__(self) -> int:
        """Games whose lock is held or waited for now."""
        return len(self._locks)

    @asynccontextmanager
    async def hold(self, game_id: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(game_id) or (asyncio.Lock(), 0)
        self._locks[game_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[game_id]
            if users == 1:
                del self._locks[game_id]
            else:
                self._locks[game_id] = (lock, users - 1)
