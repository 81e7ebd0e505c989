"""Simulated seasons (engine/league/simulate.py): agent players of known strength, the real scheduler,
standings and ratings. Do the ratings find who is stronger?"""

from __future__ import annotations

import time

import pytest

from engine.league.simulate import season, spearman


def test_spearman() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2], [1, 1, 2]) == pytest.approx(1.0)


def test_a_short_season_orders_three_strengths() -> None:
    """12 players in three strengths (no, half and all random moves), 4 rounds of Infamy at 3 seats."""
    noise = {f"pl{i:02d}": [0.0, 0.5, 1.0][i % 3] for i in range(12)}
    report = season(noise, [("infamy", 3)], rounds=4, seed=2)
    assert report.games == 16
    assert report.correlation("infamy", noise) > 0.6
    league = report.leagues[0]
    assert sum(line.played for line in league.standings()) == 48
    assert all(len(r.tables) == 4 and not r.byes for r in league.season.rounds)


@pytest.mark.sim
@pytest.mark.slow
def test_the_issue_season_40_players_3_leagues_6_rounds() -> None:
    """The figure issue 19 asks for: 40 players of graded strength (noise 0 to 1), three leagues, six
    rounds each; the rank correlation of the final ratings with the true strength, per game."""
    noise = {f"pl{i:02d}": i / 39 for i in range(40)}
    started = time.perf_counter()
    report = season(noise, [("infamy", 4), ("gamedec", 2), ("ipa_agents", 2)], rounds=6, seed=1)
    seconds = time.perf_counter() - started
    figures = {g: round(report.correlation(g, noise), 3) for g in ("infamy", "gamedec", "ipa_agents")}
    print(f"{report.games} games in {seconds:.0f} s; Spearman by game: {figures}")
    assert report.games == 60 + 120 + 120
    assert all(value > 0.2 for value in figures.values())
