"""What the Discord front end keeps besides the games: players' preferences (reminders by DM) and, per
game, the last version whose announcement went out (so a restart can catch up on what a kill cut off).

Kept in its own tables of the same SQLite file, through its own connection (WAL lets it share the
file with the game store), so a preference never rides along in a game's transaction.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite


class Prefs:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = str(path) if path is not None else None
        self._db: aiosqlite.Connection | None = None
        self._memory: set[str] = set()
        self._announced: dict[str, int] = {}

    async def open(self) -> None:
        if self.path is None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._db.execute("CREATE TABLE IF NOT EXISTS arbiter_dm_reminders (user_id TEXT PRIMARY KEY)")
        await self._db.execute("CREATE TABLE IF NOT EXISTS arbiter_announced "
                               "(game_id TEXT PRIMARY KEY, version INTEGER NOT NULL)")

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def dm_reminders(self, user: str) -> bool:
        if self._db is None:
            return user in self._memory
        async with self._db.execute("SELECT 1 FROM arbiter_dm_reminders WHERE user_id = ?", (user,)) as cursor:
            return await cursor.fetchone() is not None

    async def set_dm_reminders(self, user: str, on: bool) -> None:
        if self._db is None:
            (self._memory.add if on else self._memory.discard)(user)
            return
        if on:
            await self._db.execute("INSERT OR IGNORE INTO arbiter_dm_reminders (user_id) VALUES (?)", (user,))
        else:
            await self._db.execute("DELETE FROM arbiter_dm_reminders WHERE user_id = ?", (user,))

    async def announced(self, game_id: str) -> int | None:
        """The last version of the game whose posts went out, if any were recorded."""
        if self._db is None:
            return self._announced.get(game_id)
        async with self._db.execute("SELECT version FROM arbiter_announced WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row is not None else None

    async def set_announced(self, game_id: str, version: int) -> None:
        if self._db is None:
            self._announced[game_id] = max(version, self._announced.get(game_id, 0))
            return
        await self._db.execute(
            "INSERT INTO arbiter_announced (game_id, version) VALUES (?, ?) "
            "ON CONFLICT(game_id) DO UPDATE SET version = MAX(version, excluded.version)", (game_id, version))
