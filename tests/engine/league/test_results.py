"""The table records each ended game's result once (engine/table/results.py, engine/league/results.py):
ranking from the Outcome, agents left out, away seats rated as their player, resignations last, games
abandoned or cancelled unrated, reliability counted, and ratings rebuilt from the results alone.

Issue 19: "the ranking in Outcome, ties as ties, agent seats excluded from the update (and agents not
rated), a seat taken over by an agent for missed deadlines rated as that player's result. A game
abandoned by vote or aborted is unrated; a resignation is a last place."
"""

from __future__ import annotations

import pytest

from engine.league.ratings import Rating
from engine.league.results import GameResult, PlayerLine, settle
from engine.league.store import MemoryLeagueStore, rebuilt_ratings
from engine.store import MemoryStore
from engine.table import Table, Update

GUILD = "42"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 7.0
        return self.now


async def _table(store: MemoryStore | None = None) -> tuple[Table, MemoryLeagueStore]:
    table = Table(store or MemoryStore(), clock=Clock())
    leagues = MemoryLeagueStore()
    table.keep_results(leagues)
    return table, leagues


async def _started(table: Table, humans: int, agents: int = 0, seed: int = 3) -> str:
    update = await table.create("toy", "u1", "Ann", seats=humans + agents, seed=seed, place={"guild": GUILD})
    gid = update.record.id
    for i in range(2, humans + 1):
        await table.join(gid, f"u{i}", f"P{i}")
    for _ in range(agents):
        await table.add_agent(gid, "u1")
    await table.start(gid, "u1")
    return gid


async def _finish_by_agents(table: Table, gid: str, users: list[str]) -> Update:
    """Everyone goes on vacation: agents play their seats to the end (and the seats stay theirs)."""
    update: Update | None = None
    for user in users:
        update = await table.set_away(gid, user, True)
        if update.finished:
            break
    assert update is not None and update.finished
    return update


async def test_a_finished_game_is_recorded_once_without_its_agent_seat() -> None:
    table, leagues = await _table()
    gid = await _started(table, humans=3, agents=1)
    await table.submit(gid, "u1", "pick:n=1")
    await _finish_by_agents(table, gid, ["u1", "u2", "u3"])
    result = await leagues.result(gid)
    assert result is not None and result.rated and result.server_id == 42
    players = {u for group in result.ranking for u in group}
    assert players == {"u1", "u2", "u3"}  # the agent seat is in no group, and has no rating
    assert set(result.after) == players and all(r.games == 1 for r in result.after.values())
    ratings = await leagues.ratings(42, "toy")
    assert set(ratings) == players
    # the ranking follows the game's own Outcome, seats turned into players
    record = await table.record(gid)
    outcome = table.engine_game(record).outcome(await table.rebuild(record))
    assert outcome is not None
    by_seat = {s.seat: s.user for s in record.seats}
    expected = [tuple(by_seat[s] for s in g if by_seat[s]) for g in outcome.ranking]
    assert result.ranking == tuple(g for g in expected if g)
    # offered again (a second process, a restart): nothing changes
    assert await table.record_result(gid) is None
    assert await leagues.ratings(42, "toy") == ratings
    first = await leagues.reliability("u1")
    assert first.finished == 1 and first.met == 1 and first.moves == 1 and first.move_seconds > 0


async def test_a_resignation_is_a_last_place_and_a_forfeit() -> None:
    table, leagues = await _table()
    gid = await _started(table, humans=3)
    await table.resign(gid, "u2")
    await _finish_by_agents(table, gid, ["u1", "u3"])
    result = await leagues.result(gid)
    assert result is not None and result.rated
    assert result.ranking[-1] == ("u2",) and result.forfeits == ("u2",)
    assert result.line_of("u2") is not None and result.line_of("u2").place == 3  # type: ignore[union-attr]
    reliability = await leagues.reliability("u2")
    assert reliability.abandoned == 1 and reliability.finished == 0
    assert (await leagues.reliability("u1")).finished == 1


async def test_games_abandoned_by_vote_or_cancelled_are_unrated() -> None:
    table, leagues = await _table()
    gid = await _started(table, humans=2)
    await table.vote(gid, "u1", "abandon")
    await table.vote(gid, "u2", "abandon")
    result = await leagues.result(gid)
    assert result is not None and not result.rated and not result.finished
    assert await leagues.ratings(42, "toy") == {}
    other = await _started(table, humans=2, seed=5)
    await table.abort(other, "u1")
    cancelled = await leagues.result(other)
    assert cancelled is not None and not cancelled.rated
    assert await leagues.ratings(42, "toy") == {}
    assert (await leagues.reliability("u1")).finished == 0
    lobby = (await table.create("toy", "u1", "Ann", seats=2, place={"guild": GUILD})).record.id
    await table.join(lobby, "u2", "Bo")
    await table.abort(lobby, "u1")  # cancelled before it started: a result with nobody in it
    empty = await leagues.result(lobby)
    assert empty is not None and empty.players == [] and not empty.rated
    assert lobby not in {r.game_id for r in await leagues.results(user="u2")}  # in nobody's history
    assert await table.record_missing() == 0


async def test_a_missed_deadline_counts_and_the_seat_stays_its_players() -> None:
    clock = Clock()
    table = Table(MemoryStore(), clock=clock)
    leagues = MemoryLeagueStore()
    table.keep_results(leagues)
    gid = await _started(table, humans=2)
    for _ in range(200):  # nobody plays: every deadline passes, agents take over, the game ends
        record = await table.record(gid)
        if record.status == "finished":
            break
        clock.now += 10 * 24 * 3600
        await table.tick(clock.now)
    result = await leagues.result(gid)
    assert result is not None and result.rated
    assert {u for g in result.ranking for u in g} == {"u1", "u2"}
    assert (await leagues.reliability("u1")).missed >= 1


async def test_a_result_missed_by_a_crash_is_recorded_at_the_first_tick() -> None:
    """The commit that ended the game happened, then the process died before recording its result: the
    next process (same database) records it at its first tick, and only once."""
    store = MemoryStore()
    before = Table(store, clock=Clock())  # keeps no results: as if it died before recording
    gid = await _started(before, humans=2)
    await _finish_by_agents(before, gid, ["u1", "u2"])
    after, leagues = await _table(store)
    assert await leagues.result(gid) is None
    await after.tick()
    assert await leagues.result(gid) is not None
    assert await after.record_missing() == 0


async def test_ratings_rebuilt_from_results_equal_the_incremental_ones() -> None:
    table, leagues = await _table()
    for seed in range(6):
        gid = await _started(table, humans=3, seed=seed)
        await _finish_by_agents(table, gid, ["u1", "u2", "u3"])
    assert await rebuilt_ratings(leagues, 42, "toy") == await leagues.ratings(42, "toy")


@pytest.mark.parametrize("rated", [True, False])
def test_settle_changes_ratings_only_when_rated(rated: bool) -> None:
    result = GameResult(
        game_id="g",
        server_id=1,
        game="toy",
        rated=rated,
        finished=rated,
        ranking=(("a",), ("b",)),
        players=[PlayerLine(user="a", met=2, missed=1), PlayerLine(user="b")],
    )
    settled, ratings, reliability = settle(result, {"a": Rating()}, {})
    assert ("a" in ratings and ratings["a"].mu > 25) is rated and bool(settled.after) is rated
    assert reliability["a"].met == 2 and reliability["a"].missed == 1
    assert reliability["a"].finished == (1 if rated else 0)
