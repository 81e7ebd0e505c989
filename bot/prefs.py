"""What the Discord front end keeps besides the games: players' preferences (reminders by DM) and, per
game, the last version whose announcement went out (so a restart can catch up on what a kill cut off).

Kept in its own tables of the same SQLite file, through its own connection (WAL lets it share the
file with the game store), so a preference never rides along in a game's transaction.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiosqlite

from .storage import SETTINGS_TABLES

FOLLOW_MODES = ("mention", "dm")
"""How a follower hears of a game's turns: mentioned in each turn post, or a DM digest of it."""


class Prefs:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = str(path) if path is not None else None
        self._db: aiosqlite.Connection | None = None
        self._memory: set[str] = set()
        self._announced: dict[str, int] = {}
        self._follows: dict[str, dict[str, str]] = {}
        self._bodies: dict[tuple[str, str], dict[str, Any]] = {}

    async def open(self) -> None:
        if self.path is None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._db.execute("CREATE TABLE IF NOT EXISTS arbiter_dm_reminders (user_id TEXT PRIMARY KEY)")
        await self._db.execute(
            "CREATE TABLE IF NOT EXISTS arbiter_announced "
            "(game_id TEXT PRIMARY KEY, version INTEGER NOT NULL)"
        )
        await self._db.executescript(
            SETTINGS_TABLES
        )  # migration 6; already there when the store opened first

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def dm_reminders(self, user: str) -> bool:
        if self._db is None:
            return user in self._memory
        async with self._db.execute(
            "SELECT 1 FROM arbiter_dm_reminders WHERE user_id = ?", (user,)
        ) as cursor:
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
        async with self._db.execute(
            "SELECT version FROM arbiter_announced WHERE game_id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row is not None else None

    async def set_announced(self, game_id: str, version: int) -> None:
        if self._db is None:
            self._announced[game_id] = max(version, self._announced.get(game_id, 0))
            return
        await self._db.execute(
            "INSERT INTO arbiter_announced (game_id, version) VALUES (?, ?) "
            "ON CONFLICT(game_id) DO UPDATE SET version = MAX(version, excluded.version)",
            (game_id, version),
        )

    # --- followers (/game follow) -------------------------------------------------------------------

    async def follows(self, game_id: str) -> dict[str, str]:
        """user id -> mode ("mention" or "dm") of everyone following ``game_id``."""
        if self._db is None:
            return dict(self._follows.get(game_id, {}))
        async with self._db.execute("SELECT user_id, mode FROM follows WHERE game_id = ?", (game_id,)) as cur:
            return {str(r[0]): str(r[1]) for r in await cur.fetchall()}

    async def set_follow(self, game_id: str, user: str, mode: str | None) -> None:
        """Follow ``game_id`` in ``mode``; None stops following."""
        if mode is not None and mode not in FOLLOW_MODES:
            raise ValueError(f"unknown follow mode {mode!r}")
        if self._db is None:
            followers = self._follows.setdefault(game_id, {})
            if mode is None:
                followers.pop(user, None)
            else:
                followers[user] = mode
            return
        if mode is None:
            await self._db.execute("DELETE FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user))
        else:
            await self._db.execute(
                "INSERT INTO follows (game_id, user_id, mode) VALUES (?, ?, ?) ON CONFLICT"
                "(game_id, user_id) DO UPDATE SET mode = excluded.mode",
                (game_id, user, mode),
            )

    # --- settings (/settings): a member's, a server's ---------------------------------------------------

    async def _body(self, table: str, key_column: str, key: str) -> dict[str, Any]:
        if self._db is None:
            return dict(self._bodies.get((table, key), {}))
        async with self._db.execute(f"SELECT body FROM {table} WHERE {key_column} = ?", (key,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return {}
        try:
            body = json.loads(row[0])
        except ValueError:
            return {}  # an unreadable row reads as the defaults; the next change rewrites it
        return body if isinstance(body, dict) else {}

    async def _set_body(
        self, table: str, key_column: str, key: str, changes: dict[str, Any]
    ) -> dict[str, Any]:
        body = await self._body(table, key_column, key)
        for name, value in changes.items():
            if value is None:
                body.pop(name, None)
            else:
                body[name] = value
        if self._db is None:
            self._bodies[(table, key)] = body
            return dict(body)
        await self._db.execute(
            f"INSERT INTO {table} ({key_column}, body) VALUES (?, ?) ON CONFLICT({key_column}) "
            "DO UPDATE SET body = excluded.body",
            (key, json.dumps(body, sort_keys=True)),
        )
        return dict(body)

    async def user_settings(self, user: str) -> dict[str, Any]:
        return await self._body("user_settings", "user_id", user)

    async def set_user_settings(self, user: str, **changes: Any) -> dict[str, Any]:
        """Change some of a member's settings (a None value goes back to the default); returns them all."""
        return await self._set_body("user_settings", "user_id", user, changes)

    async def guild_settings(self, guild: str) -> dict[str, Any]:
        return await self._body("guild_settings", "guild_id", guild)

    async def set_guild_settings(self, guild: str, **changes: Any) -> dict[str, Any]:
        return await self._set_body("guild_settings", "guild_id", guild, changes)
