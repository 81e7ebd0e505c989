"""What the Discord front end keeps besides the games: players' preferences (reminders by DM, follows,
settings) and, per game, the last version whose announcement went out (so a restart can catch up on what
a kill cut off).

Kept in the game database by :class:`bot.store.prefs.PrefsRecords` (its SQL): with SQLite, the same file,
with PostgreSQL (:meth:`Prefs.postgres`), the store's own pool, so every bot process sees the same
preferences and announced versions. Without a database (tests), or before :meth:`Prefs.open`, in memory.

With several processes, one announces each game at a time: :meth:`Prefs.claim_announcing` holds a
lease on the game while its posts are made (one process alone always gets it).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .store.prefs import PrefsRecords

if TYPE_CHECKING:
    from .store.postgres.pg_store import PostgresStore
    from .store.sqlite.storage import SqliteStore

FOLLOW_MODES = ("mention", "dm")
"""How a follower hears of a game's turns: mentioned in each turn post, or a DM digest of it."""
ANNOUNCE_LEASE = 120.0
"""Seconds one process's claim on announcing a game lasts (renewed at each announcement): far longer
than one announcement takes, and how long a process that died while announcing holds the game up."""


class Prefs:
    def __init__(self, path: str | Path | None = None, records: PrefsRecords | None = None) -> None:
        """``path``: an SQLite file of the preferences' own; ``records``: where they are kept instead (see
        :meth:`sqlite` and :meth:`postgres`); neither: in memory."""
        self.path = str(path) if path is not None else None
        self._records = records or (PrefsRecords.file(self.path) if self.path is not None else None)
        self._db: PrefsRecords | None = None
        """The records while open; None: in memory."""
        self._memory: set[str] = set()
        self._announced: dict[str, int] = {}
        self._posting: dict[str, tuple[int, float]] = {}
        self._follows: dict[str, dict[str, str]] = {}
        self._bodies: dict[tuple[str, str], dict[str, Any]] = {}

    @classmethod
    def postgres(cls, store: PostgresStore) -> Prefs:
        """Preferences in the PostgreSQL database of ``store`` (opened first: its migrations made the
        tables), through its pool; :meth:`open` and :meth:`close` leave the pool to the store."""
        return cls(records=PrefsRecords.postgres(store))

    @classmethod
    def sqlite(cls, store: SqliteStore) -> Prefs:
        """Preferences in the game store's own SQLite file, through its connection (opened first): the
        file has one writer; :meth:`close` leaves the connection to the store."""
        return cls(store.path, PrefsRecords.sqlite(store))

    async def open(self) -> None:
        if self._records is not None:
            await self._records.open()
            self._db = self._records

    async def close(self) -> None:
        self._db = None
        if self._records is not None:
            await self._records.close()

    async def dm_reminders(self, user: str) -> bool:
        if self._db is None:
            return user in self._memory
        return await self._db.dm_reminders(user)

    async def set_dm_reminders(self, user: str, on: bool) -> None:
        if self._db is None:
            (self._memory.add if on else self._memory.discard)(user)
            return
        await self._db.set_dm_reminders(user, on)

    async def announced(self, game_id: str) -> int | None:
        """The last version of the game whose posts went out, if any were recorded."""
        if self._db is None:
            return self._announced.get(game_id)
        return await self._db.announced(game_id)

    async def set_announced(self, game_id: str, version: int) -> None:
        """Record that the game's posts went out up to ``version`` (never lowered)."""
        if self._db is None:
            self._announced[game_id] = max(version, self._announced.get(game_id, 0))
            return
        await self._db.set_announced(game_id, version)

    async def set_posting(self, game_id: str, version: int, at: float) -> None:
        """Record that the turn post of ``version`` is being sent, from ``at`` (epoch seconds)."""
        if self._db is None:
            self._posting[game_id] = (version, at)
            return
        await self._db.set_posting(game_id, version, at)

    async def posting(self, game_id: str) -> tuple[int, float] | None:
        """The last turn post whose sending began (version, when), if any was recorded."""
        if self._db is None:
            return self._posting.get(game_id)
        return await self._db.posting(game_id)

    async def claim_announcing(self, game_id: str, lease: float = ANNOUNCE_LEASE) -> bool:
        """Whether this process may announce the game now: no other process holds a live claim on it.
        One process alone (SQLite, memory) always may."""
        if self._records is None:
            return True
        return await self._records.claim_announcing(game_id, time.time(), lease)

    async def release_announcing(self, game_id: str) -> None:
        if self._records is not None:
            await self._records.release_announcing(game_id)

    # --- followers (/game follow) -------------------------------------------------------------------

    async def follows(self, game_id: str) -> dict[str, str]:
        """user id -> mode ("mention" or "dm") of everyone following ``game_id``."""
        if self._db is None:
            return dict(self._follows.get(game_id, {}))
        return await self._db.follows(game_id)

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
        await self._db.set_follow(game_id, user, mode)

    # --- settings (/settings): a member's, a server's ---------------------------------------------------

    async def user_settings(self, user: str) -> dict[str, Any]:
        if self._db is None:
            return dict(self._bodies.get(("user", user), {}))
        return await self._db.user_settings(user)

    async def set_user_settings(self, user: str, **changes: Any) -> dict[str, Any]:
        """Change some of a member's settings (a None value goes back to the default); returns them all."""
        body = _changed(await self.user_settings(user), changes)
        if self._db is None:
            self._bodies[("user", user)] = body
        else:
            await self._db.set_user_settings(user, body)
        return dict(body)

    async def guild_settings(self, guild: str) -> dict[str, Any]:
        if self._db is None:
            return dict(self._bodies.get(("guild", guild), {}))
        return await self._db.guild_settings(guild)

    async def set_guild_settings(self, guild: str, **changes: Any) -> dict[str, Any]:
        body = _changed(await self.guild_settings(guild), changes)
        if self._db is None:
            self._bodies[("guild", guild)] = body
        else:
            await self._db.set_guild_settings(guild, body)
        return dict(body)


def _changed(body: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """``body`` with ``changes`` made: a None value removes its setting (back to the default)."""
    for name, value in changes.items():
        if value is None:
            body.pop(name, None)
        else:
            body[name] = value
    return body


def prefs_for(store: SqliteStore | PostgresStore, sqlite_file: str) -> Prefs:
    """The front end's preferences beside the games: in the PostgreSQL database when the games are there
    (every process sees the same), else in the SQLite file ``sqlite_file``. Not yet opened."""
    # allow_inline: SQLite's store is imported with the bot; PostgreSQL's driver only for its database
    from .store.sqlite.storage import SqliteStore

    if not isinstance(store, SqliteStore):
        return Prefs.postgres(store)
    if store.path != ":memory:" and Path(store.path).resolve() == Path(sqlite_file).resolve():
        return Prefs.sqlite(store)  # the same file: through the store's connection, one writer
    return Prefs(sqlite_file)
