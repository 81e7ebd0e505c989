"""Backups never stall moves (issue 32, item 5: "a read waited 3.24 s of a 3.27 s backup of a 321 MB
file"). ``SqliteStore.backup`` copies in steps on connections of its own, in a worker thread, never
under the store's lock: a move made while a database of some 40 MB is backed up waits at most one step
of the copy, never the whole copy, and the copy is whole and consistent."""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import time
from pathlib import Path

import pytest

from bot.store.sqlite.backup_copy import BackupStopped, Steps
from bot.store.sqlite.dbtools import inspect_backup
from bot.store.sqlite.storage import SqliteStore
from engine.table import Limits, Table

BALLAST_ROWS = 10_000
"""Rows of 4,000 bytes: a database of about 41 MB."""
LONG_GAME = {"target": 50, "max_rounds": 200}


async def _database(path: Path) -> list[str]:
    """Four long toy games in a database of some 40 MB; their ids."""
    store = SqliteStore(path)
    await store.open()
    table = Table(store, limits=Limits(lobbies_per_user=0, running_per_user=0))
    ids = []
    for n in range(4):
        gid = (await table.create("toy", f"u{n}", "Ann", seats=2, seed=n, options=LONG_GAME)).record.id
        await table.join(gid, f"v{n}", "Bo")
        await table.start(gid, f"u{n}")
        ids.append(gid)
    await store.close()
    conn = sqlite3.connect(path)
    try:  # the bulk of a database that has seen many games
        conn.execute("CREATE TABLE ballast (n INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        conn.executemany("INSERT INTO ballast (text) VALUES (?)", [("x" * 4000,)] * BALLAST_ROWS)
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return ids


class Mover:
    """Makes one move at a time in the games, in turn, and times each (seconds)."""

    def __init__(self, table: Table, ids: list[str]) -> None:
        self.table, self.ids, self.turn = table, ids, 0

    async def move(self) -> float:
        while True:
            gid = self.ids[self.turn % len(self.ids)]
            self.turn += 1
            record = await self.table.record(gid)
            for seat in record.seats:
                assert seat.user is not None
                legal = await self.table.legal(gid, seat.user)
                if legal:
                    started = time.perf_counter()
                    await self.table.submit(gid, seat.user, legal[0][0].key())
                    return time.perf_counter() - started


async def test_a_move_during_a_backup_waits_at_most_one_step(tmp_path: Path) -> None:
    path = tmp_path / "live.db"
    ids = await _database(path)
    assert path.stat().st_size > 40e6
    store = SqliteStore(path)
    await store.open()
    table = Table(store, limits=Limits(lobbies_per_user=0, running_per_user=0))
    mover = Mover(table, ids)
    try:
        before = []
        for n in range(40):
            took = await mover.move()
            if n >= 10:  # the first moves read each game and its rules
                before.append(took)
            await asyncio.sleep(0.005)
        version_before = {gid: (await table.record(gid)).version for gid in ids}
        steps = Steps()
        target = tmp_path / "copy.db"
        started = time.perf_counter()
        backup = asyncio.create_task(store.backup(target, steps=steps))
        during = []
        while not backup.done():
            during.append(await mover.move())
            await asyncio.sleep(0.005)
        await backup
        backup_seconds = time.perf_counter() - started
    finally:
        await store.close()
    step = steps.longest
    slowest = max(during)
    usual = statistics.median(before)
    print(
        f"\nbackup of {path.stat().st_size / 1e6:.0f} MB: {backup_seconds:.2f} s in {len(steps.seconds)} "
        f"steps (median {statistics.median(steps.seconds) * 1000:.1f} ms, longest {step * 1000:.1f} ms); "
        f"moves before: median {usual * 1000:.1f} ms, slowest {max(before) * 1000:.1f} ms; "
        f"{len(during)} moves during: median {statistics.median(during) * 1000:.1f} ms, "
        f"slowest {slowest * 1000:.1f} ms"
    )
    assert len(steps.seconds) >= 20, "copied in steps"
    assert len(during) >= 10, "moves went on while the backup copied"
    assert slowest - usual <= step, "a move waited longer than one step of the copy"
    assert slowest < backup_seconds / 4, "a move waited for most of the backup"
    # the copy is whole and of one moment: every table, every game at a version it passed through
    assert inspect_backup(target) == []
    conn = sqlite3.connect(target)
    try:
        assert conn.execute("SELECT COUNT(*) FROM ballast").fetchone()[0] == BALLAST_ROWS
        for gid in ids:
            copied = conn.execute("SELECT version FROM games WHERE id=?", (gid,)).fetchone()[0]
            assert copied >= version_before[gid]
    finally:
        conn.close()


async def test_a_backup_takes_no_store_lock_and_stops_when_the_store_closes(tmp_path: Path) -> None:
    path = tmp_path / "live.db"
    await _database(path)
    store = SqliteStore(path)
    await store.open()
    try:
        async with store.lock:  # every statement of the bot waits on this lock: the backup does not
            await asyncio.wait_for(store.backup(tmp_path / "one.db"), timeout=60)
        assert inspect_backup(tmp_path / "one.db") == []
        steps = Steps()
        copying = asyncio.create_task(store.backup(tmp_path / "two.db", steps=steps))
        while not steps.seconds and not copying.done():
            await asyncio.sleep(0.001)
    finally:
        await store.close()
    with pytest.raises(BackupStopped):  # closed after its first step of about 40
        await copying
    assert not (tmp_path / "two.db").exists() and not (tmp_path / "two.db.partial").exists()
