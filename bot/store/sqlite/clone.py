"""Copies of stored games, written straight into an SQLite file: a few real games' rows copied up to
thousands of games in seconds, with realistic rows and sizes (the start-up benchmark, issue 21, and the
restart scenario of tests/e2e)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from engine.league.results import GameResult

COPY_THREADS = 10**17 + 8
"""The thread id of the first copy by default (made-up ids, counting up; the start-up benchmark's own
sample games take the eight below it)."""


def copy_rows(
    path: Path, samples: list[str], stored: int, behind: int = 0, first_thread: int = COPY_THREADS
) -> None:
    """Fill the file up to ``stored`` games, each a copy of a sample's rows (its own id, and its own thread
    from ``first_thread`` up): most finished, some running with a deadline, ``behind`` of them with an
    announcement behind (``arbiter bench --startup``; the restart scenario of tests/e2e fills a real bot's
    database this way)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")
        tables = {
            t: [c[1] for c in conn.execute(f"PRAGMA table_info({t})")]
            for t in ("games", "seats", "snapshots", "intents", "deadlines", "public_log", "table_state")
        }
        rows = {
            t: {
                g: conn.execute(
                    f"SELECT * FROM {t} WHERE {'id' if t == 'games' else 'game_id'}=?", (g,)
                ).fetchall()
                for g in samples
            }
            for t in tables
        }
        batch: dict[str, list[tuple[Any, ...]]] = {t: [] for t in tables}
        announced: list[tuple[str, int]] = []
        results: list[tuple[Any, ...]] = []  # an ended copy's result, as the bot recorded it when it ended
        for n in range(stored - len(samples)):
            sample = samples[n % len(samples)]
            gid = f"c{n:07x}"
            running = n % 10 == 0
            for table, found in rows.items():
                for row in found[sample]:
                    values = list(row)
                    values[0] = gid
                    if table == "games":
                        place = json.loads(values[tables[table].index("place")])
                        place["thread"] = str(first_thread + n)
                        values[tables[table].index("place")] = json.dumps(place)
                        values[tables[table].index("thread")] = place["thread"]
                        values[tables[table].index("status")] = "running" if running else "finished"
                    elif table == "deadlines" and not running:
                        continue
                    batch[table].append(tuple(values))
            version = int(rows["games"][sample][0][tables["games"].index("version")])
            announced.append((gid, version - 1 if n < behind else version))
            if not running:
                game_row = rows["games"][sample][0]
                guild = json.loads(game_row[tables["games"].index("place")]).get("guild") or "0"
                game = str(game_row[tables["games"].index("game")])
                result = GameResult(game_id=gid, server_id=int(guild), game=game, rated=False)
                results.append((gid, n + 1, guild, game, result.model_dump_json()))
        for table, values in batch.items():
            if values:
                marks = ",".join("?" for _ in values[0])
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})", values)
        conn.executemany("INSERT INTO arbiter_announced (game_id, version) VALUES (?, ?)", announced)
        conn.executemany(
            "INSERT INTO results (game_id, seq, server_id, game, body) VALUES (?,?,?,?,?)", results
        )
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
