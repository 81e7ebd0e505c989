"""The table's per-game locks (issue 21: "the per-game locks ... are never trimmed"): one game's changes
wait for each other, other games' never do, and a lock lives only while it is held or waited for."""

from __future__ import annotations

import asyncio

import pytest

from engine.core import IllegalIntent
from engine.store import MemoryStore
from engine.table import Table
from engine.table.locks import KeyedLocks


async def test_one_games_changes_run_one_at_a_time_and_others_do_not_wait() -> None:
    locks = KeyedLocks()
    order: list[str] = []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def long_change() -> None:
        async with locks.hold("g1"):
            order.append("g1 first in")
            first_in.set()
            await release.wait()
            order.append("g1 first out")

    async def second_change() -> None:
        async with locks.hold("g1"):
            order.append("g1 second in")

    async def other_game() -> None:
        async with locks.hold("g2"):
            order.append("g2 in")

    long = asyncio.create_task(long_change())
    await first_in.wait()
    second = asyncio.create_task(second_change())
    await other_game()  # does not wait for g1
    await asyncio.sleep(0)
    assert order == ["g1 first in", "g2 in"]
    assert len(locks) == 1  # g1, held and waited for; g2's is gone
    release.set()
    await asyncio.gather(long, second)
    assert order == ["g1 first in", "g2 in", "g1 first out", "g1 second in"]
    assert len(locks) == 0


async def test_a_waiter_cancelled_while_waiting_leaves_no_lock_behind() -> None:
    locks = KeyedLocks()
    held = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with locks.hold("g"):
            held.set()
            await release.wait()

    async def waiter() -> None:
        async with locks.hold("g"):
            raise AssertionError("never reached: cancelled while waiting")

    task = asyncio.create_task(holder())
    await held.wait()
    cancelled = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.gather(cancelled, return_exceptions=True)
    assert len(locks) == 1
    release.set()
    await task
    assert len(locks) == 0


async def test_a_table_that_played_many_games_keeps_no_lock_for_them() -> None:
    table = Table(MemoryStore())
    for n in range(12):
        gid = (await table.create("toy", f"a{n}", "Ann", seats=2, seed=n)).record.id
        await table.join(gid, f"b{n}", "Bo")
        await table.start(gid, f"a{n}")
        await table.submit(gid, f"a{n}", "pick:n=1")
        with pytest.raises(IllegalIntent):  # a refusal lets the lock go too
            await table.submit(gid, f"b{n}", "pick:n=7")
    assert len(table._locks) == 0
