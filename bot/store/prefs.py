"""The SQL of the front end's preferences (:class:`bot.prefs.Prefs`): players' reminders by DM, follows,
settings and, per game, the last version whose announcement went out and the turn post being sent.

Kept in their own tables of the game database, through a connection of their own, so a preference never
rides along in a game's transaction: with SQLite, the same file (WAL lets two connections share it), or
the game store's own connection when the file is the store's (:meth:`PrefsRecords.sqlite`); with
PostgreSQL (:meth:`PrefsRecords.postgres`), the store's own pool, so every bot process sees the same
preferences and announced versions.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

from .sqlite.storage import SETTINGS_TABLES, SqliteStore

if TYPE_CHECKING:
    from .postgres.pg_store import PostgresStore

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
REMINDERS_TABLE = "CREATE TABLE IF NOT EXISTS arbiter_dm_reminders (user_id TEXT PRIMARY KEY)"


class Rows(Protocol):
    """The few calls the preferences make, on either database (SQL with ``?`` placeholders)."""

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
        # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
        from .postgres.pg_schema import numbered

        row = await self.store.pool.fetchrow(numbered(sql), *args)
        return tuple(row) if row is not None else None

    async def all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
        from .postgres.pg_schema import numbered

        return [tuple(r) for r in await self.store.pool.fetch(numbered(sql), *args)]

    async def run(self, sql: str, *args: Any) -> None:
        # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
        from .postgres.pg_schema import numbered

        await self.store.pool.execute(numbered(sql), *args)


class PrefsRecords:
    """The preferences' rows in one database: an SQLite file of their own (:meth:`file`), the game store's
    SQLite connection (:meth:`sqlite`) or its PostgreSQL pool (:meth:`postgres`). Read and written only
    between :meth:`open` and :meth:`close`."""

    def __init__(
        self,
        path: str | None = None,
        shared: SqliteStore | None = None,
        postgres: PostgresStore | None = None,
    ) -> None:
        self.path = path
        self._shared = shared
        self._postgres = postgres
        self._conn: aiosqlite.Connection | None = None
        self._rows: Rows | None = None

    @classmethod
    def file(cls, path: str) -> PrefsRecords:
        """The SQLite file ``path``, through a connection of the preferences' own."""
        return cls(path=path)

    @classmethod
    def sqlite(cls, store: SqliteStore) -> PrefsRecords:
        """The game store's own SQLite file, through its connection (opened first): the file has one
        writer; :meth:`close` leaves the connection to the store."""
        return cls(path=store.path, shared=store)

    @classmethod
    def postgres(cls, store: PostgresStore) -> PrefsRecords:
        """The PostgreSQL database of ``store`` (opened first: its migrations made the tables), through its
        pool; :meth:`open` and :meth:`close` leave the pool to the store."""
        return cls(postgres=store)

    @property
    def db(self) -> Rows:
        if self._rows is None:
            raise RuntimeError("the preferences' database is not open")
        return self._rows

    async def open(self) -> None:
        if self._postgres is not None:
            self._rows = PostgresRows(self._postgres)
            return
        if self._shared is not None:
            rows = SqliteRows(self._shared.db, self._shared.lock)
            await rows.run(REMINDERS_TABLE)
            await rows.run(ANNOUNCED_TABLE)
            await rows.run(POSTING_TABLE)
            self._rows = rows
            return
        if self.path is None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        await self._conn.execute("PRAGMA busy_timeout=5000")
        await self._conn.execute(REMINDERS_TABLE)
        await self._conn.execute(ANNOUNCED_TABLE)
        await self._conn.execute(POSTING_TABLE)
        await self._conn.executescript(SETTINGS_TABLES)  # migration 6: there if the store opened first
        self._rows = SqliteRows(self._conn)

    async def close(self) -> None:
        self._rows = None
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def dm_reminders(self, user: str) -> bool:
        return await self.db.one("SELECT 1 FROM arbiter_dm_reminders WHERE user_id = ?", user) is not None

    async def set_dm_reminders(self, user: str, on: bool) -> None:
        if on:
            await self.db.run(
                "INSERT INTO arbiter_dm_reminders (user_id) VALUES (?) ON CONFLICT DO NOTHING", user
            )
        else:
            await self.db.run("DELETE FROM arbiter_dm_reminders WHERE user_id = ?", user)

    async def announced(self, game_id: str) -> int | None:
        row = await self.db.one("SELECT version FROM arbiter_announced WHERE game_id = ?", game_id)
        return int(row[0]) if row is not None else None

    async def set_announced(self, game_id: str, version: int) -> None:
        """Never lowered."""
        await self.db.run(
            "INSERT INTO arbiter_announced (game_id, version) VALUES (?, ?) ON CONFLICT (game_id) DO UPDATE "
            "SET version = excluded.version WHERE excluded.version > arbiter_announced.version",
            game_id,
            version,
        )

    async def set_posting(self, game_id: str, version: int, at: float) -> None:
        await self.db.run(
            "INSERT INTO arbiter_posting (game_id, version, at) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, at = excluded.at",
            game_id,
            version,
            at,
        )

    async def posting(self, game_id: str) -> tuple[int, float] | None:
        row = await self.db.one("SELECT version, at FROM arbiter_posting WHERE game_id = ?", game_id)
        return (int(row[0]), float(row[1])) if row is not None else None

    async def claim_announcing(self, game_id: str, now: float, lease: float) -> bool:
        """Whether this process may announce the game now: no other process holds a live claim on it.
        One process alone (SQLite) always may."""
        if self._postgres is None:
            return True
        return await self._postgres.claim_announcing(game_id, now, lease)

    async def release_announcing(self, game_id: str) -> None:
        if self._postgres is not None:
            await self._postgres.release_announcing(game_id)

    async def follows(self, game_id: str) -> dict[str, str]:
        return {
            str(r[0]): str(r[1])
            for r in await self.db.all("SELECT user_id, mode FROM follows WHERE game_id = ?", game_id)
        }

    async def set_follow(self, game_id: str, user: str, mode: str | None) -> None:
        if mode is None:
            await self.db.run("DELETE FROM follows WHERE game_id = ? AND user_id = ?", game_id, user)
        else:
            await self.db.run(
                "INSERT INTO follows (game_id, user_id, mode) VALUES (?, ?, ?) ON CONFLICT"
                "(game_id, user_id) DO UPDATE SET mode = excluded.mode",
                game_id,
                user,
                mode,
            )

    async def user_settings(self, user: str) -> dict[str, Any]:
        return await self._body("user_settings", "user_id", user)

    async def set_user_settings(self, user: str, body: dict[str, Any]) -> None:
        await self._set_body("user_settings", "user_id", user, body)

    async def guild_settings(self, guild: str) -> dict[str, Any]:
        return await self._body("guild_settings", "guild_id", guild)

    async def set_guild_settings(self, guild: str, body: dict[str, Any]) -> None:
        await self._set_body("guild_settings", "guild_id", guild, body)

    async def _body(self, table: str, key_column: str, key: str) -> dict[str, Any]:
        row = await self.db.one(f"SELECT body FROM {table} WHERE {key_column} = ?", key)
        if row is None:
            return {}
        try:
            body = json.loads(row[0])
        except ValueError:
            return {}  # an unreadable row reads as the defaults; the next change rewrites it
        return body if isinstance(body, dict) else {}

    async def _set_body(self, table: str, key_column: str, key: str, body: dict[str, Any]) -> None:
        await self.db.run(
            f"INSERT INTO {table} ({key_column}, body) VALUES (?, ?) ON CONFLICT({key_column}) "
            "DO UPDATE SET body = excluded.body",
            key,
            json.dumps(body, sort_keys=True),
        )
