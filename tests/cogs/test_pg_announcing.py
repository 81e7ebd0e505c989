"""Announcements with several processes on one PostgreSQL (issue 20): a change another process commits
wakes the process holding the game's shard (LISTEN/NOTIFY), which posts it exactly once, skipping no
version; a restart posts nothing again; a process that does not hold the shard posts nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.prefs import Prefs
from bot.store.postgres.pg_store import Changed, PostgresStore
from cogs.announcer import Announcer
from engine.table import Limits, Table
from tests.bot.conftest import Clock
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, start_game, thread_posts

UNLIMITED = Limits(lobbies_per_user=0, running_per_user=0, lobbies_per_guild=0, running_per_guild=0)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def stores(postgres_url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    """Two processes' stores on one database."""
    one, two = PostgresStore(postgres_url), PostgresStore(postgres_url)
    await one.open()
    await two.open()
    yield one, two
    await one.close()
    await two.close()


@pytest.fixture
async def world(stores: tuple[PostgresStore, PostgresStore], clock: Clock) -> AsyncIterator[World]:
    """The process holding the guild's shard: its table, its preferences in PostgreSQL, its announcer."""
    world = World(Table(stores[0], clock=clock, limits=UNLIMITED))
    world.services.prefs = Prefs.postgres(stores[0])
    await world.services.prefs.open()
    world.announcer.shared = True
    yield world


def wake_on_changes(world: World, store: PostgresStore, woken: asyncio.Event) -> None:
    """What the bot does with a notification (bot.discord_bot.ArbiterBot._heard)."""

    def heard(changed: Changed | None) -> None:
        assert changed is not None
        world.table.forget(changed.game_id)
        world.announcer.woken(changed.game_id)
        woken.set()

    store.listen(heard)


async def test_a_default_applied_by_another_process_is_announced_once_by_the_shard_holder(
    world: World, cogs: dict[str, Any], stores: tuple[PostgresStore, PostgresStore], clock: Clock
) -> None:
    gid, thread = await start_game(world, cogs, pace="blitz")
    await choose(world, "Ann", gid, thread, "pick:n=3")
    await choose(world, "Bo", gid, thread, "pick:n=2")
    await world.settle()
    woken = asyncio.Event()
    wake_on_changes(world, stores[0], woken)
    await asyncio.sleep(0.3)  # listening
    other = Table(stores[1], clock=clock, limits=UNLIMITED)  # the other process: no Discord game of its own
    clock.now += 3600
    mark = world.mark()
    updates = await other.tick()  # it claims Cy's deadline and applies the default
    assert [u.kind for u in updates] == ["deadline"]
    await asyncio.wait_for(woken.wait(), 5)
    await asyncio.sleep(0.2)
    await world.settle()
    posts = thread_posts(world, thread, mark)
    text = " ".join(p.text for p in posts)
    assert text.count("Cy has chosen. (deadline)") == 1, text  # the stored public line of that version
    record = await world.table.record(gid)
    assert await world.services.prefs.announced(gid) == record.version
    # a restart of the shard holder posts nothing again
    mark = world.mark()
    restarted = Announcer(world.client, world.services)
    assert await restarted.catch_up() == 0
    await restarted.drain(10)
    assert thread_posts(world, thread, mark) == []


async def test_a_newer_own_change_first_posts_the_version_another_process_made(
    world: World, cogs: dict[str, Any], stores: tuple[PostgresStore, PostgresStore], clock: Clock
) -> None:
    """No version is skipped: the shard holder's own change arrives before it heard of the other
    process's, and its post carries both, in order."""
    gid, thread = await start_game(world, cogs, pace="blitz")
    await world.settle()
    other = Table(stores[1], clock=clock, limits=UNLIMITED)
    await other.submit(gid, "1001", "pick:n=3")  # Ann answers through the other process (a DM, say)
    world.table.forget(gid)  # as its notification would; no wake-up is queued in this test
    mark = world.mark()
    await choose(world, "Bo", gid, thread, "pick:n=2")
    await world.settle()
    text = " ".join(p.text for p in thread_posts(world, thread, mark))
    assert text.count("Ann has chosen.") == 1 and text.count("Bo has chosen.") == 1, text
    assert text.index("Ann has chosen.") < text.index("Bo has chosen."), text
    assert await world.services.prefs.announced(gid) == (await world.table.record(gid)).version
    assert await Announcer(world.client, world.services).catch_up() == 0


async def test_a_process_not_holding_the_shard_posts_nothing_of_the_game(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs)
    await world.settle()
    world.announcer.holds = lambda record: False
    announced = await world.services.prefs.announced(gid)
    mark = world.mark()
    await choose(world, "Ann", gid, thread, "pick:n=3")
    await world.settle()
    assert thread_posts(world, thread, mark) == []
    assert await world.services.prefs.announced(gid) == announced  # left for the shard holder


async def test_alone_on_postgres_the_thread_gets_the_same_posts_as_on_one_process(
    world: World, cogs: dict[str, Any], clock: Clock
) -> None:
    """Watching for versions made elsewhere changes nothing when there are none: moves shown only on the
    status message (one post per turn) are not posted again at the next move."""
    from cogs import all_cogs
    from engine.store import MemoryStore

    alone = World(Table(MemoryStore(), clock=clock, limits=UNLIMITED))
    alone_cogs = {type(c).__name__: c for c in all_cogs(alone.services)}
    posted = []
    for each, each_cogs in ((alone, alone_cogs), (world, cogs)):
        gid, thread = await start_game(each, each_cogs)
        for name, pick in (("Ann", 1), ("Bo", 2), ("Cy", 3)):  # the first two: the status message only
            await choose(each, name, gid, thread, f"pick:n={pick}")
            await each.settle()
        # the event lines of each post (who leads next depends on the game's random seed)
        posted.append(
            [[x for x in p.text.splitlines() if x.startswith("• ")] for p in thread_posts(each, thread)]
        )
    assert posted[0] == posted[1]
