"""Line of Sight on the tower floor, judged at each look by what can change alone.

RB LoS: "draw a line between the centres of the squares"; walls, closed doors and other sides' models
block it (:meth:`engine.core.board.Grid.sees` decides, corners by its ``sides`` rule). What the map itself
does to a line (its walls and blocked squares) never changes, so it is worked out once per pair of squares
(:func:`_plan`): a line the map blocks stays blocked whoever stands where (more blockers never clear a
line), and a line it lets through is blocked at a look only by a model on one of its squares or a closed
door on one of its edges. Only the few lines that pass exactly through a corner touched by a model or a
closed door are judged again in full, by the grid itself. A grenade's every target square, a drone's every
look and each listing of the attacks are such looks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core.board import Cell, Edge, Grid

PLANS_KEPT = 16_384
"""How many pairs of squares keep their plan, least recently used first: the looks of many turns (a game
asks a few thousand pairs), bounded so that the process's heap stays small."""


@dataclass(frozen=True, slots=True)
class _Plan:
    clear: bool
    """The map alone lets the line through."""
    between: frozenset[Cell]
    """The squares it passes through (its two ends excepted): a model there blocks it."""
    crossed: frozenset[Edge]
    """The edges it crosses: a closed door there blocks it."""
    corner_cells: frozenset[Cell]
    """The squares it squeezes between where it passes exactly through a corner."""
    corner_edges: frozenset[Edge]
    """The edges meeting at those corners."""


_NONE: frozenset[Cell] = frozenset()
_NO_EDGES: frozenset[Edge] = frozenset()
_BLOCKED = _Plan(False, _NONE, _NO_EDGES, _NONE, _NO_EDGES)


def _plan(g: Grid, a: Cell, b: Cell) -> _Plan:
    """What the map decides about the line between ``a`` and ``b``, and what a look must still read: one
    plan for both directions (a line from ``b`` meets the same squares, edges and corners, and
    :meth:`Grid.sees` is symmetric)."""
    return _planned(g, a, b) if a <= b else _planned(g, b, a)


@lru_cache(maxsize=PLANS_KEPT)
def _planned(g: Grid, a: Cell, b: Cell) -> _Plan:
    if not g.sees(a, b):
        return _BLOCKED
    trace = g.line(a, b)
    if not trace.corners:  # most lines: no corner to judge (one empty set shared by all of them)
        return _Plan(
            True, frozenset(trace.cells[1:-1]), frozenset(c.edge for c in trace.crossings), _NONE, _NO_EDGES
        )
    return _Plan(
        True,
        frozenset(trace.cells[1:-1]),
        frozenset(c.edge for c in trace.crossings),
        frozenset(s for point in trace.corners for s in point.sides),
        frozenset(e for point in trace.corners for pair in point.side_edges for e in pair),
    )


def clear_on_map(g: Grid, a: Cell, b: Cell) -> bool:
    """Whether the map alone lets the line from ``a`` to ``b`` through (nobody in the way, every door
    open): a square it does not is out of sight at every look."""
    return _plan(g, a, b).clear


def sees(g: Grid, a: Cell, b: Cell, blockers: frozenset[Cell], closed: frozenset[Edge]) -> bool:
    """``g.sees(a, b, blockers=blockers, closed=closed)``, reading only the models and doors on the line."""
    plan = _plan(g, a, b)
    if not plan.clear:
        return False
    if not plan.between.isdisjoint(blockers) or not plan.crossed.isdisjoint(closed):
        return False
    if plan.corner_cells.isdisjoint(blockers) and plan.corner_edges.isdisjoint(closed):
        return True
    return g.sees(a, b, blockers=blockers, closed=closed)
