"""What the benchmark measures beneath the SQLite store: the floor of a submit (bare WAL commits of the
same snapshot, on a plain connection) and the trips a submit makes to the store connection's thread."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

FLOOR_COMMITS = 100
"""Bare WAL commits timed each time the floor is measured (before, between and after the submits)."""


def bare_commits(path: Path, body: bytes, count: int = FLOOR_COMMITS) -> list[tuple[float, float]]:
    """The floor of a submit: ``count`` bare WAL commits of ``body`` (one row replaced, as the snapshot is;
    the bytes the store writes, compressed: ``packed.py``) on a plain sqlite3 connection,
    synchronous=NORMAL like the store; (wall, CPU) ms each."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA wal_autocheckpoint=0")  # a bare commit: the checkpoint is taken below, untimed
        conn.execute("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        times = []
        for n in range(count):
            started, cpu = time.perf_counter(), time.process_time()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT OR REPLACE INTO floor (id, body) VALUES (1, ?)", (body + bytes([n % 2]),))
            conn.execute("COMMIT")
            times.append(((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000))
        return times
    finally:
        conn.close()


class Trips:
    """Counts the trips to an aiosqlite connection's worker thread (every statement, fetch and commit
    goes through ``Connection._execute``)."""

    def __init__(self, store: Any) -> None:
        self.count = 0
        db = getattr(store, "_db", None)
        if db is None:
            return
        original = db._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await original(fn, *args, **kwargs)

        db._execute = counted
