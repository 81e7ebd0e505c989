"""What the Discord front end keeps besides the games: players' preferences (reminders by DM, follows,
settings) and, per game, the last version whose announcement went out (so a restart can catch up on what
a kill cut off).

Kept in its own tables of the game database, through a connection of its own, so a preference never
rides along in a game's transaction: with SQLite, the same file (WAL lets two connections share it);
with PostgreSQL (:meth:`Prefs.postgres`), the store's own pool, so every bot process sees the same
preferences and announced versions. Without a database (tests), in memory.

With several processes, one announces each game at a time: :meth:`Prefs.claim_announcing` holds a
lease on the game while its posts are made (one process alone always gets it).
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

from .storage import SETTINGS_TABLES, SqliteStore

if TYPE_CHECKING:
    from .pg_store import PostgresStore

FOLLOW_MODES = ("mention", "dm")
"""How a follower hears of a game's turns: mentioned in each turn post, or a DM digest of it."""
ANNOUNCE_LEASE = 120.0
"""Seconds one process's claim on announcing a game lasts (renewed at each announcement): far longer
than one announcement takes, and how long a process that died while announcing holds the game up."""


ANNOUNCED_TABLE = (
    "CREATE TABLE IF NOT EXISTS arbiter_announced (game_id TEXT PRIMARY KEY, version INTEGER NOT NULL)"
)
POSTING_TABLE = (
    "CREATE TABLE IF NOT EXISTS arbiter_posting (game_id TEXT PRIMARY KEY, version INTEGER NOT NULL, "
    "at REAL NOT NULL)"
)
"""The turn post being sent for each game (its version, and when sending began): a process killed after
Discord took the post but before the announced version was recorded leaves it, and the next start looks
in the thread for that post instead of sending it again (issue 20: posted exactly once)."""


class Rows(Protocol):
    """The few calls Prefs makes, on either database (SQL with ``?`` placeholders)."""

    async def one(self, sql: str, *args: Any) -> tuple[Any, ...] | None: ...

    async def all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...

    async def run(self, sql: str, *args: Any) -> None: ...


class SqliteRows:
    """``lock``: the game store's, when its connection is shared (one writer for the file: a second
    connection's writes starve behind a busy store's and fail with "database is locked", issue 21)."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock | None = None) -> None:
        self.db = db
        self.lock = lock or asyncio.Lock()

    async def one(self, sql: str, *args: Any) -> tuple[Any, ...] | None:
        async with self.lock, self.db.execute(sql, args) as cursor:
            row = await cursor.fetchone()
        return tuple(row) if row is not None else None

    async def all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        async with self.lock, self.db.execute(sql, args) as cursor:
            return [tuple(r) for r in await cursor.fetchall()]

    async def run(self, sql: str, *args: Any) -> None:
        async with self.lock:
            await self.db.execute(sql, args)


class PostgresRows:
    def __init__(self, store: PostgresStore) -> None:
        self.store = store

    async def one(self, sql: str, *args: Any) -> tuple[Any, ...] | None:
        from .pg_store import numbered

        row = await self.store.pool.fetchrow(numbered(sql), *args)
        return tuple(row) if row is not None else None

    async def all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        from .pg_store import numbered

        return [tuple(r) for r in await self.store.pool.fetch(numbered(sql), *args)]

    async def run(self, sql: str, *args: Any) -> None:
        from .pg_store import numbered

        await self.store.pool.execute(numbered(sql), *args)


class Prefs:
    def __init__(self, path: str | Path | None = None) -> None:
        self.path = str(path) if path is not None else None
        self._conn: aiosqlite.Connection | None = None
        self._db: Rows | None = None
        self._postgres: PostgresStore | None = None
        self._shared: SqliteStore | None = None
        self._memory: set[str] = set()
        self._announced: dict[str, int] = {}
        self._posting: dict[str, tuple[int, float]] = {}
        self._follows: dict[str, dict[str, str]] = {}
        self._bodies: dict[tuple[str, str], dict[str, Any]] = {}

    @classmethod
    def postgres(cls, store: PostgresStore) -> Prefs:
        """Preferences in the PostgreSQL database of ``store`` (opened first: its migrations made the
        tables), through its pool; :meth:`open` and :meth:`close` leave the pool to the store."""
        prefs = cls()
        prefs._postgres = store
        return prefs

    @classmethod
    def sqlite(cls, store: SqliteStore) -> Prefs:
        """Preferences in the game store's own SQLite file, through its connection (opened first): the
        file has one writer; :meth:`close` leaves the connection to the store."""
        prefs = cls(store.path)
        prefs._shared = store
        return prefs

    async def open(self) -> None:
        if self._postgres is not None:
            self._db = PostgresRows(self._postgres)
            return
        if self._shared is not None:
            rows = SqliteRows(self._shared.db, self._shared.lock)
            await rows.run("CREATE TABLE IF NOT EXISTS arbiter_dm_reminders (user_id TEXT PRIMARY KEY)")
            await rows.run(ANNOUNCED_TABLE)
            await rows.run(POSTING_TABLE)
            self._db = rows
            return
        if self.path is None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        await self._conn.execute("PRAGMA busy_timeout=5000")
        await self._conn.execute("CREATE TABLE IF NOT EXISTS arbiter_dm_reminders (user_id TEXT PRIMARY KEY)")
        await self._conn.execute(ANNOUNCED_TABLE)
        await self._conn.execute(POSTING_TABLE)
        await self._conn.executescript(
            SETTINGS_TABLES
        )  # migration 6; already there when the store opened first
        self._db = SqliteRows(self._conn)

    async def close(self) -> None:
        self._db = None
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def dm_reminders(self, user: str) -> bool:
        if self._db is None:
            return user in self._memory
        return await self._db.one("SELECT 1 FROM arbiter_dm_reminders WHERE user_id = ?", user) is not None

    async def set_dm_reminders(self, user: str, on: bool) -> None:
        if self._db is None:
            (self._memory.add if on else self._memory.discard)(user)
            return
        if on:
            await self._db.run(
                "INSERT INTO arbiter_dm_reminders (user_id) VALUES (?) ON CONFLICT DO NOTHING", user
            )
        else:
            await self._db.run("DELETE FROM arbiter_dm_reminders WHERE user_id = ?", user)

    async def announced(self, game_id: str) -> int | None:
        """The last version of the game whose posts went out, if any were recorded."""
        if self._db is None:
            return self._announced.get(game_id)
        row = await self._db.one("SELECT version FROM arbiter_announced WHERE game_id = ?", game_id)
        return int(row[0]) if row is not None else None

    async def set_announced(self, game_id: str, version: int) -> None:
        """Record that the game's posts went out up to ``version`` (never lowered)."""
        if self._db is None:
            self._announced[game_id] = max(version, self._announced.get(game_id, 0))
            return
        await self._db.run(
            "INSERT INTO arbiter_announced (game_id, version) VALUES (?, ?) ON CONFLICT (game_id) DO UPDATE "
            "SET version = excluded.version WHERE excluded.version > arbiter_announced.version",
            game_id,
            version,
        )

    async def set_posting(self, game_id: str, version: int, at: float) -> None:
        """Record that the turn post of ``version`` is being sent, from ``at`` (epoch seconds)."""
        if self._db is None:
            self._posting[game_id] = (version, at)
            return
        await self._db.run(
            "INSERT INTO arbiter_posting (game_id, version, at) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, at = excluded.at",
            game_id,
            version,
            at,
        )

    async def posting(self, game_id: str) -> tuple[int, float] | None:
        """The last turn post whose sending began (version, when), if any was recorded."""
        if self._db is None:
            return self._posting.get(game_id)
        row = await self._db.one("SELECT version, at FROM arbiter_posting WHERE game_id = ?", game_id)
        return (int(row[0]), float(row[1])) if row is not None else None

    async def claim_announcing(self, game_id: str, lease: float = ANNOUNCE_LEASE) -> bool:
        """Whether this process may announce the game now: no other process holds a live claim on it.
        One process alone (SQLite, memory) always may."""
        if self._postgres is None:
            return True
        return await self._postgres.claim_announcing(game_id, time.time(), lease)

    async def release_announcing(self, game_id: str) -> None:
        if self._postgres is not None:
            await self._postgres.release_announcing(game_id)

    # --- followers (/game follow) -------------------------------------------------------------------

    async def follows(self, game_id: str) -> dict[str, str]:
        """user id -> mode ("mention" or "dm") of everyone following ``game_id``."""
        if self._db is None:
            return dict(self._follows.get(game_id, {}))
        return {
            str(r[0]): str(r[1])
            for r in await self._db.all("SELECT user_id, mode FROM follows WHERE game_id = ?", game_id)
        }

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
            await self._db.run("DELETE FROM follows WHERE game_id = ? AND user_id = ?", game_id, user)
        else:
            await self._db.run(
                "INSERT INTO follows (game_id, user_id, mode) VALUES (?, ?, ?) ON CONFLICT"
                "(game_id, user_id) DO UPDATE SET mode = excluded.mode",
                game_id,
                user,
                mode,
            )

    # --- settings (/settings): a member's, a server's ---------------------------------------------------

    async def _body(self, table: str, key_column: str, key: str) -> dict[str, Any]:
        if self._db is None:
            return dict(self._bodies.get((table, key), {}))
        row = await self._db.one(f"SELECT body FROM {table} WHERE {key_column} = ?", key)
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
        await self._db.run(
            f"INSERT INTO {table} ({key_column}, body) VALUES (?, ?) ON CONFLICT({key_column}) "
            "DO UPDATE SET body = excluded.body",
            key,
            json.dumps(body, sort_keys=True),
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
