"""Rows that are lost or cannot be decoded (issue 32, items 2-4): each is damage to its own game alone.

- A game whose seat rows are lost (or altered) no longer matches its snapshot's seats: it is set aside
  when loaded (a move gets the "set aside" answer, never an AttributeError) and ``arbiter db check``
  names it, where it used to say "no problems found".
- A TEXT value that is not valid UTF-8 (a flipped byte that still passes ``quick_check``) in any row of
  a game: that game is set aside (or, for a snapshot or a public log line, rebuilt from its intent log),
  every other game still loads and plays, and ``arbiter db check`` prints a line for it, no traceback.
- A database that holds Arbiter's tables but no ``schema_version`` row is refused with one clear line,
  like the other files that cannot be trusted, and left as it was.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from bot import cli
from bot.store.errors import StoreRefused
from bot.store.postgres.pg_store import PostgresStore
from bot.store.sqlite.storage import SqliteStore, quick_check
from engine.core.errors import DamagedGame
from engine.table import Table

PICKS = [("u1", "pick:n=2"), ("u2", "pick:n=1"), ("u3", "pick:n=3")]
BAD = "CAST(X'C328' AS TEXT)"
"""Two bytes that are not UTF-8 (0xC3 must be followed by a continuation byte): SQLite stores them as
TEXT without a word and ``quick_check`` passes; Python's sqlite3 cannot decode them."""


async def _two_games(path: Path) -> tuple[str, str]:
    """Two toy games at ``path``, each with two picks made; (the game to damage, the healthy one)."""
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    ids = []
    for host in ("u1", "v1"):
        place = {"guild": "g1", "thread": f"T{host}"}
        gid = (await table.create("toy", host, "Ann", seats=3, seed=11, pace="blitz", place=place)).record.id
        other = {"u2": f"{host}b", "u3": f"{host}c"}
        for user, name in (("u2", "Bo"), ("u3", "Cy")):
            await table.join(gid, other[user], name)
        await table.start(gid, host)
        for user, pick in PICKS[:2]:
            await table.submit(gid, host if user == "u1" else other[user], pick)
        ids.append(gid)
    await store.close()
    return ids[0], ids[1]


def _sql(path: Path, statement: str, args: tuple[object, ...] = ()) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(statement, args)
        conn.commit()
    finally:
        conn.close()


def _status(path: Path, gid: str) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("SELECT status FROM games WHERE id=?", (gid,)).fetchone()[0])
    finally:
        conn.close()


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    """``arbiter db check`` as from a shell: (exit code, its lines on stdout, stderr)."""
    code = cli.main(["db", "--db", str(path), "check"])
    out = capsys.readouterr()
    return code, out.out.strip().splitlines(), out.err


async def _healthy_plays(table: Table, gid: str) -> None:
    """The healthy game still loads and takes its third pick."""
    record = await table.record(gid)
    assert record.status == "running"
    update = await table.submit(gid, f"{record.host}c", "pick:n=3")
    assert update.record.version == record.version + 1


# --- item 2: lost seat rows ------------------------------------------------------------------------------


def test_lost_seat_rows_are_named_by_db_check_and_set_the_game_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.db"
    gid, healthy = asyncio.run(_two_games(path))
    _sql(path, "DELETE FROM seats WHERE game_id=?", (gid,))
    code, lines, err = _check(path, capsys)
    assert code == 1 and len(lines) == 1, lines
    assert gid in lines[0] and "seat rows are lost" in lines[0] and "Traceback" not in err

    async def move() -> None:
        store = SqliteStore(path)
        await store.open()
        table = Table(store)
        try:
            with pytest.raises(DamagedGame, match="set aside for a moderator"):
                await table.submit(gid, "u1c", "pick:n=3")
            record = await table.record(gid)
            assert record.status == "damaged" and "seat rows" in record.damage
            await _healthy_plays(table, healthy)
        finally:
            await store.close()

    asyncio.run(move())
    assert _status(path, gid) == "damaged"
    code, lines, _ = _check(path, capsys)
    assert code == 1 and len(lines) == 1 and "set aside as damaged" in lines[0] and gid in lines[0]


async def test_an_altered_seat_row_is_damage_too(tmp_path: Path) -> None:
    """A seat row renamed (or one of several lost) no longer matches the snapshot's seats, in order."""
    path = tmp_path / "a.db"
    gid, other = await _two_games(path)
    _sql(path, "UPDATE seats SET seat='Zed' WHERE game_id=? AND position=1", (gid,))
    _sql(path, "DELETE FROM seats WHERE game_id=? AND position=2", (other,))
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    try:
        for game, text in ((gid, "Ann, Zed, Cy"), (other, "Ann, Bo)")):
            with pytest.raises(DamagedGame):
                await table.view(game, "u1")
            assert text in (await table.record(game)).damage
    finally:
        await store.close()


# --- item 3: invalid UTF-8 -------------------------------------------------------------------------------

DAMAGE = {
    "games": "UPDATE games SET reason={bad} WHERE id=?",
    "seats": "UPDATE seats SET name={bad} WHERE game_id=? AND position=1",
    "intents": "UPDATE intents SET intent={bad} WHERE game_id=? AND seq=1",
    "deadlines": "UPDATE deadlines SET kind={bad} WHERE game_id=?",
}
"""Rows whose bad text makes the game untrustworthy: it is set aside."""


@pytest.mark.parametrize("table_name", sorted(DAMAGE))
def test_invalid_utf8_in_a_row_sets_its_game_aside_alone(
    table_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.db"
    gid, healthy = asyncio.run(_two_games(path))
    _sql(path, DAMAGE[table_name].format(bad=BAD), (gid,))
    conn = sqlite3.connect(path)
    try:
        assert quick_check(conn) == []  # the file is sound: only the text is not
        with pytest.raises(sqlite3.OperationalError, match="decode"):
            conn.execute(f"SELECT * FROM {table_name}").fetchall()
    finally:
        conn.close()

    code, lines, err = _check(path, capsys)
    assert code == 1 and len(lines) == 1 and gid in lines[0] and "Traceback" not in err, lines
    assert ("deadline row cannot be decoded" if table_name == "deadlines" else "not valid UTF-8") in lines[0]

    async def play() -> None:
        store = SqliteStore(path)
        await store.open()
        table = Table(store, clock=lambda: time.time() + 3600)  # every blitz deadline has passed
        try:
            # what a start-up reads: every game, the catch-up, every deadline; none of it raises
            assert {r.id for r in await store.games()} == {gid, healthy}
            assert {r.id for r in await store.unannounced() or []} >= {healthy}
            if table_name == "deadlines":
                await table.tick()  # the unreadable clock falls due: its game is set aside
            else:
                with pytest.raises(DamagedGame, match="set aside for a moderator"):
                    await table.submit(gid, "u1c", "pick:n=3")
            assert (await table.record(gid)).status == "damaged"
            assert (await table.record(healthy)).status == "running"
        finally:
            await store.close()

    asyncio.run(play())
    if table_name != "games":  # the status column of a row that cannot be decoded is not written over
        assert _status(path, gid) == "damaged"
    code, lines, err = _check(path, capsys)
    assert code == 1 and len(lines) == 1 and gid in lines[0] and "Traceback" not in err


async def test_invalid_utf8_in_a_snapshot_or_a_public_line_is_rebuilt_from_the_log(tmp_path: Path) -> None:
    """A snapshot and the public log are kept beside the intent log, which rebuilds them: bad text there
    is handled like a checksum mismatch (the snapshot) or lines saved before the public log (the log)."""
    path = tmp_path / "a.db"
    gid, _ = await _two_games(path)
    store = SqliteStore(path)
    await store.open()
    before = await Table(store).export(gid)
    lines_before = await Table(store).public_log(gid, 50)
    await store.close()
    _sql(path, f"UPDATE snapshots SET body={BAD} WHERE game_id=?", (gid,))
    _sql(path, f"UPDATE public_log SET text={BAD} WHERE game_id=? AND seq=1", (gid,))
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    try:
        assert await store.public_log(gid, 50) is None
        assert await table.public_log(gid, 50) == lines_before
        after = await table.export(gid)
        assert after["final"] == before["final"]
        await table.submit(gid, "u1c", "pick:n=3")
        assert (await table.record(gid)).status == "running"
    finally:
        await store.close()


async def test_one_bad_seat_row_among_many_games_damages_only_its_own(tmp_path: Path) -> None:
    """The seats of many games are read in one query: one undecodable value used to fail that query, and
    so every game it read came back damaged."""
    path = tmp_path / "a.db"
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    ids = [(await table.create("toy", f"h{i}", f"Host{i}", seats=2)).record.id for i in range(30)]
    await store.close()
    _sql(path, f"UPDATE seats SET name={BAD} WHERE game_id=?", (ids[7],))
    store = SqliteStore(path)
    await store.open()
    try:
        records = {r.id: r for r in await store.games()}
        assert [gid for gid, r in records.items() if r.status == "damaged"] == [ids[7]]
        assert "not valid UTF-8" in records[ids[7]].damage
    finally:
        await store.close()


# --- item 4: a missing schema_version row ----------------------------------------------------------------


def test_a_missing_schema_version_row_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.db"
    asyncio.run(_two_games(path))
    _sql(path, "DELETE FROM schema_version")
    kept = path.read_bytes()

    async def opened() -> None:
        with pytest.raises(StoreRefused, match="no schema_version row") as refused:
            await SqliteStore(path).open()
        assert "\n" not in str(refused.value)

    asyncio.run(opened())  # and returns: no connection is left open to keep the process alive
    assert path.read_bytes() == kept
    code, lines, err = _check(path, capsys)
    assert code == 1 and len(lines) == 1 and "no schema_version row" in lines[0] and "Traceback" not in err
    assert path.read_bytes() == kept


async def test_a_missing_schema_version_row_is_refused_on_postgres(postgres_url: str) -> None:
    store = PostgresStore(postgres_url)
    await store.open()
    await store.pool.execute("DELETE FROM schema_version")
    await store.close()
    with pytest.raises(StoreRefused, match="no schema_version row"):
        await PostgresStore(postgres_url).open()
    store = PostgresStore(postgres_url)  # nothing was run again over the tables, nor half-migrated
    try:
        with pytest.raises(StoreRefused):
            await store.open()
    finally:
        await store.close()
