"""``arbiter db copy`` (issue 20): an SQLite database moved into a real PostgreSQL, verified by replay.

Not coroutines: the command runs its own event loop, as from a shell; the checks after it use
``asyncio.run`` too."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import cli
from bot.prefs import Prefs
from bot.store.postgres.pg_store import PostgresStore
from bot.store.sqlite.storage import SqliteStore
from engine.store import Store
from engine.table import Limits, Table
from tests.support.postgres import PostgresCluster


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _server(path: Path) -> list[str]:
    """A server's database: a finished game, a running one with clocks and a public log, a lobby, a
    cancelled lobby, a game whose row cannot be decoded, and the front end's preferences."""
    store = SqliteStore(path)
    await store.open()
    table = Table(store, clock=Clock(), agent_kind="random", limits=Limits(lobbies_per_user=0))
    place = {"guild": "G1", "channel": "C1", "thread": "T1"}
    done = (await table.create("toy", "u1", "Ann", seats=2, seed=5, pace="blitz", place=place)).record.id
    await table.add_agent(done, "u1")
    await table.start(done, "u1")
    for _ in range(200):
        if (await table.record(done)).status == "finished":
            break
        legal = await table.legal(done, "u1")
        await table.submit(done, "u1", legal[0][0])
    running = (await table.create("toy", "u2", "Bo", seats=2, seed=6, pace="blitz")).record.id
    await table.join(running, "u3", "Cy")
    await table.start(running, "u2")
    await table.submit(running, "u2", "pick:n=3", idempotency_key="click-1")
    lobby = (await table.create("toy", "u4", "Di", seats=3, seed=7)).record.id
    cancelled = (await table.create("toy", "u5", "Ed", seats=2, seed=8)).record.id
    await table.abort(cancelled, "u5")
    broken = (await table.create("toy", "u6", "Fi", seats=2, seed=9, place={"guild": "G2"})).record.id
    await store.close()
    prefs = Prefs(path)
    await prefs.open()
    await prefs.set_follow(running, "u9", "dm")
    await prefs.set_user_settings("u1", reminders="dm")
    await prefs.set_guild_settings("G1", pace="slow")
    await prefs.set_dm_reminders("u2", True)
    await prefs.set_announced(done, 12)
    await prefs.close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET options='{not json' WHERE id=?", (broken,))
    return [done, running, lobby, cancelled, broken]


async def _everything(store: Store, ids: list[str]) -> dict[str, Any]:
    """What the store gives back of each game, through the Store protocol only."""
    out: dict[str, Any] = {}
    for gid in ids:
        out[gid] = (
            await store.game(gid),
            await store.intents(gid),
            await store.saved_snapshot(gid),
            await store.deadlines(game_id=gid),
            await store.public_log(gid, 1000),
            await store.table_state(gid),
            await store.idempotent(gid, "click-1"),
        )
    out["count"] = await store.count_games(("running", "finished", "lobby", "damaged"), guild="G1")
    return out


async def _read(store: Store, ids: list[str]) -> dict[str, Any]:
    await store.open()
    try:
        return await _everything(store, ids)
    finally:
        await store.close()


async def _prefs_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    store = PostgresStore(url)
    await store.open()
    try:
        return {
            t: [tuple(r) for r in await store.pool.fetch(f"SELECT * FROM {t} ORDER BY 1")]
            for t in (
                "follows",
                "user_settings",
                "guild_settings",
                "arbiter_dm_reminders",
                "arbiter_announced",
            )
        }
    finally:
        await store.close()


def test_db_copy_moves_everything_and_verifies_it_by_replay(
    tmp_path: Path, postgres_cluster: PostgresCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "arbiter.db"
    ids = asyncio.run(_server(path))
    before = asyncio.run(_read(SqliteStore(path), ids))
    url = postgres_cluster.new_database()

    assert cli.main(["db", "copy", "--from", f"sqlite:///{path}", "--to", url]) == 0
    out = capsys.readouterr().out
    assert "games: 5 rows" in out and "verified 5/5 games" in out, out
    assert "2 games replayed to their snapshots" in out  # the finished and the running one
    assert f"game {ids[4]} (toy): set aside as damaged" in out  # the undecodable row, copied as it is
    after = asyncio.run(_read(PostgresStore(url), ids))
    assert after == before
    assert before[ids[1]][5] and before[ids[1]][6] == 4 and before[ids[1]][3]  # clocks, the key, deadlines
    assert before[ids[0]][0].status == "finished" and before["count"] == 1
    prefs = asyncio.run(_prefs_rows(url))
    assert prefs["follows"] == [(ids[1], "u9", "dm")]
    assert prefs["user_settings"] == [("u1", '{"reminders": "dm"}')]
    assert prefs["guild_settings"] == [("G1", '{"pace": "slow"}')]
    assert prefs["arbiter_dm_reminders"] == [("u2",)] and prefs["arbiter_announced"] == [(ids[0], 12)]

    # the target now holds data: a second copy is refused and changes nothing
    assert cli.main(["db", "copy", "--from", str(path), "--to", url]) == 2
    assert "already holds data (5 games" in capsys.readouterr().err
    assert asyncio.run(_read(PostgresStore(url), ids)) == before


def test_db_copy_reports_a_game_that_does_not_replay_to_its_snapshot(
    tmp_path: Path, postgres_cluster: PostgresCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "arbiter.db"
    ids = asyncio.run(_server(path))
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM intents WHERE game_id=? AND seq=1", (ids[1],))
    assert cli.main(["db", "copy", "--from", str(path), "--to", postgres_cluster.new_database()]) == 1
    out = capsys.readouterr().out
    assert f"game {ids[1]} (toy, running): replaying its 0 intents does not reach its snapshot" in out, out
    assert "1 problem(s)" in out


def test_db_copy_refuses_what_it_cannot_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["db", "copy", "--from", str(tmp_path / "a.db"), "--to", "sqlite:///b.db"]) == 2
    assert "writes into PostgreSQL" in capsys.readouterr().err
    assert cli.main(["db", "copy", "--from", str(tmp_path / "missing.db"), "--to", "postgresql://h/d"]) == 2
    assert "does not exist" in capsys.readouterr().err
