"""The SQLite league store: leagues, results, ratings and reliability in the games' own database file
(migration 7 of ``bot/store/sqlite/storage.py``), on the game store's connection and under its lock.

:meth:`SqliteLeagueStore.record_result` is one ``BEGIN IMMEDIATE`` transaction: the result row (keyed
on the game id: a second recording of one game changes nothing), the ratings and reliability it
changes (:func:`engine.league.results.settle`), together or not at all.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

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
    rating_rows,
    ratings_of_rows,
    reliability_of_body,
    result_of_body,
    result_writes,
    results_of_rows,
)
from .storage import SqliteStore


class SqliteLeagueStore:
    def __init__(self, store: SqliteStore) -> None:
        self.store = store

    @property
    def db(self) -> aiosqlite.Connection:
        return self.store.db

    async def _rows(self, sql: str, args: Sequence[object] = ()) -> list[aiosqlite.Row]:
        return await self.store._rows(sql, list(args))

    async def record_result(self, result: GameResult) -> GameResult | None:
        users = [line.user for line in result.players]
        marks = ",".join("?" for _ in users) or "''"
        async with self.store._lock:
            db = self.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                async with db.execute("SELECT 1 FROM results WHERE game_id=?", (result.game_id,)) as cur:
                    if await cur.fetchone() is not None:
                        await db.execute("ROLLBACK")
                        return None
                async with db.execute(
                    f"SELECT user_id, mu, sigma, games FROM ratings WHERE server_id=? AND game=? "
                    f"AND user_id IN ({marks})",
                    (str(result.server_id), result.game, *users),
                ) as cur:
                    ratings = ratings_of_rows(await cur.fetchall())
                async with db.execute(
                    f"SELECT user_id, body FROM reliability WHERE user_id IN ({marks})", users
                ) as cur:
                    reliability = {
                        r["user_id"]: reliability_of_body(r["user_id"], r["body"])
                        for r in await cur.fetchall()
                    }
                settled, new_ratings, new_reliability = settle(result, ratings, reliability)
                await self._write(db, settled, new_ratings, new_reliability)
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise
        return settled

    @staticmethod
    async def _write(
        db: aiosqlite.Connection,
        result: GameResult,
        ratings: dict[str, Rating],
        reliability: dict[str, Reliability],
    ) -> None:
        async with db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM results") as cur:
            row = await cur.fetchone()
        seq = int(row[0]) if row else 1
        for sql, rows in result_writes(result, seq, ratings, reliability):
            await db.executemany(sql, rows)

    async def result(self, game_id: str) -> GameResult | None:
        rows = await self._rows("SELECT game_id, body FROM results WHERE game_id=?", (game_id,))
        return result_of_body(game_id, rows[0]["body"]) if rows else None

    async def recorded(self, game_ids: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(game_ids), 500):
            chunk = list(game_ids[start : start + 500])
            marks = ",".join("?" for _ in chunk)
            rows = await self._rows(f"SELECT game_id FROM results WHERE game_id IN ({marks})", chunk)
            found |= {str(r["game_id"]) for r in rows}
        return found

    async def unrecorded_games(self) -> list[str] | None:
        rows = await self._rows(UNRECORDED)
        return [str(r["id"]) for r in rows]

    async def results(
        self,
        server_id: int | None = None,
        game: str | None = None,
        user: str | None = None,
        limit: int | None = None,
    ) -> list[GameResult]:
        sql = "SELECT r.game_id, r.body FROM results r WHERE 1=1"
        args: list[object] = []
        if server_id is not None:
            sql, args = sql + " AND r.server_id = ?", [*args, str(server_id)]
        if game is not None:
            sql, args = sql + " AND r.game = ?", [*args, game]
        if user is not None:
            sql += (
                " AND EXISTS (SELECT 1 FROM result_players p WHERE p.game_id = r.game_id AND p.user_id = ?)"
            )
            args.append(user)
        sql += " ORDER BY r.seq DESC"
        if limit:
            sql, args = sql + " LIMIT ?", [*args, limit]
        return results_of_rows(reversed(await self._rows(sql, args)))

    async def ratings(self, server_id: int, game: str) -> dict[str, Rating]:
        rows = await self._rows(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE server_id=? AND game=?",
            (str(server_id), game),
        )
        return ratings_of_rows(rows)

    async def set_ratings(self, server_id: int, game: str, ratings: dict[str, Rating]) -> None:
        async with self.store._lock:
            db = self.db
            await db.execute("BEGIN IMMEDIATE")
            try:
                await db.execute("DELETE FROM ratings WHERE server_id=? AND game=?", (str(server_id), game))
                await db.executemany(INSERT_RATINGS, rating_rows(server_id, game, ratings))
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise

    async def reliability(self, user: str) -> Reliability:
        rows = await self._rows("SELECT body FROM reliability WHERE user_id=?", (user,))
        return reliability_of_body(user, rows[0]["body"] if rows else None)

    async def league(self, league_id: str) -> tuple[League, int] | None:
        rows = await self._rows("SELECT body, version FROM leagues WHERE id=?", (league_id,))
        if not rows:
            return None
        league = league_of_body(league_id, rows[0]["body"])
        return (league, int(rows[0]["version"])) if league is not None else None

    async def leagues(self, server_id: int | None = None) -> list[League]:
        if server_id is None:
            rows = await self._rows("SELECT id, body FROM leagues ORDER BY id")
        else:
            rows = await self._rows(
                "SELECT id, body FROM leagues WHERE server_id=? ORDER BY id", (str(server_id),)
            )
        found = (league_of_body(str(r["id"]), str(r["body"])) for r in rows)
        return [league for league in found if league is not None]

    async def save_league(self, league: League, expected_version: int | None) -> int:
        version = (expected_version or 0) + 1
        body = league.model_dump_json()
        async with self.store._lock:
            try:
                if expected_version is None:
                    await self.db.execute(
                        "INSERT INTO leagues (id, server_id, name_key, version, body) VALUES (?,?,?,?,?)",
                        (league.id, str(league.server_id), name_key(league.name), version, body),
                    )
                    return version
                async with self.db.execute(
                    "UPDATE leagues SET body=?, version=?, name_key=? WHERE id=? AND version=?",
                    (body, version, name_key(league.name), league.id, expected_version),
                ) as cur:
                    changed = cur.rowcount
            except aiosqlite.IntegrityError:
                raise LeagueError(f"This server already has a league named {league.name}.") from None
        if changed != 1:
            raise StaleVersion("The league changed meanwhile; try again.")
        return version


__all__ = ["SqliteLeagueStore"]
