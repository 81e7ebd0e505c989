"""Ratings (engine/league/ratings.py): OpenSkill Plackett-Luce, ties as ties, agents left out, rebuilds."""

from __future__ import annotations

import random
import time

from engine.league.ratings import RatedResult, Rating, Ratings, rebuild, result_of


def _result(*groups: tuple[str, ...], rated: bool = True) -> RatedResult:
    return RatedResult(game_id="infamy", server_id=7, ranking=groups, rated=rated)


def test_winner_gains_loser_drops_and_ties_share() -> None:
    ratings = Ratings()
    change = ratings.record(_result(("ann",), ("bo", "cy")))
    assert change["ann"][1].mu > 25 > change["bo"][1].mu
    assert change["bo"][1] == change["cy"][1]  # tied players move alike
    assert all(after.sigma < before.sigma and after.games == 1 for before, after in change.values())


def test_newcomers_are_provisional_and_shown_conservatively() -> None:
    fresh = Rating()
    assert fresh.shown == 0.0 and fresh.provisional
    ratings = Ratings()
    for _ in range(5):
        ratings.record(_result(("ann",), ("bo",)))
    ann = ratings.of(7, "infamy", "ann")
    assert not ann.provisional and ann.shown == ann.mu - 3 * ann.sigma
    assert [p for p, _ in ratings.leaderboard(7, "infamy")] == ["ann", "bo"]


def test_unrated_games_and_agent_seats_change_nothing() -> None:
    ratings = Ratings()
    assert ratings.record(_result(("ann",), ("bo",), rated=False)) == {}
    result = result_of("infamy", 7, [("p1",), ("p2", "p3")], {"p1": "ann", "p2": None, "p3": "bo"})
    assert result.ranking == (("ann",), ("bo",))
    ratings.record(result)
    assert set(ratings.table["7:infamy"]) == {"ann", "bo"}
    alone = result_of("infamy", 7, [("p1",), ("p2",)], {"p1": "ann", "p2": None})
    assert ratings.record(alone) == {}  # one human against agents: nothing to rate


def test_ratings_are_per_server_and_game() -> None:
    ratings = Ratings()
    ratings.record(_result(("ann",), ("bo",)))
    assert ratings.of(8, "infamy", "ann") == Rating() and ratings.of(7, "gamedec", "ann") == Rating()


def test_rebuild_from_results_equals_the_incremental_ratings_and_is_fast() -> None:
    rng = random.Random(3)
    players = [f"pl{i}" for i in range(60)]
    results = []
    for _ in range(1000):
        table = rng.sample(players, 4)
        results.append(_result((table[0],), (table[1], table[2]), (table[3],)))
    incremental = Ratings()
    started = time.process_time()
    for result in results:
        incremental.record(result)
    seconds = time.process_time() - started
    assert rebuild(results) == incremental
    print(f"1,000 results rated in {seconds * 1000:.0f} ms")
