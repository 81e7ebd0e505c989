"""Issue 33, item 7: the work behind the acknowledgements is bounded and ordered, and what cannot get a
turn is told so ("The referee is busy: try again in a moment"), never left unanswered (bot/gate.py)."""

from __future__ import annotations

import asyncio

import pytest

from bot.gate import BUSY, Busy, Work


async def test_turns_run_a_few_at_a_time_in_the_order_they_came() -> None:
    work = Work(running=2, waiting=10, wait_seconds=5)
    started: list[int] = []
    release = asyncio.Event()
    at_once = 0
    most = 0

    async def one(n: int) -> None:
        nonlocal at_once, most
        await work.enter()
        await work.enter()  # a second ack in the same interaction takes no second turn
        started.append(n)
        at_once += 1
        most = max(most, at_once)
        await release.wait()
        at_once -= 1

    tasks = [asyncio.create_task(one(n)) for n in range(6)]
    await asyncio.sleep(0.05)
    assert started == [0, 1] and work.waiting == 4
    release.set()
    await asyncio.gather(*tasks)
    assert started == [0, 1, 2, 3, 4, 5]
    assert most == 2 and work.waiting == 0 and work.most_waiting == 4


async def test_a_full_queue_is_told_the_referee_is_busy() -> None:
    work = Work(running=1, waiting=1, wait_seconds=5)
    hold = asyncio.Event()

    async def holder() -> None:
        await work.enter()
        await hold.wait()

    first = asyncio.create_task(holder())
    second = asyncio.create_task(holder())
    await asyncio.sleep(0.02)
    third = asyncio.create_task(holder())
    with pytest.raises(Busy) as refused:
        await third
    assert str(refused.value) == BUSY and "busy" in BUSY and "_" not in BUSY
    assert work.refused == 1
    hold.set()
    await asyncio.gather(first, second)


async def test_a_turn_that_does_not_come_in_time_is_told_the_referee_is_busy() -> None:
    work = Work(running=1, waiting=10, wait_seconds=0.05)
    hold = asyncio.Event()

    async def holder() -> None:
        await work.enter()
        await hold.wait()

    first = asyncio.create_task(holder())
    await asyncio.sleep(0.01)
    with pytest.raises(Busy):
        await work.enter()
    assert work.waiting == 0 and work.refused == 1
    hold.set()
    await first
    await asyncio.wait_for(work.enter(), 1)  # the turn given back: the next one gets it at once


async def test_while_the_announcements_are_behind_new_work_is_told_the_referee_is_busy() -> None:
    """Issue 21: "announcements never more than 5 s behind the database": new moves wait for them."""
    lag = [3.0]
    work = Work(running=4, waiting=10, wait_seconds=5, behind=lambda: lag[0], behind_most=2.5)
    with pytest.raises(Busy):
        await work.enter()
    lag[0] = 1.0
    await asyncio.wait_for(work.enter(), 1)
    assert work.refused == 1
