"""Limits on what one user or one server may open (issue 9: "one user opened 10,000 lobbies in 2.6 s").

The table refuses a lobby or a join beyond :class:`engine.table.Limits`, counting in the store, and the
store then holds only the allowed number; display names are bounded.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine.store import MemoryStore, Store
from engine.table import LimitReached, Limits, Table

ATTEMPTS = 10_000


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s: Store = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "limits.db")
    await s.open()
    yield s
    await s.close()


async def _attempt(table: Table, user: str, guild: str = "g1") -> bool:
    try:
        await table.create("toy", user, "Ann", seats=2, place={"guild": guild})
    except LimitReached:
        return False
    return True


async def test_ten_thousand_lobbies_by_one_user_are_refused_beyond_the_limit(store: Store) -> None:
    table = Table(store)
    allowed = table.limits.lobbies_per_user
    results = await asyncio.gather(*(_attempt(table, "u1") for _ in range(ATTEMPTS)))
    assert sum(results) == allowed == 5
    assert await store.count_games(("lobby",), user="u1") == allowed
    assert len(await store.games()) == allowed, "the store holds only the allowed lobbies"
    assert await store.count_games(("lobby",), guild="g1") == allowed


async def test_the_refusal_says_what_to_do(store: Store) -> None:
    table = Table(store, limits=Limits(lobbies_per_user=1))
    await table.create("toy", "u1", "Ann", seats=2)
    with pytest.raises(LimitReached, match="open lobbies.*start, leave or close one"):
        await table.create("toy", "u1", "Ann", seats=2)


async def test_joining_counts_against_the_same_limit(store: Store) -> None:
    table = Table(store, limits=Limits(lobbies_per_user=2))
    lobbies = [(await table.create("toy", f"h{i}", f"Host{i}", seats=3)).record.id for i in range(4)]
    await table.join(lobbies[0], "u9", "Di")
    await table.join(lobbies[1], "u9", "Di")
    with pytest.raises(LimitReached):
        await table.join(lobbies[2], "u9", "Di")
    record = await table.record(lobbies[2])
    assert [s.user for s in record.seats] == ["h2"], "a refused join changes nothing"
    await table.leave(lobbies[0], "u9")
    await table.join(lobbies[2], "u9", "Di")  # room again once one is left


async def test_running_games_per_user_are_limited(store: Store) -> None:
    table = Table(store, limits=Limits(running_per_user=1))
    gid = (await table.create("toy", "u1", "Ann", seats=2)).record.id
    await table.add_agent(gid, "u1")
    await table.start(gid, "u1")
    with pytest.raises(LimitReached, match="play in 1 games"):
        await table.create("toy", "u1", "Ann", seats=2)
    await table.create("toy", "u2", "Bo", seats=2)  # another user is not affected


async def test_a_server_is_limited_but_not_another(store: Store) -> None:
    table = Table(store, limits=Limits(lobbies_per_guild=3))
    results = [await _attempt(table, f"u{i}", "g1") for i in range(5)]
    assert results == [True, True, True, False, False]
    assert await _attempt(table, "u9", "g2")
    assert await store.count_games(("lobby",), guild="g1") == 3
    assert await store.count_games(("lobby",), guild="g2") == 1


async def test_display_names_are_bounded(store: Store) -> None:
    table = Table(store)
    huge = "N" * 10_000_000
    gid = (await table.create("toy", "u1", huge, seats=3)).record.id
    await table.join(gid, "u2", "Bo\n\u202e" + "x" * 100)
    record = await table.record(gid)
    assert [len(s.name) for s in record.seats] == [32, 32]
    assert "\n" not in record.seats[1].name and "\u202e" not in record.seats[1].name
