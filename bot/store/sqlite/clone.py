"""Copies of stored games, written straight into an SQLite file: a few real games' rows copied up to
100,000 games in well under a minute, with realistic rows and sizes (the start-up benchmark, issue 21, and
the restart scenario of tests/e2e).

The copies are made by SQLite itself (issue 33: the fill played no games but still built every row in
Python, 118-138 s for 100,000 games on a quiet machine): a temporary table lists each copy (its id, its
sample, its thread, whether it runs), and one ``INSERT ... SELECT`` per table joins it with the samples'
rows, in id order so every B-tree is appended to. The file is written without its WAL (the bot is not
running) and is not synced until the end.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from engine.league.results import GameResult

COPY_THREADS = 10**17 + 8
"""The thread id of the first copy by default (made-up ids, counting up; the start-up benchmark's own
sample games take the eight below it)."""

COPIED = ("games", "seats", "snapshots", "intents", "deadlines", "public_log", "table_state")
"""The tables holding a game's own rows (``games`` by ``id``, the others by ``game_id``)."""
_GID = "GAME-ID-OF-THE-COPY"
"""Stands for the copy's id in a result body made once per sample."""


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(c[1]) for c in conn.execute(f"PRAGMA table_info({table})")]


def _copy_sql(table: str, columns: list[str]) -> str:
    """``INSERT ... SELECT`` copying every sample row of ``table`` once for each copy that takes it."""
    key = "id" if table == "games" else "game_id"
    chosen = {
        key: "c.gid",
        # games: the copy's own thread (column and place) and its status
        "thread": "c.thread",
        "place": "json_set(s.place, '$.thread', c.thread)",
        "status": "CASE WHEN c.running THEN 'running' ELSE 'finished' END",
    }
    if table != "games":
        chosen = {key: "c.gid"}
    picked = ", ".join(chosen.get(col, f"s.{col}") for col in columns)
    where = " WHERE c.running" if table == "deadlines" else ""  # an ended copy waits for nobody
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) SELECT {picked} FROM copies c "
        f"JOIN sample_{table} s ON s.{key} = c.sample{where} ORDER BY c.gid"
    )


def _sample_sql(table: str, count: int) -> str:
    """The samples' rows of ``table`` in a temporary table: read from the table being filled, every row
    would first be gathered in a temporary table by SQLite (10 s for a million lines of the public log)."""
    key = "id" if table == "games" else "game_id"
    return (
        f"CREATE TEMP TABLE sample_{table} AS SELECT * FROM {table} "
        f"WHERE {key} IN ({','.join('?' for _ in range(count))})"
    )


def copy_rows(
    path: Path, samples: list[str], stored: int, behind: int = 0, first_thread: int = COPY_THREADS
) -> None:
    """Fill the file up to ``stored`` games, each a copy of a sample's rows (its own id, and its own thread
    from ``first_thread`` up): most finished, one in ten running with its deadlines, ``behind`` of them
    with an announcement behind (``arbiter bench --startup``; the restart scenario of tests/e2e fills a real
    bot's database this way). The bot must not be running: the file is written without its WAL."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        try:  # with nobody else on the file, not through the WAL (every page would be written twice)
            conn.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.OperationalError:
            pass  # another connection has it open: through the WAL then
        conn.execute("PRAGMA synchronous=OFF")  # synced once, at the end
        conn.execute("PRAGMA cache_size=-262144")  # 256 MB: the indexes being appended to stay in memory
        conn.execute("BEGIN")
        conn.execute(
            "CREATE TEMP TABLE copies (gid TEXT PRIMARY KEY, n INTEGER, sample TEXT, running INTEGER, "
            "thread TEXT)"
        )
        conn.executemany(
            "INSERT INTO copies VALUES (?, ?, ?, ?, ?)",
            (
                (f"c{n:07x}", n, samples[n % len(samples)], int(n % 10 == 0), str(first_thread + n))
                for n in range(stored - len(samples))
            ),
        )
        for table in COPIED:
            conn.execute(_sample_sql(table, len(samples)), samples)
            conn.execute(
                f"CREATE INDEX temp.sample_{table}_key ON sample_{table}("
                + ("id)" if table == "games" else "game_id)")
            )
            conn.execute(_copy_sql(table, _columns(conn, table)))
        conn.execute(
            "INSERT INTO arbiter_announced (game_id, version) SELECT c.gid, "
            "CASE WHEN c.n < ? THEN g.version - 1 ELSE g.version END "
            "FROM copies c JOIN games g ON g.id = c.sample ORDER BY c.gid",
            (behind,),
        )
        # an ended copy's result, as the bot records it when a game ends
        template = [
            (g, str(guild or "0"), str(game), _result_body(str(game), str(guild or "0")))
            for g, guild, game in conn.execute(
                f"SELECT id, json_extract(place, '$.guild'), game FROM games WHERE id IN "
                f"({','.join('?' for _ in samples)})",
                samples,
            )
        ]
        conn.execute("CREATE TEMP TABLE result_templates (sample TEXT, guild TEXT, game TEXT, body TEXT)")
        conn.executemany("INSERT INTO result_templates VALUES (?, ?, ?, ?)", template)
        conn.execute(
            "INSERT INTO results (game_id, seq, server_id, game, body) "
            "SELECT c.gid, c.n + 1, t.guild, t.game, replace(t.body, ?, c.gid) "
            "FROM copies c JOIN result_templates t ON t.sample = c.sample WHERE NOT c.running ORDER BY c.gid",
            (_GID,),
        )
        conn.execute("COMMIT")
        conn.execute("PRAGMA journal_mode=WAL")  # as the bot keeps it
    finally:
        conn.close()


def _result_body(game: str, guild: str) -> str:
    return GameResult(game_id=_GID, server_id=int(guild), game=game, rated=False).model_dump_json()
