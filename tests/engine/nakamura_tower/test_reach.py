"""A Move's squares and ways from the breadth-first search over square numbers (engine/nakamura_tower/
reach.py) are the grid's own: the squares of ``Grid.reachable`` in the same reading order, and for every
goal (reached or not, taken, the start itself, off the board) the route of ``Grid.path``, on every map of
the pack, from random squares with random budgets, models in the way (some passable, as friends are),
locked doors, models pinning open doorways and blocked squares."""

from __future__ import annotations

import random

from engine.core.board import OPEN, Cell, Passage, grid_of
from engine.nakamura_tower import reach
from engine.nakamura_tower.loading import pack


def test_the_squares_and_ways_found_are_the_grids() -> None:
    rng = random.Random(3)
    for spec in pack().maps.values():
        g = grid_of(spec)
        cells, doors = list(g.cells()), list(g.doors)
        edges = doors + list(g.walls)
        for _ in range(3000):
            start = rng.choice(cells)
            taken = frozenset(rng.sample(cells, rng.randint(0, 20)) + [start])
            blocking = frozenset(c for c in taken if rng.random() < 0.6)
            passage = OPEN
            if rng.random() < 0.7:
                passage = Passage(
                    shut=frozenset(rng.sample(edges, rng.randint(0, min(6, len(edges))))),
                    pinned=frozenset(rng.sample(cells, rng.randint(0, 3))),
                    blocked=frozenset(rng.sample(cells, rng.randint(0, 2)))
                    if rng.random() < 0.3
                    else frozenset(),
                )
            budget = rng.randint(0, 7)
            enter, go = (lambda c, t=taken: c not in t), (lambda c, b=blocking: c not in b)
            found = reach.search(g, start, budget, blocking, taken, passage)
            assert list(found.squares) == list(g.reachable(start, budget, None, enter, go, passage))
            for goal in [*rng.sample(cells, 8), start, *found.squares[:3], Cell(-1, 0), Cell(g.width, 2)]:
                assert found.route(goal) == g.path(start, goal, None, enter, go, passage, budget), goal
