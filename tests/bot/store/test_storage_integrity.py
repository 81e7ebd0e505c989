"""Data that proves itself (issue 9): snapshot checksums, a whole intent log, refusals of a database that
cannot be trusted, online backups, restore and check, and power-cut durability on request.

Each test damages the SQLite file the way a disk, an editor, a bad restore or a lost table would, and
checks that the game is rebuilt exactly, or set aside as damaged, never silently reset."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
from pathlib import Path

import pytest

from bot import cli
from bot.settings import Settings
from bot.store.errors import StoreRefused
from bot.store.sqlite import dbtools, storage
from bot.store.sqlite.packed import packed, unpacked
from bot.store.sqlite.storage import SqliteStore
from engine.core.errors import DamagedGame
from engine.integrity import checksum
from engine.store import Change
from engine.table import Table
from tests.bot.store.test_pg_store import record


async def _played(path: Path, moves: int = 2) -> tuple[str, dict[str, object]]:
    """A toy game at ``path`` with ``moves`` secret picks made; (game id, its export)."""
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    gid = (await table.create("toy", "u1", "Ann", seats=3, seed=11, pace="blitz")).record.id
    await table.join(gid, "u2", "Bo")
    await table.join(gid, "u3", "Cy")
    await table.start(gid, "u1")
    for user, pick in [("u1", "pick:n=2"), ("u2", "pick:n=1"), ("u3", "pick:n=3")][:moves]:
        await table.submit(gid, user, pick)
    export = await table.export(gid)
    await store.close()
    return gid, export


def _sql(path: Path, statement: str, args: tuple[object, ...] = ()) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(statement, args)
        conn.commit()
    finally:
        conn.close()


def _one(path: Path, query: str, args: tuple[object, ...] = ()) -> object:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(query, args).fetchone()[0]
    finally:
        conn.close()


async def _reopen(path: Path) -> tuple[SqliteStore, Table]:
    store = SqliteStore(path)
    await store.open()
    return store, Table(store)


async def test_a_checksum_mismatch_rebuilds_the_game_from_its_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "a.db"
    gid, before = await _played(path)
    _sql(path, "UPDATE snapshots SET checksum=? WHERE game_id=?", ("0" * 64, gid))
    store, table = await _reopen(path)
    with caplog.at_level(logging.WARNING, logger="engine.table"):
        after = await table.export(gid)
    assert any("rebuilding" in r.getMessage() and "checksum" in r.getMessage() for r in caplog.records)
    assert after["final"] == before["final"] and after["version"] == before["version"]
    assert (await table.record(gid)).status == "running"
    await store.close()


async def test_a_snapshot_is_stored_compressed_and_read_back_exactly(tmp_path: Path) -> None:
    """Issue 33: "a stored game costs about 20 KB on disk today: say where it goes and shrink it if it is
    waste". The snapshot (the whole state as JSON, rewritten at every move) is kept compressed: a BLOB
    smaller than its text, read back as the very text that was saved (its checksum is the text's)."""
    path = tmp_path / "a.db"
    gid, before = await _played(path)
    stored = _one(path, "SELECT body FROM snapshots WHERE game_id=?", (gid,))
    assert isinstance(stored, bytes)
    text = unpacked(stored)
    assert len(stored) * 2 < len(text.encode()), (len(stored), len(text))
    assert _one(path, "SELECT checksum FROM snapshots WHERE game_id=?", (gid,)) == checksum(text)
    store, table = await _reopen(path)
    saved = await store.saved_snapshot(gid)
    assert saved is not None and saved.body == text and saved.unreadable is None
    assert (await table.export(gid))["final"] == before["final"]
    await store.close()


async def test_a_snapshot_kept_as_text_still_loads(tmp_path: Path) -> None:
    """A database written before snapshots were compressed keeps them as TEXT: read as they are."""
    path = tmp_path / "a.db"
    gid, before = await _played(path)
    text = unpacked(_one(path, "SELECT body FROM snapshots WHERE game_id=?", (gid,)))
    _sql(path, "UPDATE snapshots SET body=? WHERE game_id=?", (text, gid))
    assert isinstance(_one(path, "SELECT body FROM snapshots WHERE game_id=?", (gid,)), str)
    store, table = await _reopen(path)
    saved = await store.saved_snapshot(gid)
    assert saved is not None and saved.body == text and checksum(saved.body) == saved.checksum
    assert (await table.export(gid))["final"] == before["final"]
    await store.close()


async def test_a_text_snapshot_that_is_not_utf8_is_refused_as_unreadable(tmp_path: Path) -> None:
    """Reading a TEXT body keeps the store's mark on text that is not UTF-8 (not turned into plain text)."""
    path = tmp_path / "a.db"
    gid, _ = await _played(path)
    _sql(path, "UPDATE snapshots SET body=CAST(X'7B22FF' AS TEXT) WHERE game_id=?", (gid,))
    store, _table = await _reopen(path)
    saved = await store.saved_snapshot(gid)
    assert saved is not None and saved.unreadable is not None and saved.body == ""
    await store.close()


async def test_a_compressed_snapshot_that_does_not_inflate_rebuilds_the_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "a.db"
    gid, before = await _played(path)
    stored = _one(path, "SELECT body FROM snapshots WHERE game_id=?", (gid,))
    assert isinstance(stored, bytes)
    _sql(path, "UPDATE snapshots SET body=? WHERE game_id=?", (stored[:-9] + b"\xff" * 9, gid))
    store, table = await _reopen(path)
    saved = await store.saved_snapshot(gid)
    assert saved is not None and saved.unreadable is not None
    with caplog.at_level(logging.WARNING, logger="engine.table"):
        after = await table.export(gid)
    assert any("rebuilding" in r.getMessage() for r in caplog.records)
    assert after["final"] == before["final"] and after["version"] == before["version"]
    await store.close()


async def test_a_rebuild_runs_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21: "the rebuild runs on the event loop" (120-150 ms for a long game): while a game is
    replayed from its log, other work on the loop goes on."""
    import time

    path = tmp_path / "a.db"
    gid, before = await _played(path)
    _sql(path, "UPDATE snapshots SET checksum=? WHERE game_id=?", ("0" * 64, gid))
    store, table = await _reopen(path)
    replay = table._replay

    def slow(*args: object) -> object:
        time.sleep(0.3)  # a long game's replay
        return replay(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(table, "_replay", slow)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    running = asyncio.create_task(ticker())
    try:
        after = await table.export(gid)
    finally:
        running.cancel()
    assert after["final"] == before["final"]
    assert ticks >= 10, f"the loop ran {ticks} times during a 0.3 s replay"
    await store.close()


async def test_a_snapshot_edited_into_other_valid_json_is_not_loaded_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    gid, before = await _played(path)
    body = json.loads(unpacked(_one(path, "SELECT body FROM snapshots WHERE game_id=?", (gid,))))
    body["scores"]["Ann"] = 99  # still valid JSON and a valid state: only the checksum can tell
    _sql(path, "UPDATE snapshots SET body=? WHERE game_id=?", (packed(json.dumps(body)), gid))
    store, table = await _reopen(path)
    after = await table.export(gid)
    assert after["final"] == before["final"]
    assert json.loads(str(after["final"]))["scores"]["Ann"] != 99
    await store.close()


async def test_a_lost_intent_log_with_a_bad_snapshot_is_damaged_not_restarted(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    gid, before = await _played(path)
    _sql(path, "DELETE FROM intents WHERE game_id=?", (gid,))
    _sql(path, "UPDATE snapshots SET body='{garbage' WHERE game_id=?", (gid,))
    store, table = await _reopen(path)
    with pytest.raises(DamagedGame):
        await table.submit(gid, "u3", "pick:n=3")
    record = await table.record(gid)
    assert record.status == "damaged" and record.damage
    assert record.version == before["version"]
    assert await store.intents(gid) == []  # nothing was replayed or re-logged from the setup
    assert _one(path, "SELECT status FROM games WHERE id=?", (gid,)) == "damaged"
    assert _one(path, "SELECT COUNT(*) FROM deadlines WHERE game_id=?", (gid,)) == 0
    await store.close()


async def test_an_intent_log_with_a_gap_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    gid, _ = await _played(path, moves=3)
    _sql(path, "DELETE FROM intents WHERE game_id=? AND seq=2", (gid,))
    store, table = await _reopen(path)
    with pytest.raises(DamagedGame):
        await table.view(gid, "u1")
    record = await table.record(gid)
    assert record.status == "damaged" and "seq" in record.damage
    await store.close()


async def test_a_rebuild_that_does_not_replay_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    gid, _ = await _played(path)
    _sql(path, "UPDATE intents SET intent='pick:n=9' WHERE game_id=? AND seq=2", (gid,))
    _sql(path, "UPDATE snapshots SET body='{garbage' WHERE game_id=?", (gid,))
    store, table = await _reopen(path)
    with pytest.raises(DamagedGame):
        await table.submit(gid, "u3", "pick:n=3")
    assert (await table.record(gid)).status == "damaged"
    await store.close()


async def test_a_database_that_fails_quick_check_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    for i in range(40):  # enough rows for several b-tree pages
        await table.create("toy", f"host{i}", "Ann" * 50, seats=2, seed=i)
    await store.close()
    size = path.stat().st_size
    assert size > 4 * 4096
    with path.open("r+b") as f:  # scribble over the pages after the first: the header stays readable
        f.seek(2 * 4096)
        f.write(os.urandom(size - 3 * 4096))
    damaged = path.read_bytes()
    with pytest.raises(StoreRefused, match="integrity check|malformed|not a database"):
        await SqliteStore(path).open()
    assert path.read_bytes() == damaged  # refused, and left as it was for an operator


async def test_a_large_database_is_checked_in_the_background_and_refuses_changes_if_unsound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: the integrity check reads the whole file, so a large one is checked while the bot serves;
    when it fails, no change is saved any more."""
    path = tmp_path / "a.db"
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    for i in range(60):
        await table.create("toy", f"host{i}", "Ann" * 50, seats=2, seed=i)
    await store.close()
    size = path.stat().st_size
    with path.open("r+b") as f:  # the last pages only: opening and migrating never read them
        f.seek(size - 3 * 4096)
        f.write(b"\xa5" * (2 * 4096))
    monkeypatch.setattr(storage, "CHECK_AT_OPEN_BYTES", 0)
    store = SqliteStore(path)
    await store.open()  # not refused at once: the check runs in the background
    try:
        await store.checked()
        assert store.refusal is not None and "integrity check" in store.refusal
        with pytest.raises(StoreRefused, match="integrity check"):
            await store.commit(Change(record("late"), None))
    finally:
        await store.close()


async def test_an_emptied_database_file_is_refused_and_not_reinitialised(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    await _played(path)
    path.write_bytes(b"")
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    with pytest.raises(StoreRefused, match="exists but is empty"):
        await SqliteStore(path).open()
    assert path.stat().st_size == 0
    # a file that holds something, but not Arbiter's tables, is not taken over either
    other = tmp_path / "other.db"
    _sql(other, "CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreRefused, match="schema_version"):
        await SqliteStore(other).open()
    assert _one(other, "SELECT COUNT(*) FROM sqlite_master WHERE name='games'") == 0
    # where no file exists, a new database is made
    fresh = SqliteStore(tmp_path / "new.db")
    await fresh.open()
    await fresh.close()


def test_backup_check_and_restore_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not a coroutine: the ``arbiter db`` commands run their own event loop, as from a shell."""
    path = tmp_path / "live.db"
    gid, before = asyncio.run(_played(path))
    backup = tmp_path / "copies" / "one.db"
    assert cli.main(["db", "--db", str(path), "backup", str(backup)]) == 0
    assert backup.is_file() and dbtools.inspect_backup(backup) == []
    assert cli.main(["db", "--db", str(path), "check"]) == 0
    assert "no problems" in capsys.readouterr().out

    # damage the live database: check names the game and the problem, and fails
    _sql(path, "DELETE FROM intents WHERE game_id=? AND seq=1", (gid,))
    _sql(path, "UPDATE snapshots SET body='{}' WHERE game_id=?", (gid,))
    assert cli.main(["db", "--db", str(path), "check"]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1 and gid in lines[0] and "seq" in lines[0], lines

    # a broken backup is refused and changes nothing
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"not a database at all" * 100)
    live_bytes = path.read_bytes()
    assert cli.main(["db", "--db", str(path), "restore", str(broken)]) == 2
    assert "Not restored" in capsys.readouterr().err
    assert path.read_bytes() == live_bytes

    # the good backup is restored, the damaged file kept as .bak, and the game is whole again
    assert cli.main(["db", "--db", str(path), "restore", str(backup)]) == 0
    assert Path(str(path) + ".bak").read_bytes() == live_bytes
    assert cli.main(["db", "--db", str(path), "check"]) == 0

    async def final() -> object:
        store, table = await _reopen(path)
        try:
            return (await table.export(gid))["final"]
        finally:
            await store.close()

    assert asyncio.run(final()) == before["final"]


async def test_scheduled_backups_are_made_when_due_and_pruned(tmp_path: Path) -> None:
    path = tmp_path / "live.db"
    await _played(path)
    store = SqliteStore(path)
    await store.open()
    schedule = dbtools.BackupSchedule(str(path), tmp_path / "backups", every_hours=1, keep=2)
    now = 2_000_000_000.0
    first = await schedule.run_if_due(store, now)
    assert first is not None and dbtools.inspect_backup(first) == []
    os.utime(first, (now, now))
    assert await schedule.run_if_due(store, now + 1800) is None  # not due yet: newest is half an hour old
    made = []
    for hours in (1, 2, 3):
        t = now + hours * 3600
        made.append(await schedule.run_if_due(store, t))
        os.utime(made[-1], (t, t))  # type: ignore[arg-type]
    assert [p.name for p in schedule.backups()] == [p.name for p in made[-2:]]  # type: ignore[union-attr]
    await store.close()


async def test_synchronous_full_is_set_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITER_SYNCHRONOUS", "FULL")
    settings = Settings()
    assert settings.arbiter_synchronous == "full"
    store = SqliteStore(tmp_path / "a.db", synchronous=settings.arbiter_synchronous)
    await store.open()
    async with store.db.execute("PRAGMA synchronous") as cursor:
        assert (await cursor.fetchone())[0] == 2  # FULL
    await store.close()
    store = SqliteStore(tmp_path / "b.db")
    await store.open()
    async with store.db.execute("PRAGMA synchronous") as cursor:
        assert (await cursor.fetchone())[0] == 1  # NORMAL, the default
    await store.close()
    monkeypatch.setenv("ARBITER_SYNCHRONOUS", "sometimes")
    with pytest.raises(ValueError):
        Settings()
