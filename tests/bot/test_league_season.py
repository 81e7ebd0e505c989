"""A simulated season through the table (issue 19: "40 agent players of known hidden strength (heuristic
agents with different levels of randomness), 3 leagues, 6 rounds through the table: report how well the
final ratings order the players by their true strength (rank correlation)").

Every table is opened by the league service as a real game of the table (SQLite store, results recorded
by the table, ratings kept by the league store); its players go away at once so their agents play it, each
agent a :class:`~engine.core.agents.NoisyAgent` whose noise is the player's hidden strength. The league
schedules each next round itself when a round's last game ends.

The small case runs with the suite; the issue's figure (40 players, three leagues, six rounds) is slow.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from bot.leagues import LeagueService, table_seed
from bot.store.league_stores import league_store_for
from bot.store.sqlite.storage import SqliteStore
from engine.core.agents import Agent, NoisyAgent, make_agent
from engine.core.game import Game
from engine.league.league import League, LeagueRound
from engine.league.simulate import spearman
from engine.league.store import LeagueStore
from engine.league.view import StandingsView
from engine.records import GameRecord
from engine.store import Store
from engine.table import Table

SERVER = 5


class GradedTable(Table):
    """A table whose agents play as well as their seat's player is strong (noise 0 best, 1 random)."""

    def __init__(self, store: Store, noise: dict[str, float]) -> None:
        super().__init__(store)
        self.noise = noise

    def _agent(self, game: Game[Any], record: GameRecord, seat: str, seed: int) -> Agent:
        user = record.user_of(seat) or ""
        return NoisyAgent(make_agent(game, "heuristic", seed), self.noise.get(user, 1.0), seed ^ 0x5EED)


class AwayFront:
    """Opens each table's game and sends every player on vacation: agents play it to the end."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def open_table(self, league: League, round_: LeagueRound, index: int) -> str:
        players = [(p, p) for p in round_.tables[index].players]
        place = {"guild": str(SERVER), "league": league.id}
        seed = table_seed(league, round_, index)
        update = await self.table.open_seated(league.game_id, league.host, players, seed=seed, place=place)
        return update.record.id

    async def announce(self, league: League, text: str, standings: StandingsView | None = None) -> None:
        return None


async def _season(
    tmp_path: Path, players: int, leagues: list[tuple[str, int]], rounds: int
) -> dict[str, tuple[float, int]]:
    noise = {f"p{i:02d}": i / max(1, players - 1) for i in range(players)}
    store = SqliteStore(tmp_path / "season.db")
    await store.open()
    try:
        table = GradedTable(store, noise)
        kept = league_store_for(store)
        table.keep_results(kept)
        service = LeagueService(table, kept, AwayFront(table))
        table.subscribe(service.on_update)
        made = []
        for n, (game, seats) in enumerate(leagues):
            league = await service.create(
                SERVER, f"L{n}", game, host="host", channel="1", seats=seats, rounds=rounds
            )
            for player in noise:
                league = await service.join(league, player, player, cap=1000)
            made.append(league)
        started = time.perf_counter()
        games = 0
        for league in made:
            await service.schedule(league, "host", moderator=False)
            for _ in range(rounds):
                loaded = await kept.league(league.id)
                assert loaded is not None
                current = loaded[0]
                for t in current.season.rounds[-1].tables:
                    assert t.record_id is not None
                    for seat in (await table.record(t.record_id)).seats:
                        if (await table.record(t.record_id)).status == "running" and seat.user:
                            await table.set_away(t.record_id, seat.user, True)
                    games += 1
            figure = await _figure(kept, league.game_id, noise)
            print(
                f"{league.game_id}: {games} games in {time.perf_counter() - started:.0f} s; {figure}",
                flush=True,
            )
        seconds = time.perf_counter() - started
        figures = {game: await _figure(kept, game, noise) for game, _ in leagues}
        print(f"{games} games through the table in {seconds:.0f} s; Spearman, rated players: {figures}")
        results = await kept.results(server_id=SERVER)
        assert len(results) == games and len({r.game_id for r in results}) == games  # each game once
        return figures
    finally:
        await store.close()


async def _figure(kept: LeagueStore, game: str, noise: dict[str, float]) -> tuple[float, int]:
    """Spearman's correlation of the shown ratings with the true strength, and how many were rated."""
    ratings = await kept.ratings(SERVER, game)
    order = sorted(noise)
    shown = [ratings[p].shown if p in ratings else 0.0 for p in order]
    return round(spearman(shown, [-noise[p] for p in order]), 3), len(ratings)


async def test_a_small_season_through_the_table_orders_players(tmp_path: Path) -> None:
    figures = await _season(tmp_path, players=8, leagues=[("virtual_revolution", 2)], rounds=3)
    correlation, rated = figures["virtual_revolution"]
    assert rated == 8 and correlation > -1.0  # every player rated; the figure itself is the slow test's


@pytest.mark.sim
@pytest.mark.slow
@pytest.mark.timeout(3600)
async def test_the_issue_season_through_the_table(tmp_path: Path) -> None:
    figures = await _season(
        tmp_path,
        players=40,
        leagues=[("virtual_revolution", 2), ("gamedec", 2), ("ipa_agents", 2)],
        rounds=6,
    )
    assert all(rated == 40 and correlation > 0.2 for correlation, rated in figures.values()), figures
