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
    """:func:`_plan` of a pair in reading order: :meth:`Grid.sees` on the bare map (its blocked squares and
    walls, the corners by the ``sides`` rule), from the line walked once (:func:`_walk`)."""
    if a == b:
        return _Plan(True, _NONE, _NO_EDGES, _NONE, _NO_EDGES)
    between, crossed, corners = _walk(g, a, b)
    if any(c in g.blocked for c in between) or any(e in g.walls for e in crossed):
        return _BLOCKED
    for sides, edges in corners:  # Grid.sees' "sides" rule with the map's walls and blocked squares alone
        if all(
            s in g.blocked or any(e in g.walls for e in pair) for s, pair in zip(sides, edges, strict=True)
        ):
            return _BLOCKED
    if not corners:  # most lines: no corner to judge (one empty set shared by all of them)
        return _Plan(True, frozenset(between), frozenset(crossed), _NONE, _NO_EDGES)
    return _Plan(
        True,
        frozenset(between),
        frozenset(crossed),
        frozenset(s for sides, _ in corners for s in sides),
        frozenset(e for _, edges in corners for pair in edges for e in pair),
    )


Corner = tuple[tuple[Cell, Cell], tuple[tuple[Edge, Edge], tuple[Edge, Edge]]]
"""Where a line passes exactly through a corner: the two squares it squeezes between and, for each, its two
edges that meet there (:class:`engine.core.board.line.Corner`'s ``sides`` and ``side_edges``)."""


@lru_cache(maxsize=8)
def _edges(g: Grid) -> tuple[tuple[Cell, ...], tuple[Edge, ...], tuple[Edge, ...]]:
    """The grid's squares by number, the edge east of each and the edge south of each (off the board for
    the last column and row), made once per map."""
    cells = tuple(g.cells())
    east = tuple(Edge.of_neighbours(c, Cell(c.col + 1, c.row)) for c in cells)
    south = tuple(Edge.of_neighbours(c, Cell(c.col, c.row + 1)) for c in cells)
    return cells, east, south


def _walk(g: Grid, a: Cell, b: Cell) -> tuple[list[Cell], list[Edge], list[Corner]]:
    """The squares strictly between ``a`` and ``b``, the edges the centre-to-centre line crosses and the
    corners it passes through: :func:`engine.core.board.line.line`'s cells, crossings and corners, walked
    on square numbers with the map's own edges (no object made per step)."""
    cells, east, south = _edges(g)
    w = g.width
    dx, dy = b.col - a.col, b.row - a.row
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    nx, ny = abs(dx), abs(dy)
    col, row, i, j = a.col, a.row, 1, 1
    between: list[Cell] = []
    crossed: list[Edge] = []
    corners: list[Corner] = []
    while i <= nx or j <= ny:
        # the i-th column line is met at (2i - 1) / (2 nx) of the way, the j-th row line likewise
        if j > ny:
            order = -1
        elif i > nx:
            order = 1
        else:
            lhs, rhs = (2 * i - 1) * ny, (2 * j - 1) * nx
            order = (lhs > rhs) - (lhs < rhs)
        if order < 0:
            crossed.append(east[row * w + min(col, col + sx)])
            col, i = col + sx, i + 1
        elif order > 0:
            crossed.append(south[min(row, row + sy) * w + col])
            row, j = row + sy, j + 1
        else:
            top, left = min(row, row + sy), min(col, col + sx)
            side_x, side_y = cells[row * w + col + sx], cells[(row + sy) * w + col]
            edges_x = (east[row * w + left], south[top * w + col + sx])
            edges_y = (south[top * w + col], east[(row + sy) * w + left])
            corners.append(((side_x, side_y), (edges_x, edges_y)))
            col, row, i, j = col + sx, row + sy, i + 1, j + 1
        between.append(cells[row * w + col])
    return between[:-1], crossed, corners


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
