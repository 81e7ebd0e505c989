"""Property tests: symmetry of line of sight, paths never cross walls, reachable agrees with path, and
determinism."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.board import Cell, Edge, Grid, GridSpec, grid_of

W = H = 8
cells = st.builds(Cell, st.integers(0, W - 1), st.integers(0, H - 1))


@st.composite
def edges(draw: st.DrawFn) -> Edge:
    a = draw(cells)
    down = draw(st.booleans())
    b = Cell(a.col, a.row + 1) if down else Cell(a.col + 1, a.row)
    if b.col >= W or b.row >= H:
        b = Cell(a.col, a.row - 1) if down else Cell(a.col - 1, a.row)
    return Edge(a, b)


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    metric = draw(st.sampled_from(["manhattan4", "eight_way"]))
    walls = draw(st.frozensets(edges(), max_size=25))
    blocked = draw(st.frozensets(cells, max_size=8))
    spec = GridSpec(
        width=W, height=H, metric=metric, walls=tuple(sorted(walls)), blocked=tuple(sorted(blocked))
    )
    return grid_of(spec)


SETTINGS = settings(max_examples=60, deadline=None)


@SETTINGS
@given(grids(), cells, cells, st.frozensets(cells, max_size=6), st.sampled_from(["sides", "any", "none"]))
def test_line_of_sight_is_symmetric_for_the_same_blockers(
    g: Grid, a: Cell, b: Cell, blockers: frozenset[Cell], corner: str
) -> None:
    assert g.sees(a, b, blockers=blockers, corner=corner) == g.sees(
        b,
        a,
        blockers=blockers,  # type: ignore[arg-type]
        corner=corner,
    )  # type: ignore[arg-type]


@SETTINGS
@given(grids(), cells, cells)
def test_a_path_never_crosses_a_wall_nor_enters_a_blocked_cell(g: Grid, a: Cell, b: Cell) -> None:
    route = g.path(a, b)
    if route is None or a in g.blocked:
        return
    for here, there in zip(route.cells, route.cells[1:], strict=False):
        assert there not in g.blocked
        if here.col == there.col or here.row == there.row:
            assert Edge(here, there) not in g.walls
        else:
            assert g.metric == "eight_way"
            sides = (Cell(there.col, here.row), Cell(here.col, there.row))
            corner = [
                Edge(here, sides[0]),
                Edge(sides[0], there),
                Edge(here, sides[1]),
                Edge(sides[1], there),
            ]
            assert not any(e in g.walls for e in corner) and not any(s in g.blocked for s in sides)


@SETTINGS
@given(grids(), cells, st.integers(1, 7), st.frozensets(cells, max_size=10))
def test_reachable_agrees_with_path_costs(g: Grid, start: Cell, budget: int, slow: frozenset[Cell]) -> None:
    def cost(c: Cell) -> int:
        return 2 if c in slow else 1

    reach = g.reachable(start, budget, cost=cost)
    for cell, spent in reach.items():
        route = g.path(start, cell, cost=cost)
        assert route is not None and route.cost == spent <= budget
        assert sum(cost(c) for c in route.cells[1:]) == spent
    for cell in g.cells():
        if cell != start and cell not in reach:
            route = g.path(start, cell, cost=cost)
            assert route is None or route.cost > budget


@SETTINGS
@given(grids(), cells, cells)
def test_results_are_deterministic(g: Grid, a: Cell, b: Cell) -> None:
    again = Grid(g.spec)  # a fresh grid: no shared cache
    assert g.path(a, b) == again.path(a, b)
    assert g.reachable(a, 4) == again.reachable(a, 4)
    assert list(g.reachable(a, 4)) == list(again.reachable(a, 4))
    assert g.nearest(a, [b, Cell(0, 0), Cell(W - 1, H - 1)]) == again.nearest(
        a, [Cell(W - 1, H - 1), Cell(0, 0), b]
    )


@SETTINGS
@given(cells, cells)
def test_the_line_meets_consecutive_neighbours(a: Cell, b: Cell) -> None:
    trace = grid_of(GridSpec(width=W, height=H)).line(a, b)
    assert trace.cells[0] == a and trace.cells[-1] == b
    for here, there in zip(trace.cells, trace.cells[1:], strict=False):
        assert max(abs(here.col - there.col), abs(here.row - there.row)) == 1
    assert len(trace.crossings) + len(trace.corners) == len(trace.cells) - 1
