"""IPA's line of sight walked square by square (:func:`engine.ipa_agents.rules.line_free`, issue 33: no
line is made for each look) against the board's :meth:`Grid.sees` with the corner rule IPA uses.

RB "Line of Sight": blocked by walls only; A-17: where the line passes exactly through a corner, it is
blocked only between two walls ("no squeezing between two diagonal walls")."""

from __future__ import annotations

import random

from engine.core.board import Cell, GridSpec, grid_of
from engine.ipa_agents.rules import line_free


def test_the_walked_line_sees_exactly_what_the_board_sees() -> None:
    g = grid_of(GridSpec(id="sight", width=24, height=24))
    rng = random.Random(17)
    for _ in range(60):
        blockers = frozenset(Cell(rng.randrange(24), rng.randrange(24)) for _ in range(rng.randint(0, 150)))
        for _ in range(200):
            a = Cell(rng.randrange(24), rng.randrange(24))
            col, row = (min(23, max(0, n + rng.randint(-3, 3))) for n in a)
            near = Cell(col, row)
            b = near if rng.random() < 0.4 else Cell(rng.randrange(24), rng.randrange(24))
            assert line_free(a, b, blockers) == g.sees(a, b, blockers=blockers, corner="sides"), (a, b)


def test_a_corner_blocks_only_between_two_blockers() -> None:
    a, b = Cell(0, 0), Cell(2, 2)  # the line passes exactly through B2's corners
    assert line_free(a, b, frozenset())
    assert not line_free(a, b, frozenset({Cell(1, 1)}))  # a square passed through
    assert line_free(a, b, frozenset({Cell(1, 0)}))  # one side of the corner A1-B2
    assert not line_free(a, b, frozenset({Cell(1, 0), Cell(0, 1)}))  # both sides
    assert line_free(a, b, frozenset({Cell(2, 2), Cell(0, 0)}))  # the ends never block
