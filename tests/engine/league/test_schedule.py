"""Scheduling league rounds (engine/league/schedule.py)."""

from __future__ import annotations

import itertools

import pytest

from engine.league.schedule import met_pairs, pair, schedule_round


def _players(n: int) -> list[str]:
    return [f"pl{i:02d}" for i in range(n)]


def test_nobody_sits_twice_and_byes_cover_the_remainder() -> None:
    players = _players(14)
    plan = schedule_round(players, 4, {p: float(i) for i, p in enumerate(players)}, {}, {}, seed=1)
    seated = [p for t in plan.tables for p in t]
    assert len(seated) == len(set(seated)) == 12 and len(plan.byes) == 2
    assert set(seated) | set(plan.byes) == set(players) and all(len(t) == 4 for t in plan.tables)


def test_tables_group_similar_ratings() -> None:
    players = _players(12)
    ratings = {p: float(i) for i, p in enumerate(players)}
    plan = schedule_round(players, 4, ratings, {}, {}, seed=1)
    assert [sorted(ratings[p] for p in t) for t in plan.tables] == [
        [8, 9, 10, 11],
        [4, 5, 6, 7],
        [0, 1, 2, 3],
    ]


def test_byes_rotate_to_those_who_had_fewest() -> None:
    players = _players(7)
    byes: dict[str, int] = {}
    seen = []
    for round_no in range(7):
        plan = schedule_round(players, 2, {}, {}, byes, seed=round_no)
        (resting,) = plan.byes
        seen.append(resting)
        byes[resting] = byes.get(resting, 0) + 1
    assert sorted(seen) == players  # seven rounds: each player rests once


def test_repeat_pairings_are_avoided_where_possible() -> None:
    players = _players(8)
    ratings = {p: float(i) for i, p in enumerate(players)}
    history: list[tuple[str, ...]] = []
    for round_no in range(3):
        plan = schedule_round(players, 4, ratings, met_pairs(history), {}, seed=round_no)
        history.extend(plan.tables)
    met = met_pairs(history)
    # 8 players in two tables of 4 over 3 rounds: 36 pairs seated, 28 distinct pairs exist
    assert sum(met.values()) == 36 and max(met.values()) <= 2
    assert len(met) >= 24


def test_same_inputs_same_round_and_clear_refusals() -> None:
    players = _players(9)
    one = schedule_round(players, 3, {}, {pair("pl00", "pl01"): 1}, {}, seed=5)
    assert one == schedule_round(players, 3, {}, {pair("pl00", "pl01"): 1}, {}, seed=5)
    with pytest.raises(ValueError, match="cannot fill a table"):
        schedule_round(players[:2], 3, {}, {}, {}, seed=1)
    with pytest.raises(ValueError, match="twice"):
        schedule_round(["a", "a", "b"], 2, {}, {}, {}, seed=1)
    assert all(a != b for t in one.tables for a, b in itertools.combinations(t, 2))
