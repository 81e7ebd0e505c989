"""Row decoding shared by the SQLite and PostgreSQL league stores (``sqlite/league_sqlite.py``,
``postgres/league_pg.py``): results, leagues and reliability are JSON bodies; ratings are plain columns.

A body that cannot be decoded is logged with its key and left out (a result) or read as empty (a
reliability record), so one damaged row never hides the others.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from engine.league.league import League
from engine.league.ratings import Rating
from engine.league.reliability import Reliability
from engine.league.results import GameResult

log = logging.getLogger(__name__)

MIGRATION = """
    CREATE TABLE leagues (
        id TEXT PRIMARY KEY,
        server_id TEXT NOT NULL,
        name_key TEXT NOT NULL,
        version INTEGER NOT NULL,
        body TEXT NOT NULL
    );
    CREATE UNIQUE INDEX leagues_by_name ON leagues(server_id, name_key);
    CREATE TABLE results (
        game_id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL,
        server_id TEXT NOT NULL,
        game TEXT NOT NULL,
        body TEXT NOT NULL
    );
    CREATE INDEX results_by_pool ON results(server_id, game, seq);
    CREATE TABLE result_players (
        game_id TEXT NOT NULL REFERENCES results(game_id),
        user_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX result_players_by_user ON result_players(user_id, seq);
    CREATE TABLE ratings (
        server_id TEXT NOT NULL,
        game TEXT NOT NULL,
        user_id TEXT NOT NULL,
        mu {real} NOT NULL,
        sigma {real} NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (server_id, game, user_id)
    );
    CREATE TABLE reliability (
        user_id TEXT PRIMARY KEY,
        body TEXT NOT NULL
    )
"""
"""The league tables (SQLite migration 7, PostgreSQL migration 7): ``{real}`` is the store's float type."""

TABLES = ("leagues", "results", "result_players", "ratings", "reliability")

UNRECORDED = (
    "SELECT g.id FROM games g WHERE g.status IN ('finished', 'aborted') AND NOT EXISTS "
    "(SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id"
)
"""The ended games without a result (the table records them at its first tick after a start)."""

INSERT_RATINGS = "INSERT INTO ratings (server_id, game, user_id, mu, sigma, games) VALUES (?,?,?,?,?,?)"
UPSERT_RATINGS = (
    INSERT_RATINGS + " ON CONFLICT (server_id, game, user_id) DO UPDATE SET mu=excluded.mu, "
    "sigma=excluded.sigma, games=excluded.games"
)


def rating_rows(server_id: int, game: str, ratings: dict[str, Rating]) -> list[tuple[Any, ...]]:
    return [(str(server_id), game, u, r.mu, r.sigma, r.games) for u, r in ratings.items()]


def result_writes(
    result: GameResult, seq: int, ratings: dict[str, Rating], reliability: dict[str, Reliability]
) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements (``?`` placeholders) and rows that save a settled result, in order: the result, who
    played in it, the ratings and the reliability it changed."""
    return [
        (
            "INSERT INTO results (game_id, seq, server_id, game, body) VALUES (?,?,?,?,?)",
            [(result.game_id, seq, str(result.server_id), result.game, result.model_dump_json())],
        ),
        (
            "INSERT INTO result_players (game_id, user_id, seq) VALUES (?,?,?)",
            [(result.game_id, line.user, seq) for line in result.players],
        ),
        (UPSERT_RATINGS, rating_rows(result.server_id, result.game, ratings)),
        (
            "INSERT INTO reliability (user_id, body) VALUES (?,?) "
            "ON CONFLICT (user_id) DO UPDATE SET body=excluded.body",
            [(u, r.model_dump_json()) for u, r in reliability.items()],
        ),
    ]


def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...``."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], start=1))


def result_of_body(game_id: str, body: str) -> GameResult | None:
    try:
        return GameResult.model_validate_json(body)
    except ValueError:
        log.error("the saved result of game %s cannot be read; it is left out", game_id)
        return None


def results_of_rows(rows: Iterable[Any]) -> list[GameResult]:
    found = (result_of_body(str(r["game_id"]), str(r["body"])) for r in rows)
    return [r for r in found if r is not None]


def league_of_body(league_id: str, body: str) -> League | None:
    try:
        return League.model_validate_json(body)
    except ValueError:
        log.error("league %s cannot be read; it is left out", league_id)
        return None


def reliability_of_body(user: str, body: str | None) -> Reliability:
    if body is None:
        return Reliability()
    try:
        return Reliability.model_validate_json(body)
    except ValueError:
        log.error("the reliability record of user %s cannot be read; it starts afresh", user)
        return Reliability()


def ratings_of_rows(rows: Iterable[Any]) -> dict[str, Rating]:
    return {
        str(r["user_id"]): Rating(mu=float(r["mu"]), sigma=float(r["sigma"]), games=int(r["games"]))
        for r in rows
    }


__all__ = [
    "INSERT_RATINGS",
    "MIGRATION",
    "UNRECORDED",
    "UPSERT_RATINGS",
    "numbered",
    "rating_rows",
    "result_writes",
    "TABLES",
    "league_of_body",
    "ratings_of_rows",
    "reliability_of_body",
    "result_of_body",
    "results_of_rows",
]
