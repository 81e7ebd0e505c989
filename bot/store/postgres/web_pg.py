"""The PostgreSQL store's reads for the web companion, as SQLite's (:mod:`bot.store.sqlite.web_sqlite`):
the stored versions of some games and the pages' tokens (:mod:`bot.store.web_rows`). A mixin of
:class:`~.pg_store.PostgresStore`, which provides the pool."""

from __future__ import annotations

from typing import TYPE_CHECKING

import asyncpg

from ..web_rows import ADD, TARGET_OF, TOKEN_OF
from .pg_schema import numbered


class WebReads:
    if TYPE_CHECKING:

        @property
        def pool(self) -> asyncpg.Pool: ...

    async def versions(self, game_ids: list[str]) -> dict[str, int]:
        rows = await self.pool.fetch("SELECT id, version FROM games WHERE id = ANY($1::text[])", game_ids)
        return {str(r["id"]): int(r["version"]) for r in rows}

    async def web_token(self, kind: str, ref: str, fresh: str) -> str | None:
        found = await self.pool.fetchval(numbered(TOKEN_OF), kind, ref)
        if found is None:
            await self.pool.execute(numbered(ADD), fresh, kind, ref)
            found = await self.pool.fetchval(numbered(TOKEN_OF), kind, ref)
        return str(found) if found is not None else None

    async def web_target(self, token: str) -> tuple[str, str] | None:
        row = await self.pool.fetchrow(numbered(TARGET_OF), token)
        return (str(row["kind"]), str(row["ref"])) if row is not None else None


__all__ = ["WebReads"]
