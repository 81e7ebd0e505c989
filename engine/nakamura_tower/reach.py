"""The squares a character may end a Move on, and its way to one: a breadth-first search over square
numbers.

Every step of a Move costs one square (RB: "up to Speed squares", 8-way), so the squares within a budget
are the rings of a breadth-first search, as :meth:`engine.core.board.Grid.reachable` and
:meth:`~engine.core.board.Grid.path` find them. Here the search reads a table of the steps out of every
square, made once per map (:meth:`Grid.neighbours` with nothing shut), where the core's search asks of
every step whether the doors and doorways let it through. A passage (locked doors, models in open doorways:
:func:`.board.passages`) changes only the rows of the squares beside what it shuts, and those rows are made
once per passage, by the grid itself. Each square keeps the square it is reached from by the path's
tie-break (an orthogonal step before a diagonal one, then the first square in reading order), so one
search serves the listed moves and the way of the move chosen. The same squares in the same order, and the
same ways, as the grid's (tests/engine/nakamura_tower/test_reach.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.core.board import OPEN, Cell, Grid, Passage, Route

Row = tuple[tuple[int, int], ...]
"""The steps out of one square: (number of the square reached, rank of the step)."""
SEARCHES_KEPT = 1024
"""How many searches are kept: an activation's next listing, and the move chosen from it, ask again."""


def _row(g: Grid, cell: Cell, passage: Passage) -> Row:
    """The steps out of ``cell`` ``passage`` allows, each with the rank the core's search gives it (a
    diagonal step after every orthogonal one, then the number of the square it leaves)."""
    w, here = g.width, cell.row * g.width + cell.col
    diagonal = g.width * g.height
    return tuple(
        (c.row * w + c.col, (diagonal if c.col != cell.col and c.row != cell.row else 0) + here)
        for c in g.neighbours(cell, passage)
    )


@lru_cache(maxsize=8)
def _rows(g: Grid) -> tuple[Row, ...]:
    return tuple(_row(g, cell, OPEN) for cell in g.cells())


@lru_cache(maxsize=8)
def _cells(g: Grid) -> tuple[Cell, ...]:
    return tuple(g.cells())


@lru_cache(maxsize=256)
def _changed(g: Grid, passage: Passage) -> dict[int, Row]:
    """The rows ``passage`` changes: a step it refuses crosses an edge it shuts, squeezes past a square it
    pins or blocks, or enters a square it blocks, so its square lies within one square of that edge's
    squares or of that square; those rows are made again with the passage."""
    if passage == OPEN:
        return {}
    shut, pinned, blocked = passage.shut, passage.pinned, passage.blocked
    assert isinstance(shut, frozenset) and isinstance(pinned, frozenset) and isinstance(blocked, frozenset)
    touched = {c for edge in shut for c in (edge.a, edge.b)} | pinned | blocked
    rows = {}
    for t in touched:
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                cell = Cell(t.col + dc, t.row + dr)
                if g.inside(cell):
                    rows[cell.row * g.width + cell.col] = _row(g, cell, passage)
    return rows


class Search(NamedTuple):
    """What one search found: the squares a Move may end on, in reading order, and the ways to them."""

    grid: Grid
    start: Cell
    squares: tuple[Cell, ...]
    dist: dict[int, int]
    """The steps to each square reached (passable or not, taken or not), by number."""
    pred: dict[int, int]
    """The square each is reached from, by number."""
    taken: frozenset[Cell]

    def route(self, goal: Cell) -> Route | None:
        """``Grid.path(start, goal, None, may_enter, may_pass, passage, budget)`` of the search's inputs."""
        g, start = self.grid, self.start
        if goal == start:
            return Route((start,), 0)
        n = goal.row * g.width + goal.col
        if not g.inside(goal) or goal in self.taken or n not in self.dist:
            return None
        first, cells = start.row * g.width + start.col, _cells(g)
        way = [n]
        while way[-1] != first:
            way.append(self.pred[way[-1]])
        return Route(tuple(cells[k] for k in reversed(way)), self.dist[n])


@lru_cache(maxsize=SEARCHES_KEPT)
def search(
    g: Grid, start: Cell, budget: int, blocking: frozenset[Cell], taken: frozenset[Cell], passage: Passage
) -> Search:
    """From ``start`` (on the board) within ``budget`` steps, through any square but ``blocking`` ones, to
    squares not ``taken``, as ``passage`` allows: what ``Grid.reachable(start, budget, None, may_enter,
    may_pass, passage)`` finds (``may_enter`` refusing ``taken``, ``may_pass`` ``blocking``), and the ways
    ``Grid.path`` takes. Keyed on every input, so it cannot go stale."""
    dist, pred, reached = _walk(g, start, budget, blocking, passage)
    cells = _cells(g)
    squares = tuple(cells[n] for n in reached if cells[n] not in taken)
    return Search(g, start, squares, dist, pred, taken)


@lru_cache(maxsize=SEARCHES_KEPT)
def _walk(
    g: Grid, start: Cell, budget: int, blocking: frozenset[Cell], passage: Passage
) -> tuple[dict[int, int], dict[int, int], tuple[int, ...]]:
    """The breadth-first search of :func:`search`: the steps to every square reached and the square each is
    reached from, by number, and the numbers reached in reading order (the start left out). Who only fills
    a square (an ally) changes where a Move may end, not the ways, so it is not part of this key: a
    character's search holds while its friends move around it."""
    rows, changed, w = _rows(g), _changed(g, passage), g.width
    first = start.row * w + start.col
    stop = {c.row * w + c.col for c in blocking}
    dist, pred, rank = {first: 0}, {}, {}
    ring = [first]
    for d in range(budget):
        nd, outer = d + 1, []
        for here in ring:
            if here in stop and here != first:
                continue  # reached, but not to be passed
            for to, step in changed.get(here, rows[here]):
                old = dist.get(to)
                if old is None:
                    dist[to], pred[to], rank[to] = nd, here, step
                    outer.append(to)
                elif old == nd and step < rank[to]:
                    pred[to], rank[to] = here, step
        if not outer:
            break
        ring = outer
    return dist, pred, tuple(n for n in sorted(dist) if n != first)
