"""The league store that goes with a game store: the same database, the same connection or pool."""

from __future__ import annotations

from engine.league.store import LeagueStore, MemoryLeagueStore
from engine.store import Store

from .sqlite.league_sqlite import SqliteLeagueStore
from .sqlite.storage import SqliteStore


def league_store_for(store: Store) -> LeagueStore:
    """SQLite's or PostgreSQL's league store on ``store``'s own database; in memory for any other store."""
    if isinstance(store, SqliteStore):
        return SqliteLeagueStore(store)
    # allow_inline: asyncpg only where PostgreSQL serves (issue 33: not on a SQLite bot's first answer)
    from .postgres.league_pg import PostgresLeagueStore
    from .postgres.pg_store import PostgresStore  # allow_inline: as above

    if isinstance(store, PostgresStore):
        return PostgresLeagueStore(store)
    return MemoryLeagueStore()


__all__ = ["league_store_for"]
