"""A PostgreSQL store on a scratch schema (``arbiter bench --store postgresql://...``): the benchmark's games
never touch the database's own tables."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

from .pg_store import PostgresStore


@asynccontextmanager
async def scratch_postgres(url: str) -> AsyncIterator[PostgresStore]:
    """A PostgreSQL store on a scratch schema of ``url``'s database, dropped afterwards."""
    schema = f"arbiter_bench_{os.getpid()}_{random.randrange(1 << 30)}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        store = PostgresStore(url, server_settings={"search_path": schema})
        try:
            yield store
        finally:
            await store.close()
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await conn.close()
