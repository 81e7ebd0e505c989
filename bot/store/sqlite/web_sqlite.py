"""The SQLite store's reads for the web companion: the stored versions of some games (a reader in another
process sees which changed) and the pages' tokens (:mod:`bot.store.web_rows`). A mixin of
:class:`~.storage.SqliteStore`, which provides the connection, its lock and :meth:`_rows`."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

import aiosqlite

from ..web_rows import ADD, TARGET_OF, TOKEN_OF

CHUNK = 500
"""Games whose versions one query reads (SQLite binds at most 32,766 parameters)."""


class WebReads:
    if TYPE_CHECKING:
        _lock: asyncio.Lock

        @property
        def db(self) -> aiosqlite.Connection: ...

        async def _rows(self, sql: str, args: Sequence[object] = ()) -> list[aiosqlite.Row]: ...

    async def versions(self, game_ids: list[str]) -> dict[str, int]:
        found: dict[str, int] = {}
        for start in range(0, len(game_ids), CHUNK):
            chunk = game_ids[start : start + CHUNK]
            rows = await self._rows(
                f"SELECT id, version FROM games WHERE id IN ({','.join('?' for _ in chunk)})", chunk
            )
            found.update((str(r["id"]), int(r["version"])) for r in rows)
        return found

    async def web_token(self, kind: str, ref: str, fresh: str) -> str | None:
        rows = await self._rows(TOKEN_OF, (kind, ref))
        if not rows:
            async with self._lock:
                await self.db.execute(ADD, (fresh, kind, ref))
            rows = await self._rows(TOKEN_OF, (kind, ref))
        return str(rows[0]["token"]) if rows else None

    async def web_target(self, token: str) -> tuple[str, str] | None:
        rows = await self._rows(TARGET_OF, (token,))
        return (str(rows[0]["kind"]), str(rows[0]["ref"])) if rows else None


__all__ = ["WebReads"]
