"""The league stores on both databases (bot/store/sqlite/league_sqlite.py, bot/store/postgres/league_pg.py)
and in memory: a result is recorded once with its ratings and reliability, results are listed in recording
order by server, game and player, the ratings rebuilt from the results equal the stored ones, and leagues
are saved with a compare-and-swap on their version and a unique name per server. Issue 19: "ratings are
recomputable from the results alone (a command rebuilds them, and a test checks the rebuild equals the
incremental values)"."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import cli
from bot.store.league_stores import league_store_for
from bot.store.postgres.pg_store import PostgresStore
from bot.store.sqlite.storage import SqliteStore
from engine.core.errors import StaleVersion
from engine.league.league import League, LeagueError
from engine.league.results import GameResult, PlayerLine
from engine.league.store import LeagueStore, MemoryLeagueStore, rebuilt_ratings
from engine.store import Store
from engine.table import Table
from tests.support.postgres import Backend, PostgresCluster


def _result(
    game_id: str, order: list[str], server: int = 7, game: str = "toy", rated: bool = True
) -> GameResult:
    return GameResult(
        game_id=game_id,
        server_id=server,
        game=game,
        rated=rated,
        finished=rated,
        ranking=tuple((u,) for u in order),
        players=[
            PlayerLine(user=u, seat=f"p{i}", met=3, missed=i % 2, timed_moves=2, move_seconds=60.0)
            for i, u in enumerate(order)
        ],
        place={"guild": str(server), "thread": "99"},
    )


async def _exercise(leagues: LeagueStore) -> None:
    first = await leagues.record_result(_result("g1", ["ann", "bo", "cy"]))
    assert first is not None and first.after["ann"].mu > first.before["ann"].mu
    assert await leagues.record_result(_result("g1", ["cy", "bo", "ann"])) is None  # the key is the game
    ratings = await leagues.ratings(7, "toy")
    assert ratings == first.after
    for n, order in enumerate([["bo", "ann"], ["cy", "ann", "bo"], ["ann", "cy"]], start=2):
        await leagues.record_result(_result(f"g{n}", order))
    await leagues.record_result(_result("other", ["ann", "bo"], server=8))
    await leagues.record_result(_result("void", ["ann", "bo"], rated=False))
    assert await leagues.recorded(["g1", "g3", "nope"]) == {"g1", "g3"}
    listed = await leagues.results(server_id=7, game="toy")
    assert [r.game_id for r in listed] == ["g1", "g2", "g3", "g4", "void"]
    assert [r.game_id for r in await leagues.results(user="cy", limit=2)] == ["g3", "g4"]
    assert (await leagues.ratings(7, "toy"))["ann"].games == 4  # the unrated game changed nothing
    assert await rebuilt_ratings(leagues, 7, "toy") == await leagues.ratings(7, "toy")
    await leagues.set_ratings(7, "toy", {})
    assert await leagues.ratings(7, "toy") == {}
    await leagues.set_ratings(7, "toy", await rebuilt_ratings(leagues, 7, "toy"))
    assert (await leagues.ratings(7, "toy"))["ann"].games == 4
    ann = await leagues.reliability("ann")
    assert ann.met == 18 and ann.finished == 5 and ann.moves == 12 and ann.mean_move_seconds == 30.0
    saved = await leagues.result("g2")
    assert saved is not None and saved.place["thread"] == "99" and saved.after
    league = League(id="L1", name="Autumn  Cup", server_id=7, game_id="toy", seats=2, host="h")
    version = await leagues.save_league(league, None)
    with pytest.raises(LeagueError, match="already has a league"):
        await leagues.save_league(league.model_copy(update={"id": "L2", "name": "autumn cup"}), None)
    league.players.append("ann")
    version = await leagues.save_league(league, version)
    with pytest.raises(StaleVersion):
        await leagues.save_league(league, version - 1)
    loaded = await leagues.league("L1")
    assert loaded is not None and loaded[0].players == ["ann"] and loaded[1] == version
    assert [x.id for x in await leagues.leagues(7)] == ["L1"] and await leagues.leagues(8) == []
    assert [x.id for x in await leagues.leagues()] == ["L1"]


async def test_memory_league_store() -> None:
    await _exercise(MemoryLeagueStore())


async def test_database_league_store(backend_store: Store, store_backend: Backend) -> None:
    leagues = league_store_for(backend_store)
    assert not isinstance(leagues, MemoryLeagueStore)
    await _exercise(leagues)
    # a restart (a new store on the same database) finds everything again
    again = store_backend.make()
    await again.open()
    try:
        reopened = league_store_for(again)
        assert (await reopened.ratings(7, "toy")) == await leagues.ratings(7, "toy")
        assert (await reopened.league("L1")) is not None
    finally:
        await again.close()


async def test_concurrent_recordings_of_one_game_apply_once(backend_store: Store) -> None:
    leagues = league_store_for(backend_store)
    outcomes = await asyncio.gather(*(leagues.record_result(_result("g1", ["ann", "bo"])) for _ in range(5)))
    assert sum(o is not None for o in outcomes) == 1
    assert (await leagues.ratings(7, "toy"))["ann"].games == 1


def test_db_copy_moves_leagues_results_ratings_and_reliability(
    tmp_path: Path, postgres_cluster: PostgresCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    """``arbiter db copy`` carries the league tables too: the target reads the same results, ratings,
    reliability and leagues as the source."""
    path = tmp_path / "arbiter.db"

    async def fill() -> tuple[object, ...]:
        store = SqliteStore(path)
        await store.open()
        try:
            leagues = league_store_for(store)
            for n, order in enumerate([["ann", "bo"], ["bo", "cy", "ann"]]):
                await leagues.record_result(_result(f"g{n}", order))
            await leagues.save_league(
                League(id="L1", name="Cup", server_id=7, game_id="toy", seats=2, host="h"), None
            )
            return await _snapshot(leagues)
        finally:
            await store.close()

    async def read(url: str) -> tuple[object, ...]:
        store = PostgresStore(url)
        await store.open()
        try:
            return await _snapshot(league_store_for(store))
        finally:
            await store.close()

    before = asyncio.run(fill())
    url = postgres_cluster.new_database()
    assert cli.main(["db", "copy", "--from", f"sqlite:///{path}", "--to", url]) == 0
    out = capsys.readouterr().out
    assert "results: 2 rows" in out and "ratings: 3 rows" in out, out
    assert asyncio.run(read(url)) == before


async def _snapshot(leagues: LeagueStore) -> tuple[object, ...]:
    return (
        [r.model_dump() for r in await leagues.results()],
        await leagues.ratings(7, "toy"),
        (await leagues.reliability("ann")).model_dump(),
        [x.model_dump() for x in await leagues.leagues()],
    )


async def test_the_database_names_the_ended_games_without_a_result(backend_store: Store) -> None:
    """After a restart the table asks only for the ended games whose result is missing (one query), so a
    start does not load every game ever finished."""
    table = Table(backend_store)
    leagues = league_store_for(backend_store)
    ids = []
    for seed in range(3):
        gid = (await table.create("toy", "u1", "Ann", seats=2, seed=seed)).record.id
        await table.join(gid, "u2", "Bo")
        await table.start(gid, "u1")
        ids.append(gid)
    await table.abort(ids[0], "u1")
    await table.abort(ids[1], "u1")
    assert await leagues.unrecorded_games() == [ids[0], ids[1]]  # the running game is not ended
    table.keep_results(leagues)
    assert await table.record_missing() == 2
    assert await leagues.unrecorded_games() == []
