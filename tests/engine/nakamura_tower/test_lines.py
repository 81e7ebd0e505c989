"""Line of Sight judged from each pair's plan (engine/nakamura_tower/lines.py) is the grid's own judgement:
on every map of the pack, random pairs of squares with random models in the way and random closed doors
(and none), ``lines.sees`` answers as ``Grid.sees`` does, either way along the line (one plan serves
both); a pair the map alone blocks stays blocked."""

from __future__ import annotations

import random

from engine.core.board import grid_of
from engine.nakamura_tower import lines
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
