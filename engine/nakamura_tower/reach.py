"""The squares a character may end a Move on: a breadth-first search over square numbers.

Every step of a Move costs one square (RB: "up to Speed squares", 8-way), so the squares within a budget
are the rings of a breadth-first search, and :meth:`engine.core.board.Grid.reachable` finds them so. Here
the search reads a table of the steps out of every square, made once per map (:meth:`Grid.neighbours`
with nothing shut), where the core's search asks of every step whether the doors and doorways let it
through. A passage (locked doors, models in open doorways: :func:`.board.passages`) changes only the rows
of the squares beside what it shuts, and those rows are made once per passage, by the grid itself. The
same squares in the same reading order as ``Grid.reachable`` (tests/engine/nakamura_tower/test_reach.py).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.board import OPEN, Cell, Grid, Passage

Rows = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=8)
def _rows(g: Grid) -> Rows:
    """The numbers of the squares one step from each square (``row * width + col``), nothing shut."""
    w = g.width
    return tuple(tuple(c.row * w + c.col for c in g.neighbours(cell)) for cell in g.cells())


@lru_cache(maxsize=8)
def _cells(g: Grid) -> tuple[Cell, ...]:
    return tuple(g.cells())


@lru_cache(maxsize=256)
def _changed(g: Grid, passage: Passage) -> dict[int, tuple[int, ...]]:
    """The rows ``passage`` changes: a step it refuses crosses an edge it shuts, squeezes past a square it
    pins or blocks, or enters a square it blocks, so its square lies within one square of that edge's
    squares or of that square; those rows are made again with the passage."""
    if passage == OPEN:
        return {}
    shut, pinned, blocked = passage.shut, passage.pinned, passage.blocked
    assert isinstance(shut, frozenset) and isinstance(pinned, frozenset) and isinstance(blocked, frozenset)
    touched = {c for edge in shut for c in (edge.a, edge.b)} | pinned | blocked
    w, rows = g.width, {}
    for t in touched:
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                cell = Cell(t.col + dc, t.row + dr)
                if g.inside(cell):
                    rows[cell.row * w + cell.col] = tuple(
                        c.row * w + c.col for c in g.neighbours(cell, passage)
                    )
    return rows


def squares_within(
    g: Grid, start: Cell, budget: int, blocking: frozenset[Cell], taken: frozenset[Cell], passage: Passage
) -> list[Cell]:
    """The squares within ``budget`` steps of ``start`` (on the board), through any square but
    ``blocking`` ones, that are not ``taken``, in reading order: ``Grid.reachable(start, budget, None,
    may_enter, may_pass, passage)`` with ``may_enter`` refusing ``taken`` and ``may_pass`` ``blocking``."""
    rows, changed, cells, w = _rows(g), _changed(g, passage), _cells(g), g.width
    first = start.row * w + start.col
    stop = {c.row * w + c.col for c in blocking}
    seen, ring = {first}, [first]
    for _ in range(budget):
        outer = []
        for here in ring:
            if here in stop and here != first:
                continue  # reached, but not to be passed
            for to in changed.get(here, rows[here]):
                if to not in seen:
                    seen.add(to)
                    outer.append(to)
        if not outer:
            break
        ring = outer
    return [cells[n] for n in sorted(seen) if n != first and cells[n] not in taken]
