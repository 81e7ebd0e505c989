"""The table's cache of live games (issue 21): a change reads nothing back that the table itself wrote, a
reminder marked in the store is marked in the cache too, and the cache is bounded (least recently used
first out, ended games before running ones)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine.store import MemoryStore
from engine.table import Limits, Table
from tests.engine.test_table import Clock, started


class CountingStore(MemoryStore):
    """A memory store that counts the reads the table makes."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: Counter[str] = Counter()

    async def table_state(self, game_id: str) -> dict[str, Any]:
        self.calls["table_state"] += 1
        return await super().table_state(game_id)

    async def deadlines(self, due_before: float | None = None, game_id: str | None = None) -> list[Any]:
        self.calls["deadlines"] += 1
        return await super().deadlines(due_before, game_id)

    async def idempotent(self, game_id: str, key: str) -> int | None:
        self.calls["idempotent"] += 1
        return await super().idempotent(game_id, key)

    async def game(self, game_id: str) -> Any:
        self.calls["game"] += 1
        return await super().game(game_id)


async def test_a_submit_reads_back_nothing_the_table_wrote() -> None:
    store = CountingStore()
    table = Table(store)
    gid = await started(table)
    store.calls.clear()
    update = await table.submit(gid, "u1", "pick:n=2", idempotency_key="interaction-1")
    assert not update.duplicate
    assert store.calls == Counter(), "no table state, deadline, idempotency or record read"
    # what the cache held is what the store has: a fresh table computes the same deadlines
    fresh = Table(store)
    assert await fresh.due(gid) == await table.due(gid) and await table.due(gid)


async def test_a_repeated_key_is_still_answered_once() -> None:
    store = CountingStore()
    table = Table(store)
    gid = await started(table)
    first = await table.submit(gid, "u1", "pick:n=2", idempotency_key="k")
    again = await table.submit(
        gid, "u1", "pick:n=2", idempotency_key="k", expected_version=first.record.version - 1
    )
    assert again.duplicate and store.calls["idempotent"] == 1
    assert len(await store.intents(gid)) == 1


async def test_a_reminder_is_not_sent_twice_after_another_seat_moves() -> None:
    """The reminder flag is kept in the cache too: a later change recomputes the open deadlines from the
    cache, and must not set a reminded deadline back to 'not reminded'."""
    clock = Clock()
    table = Table(MemoryStore(), clock=clock)
    gid = await started(table, pace="blitz")
    await table.submit(gid, "u1", "pick:n=3")
    clock.now += 4 * 60  # past the reminder point of a 5-minute decision, before its deadline
    first = await table.tick()
    assert {e.audience for u in first for e in u.events} == {frozenset({"Bo"}), frozenset({"Cy"})}
    await table.submit(gid, "u2", "pick:n=1")  # Bo decides; Cy's deadline is carried over
    clock.now += 10
    assert await table.tick() == [], "Cy was already reminded"


async def test_the_cache_is_bounded_and_evicted_games_load_again() -> None:
    store = CountingStore()
    table = Table(store, limits=Limits(live_games=2))
    games = [await started(table) for _ in range(3)]
    assert len(table._cache) == 2 and games[0] not in table._cache
    store.calls.clear()
    assert (await table.record(games[0])).status == "running"
    assert store.calls["game"] == 1, "the evicted game is read from the store"
    assert len(table._cache) == 2


async def test_an_ended_game_leaves_the_cache_first() -> None:
    table = Table(MemoryStore(), limits=Limits(live_games=2))
    ended = await started(table)
    running = await started(table)
    await table.abort(ended, "u1")
    assert (await table.record(ended)).status == "aborted"
    await table.record(running)
    third = await started(table)
    assert running in table._cache and third in table._cache and ended not in table._cache


async def test_seats_deadlines_and_clocks_are_written_when_they_change(tmp_path: Path) -> None:
    """A move that leaves the seats alone does not rewrite them, yet a seat that changes (on vacation) is
    saved: a new table on the same file reads it."""
    store = SqliteStore(tmp_path / "t.db")
    await store.open()
    try:
        table = Table(store)
        gid = await started(table)
        await table.submit(gid, "u1", "pick:n=2")
        await table.set_away(gid, "u2", True)
        fresh = Table(store)
        bo = (await fresh.record(gid)).seat_named("Bo")
        assert bo is not None and bo.away
        assert await fresh.due(gid) == await table.due(gid)
    finally:
        await store.close()


async def test_an_idle_game_leaves_the_cache_at_the_next_tick() -> None:
    table = Table(MemoryStore())
    idle, busy = await started(table), await started(table)
    table._cache.idle = 0.05
    await asyncio.sleep(0.1)
    await table.record(busy)  # touched just now
    await table.tick()
    assert idle not in table._cache and busy in table._cache
    assert (await table.record(idle)).status == "running"  # read again from the store


def test_a_copied_record_shares_nothing_mutable_with_the_cached_one() -> None:
    """The cache hands out copies (callers change them before a commit); the cheap copy must copy every
    list and dict field, including any field added later."""
    from engine.records import GameRecord, SeatRecord
    from engine.table.live import copied

    record = GameRecord(
        id="g",
        game="toy",
        host="u1",
        max_seats=2,
        seed=1,
        options={"target": {"deep": [1]}},
        place={"thread": "1"},
        winners=["Ann"],
        seats=[SeatRecord(seat="Ann", user="u1")],
    )
    copy = copied(record)
    assert copy == record
    for name in GameRecord.model_fields:
        value = getattr(record, name)
        if isinstance(value, list | dict):
            assert getattr(copy, name) is not value, name
    copy.seats[0].away = True
    copy.options["target"]["deep"].append(2)
    assert not record.seats[0].away and record.options == {"target": {"deep": [1]}}


async def test_only_the_hottest_games_keep_their_state_as_objects() -> None:
    """With more live games than HOT_STATES, the coldest keep only their state's committed text (one string
    for the garbage collector to walk instead of a hundred objects) and read it again when played: the same
    state, without a read from the store, and play goes on."""
    store = CountingStore()
    table = Table(store)
    table._cache.hot = 2
    games = [await started(table) for _ in range(4)]
    entries = [table._cache.peek(g) for g in games]
    assert all(e is not None for e in entries)
    held = [g for g, e in zip(games, entries, strict=True) if e is not None and e.state is not None]
    assert held == games[2:], "the two most recently used keep their objects"
    cold = table._cache.peek(games[0])
    assert cold is not None and cold.state is None and cold.snapshot
    game = table.engine_game(cold.record)
    store.calls.clear()
    _, state = await table._load(games[0])
    assert store.calls == Counter(), "read again from its text, not from the store"
    assert state is not None and game.dump(state) == cold.snapshot
    await table.submit(games[0], "u1", "pick:n=2")
    assert (await table.record(games[0])).version == cold.record.version + 1
    now_held = [g for g in games if (e := table._cache.peek(g)) is not None and e.state is not None]
    assert len(now_held) == 2 and games[0] in now_held


class PausingStore(MemoryStore):
    """A memory store whose next read of ``paused`` ("saved_snapshot" or "intents") waits until the test
    lets it go: a change can be committed between two of a reader's reads."""

    def __init__(self, paused: str) -> None:
        super().__init__()
        self.paused = paused
        self.pause = False
        self.reading = asyncio.Event()
        self.go_on = asyncio.Event()

    async def _wait(self, read: str) -> None:
        if self.pause and read == self.paused:
            self.pause = False
            self.reading.set()
            await self.go_on.wait()

    async def saved_snapshot(self, game_id: str) -> Any:
        await self._wait("saved_snapshot")
        return await super().saved_snapshot(game_id)

    async def intents(self, game_id: str) -> Any:
        await self._wait("intents")
        return await super().intents(game_id)


@pytest.mark.parametrize("paused", ["saved_snapshot", "intents"])
async def test_a_change_committed_during_an_unlocked_read_leaves_the_next_change_working(
    paused: str, caplog: Any
) -> None:
    """Issue 32: a reader (a view, an announcement) holds no game lock. A move committed between its read
    of the record (version v) and of the snapshot (v + 1) once made the game look torn: it was rebuilt from
    its log and cached beside the old record, so the next change failed on a stale version (a /vacation
    after a restart answered with an error and the member's seat was never handed to an agent). Paused
    before the intent log, the reader reads a whole older game, which must not replace the newer one the
    change cached meanwhile."""
    store = PausingStore(paused)
    table = Table(store)
    gid = await started(table)
    table.forget(gid)  # as after a restart: nothing cached
    store.pause = True
    reader = asyncio.create_task(table.view(gid, "u2"))
    await store.reading.wait()  # the reader has the record at version v and waits
    moved = await table.pause(gid, "u1")  # a change that logs no intent: the intent log cannot tell
    store.go_on.set()
    await reader
    assert "rebuilding" not in caplog.text, "a commit between two reads is no damage"
    record = await table.record(gid)
    assert record.version == moved.record.version, "the older read did not replace the newer entry"
    away = await table.set_away(gid, "u3", True)  # raised StaleVersion before
    assert away.record.version == moved.record.version + 1
    assert [s.away for s in away.record.seats if s.user == "u3"] == [True]
