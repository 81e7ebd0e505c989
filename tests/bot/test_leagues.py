"""The league service (bot/leagues.py) without Discord: a league's rounds follow its games' ends, a restart
catches up on both what ended unheard and the tables never opened, a resignation is a forfeit and a last
place, and a table abandoned by vote is a forfeit for all its players.

Issue 19: "Points per placing (configurable), tie-breaks, forfeits when a game is abandoned by a player,
and a season end with final standings archived"; "when every table of a round has finished the next round
is scheduled" (brief)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.leagues import LeagueService, table_seed
from bot.store.league_stores import league_store_for
from bot.store.sqlite.storage import SqliteStore
from engine.league.league import League, LeagueRound
from engine.league.store import LeagueStore
from engine.league.view import StandingsView
from engine.table import Table


class Front:
    """Opens each table's game through the table (no thread), and keeps the news."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.news: list[str] = []
        self.fail = 0

    async def open_table(self, league: League, round_: LeagueRound, index: int) -> str:
        if self.fail:
            self.fail -= 1
            raise ConnectionError("Discord is down")
        await asyncio.sleep(0)  # Discord's round trip: another process may act meanwhile
        players = [(p, league.names.get(p, p)) for p in round_.tables[index].players]
        update = await self.table.open_seated(
            league.game_id,
            league.host,
            players,
            pace=league.pace,
            seed=table_seed(league, round_, index),
            place={"guild": str(league.server_id), "league": league.id},
        )
        return update.record.id

    async def announce(self, league: League, text: str, standings: StandingsView | None = None) -> None:
        self.news.append(text)


@pytest.fixture
async def sqlite(tmp_path: Path) -> SqliteStore:
    store = SqliteStore(tmp_path / "leagues.db")
    await store.open()
    yield store  # type: ignore[misc]
    await store.close()


async def _service(store: SqliteStore, listening: bool = True) -> tuple[LeagueService, Front, LeagueStore]:
    table = Table(store)
    leagues = league_store_for(store)
    table.keep_results(leagues)
    front = Front(table)
    service = LeagueService(table, leagues, front)
    if listening:
        table.subscribe(service.on_update)
    return service, front, leagues


async def _league(service: LeagueService, players: int = 4, rounds: int = 2) -> League:
    league = await service.create(7, "Cup", "toy", host="h", channel="1", seats=2, rounds=rounds)
    for n in range(1, players + 1):
        league = await service.join(league, f"u{n}", f"P{n}")
    return league


async def _current_games(service: LeagueService) -> list[str]:
    league = (await service.leagues(7))[0]
    return [t.record_id for t in league.season.rounds[-1].tables if t.record_id]


async def _finish(table: Table, game_id: str) -> None:
    for seat in (await table.record(game_id)).seats:
        if (await table.record(game_id)).status == "running" and seat.user:
            await table.set_away(game_id, seat.user, True)
    assert (await table.record(game_id)).status == "finished"


async def test_a_restart_catches_up_on_ended_games_and_unopened_tables(sqlite: SqliteStore) -> None:
    service, front, _ = await _service(sqlite)
    league = await _league(service)
    front.fail = 1  # the first table cannot be opened now
    await service.schedule(league, "h", moderator=False)
    assert len(await _current_games(service)) == 1
    # "the bot restarts": a new table and service on the same database, which did not hear the games end
    quiet, _, _ = await _service(sqlite, listening=False)
    await service.resume()  # the table that failed to open opens now
    games = await _current_games(service)
    assert len(games) == 2
    for gid in games:
        await _finish(quiet.table, gid)
    assert len((await service.leagues(7))[0].season.rounds) == 1  # nobody listened
    again, front_again, _ = await _service(sqlite)
    await again.resume()
    league = (await again.leagues(7))[0]
    assert len(league.season.rounds) == 2 and league.season.rounds[0].done
    assert any("round 2 is scheduled" in n for n in front_again.news)
    await again.resume()  # a second catch-up changes nothing
    assert len((await again.leagues(7))[0].season.rounds) == 2


async def test_a_resignation_is_a_forfeit_and_an_abandoned_table_forfeits_everyone(
    sqlite: SqliteStore,
) -> None:
    service, front, _ = await _service(sqlite)
    league = await _league(service, rounds=0)
    await service.schedule(league, "h", moderator=False)
    first, second = await _current_games(service)
    table = service.table
    resigner = (await table.record(first)).seats[0].user
    assert resigner is not None
    await table.resign(first, resigner)
    await _finish(table, first)
    voters = [s.user for s in (await table.record(second)).seats]
    for user in voters:
        assert user is not None
        await table.vote(second, user, "abandon")
    league = (await service.leagues(7))[0]
    results = [t.result for t in league.season.rounds[0].tables]
    assert results[0] is not None and results[0].forfeits == (resigner,)
    assert results[0].ranking[-1] == (resigner,)
    assert results[1] is not None and set(results[1].forfeits) == set(voters)
    lines = {line.player: line for line in league.standings()}
    assert lines[resigner].points == 0 and lines[resigner].forfeits == 1
    assert all(lines[u].points == 0 and lines[u].wins == 0 for u in voters if u)  # type: ignore[index]
    assert len(league.season.rounds) == 2  # the round was over, so the next was scheduled


async def test_in_the_background_the_move_that_ends_a_round_is_not_held_up(sqlite: SqliteStore) -> None:
    """The bot subscribes ``in_background``: the league moves on in a task of its own, after the move."""
    table = Table(sqlite)
    leagues = league_store_for(sqlite)
    table.keep_results(leagues)
    service = LeagueService(table, leagues, Front(table))
    table.subscribe(service.in_background)
    league = await _league(service)
    await service.schedule(league, "h", moderator=False)
    for gid in await _current_games(service):
        await _finish(table, gid)
    await service.drain()
    assert len((await service.leagues(7))[0].season.rounds) == 2


async def test_two_processes_never_open_one_table_twice(sqlite: SqliteStore) -> None:
    """Two bot processes catching up at once (two services on one database) claim each table before opening
    it: every table gets exactly one game."""
    service, front, _ = await _service(sqlite)
    league = await _league(service, players=8)
    front.fail = 4  # round 1 is saved, but none of its tables could be opened
    await service.schedule(league, "h", moderator=False)
    assert await _current_games(service) == []
    one, front_one, _ = await _service(sqlite)
    two, front_two, _ = await _service(sqlite)
    opened = await asyncio.gather(one.resume(), two.resume())
    assert opened == [None, None]
    games = await _current_games(one)
    assert len(games) == 4 and len(set(games)) == 4
    with sqlite3.connect(sqlite.path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4
