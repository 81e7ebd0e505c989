"""The table's key scenarios on both stores (issue 20): SQLite and a real PostgreSQL.

Submit and stale versions, an interaction delivered twice, racing clicks (in one table, and from two
tables on one database, as two processes), a restart at any moment that loses nothing, a snapshot that
fails its checksum rebuilt exactly from the log, a log with a gap set aside, a deadline default after a
restart, and one undecodable row among several games with deadlines due."""

from __future__ import annotations

import asyncio

import pytest

from engine.core import StaleVersion
from engine.core.errors import DamagedGame
from engine.store import Store
from engine.table import Limits, Table, Update
from tests.support.postgres import Backend


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def started(table: Table, host: str = "u1", place: dict[str, str] | None = None) -> str:
    gid = (await table.create("toy", host, "Ann", seats=3, seed=11, pace="blitz", place=place)).record.id
    await table.join(gid, f"{host}b", "Bo")
    await table.join(gid, f"{host}c", "Cy")
    await table.start(gid, host)
    return gid


async def reopened(backend: Backend, clock: Clock | None = None) -> tuple[Store, Table]:
    store = backend.make()
    await store.open()
    return store, Table(store, clock=clock) if clock else Table(store)


async def test_submit_stale_version_and_a_duplicate_interaction(backend_store: Store) -> None:
    table = Table(backend_store)
    gid = await started(table)
    version = (await table.record(gid)).version
    with pytest.raises(StaleVersion, match="moved on"):
        await table.submit(gid, "u1", "pick:n=1", expected_version=version - 1)
    first = await table.submit(gid, "u1", "pick:n=2", expected_version=version, idempotency_key="i-1")
    again = await table.submit(gid, "u1", "pick:n=2", expected_version=version, idempotency_key="i-1")
    assert first.record.version == version + 1 and again.duplicate
    assert [i.key for i in await backend_store.intents(gid)] == ["pick:n=2"]


async def test_racing_clicks_in_one_table_and_from_two_processes(store_backend: Backend) -> None:
    one, table_one = await reopened(store_backend)
    two, table_two = await reopened(store_backend)
    try:
        gid = await started(table_one)
        version = (await table_one.record(gid)).version
        # Both tables hold the game already. A table that loads a game cold while another process
        # commits it can read the record before the commit and the log after it, and sets a healthy
        # game aside: a load that is not one read is the multi-process part of issue 20, not yet built.
        await table_two.legal(gid, "u1")
        clicks = [
            (table_one if i % 2 else table_two).submit(
                gid, "u1", f"pick:n={1 + i % 3}", expected_version=version
            )
            for i in range(12)
        ]
        results = await asyncio.gather(*clicks, return_exceptions=True)
        assert sum(isinstance(r, Update) for r in results) == 1
        assert all(isinstance(r, Update | StaleVersion) for r in results), results
        assert len(await two.intents(gid)) == 1
    finally:
        await one.close()
        await two.close()


async def test_a_restart_loses_nothing_and_the_game_goes_on(store_backend: Backend) -> None:
    store, table = await reopened(store_backend)
    gid = await started(table)
    await table.submit(gid, "u1", "pick:n=2")
    await table.submit(gid, "u1b", "pick:n=1")
    before = await table.export(gid)
    await store.close()  # the process ends; a new one opens the same database
    store, table = await reopened(store_backend)
    try:
        after = await table.export(gid)
        assert after == before
        update = await table.submit(gid, "u1c", "pick:n=3", expected_version=before["version"])
        assert update.record.version == before["version"] + 1
    finally:
        await store.close()


async def test_a_snapshot_failing_its_checksum_is_rebuilt_exactly(store_backend: Backend) -> None:
    store, table = await reopened(store_backend)
    gid = await started(table)
    await table.submit(gid, "u1", "pick:n=2")
    before = await table.export(gid)
    await store.close()
    await store_backend.execute("UPDATE snapshots SET body = ? WHERE game_id = ?", '{"garbage": 1}', gid)
    store, table = await reopened(store_backend)
    try:
        after = await table.export(gid)
        assert after["final"] == before["final"] and (await table.record(gid)).status == "running"
        await table.submit(gid, "u1b", "pick:n=1")
    finally:
        await store.close()


async def test_a_log_with_a_gap_is_set_aside_never_reset(store_backend: Backend) -> None:
    store, table = await reopened(store_backend)
    gid = await started(table)
    await table.submit(gid, "u1", "pick:n=2")
    await table.submit(gid, "u1b", "pick:n=1")
    await store.close()
    await store_backend.execute("DELETE FROM intents WHERE game_id = ? AND seq = 1", gid)
    store, table = await reopened(store_backend)
    try:
        with pytest.raises(DamagedGame):
            await table.submit(gid, "u1c", "pick:n=3")
        record = await table.record(gid)
        assert record.status == "damaged" and "seq" in record.damage
        assert [i.seq for i in await store.intents(gid)] == [2] and await store.deadlines(game_id=gid) == []
    finally:
        await store.close()


async def test_deadlines_fall_due_after_a_restart_and_one_bad_row_stops_no_other(
    store_backend: Backend,
) -> None:
    clock = Clock()
    store, table = await reopened(store_backend, clock)
    table.limits = Limits(lobbies_per_user=0, running_per_user=0)
    ids = [await started(table, host=f"h{i}", place={"guild": "G", "thread": str(i)}) for i in range(5)]
    for i, gid in enumerate(ids):
        await table.submit(gid, f"h{i}", "pick:n=2")
    await store.close()
    await store_backend.execute("UPDATE games SET options = ? WHERE id = ?", "{not json", ids[2])
    store, table = await reopened(store_backend, clock)
    try:
        clock.now += 3600  # blitz: every deadline has passed while the bot was down
        updates = await table.tick()
        assert {u.record.id for u in updates if u.kind == "deadline"} == set(ids) - {ids[2]}
        for gid in set(ids) - {ids[2]}:
            assert [i.by for i in await store.intents(gid)][-1] == "deadline"
        assert (await store.game(ids[2])).status == "damaged"  # type: ignore[union-attr]
        assert await table.tick() == []  # applied once: nothing is due any more
    finally:
        await store.close()


async def test_many_games_commit_at_once_through_one_store(backend_store: Store) -> None:
    """Per-game locks let games commit concurrently: on PostgreSQL each takes a pooled connection, and
    their transactions stay apart."""
    table = Table(backend_store, limits=Limits(lobbies_per_user=0, running_per_user=0))
    games = [await started(table, host=f"h{i}") for i in range(8)]
    results = await asyncio.gather(
        *[table.submit(g, f"h{i}", "pick:n=2") for i, g in enumerate(games)], return_exceptions=True
    )
    assert all(isinstance(r, Update) for r in results), results
    assert [len(await backend_store.intents(g)) for g in games] == [1] * 8
    assert len({(await backend_store.game(g)).version for g in games}) == 1  # type: ignore[union-attr]
