"""Scheduling a league round: tables of the league's seat count from its signed-up players.

1. Byes: when the players do not divide into full tables, the players with the fewest byes so far sit
   out (among equals, a seeded draw), so byes rotate.
2. Tables: the others sorted by rating, strongest first, cut into tables: players of similar rating meet.
3. Repeats: swaps of two players between tables are kept while they lower the repeats (each pair who
   already met counts the square of how often, so a third meeting costs more than two second ones) and,
   at equal repeats, the spread of ratings within the tables.

No player sits at two tables of one round, and the same inputs always give the same round.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

Pair = tuple[str, str]


class RoundPlan(BaseModel):
    model_config = ConfigDict(frozen=True)

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


def pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def met_pairs(tables: Sequence[Sequence[str]]) -> dict[Pair, int]:
    """How often each pair of players met, over ``tables`` (earlier rounds)."""
    counts: dict[Pair, int] = {}
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            counts[pair(a, b)] = counts.get(pair(a, b), 0) + 1
    return counts


def schedule_round(
    players: Sequence[str],
    seats: int,
    ratings: Mapping[str, float],
    met: Mapping[Pair, int],
    byes: Mapping[str, int],
    seed: int,
) -> RoundPlan:
    """One round for ``players`` at tables of ``seats``."""
    if seats < 2:
        raise ValueError("a table needs at least 2 seats")
    if len(set(players)) != len(players):
        raise ValueError("a player is signed up twice")
    if len(players) < seats:
        raise ValueError(f"{len(players)} players cannot fill a table of {seats}")
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    resting = sorted(order, key=lambda p: byes.get(p, 0))[: len(players) % seats]
    playing = sorted((p for p in players if p not in resting), key=lambda p: (-ratings.get(p, 0.0), p))
    tables = [playing[i : i + seats] for i in range(0, len(playing), seats)]
    _reduce_repeats(tables, ratings, met)
    return RoundPlan(tables=tuple(tuple(t) for t in tables), byes=tuple(sorted(resting)))


def _cost(table: Sequence[str], ratings: Mapping[str, float], met: Mapping[Pair, int]) -> tuple[int, float]:
    repeats = sum(met.get(pair(a, b), 0) ** 2 for a, b in itertools.combinations(table, 2))
    values = [ratings.get(p, 0.0) for p in table]
    return repeats, max(values) - min(values)


def _reduce_repeats(tables: list[list[str]], ratings: Mapping[str, float], met: Mapping[Pair, int]) -> None:
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            if _best_swap(tables[i], tables[j], ratings, met):
                improved = True


def _best_swap(one: list[str], two: list[str], ratings: Mapping[str, float], met: Mapping[Pair, int]) -> bool:
    """Make the one swap between two tables that lowers their repeats most; whether one was made."""

    def joint(a: Sequence[str], b: Sequence[str]) -> tuple[int, float]:
        ca, cb = _cost(a, ratings, met), _cost(b, ratings, met)
        return ca[0] + cb[0], ca[1] + cb[1]

    now = joint(one, two)
    if now[0] == 0:
        return False
    best, choice = now, None
    for x, y in itertools.product(range(len(one)), range(len(two))):
        a, b = one.copy(), two.copy()
        a[x], b[y] = b[y], a[x]
        cost = joint(a, b)
        if cost[0] < best[0] or (cost[0] == best[0] and cost[0] < now[0] and cost[1] < best[1]):
            best, choice = cost, (x, y)
    if choice is None:
        return False
    x, y = choice
    one[x], two[y] = two[y], one[x]
    return True


__all__ = ["Pair", "RoundPlan", "met_pairs", "pair", "schedule_round"]
