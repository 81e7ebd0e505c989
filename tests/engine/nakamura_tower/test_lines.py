"""Line of Sight judged from each pair's plan (engine/nakamura_tower/lines.py) is the grid's own judgement:
on every map of the pack, random pairs of squares with random models in the way and random closed doors
(and none), ``lines.sees`` answers as ``Grid.sees`` does, either way along the line (one plan serves
both); a pair the map alone blocks stays blocked."""

from __future__ import annotations

import random

from engine.core.board import Cell, Edge, GridSpec, grid_of
from engine.core.board.line import line
from engine.nakamura_tower import grenades, lines
from engine.nakamura_tower.loading import pack


def test_a_planned_look_sees_what_the_grid_sees() -> None:
    rng = random.Random(5)
    for spec in pack().maps.values():
        g = grid_of(spec)
        cells = list(g.cells())
        doors = list(g.doors)
        for _ in range(4000):
            a, b = rng.choice(cells), rng.choice(cells)
            if rng.random() < 0.5:  # a short look, where corners and doorways matter most
                b = rng.choice(g.around(a, 4))
            blockers = frozenset(rng.sample(cells, rng.randint(0, 30)))
            closed = frozenset(rng.sample(doors, rng.randint(0, len(doors))))
            for people, shut in ((blockers, closed), (frozenset(), frozenset()), (blockers, frozenset())):
                expected = g.sees(a, b, blockers=people, closed=shut)
                assert lines.sees(g, a, b, people, shut) == expected, (a, b)
                assert lines.sees(g, b, a, people, shut) == g.sees(b, a, blockers=people, closed=shut)
                assert expected <= lines.clear_on_map(g, a, b)


def test_a_walked_line_meets_what_the_exact_line_meets() -> None:
    """``lines._walk`` (square numbers, the map's own edges) gives the squares between, the edges crossed
    and the corners passed of :func:`engine.core.board.line.line`, and a plan is clear exactly when the
    grid sees through the bare map: every pair of squares of every map of the pack, and random pairs on
    boards of other shapes with random walls and blocked squares."""
    grids = [grid_of(spec) for spec in pack().maps.values()]
    rng = random.Random(9)
    for width, height in ((30, 20), (7, 25), (40, 3)):
        cells = [Cell(c, r) for r in range(height) for c in range(width)]
        walls = {
            Edge.of_neighbours(c, Cell(c.col + 1, c.row)) for c in rng.sample(cells, 60) if c.col + 1 < width
        }
        walls |= {
            Edge.of_neighbours(c, Cell(c.col, c.row + 1)) for c in rng.sample(cells, 60) if c.row + 1 < height
        }
        spec = GridSpec(
            width=width,
            height=height,
            metric="eight_way",
            blocked=tuple(rng.sample(cells, 25)),
            walls=tuple(walls),
        )
        grids.append(grid_of(spec))
    for g in grids:
        cells = list(g.cells())
        pairs = (
            [(a, b) for a in cells for b in cells]
            if len(cells) <= 200
            else [(rng.choice(cells), rng.choice(cells)) for _ in range(20000)]
        )
        for a, b in pairs:
            between, crossed, corners = lines._walk(g, a, b)
            exact = line(a, b)
            assert between == list(exact.between)
            assert crossed == [c.edge for c in exact.crossings]
            assert corners == [(p.sides, p.side_edges) for p in exact.corners]
            assert lines.clear_on_map(g, a, b) == g.sees(a, b)


def test_a_grenades_squares_are_those_the_grid_sees_within_reach() -> None:
    """``grenades.in_sight`` reads only who blocks and which doors are shut within the thrower's reach (and
    keeps what it found per such surroundings): the squares it gives are those ``Grid.sees`` finds with
    everyone on the board and every closed door, asked twice of the same surroundings too."""
    rng = random.Random(11)
    for spec in pack().maps.values():
        g = grid_of(spec)
        cells, doors = list(g.cells()), list(g.doors)
        for _ in range(600):
            here, reach = rng.choice(cells), rng.randint(1, 8)
            blockers = frozenset(rng.sample(cells, rng.randint(0, 40)))
            closed = frozenset(rng.sample(doors, rng.randint(0, len(doors))))
            expected = [
                c.label
                for c in g.around(here, reach)
                if c != here and c not in g.blocked and g.sees(here, c, blockers=blockers, closed=closed)
            ]
            assert grenades.in_sight(g, here, reach, blockers, closed) == expected, (here, reach)
            assert grenades.in_sight(g, here, reach, blockers, closed) == expected
