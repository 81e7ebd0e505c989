"""Leagues (engine/league/league.py, standings.py, reliability.py): sign-ups, rounds, points, seasons."""

from __future__ import annotations

import pytest

from engine.league.league import League, LeagueError, Requirement
from engine.league.reliability import Reliability
from engine.league.standings import TableResult, places_of, points_for, standings


def _league(**kw: object) -> League:
    return League(id="L1", name="Autumn Infamy", server_id=1, game_id="infamy", seats=3, host="host", **kw)


def test_default_points_share_tied_places() -> None:
    result = TableResult(ranking=(("ann",), ("bo", "cy"), ("dan",)))
    assert points_for(result) == {"ann": 3.0, "bo": 1.5, "cy": 1.5, "dan": 0.0}
    assert points_for(result, [10, 5, 1]) == {"ann": 10, "bo": 3.0, "cy": 3.0, "dan": 0.0}
    assert places_of(result) == {"ann": 1, "bo": 2, "cy": 2, "dan": 4}


def test_a_forfeit_scores_nothing_and_is_last() -> None:
    result = TableResult(ranking=(("bo",), ("ann",), ("cy",)), forfeits=("bo",))
    assert points_for(result) == {"bo": 0.0, "ann": 2.0, "cy": 1.0} and places_of(result)["bo"] == 3


def test_standings_break_ties_by_wins_then_mean_place() -> None:
    results = [
        TableResult(ranking=(("ann",), ("bo",), ("cy",))),
        TableResult(ranking=(("cy",), ("bo",), ("ann",))),
        TableResult(ranking=(("bo",), ("cy",), ("ann",))),
    ]
    lines = standings(results)
    assert [(ln.player, ln.points) for ln in lines] == [("bo", 4.0), ("cy", 3.0), ("ann", 2.0)]
    tied = standings(results[:2])  # ann and cy: 2 points and 1 win each; bo: 2 points, no win
    assert [ln.player for ln in tied] == ["ann", "cy", "bo"]


def test_sign_up_refusals() -> None:
    league = _league(requirement=Requirement(on_time=0.8))
    league.join("ann", Reliability(), running_games=0)
    with pytest.raises(LeagueError, match="already in"):
        league.join("ann", Reliability(), 0)
    late = Reliability(met=1, missed=3)
    with pytest.raises(LeagueError, match="met 25% of your deadlines"):
        league.join("bo", late, 0)
    with pytest.raises(LeagueError, match="your limit for now \\(4\\)"):
        league.join("cy", Reliability(), running_games=4)
    assert Reliability(finished=12).game_cap() == 6
    league.signups_open = False
    with pytest.raises(LeagueError, match="closed"):
        league.join("dan", Reliability(), 0)


def test_a_season_schedules_records_and_archives() -> None:
    league = _league(players=["ann", "bo", "cy", "dan", "eve", "fay", "gus"])
    first = league.schedule({}, seed=1)
    assert len(first.tables) == 2 and len(first.byes) == 1
    with pytest.raises(LeagueError, match="still has 2 table"):
        league.schedule({}, seed=2)
    with pytest.raises(LeagueError, match="exactly the table's players"):
        league.record(1, 0, TableResult(ranking=(("zed",),)))
    for index, table in enumerate(first.tables):
        league.record(1, index, TableResult(ranking=tuple((p,) for p in table.players)))
    second = league.schedule({}, seed=2)
    assert second.number == 2 and second.byes != first.byes
    ended = league.end_season()
    assert ended.final is not None and ended.final[0].points == 2.0
    assert league.season.number == 2 and league.season.rounds == []


def test_record_game_counts_only_the_tables_own_players() -> None:
    """RULINGS.md 1, 3 and 5: a player missing from the game's result (removed by the host, or whose seat
    another member took) forfeits the table; a member who is not the table's player is left out; a game
    abandoned by vote is a forfeit for everyone; a result is recorded once."""
    league = _league(players=["ann", "bo", "cy", "dan", "eve", "fay"])
    first = league.schedule({}, seed=3)
    one, two = first.tables
    one.record_id, two.record_id = "g1", "g2"
    stranger = TableResult(ranking=(("zed",), (one.players[1],), (one.players[2],)))
    assert league.record_game("g1", stranger) is first
    recorded = first.tables[0].result
    assert recorded is not None and recorded.forfeits == (one.players[0],)
    assert "zed" not in {p for g in recorded.ranking for p in g}
    assert league.record_game("g1", TableResult(ranking=((one.players[0],),))) is None  # already in
    assert league.record_game("nope", None) is None
    league.record_game("g2", None)
    abandoned = first.tables[1].result
    assert abandoned is not None and set(abandoned.forfeits) == set(two.players) and abandoned.ranking == ()
    lines = {line.player: line for line in league.standings()}
    assert all(lines[p].points == 0 and lines[p].wins == 0 for p in two.players)
    assert first.done
