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
@given(grids(), cells, st.frozensets(cells, min_size=1, max_size=6), st.frozensets(cells, max_size=10))
def test_nearest_route_is_nearest_then_path_in_one_search(
    g: Grid, start: Cell, targets: frozenset[Cell], taken: frozenset[Cell]
) -> None:
    """Issue 21: a drone's move searched once instead of twice must keep its route: the route to the first
    enterable target among the nearest (reading order) is the one :meth:`Grid.path` finds to it."""

    def enter(c: Cell) -> bool:
        return c not in taken

    def may_pass(c: Cell) -> bool:
        return c not in taken

    found = g.nearest(start, targets, may_pass=may_pass)
    route = g.nearest_route(start, targets, may_enter=enter, may_pass=may_pass)
    if found is None:
        assert route is None
        return
    if found[0] == 0:
        assert route is not None and route.cells == (start,)
        return
    free = [c for c in found[1] if enter(c)]
    if not free:
        assert route is None
        return
    assert route == g.path(start, free[0], may_enter=enter, may_pass=may_pass)


@SETTINGS
@given(grids(), cells, st.frozensets(cells, min_size=1, max_size=6), st.frozensets(cells, max_size=10))
def test_a_search_where_every_step_costs_one_matches_the_weighted_search(
    g: Grid, start: Cell, targets: frozenset[Cell], taken: frozenset[Cell]
) -> None:
    """Issue 21: with no cost function the searches go ring by ring (no heap); a cost function that
    prices every step at 1 takes the general search. Both must give the same routes and nearest cells."""

    def one(c: Cell) -> int:
        return 1

    def may_pass(c: Cell) -> bool:
        return c not in taken

    for budget in (None, 3):
        assert g.nearest(start, targets, may_pass=may_pass, budget=budget) == g.nearest(
            start, targets, cost=one, may_pass=may_pass, budget=budget
        )
        for goal in targets:
            assert g.path(start, goal, may_pass=may_pass, budget=budget) == g.path(
                start, goal, cost=one, may_pass=may_pass, budget=budget
            )


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
    # the edges a line builds without the neighbour check are the edges the checked constructor builds
    for crossing in trace.crossings:
        assert crossing.edge == Edge(crossing.edge.b, crossing.edge.a) and type(crossing.edge) is Edge
    for corner in trace.corners:
        for edge in (e for pair in corner.side_edges for e in pair):
            assert edge == Edge(edge.b, edge.a) and type(edge) is Edge
    # every crossing and corner lies strictly inside the segment, met once, in order along it
    along = sorted([c.at for c in trace.crossings] + [c.at for c in trace.corners])
    assert all(0 < t < 1 for t in along) and len(set(along)) == len(along)
