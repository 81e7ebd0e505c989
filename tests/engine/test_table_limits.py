"""Limits on what one user or one server may open (issue 9: "one user opened 10,000 lobbies in 2.6 s").

The table refuses a lobby or a join beyond :class:`engine.table.Limits`, counting in the store, and the
store then holds only the allowed number; display names are bounded. Issue 32: every step that can raise
a count (a start, a seat given, a resume, a host's role handed over) is refused beyond the limits too,
counted in the change's own transaction, on every store and across two processes on one PostgreSQL.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.postgres.pg_store import PostgresStore
from bot.store.sqlite.storage import SqliteStore
from engine.store import MemoryStore, Store
from engine.table import ACTIVE, LimitReached, Limits, Table

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


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
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


# --- every step that can raise a count, atomically (issue 32, item 1) ------------------------------------


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Each store in turn, PostgreSQL included (the session's throwaway cluster)."""
    s: Store
    if request.param == "postgres":
        s = PostgresStore(request.getfixturevalue("postgres_url"))
    else:
        s = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "limits.db")
    await s.open()
    yield s
    await s.close()


async def _running(table: Table, host: str, n: int, guild: str = "g1") -> list[str]:
    """``n`` running games hosted (and played) by ``host``, each with an agent seat."""
    ids = []
    for _ in range(n):
        gid = (await table.create("toy", host, "Ann", seats=2, place={"guild": guild})).record.id
        await table.add_agent(gid, host)
        await table.start(gid, host)
        ids.append(gid)
    return ids


async def _lobbies(table: Table, joiner: str, n: int, guild: str = "g1") -> list[str]:
    """``n`` lobbies of other hosts, each joined by ``joiner`` (so each is full and can start)."""
    ids = []
    for i in range(n):
        gid = (await table.create("toy", f"host{i}", f"Host{i}", seats=2, place={"guild": guild})).record.id
        await table.join(gid, joiner, "Di")
        ids.append(gid)
    return ids


async def test_a_start_is_refused_when_a_member_would_play_more_than_allowed(any_store: Store) -> None:
    """Issue 32: "a member in 19 running games joins 5 lobbies and plays 24 once they start"."""
    table = Table(any_store, limits=Limits(running_per_user=3, lobbies_per_user=5))
    await _running(table, "u9", 2)
    lobbies = await _lobbies(table, "u9", 3)  # joining is allowed: 2 running < 3
    await table.start(lobbies[0], "host0")  # the third running game: the most allowed
    for i, gid in enumerate(lobbies[1:], start=1):
        with pytest.raises(LimitReached, match="Di already plays in 3 games.*can start once they finish"):
            await table.start(gid, f"host{i}")
        assert (await table.record(gid)).status == "lobby", "a refused start changes nothing"
    assert await any_store.count_games(ACTIVE, user="u9") == 3
    with pytest.raises(LimitReached, match="play in 3 games"):  # and no new lobby either
        await table.join((await table.create("toy", "h7", "Ho", seats=2)).record.id, "u9", "Di")
    await table.leave(lobbies[1], "u9")  # once they leave it, the lobby starts with another member
    await table.join(lobbies[1], "u8", "Ed")
    await table.start(lobbies[1], "host1")


async def test_the_host_starting_is_told_in_the_second_person(any_store: Store) -> None:
    table = Table(any_store, limits=Limits(running_per_user=1))
    gid = (await table.create("toy", "u1", "Ann", seats=2)).record.id
    await table.add_agent(gid, "u1")
    other = (await table.create("toy", "u1", "Ann", seats=2)).record.id  # both opened before either ran
    await table.add_agent(other, "u1")
    await table.start(gid, "u1")
    with pytest.raises(LimitReached, match="^You already play in 1 games"):
        await table.start(other, "u1")


async def test_a_server_cannot_start_more_running_games_than_allowed(any_store: Store) -> None:
    table = Table(any_store, limits=Limits(running_per_guild=2))
    g1 = {"guild": "g1"}
    lobbies = [(await table.create("toy", f"u{i}", "Ann", seats=2, place=g1)).record.id for i in range(3)]
    for i, gid in enumerate(lobbies):
        await table.add_agent(gid, f"u{i}")
    await table.start(lobbies[0], "u0")
    await table.start(lobbies[1], "u1")
    with pytest.raises(LimitReached, match="This server already runs 2 games.*can start once some end"):
        await table.start(lobbies[2], "u2")
    elsewhere = (await table.create("toy", "u5", "Bo", seats=2, place={"guild": "g2"})).record.id
    await table.add_agent(elsewhere, "u5")
    await table.start(elsewhere, "u5")  # another server is not affected
    assert await any_store.count_games(ACTIVE, guild="g1") == 2


async def test_a_league_table_counts_against_its_server_not_its_players(any_store: Store) -> None:
    table = Table(any_store, limits=Limits(running_per_user=1, running_per_guild=2))
    players = [("u1", "Ann"), ("u2", "Bo")]
    place = {"guild": "g1"}
    await table.open_seated("toy", "lh", players, place=place)
    await table.open_seated("toy", "lh", players, place=place)  # a league's own cap was checked at sign-up
    with pytest.raises(LimitReached, match="This server already runs 2 games"):
        await table.open_seated("toy", "lh", players, place=place)
    assert await any_store.count_games(ACTIVE, guild="g1") == 2
    assert len(await any_store.games()) == 2, "a refused table leaves no lobby behind"


async def test_a_seat_given_a_handed_host_role_and_a_resume_count_too(any_store: Store) -> None:
    table = Table(any_store, limits=Limits(running_per_user=1, running_per_guild=0))
    busy = await _running(table, "u9", 1)
    target = (await table.create("toy", "u1", "Ann", seats=3)).record.id
    await table.join(target, "u2", "Bo")  # a member plays on when the host is removed
    await table.add_agent(target, "u1")
    await table.start(target, "u1")
    seat = (await table.record(target)).seats[2].seat  # the agent seat
    with pytest.raises(LimitReached, match="Di already plays in 1 games.*can take this seat"):
        await table.replace(target, "u1", seat, "u9", "Di")
    with pytest.raises(LimitReached, match="^You already play in 1 games"):  # the moderator would host it
        await table.kick(target, "u9", "u1", moderator=True)
    await table.abort(busy[0], "u9")
    await table.replace(target, "u1", seat, "u9", "Di")  # room again
    # a damaged game resumed counts again: its players may have started others meanwhile
    await any_store.mark_damaged(target, "test")
    table.forget(target)
    other = (await table.create("toy", "u1", "Ann", seats=2)).record.id
    await table.add_agent(other, "u1")
    await table.start(other, "u1")
    with pytest.raises(LimitReached, match="^You already play in 1 games"):
        await table.resume(target, "u1", moderator=True)
    assert (await any_store.game(target)).status == "damaged"  # type: ignore[union-attr]


async def test_concurrent_starts_never_pass_the_limit(any_store: Store) -> None:
    table = Table(any_store, limits=Limits(running_per_user=4, lobbies_per_user=0, running_per_guild=6))
    await _running(table, "u9", 1)
    lobbies = await _lobbies(table, "u9", 8)
    results = await asyncio.gather(
        *(table.start(gid, f"host{i}") for i, gid in enumerate(lobbies)), return_exceptions=True
    )
    assert all(not isinstance(r, Exception) or isinstance(r, LimitReached) for r in results), results
    assert sum(not isinstance(r, Exception) for r in results) == 3
    assert await any_store.count_games(ACTIVE, user="u9") == 4


async def test_two_processes_on_one_postgres_never_pass_the_limits_together(postgres_url: str) -> None:
    """Two stores (two pools, as two bot processes) start lobbies of one member and one server at once:
    the counts are taken in each change's transaction under an advisory lock, so exactly the allowed
    number start; a count read before the write would let both processes pass it."""
    stores = [PostgresStore(postgres_url), PostgresStore(postgres_url)]
    for s in stores:
        await s.open()
    try:
        limits = Limits(running_per_user=5, lobbies_per_user=0, lobbies_per_guild=0, running_per_guild=5)
        one, two = (Table(s, limits=limits) for s in stores)
        await _running(one, "u9", 1, guild="g2")
        lobbies = await _lobbies(one, "u9", 12, guild="g2")  # the member's: 4 more may start
        g1 = {"guild": "g1"}
        others = [(await one.create("toy", f"x{i}", "Cy", seats=2, place=g1)).record.id for i in range(6)]
        for i, gid in enumerate(others):
            await one.add_agent(gid, f"x{i}")
        starts = [(one if i % 2 else two).start(gid, f"host{i}") for i, gid in enumerate(lobbies)]
        starts += [(two if i % 2 else one).start(gid, f"x{i}") for i, gid in enumerate(others)]
        results = await asyncio.gather(*starts, return_exceptions=True)
        assert all(not isinstance(r, Exception) or isinstance(r, LimitReached) for r in results), results
        assert await stores[0].count_games(ACTIVE, user="u9") == 5
        assert await stores[0].count_games(ACTIVE, guild="g1") == 5  # of the 6 other lobbies
        assert sum(not isinstance(r, Exception) for r in results) == 4 + 5
    finally:
        for s in stores:
            await s.close()
