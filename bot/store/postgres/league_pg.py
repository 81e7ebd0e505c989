"""The PostgreSQL league store: the same tables and semantics as ``bot/store/sqlite/league_sqlite.py``, on
the game store's pool (migration 7 of ``pg_schema.py``).

Recording a result takes a transaction-scoped advisory lock first, so results recorded by several bot
processes are applied one at a time, in the order of their ``seq`` (the order a rebuild follows), and
the game id's primary key makes a second recording of one game a no-op.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from engine.core.errors import StaleVersion
from engine.league.league import League, LeagueError
from engine.league.ratings import Rating
from engine.league.reliability import Reliability
from engine.league.results import GameResult, settle
from engine.league.store import name_key

from ..league_rows import (
    INSERT_RATINGS,
    UNRECORDED,
    league_of_body,
    numbered,
    rating_rows,
    ratings_of_rows,
    reliability_of_body,
    result_of_body,
    result_writes,
    results_of_rows,
)
from .pg_store import PostgresStore

RESULTS_LOCK = 0x6C6561677565
"""The advisory lock held while a result is recorded."""


class PostgresLeagueStore:
    def __init__(self, store: PostgresStore) -> None:
        self.store = store

    @property
    def pool(self) -> asyncpg.Pool:
        return self.store.pool

    async def record_result(self, result: GameResult) -> GameResult | None:
        users = [line.user for line in result.players]
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", RESULTS_LOCK)
            if await conn.fetchval("SELECT 1 FROM results WHERE game_id=$1", result.game_id):
                return None
            ratings = ratings_of_rows(
                await conn.fetch(
                    "SELECT user_id, mu, sigma, games FROM ratings WHERE server_id=$1 AND game=$2 "
                    "AND user_id = ANY($3::text[])",
                    str(result.server_id),
                    result.game,
                    users,
                )
            )
            rows = await conn.fetch(
                "SELECT user_id, body FROM reliability WHERE user_id = ANY($1::text[])", users
            )
            reliability = {r["user_id"]: reliability_of_body(r["user_id"], r["body"]) for r in rows}
            settled, new_ratings, new_reliability = settle(result, ratings, reliability)
            await self._write(conn, settled, new_ratings, new_reliability)
        return settled

    @staticmethod
    async def _write(
        conn: asyncpg.Connection,
        result: GameResult,
        ratings: dict[str, Rating],
        reliability: dict[str, Reliability],
    ) -> None:
        seq = int(await conn.fetchval("SELECT COALESCE(MAX(seq), 0) + 1 FROM results"))
        for sql, rows in result_writes(result, seq, ratings, reliability):
            await conn.executemany(numbered(sql), rows)

    async def result(self, game_id: str) -> GameResult | None:
        body = await self.pool.fetchval("SELECT body FROM results WHERE game_id=$1", game_id)
        return result_of_body(game_id, body) if body is not None else None

    async def recorded(self, game_ids: Sequence[str]) -> set[str]:
        rows = await self.pool.fetch(
            "SELECT game_id FROM results WHERE game_id = ANY($1::text[])", list(game_ids)
        )
        return {str(r["game_id"]) for r in rows}

    async def unrecorded_games(self) -> list[str] | None:
        return [str(r["id"]) for r in await self.pool.fetch(UNRECORDED)]

    async def results(
        self,
        server_id: int | None = None,
        game: str | None = None,
        user: str | None = None,
        limit: int | None = None,
    ) -> list[GameResult]:
        rows = await self.pool.fetch(
            "SELECT r.game_id, r.body FROM results r WHERE ($1::text IS NULL OR r.server_id = $1) "
            "AND ($2::text IS NULL OR r.game = $2) AND ($3::text IS NULL OR EXISTS "
            "(SELECT 1 FROM result_players p WHERE p.game_id = r.game_id AND p.user_id = $3)) "
            "ORDER BY r.seq DESC LIMIT $4",
            None if server_id is None else str(server_id),
            game,
            user,
            limit,
        )
        return results_of_rows(reversed(rows))

    async def ratings(self, server_id: int, game: str) -> dict[str, Rating]:
        rows = await self.pool.fetch(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE server_id=$1 AND game=$2",
            str(server_id),
            game,
        )
        return ratings_of_rows(rows)

    async def set_ratings(self, server_id: int, game: str, ratings: dict[str, Rating]) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", RESULTS_LOCK)
            await conn.execute("DELETE FROM ratings WHERE server_id=$1 AND game=$2", str(server_id), game)
            await conn.executemany(numbered(INSERT_RATINGS), rating_rows(server_id, game, ratings))

    async def reliability(self, user: str) -> Reliability:
        body = await self.pool.fetchval("SELECT body FROM reliability WHERE user_id=$1", user)
        return reliability_of_body(user, body)

    async def league(self, league_id: str) -> tuple[League, int] | None:
        row = await self.pool.fetchrow("SELECT body, version FROM leagues WHERE id=$1", league_id)
        if row is None:
            return None
        league = league_of_body(league_id, row["body"])
        return (league, int(row["version"])) if league is not None else None

    async def leagues(self, server_id: int | None = None) -> list[League]:
        rows = await self.pool.fetch(
            "SELECT id, body FROM leagues WHERE ($1::text IS NULL OR server_id=$1) ORDER BY id",
            None if server_id is None else str(server_id),
        )
        found = (league_of_body(str(r["id"]), str(r["body"])) for r in rows)
        return [league for league in found if league is not None]

    async def save_league(self, league: League, expected_version: int | None) -> int:
        version = (expected_version or 0) + 1
        body = league.model_dump_json()
        try:
            if expected_version is None:
                await self.pool.execute(
                    "INSERT INTO leagues (id, server_id, name_key, version, body) VALUES ($1,$2,$3,$4,$5)",
                    league.id,
                    str(league.server_id),
                    name_key(league.name),
                    version,
                    body,
                )
                return version
            status = await self.pool.execute(
                "UPDATE leagues SET body=$1, version=$2, name_key=$3 WHERE id=$4 AND version=$5",
                body,
                version,
                name_key(league.name),
                league.id,
                expected_version,
            )
        except asyncpg.UniqueViolationError:
            raise LeagueError(f"This server already has a league named {league.name}.") from None
        if status != "UPDATE 1":
            raise StaleVersion("The league changed meanwhile; try again.")
        return version


__all__ = ["PostgresLeagueStore"]
