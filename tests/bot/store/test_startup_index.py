"""Start-up proportional to the games that need it (issue 21): the catch-up is selected in SQL (only the
games whose newest version was not announced) and an older database gets its thread index at migration."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.prefs import Prefs
from bot.store.sqlite.storage import SqliteStore
from engine.store import Change
from tests.bot.store.test_pg_store import new_game, record


async def test_the_catch_up_selects_only_games_behind_their_announcement(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store, prefs = SqliteStore(path), Prefs(path)
    await store.open()
    await prefs.open()
    try:
        await new_game(store, "told")  # announced up to date
        await new_game(store, "behind")  # announced, then moved on
        await new_game(store, "never")  # running, never announced
        await new_game(store, "old", status="finished")  # ended before announcements were recorded
        await new_game(store, "ended", status="finished")  # ended and announced, then one more change
        await new_game(store, "elsewhere", place={"guild": "G1"})  # no thread: not a Discord game
        await new_game(store, "broken", status="damaged")
        for gid in ("told", "behind", "ended"):
            await prefs.set_announced(gid, 1)
        await store.commit(Change(record("behind", 2), 1))
        await store.commit(Change(record("ended", 2, status="finished"), 1))
        found = await store.unannounced()
        assert found is not None
        assert sorted(r.id for r in found) == ["behind", "ended", "never"]
        assert all([s.seat for s in r.seats] == ["Ann", "Bo"] for r in found)
    finally:
        await prefs.close()
        await store.close()


async def test_migration_8_indexes_the_threads_of_an_older_database(tmp_path: Path) -> None:
    """A database from before migration 8 (its thread column and index taken away again) gets the column
    filled from each game's place; a row whose place is not JSON does not stop the migration."""
    path = tmp_path / "old.db"
    store = SqliteStore(path)
    await store.open()
    for gid in ("a", "b", "bad"):
        await new_game(store, gid)
    await store.close()
    conn = sqlite3.connect(path)
    try:
        conn.executescript(
            "DROP INDEX games_by_thread; ALTER TABLE games DROP COLUMN thread; DROP TABLE web_links; "
            "DELETE FROM schema_version WHERE version >= 8; UPDATE games SET place = '{oops' WHERE id = 'bad'"
        )
    finally:
        conn.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert await store.game_of_thread("Ta") == "a" and await store.game_of_thread("Tb") == "b"
        assert await store.game_of_thread("Tbad") is None
        assert (await store.game("bad")).status == "damaged"  # type: ignore[union-attr]
    finally:
        await store.close()


async def test_no_checkpoint_lands_on_a_commit_and_the_background_one_copies_the_wal(tmp_path: Path) -> None:
    """Issue 21: SQLite's automatic checkpoint (every 1,000 WAL pages, on the commit that crosses them) is
    off; the background task's PASSIVE checkpoint copies the whole WAL back."""
    store = SqliteStore(tmp_path / "t.db", checkpoint_seconds=3600)  # no periodic pass during the test
    await store.open()
    try:
        await new_game(store, "g")
        body = "x" * 20_000  # five or six pages a commit
        for version in range(1, 250):
            await store.commit(Change(record("g", version + 1), version, snapshot=body + str(version)))
        assert store.checkpoints is not None
        busy, frames, copied = await store.checkpoints.checkpoint()
        assert frames > 1000, "no automatic checkpoint reset the WAL on a commit"
        assert busy == 0 and copied == frames
    finally:
        await store.close()


async def test_preferences_in_the_store_file_share_its_connection(tmp_path: Path) -> None:
    """Issue 21: under load a second connection's writes starved behind the store's ("database is
    locked" after 5 s): preferences kept in the store's own file go through the store's connection."""
    from bot.prefs import prefs_for

    path = tmp_path / "t.db"
    store = SqliteStore(path)
    await store.open()
    try:
        prefs = prefs_for(store, str(path))
        await prefs.open()
        records = prefs._records
        assert records is not None and records._conn is None, "no second connection to the file"
        await new_game(store, "g")
        await prefs.set_announced("g", 1)
        await prefs.set_dm_reminders("u1", True)
        assert await prefs.announced("g") == 1 and await prefs.dm_reminders("u1")
        assert await store.unannounced() == []
        await prefs.close()
        assert await store.game("g") is not None  # the store's connection stays open
        other = prefs_for(store, str(tmp_path / "elsewhere.db"))
        assert other._records is not None and other._records._shared is None
    finally:
        await store.close()
