"""Queries on a grid: neighbours under the movement rules, distance, reachable cells, shortest paths,
nearest targets and line of sight.

A :class:`Grid` is built once from a :class:`~.spec.GridSpec` (see :func:`grid_of`, cached) and holds the
static step table. The facts that change are arguments:

- :class:`Passage`: the cells nobody may enter now (walls placed at set-up), the edges nobody may cross
  now (locked doors, placed edge walls), and the *pinned* cells that no diagonal step may pass beside
  (Nakamura: "If a character model stands in a doorway that is open, it is impossible to move them past
  diagonally");
- the mover's callbacks: ``cost(cell)`` (what entering a cell costs, at least 1: IPA's force fields slow
  movement), ``may_pass(cell)`` (may the mover go through it: not through enemies) and
  ``may_enter(cell)`` (may it end there: not on a friend).

Movement rules of the metric (both rulebooks' wording, tested in tests/engine/core/board/):

- ``manhattan4``: a step goes to an orthogonal neighbour, never across a wall edge nor into a blocked cell.
- ``eight_way``: also diagonal steps, except "when moving through a doorway or across a corner which must
  be orthogonal" (Nakamura). Ruling (house, after rules-notes/nakamura_tower.md 5.3): a diagonal step is
  refused when any of the four edges meeting at the corner it crosses is a wall, a door or shut, when
  either cell it squeezes between is blocked, and when either of them is pinned.

Line of sight (:meth:`Grid.sees`) follows the exact centre-to-centre line of :mod:`.line`. Cells the
line passes through and edges it crosses block when the game says they do; where the line passes exactly
through a corner, the ``corner`` rule decides (see :data:`CornerRule`).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Container, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from .cell import Cell, Edge, LabelError, column_label
from .line import Line, line
from .rings import Numbered, Rings, rings
from .spec import AreaSpec, DoorSpec, GridSpec

CornerRule = Literal["sides", "any", "none"]
"""What blocks where the line passes exactly through a corner:

- ``sides``: blocked only when something that blocks touches the corner on *both* sides of the line (a
  wall running through the point, or two blocked cells the line squeezes between). Grazing the end of a
  wall, an open doorway's corner or one blocked cell does not block. Nakamura: "a wall (but not the corner
  of a doorway)"; IPA ruling A-17 ("no squeezing between two diagonal walls").
- ``any``: anything that blocks and touches the corner blocks (the strictest reading).
- ``none``: corners never block; only cells passed through and edges crossed do.
"""

Cost = Callable[[Cell], int]
Allow = Callable[[Cell], bool]
NO_CELLS: frozenset[Cell] = frozenset()
NO_EDGES: frozenset[Edge] = frozenset()


@dataclass(frozen=True)
class Passage:
    """The dynamic facts that constrain every mover alike at this moment."""

    blocked: Container[Cell] = field(default_factory=frozenset)
    """Cells nobody may enter now, as if blocked in the spec (IPA's walls, placed at set-up)."""
    shut: Container[Edge] = field(default_factory=frozenset)
    """Edges nobody may cross now: doors locked for this mover, edge walls placed in play."""
    pinned: Container[Cell] = field(default_factory=frozenset)
    """Cells beside which no diagonal step may pass (a model standing in an open doorway)."""


OPEN = Passage()


class Route(NamedTuple):
    cells: tuple[Cell, ...]
    """From the start to the goal, both included."""
    cost: int

    @property
    def steps(self) -> int:
        return len(self.cells) - 1


class _Step(NamedTuple):
    to: Cell
    edge: Edge | None
    """The edge crossed (orthogonal steps); None for a diagonal step."""
    sides: tuple[Cell, Cell] | None
    """The two cells a diagonal step squeezes between."""
    corner_edges: tuple[Edge, ...]
    rank: tuple[bool, int, int]
    """How :meth:`Grid.path` ranks this step among equally cheap ones into ``to``: orthogonal before
    diagonal, then by the reading order of the cell it comes from."""


ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def _always(cell: Cell) -> bool:
    return True


class Grid:
    def __init__(self, spec: GridSpec) -> None:
        self.spec = spec
        self.width, self.height, self.metric = spec.width, spec.height, spec.metric
        self.blocked: frozenset[Cell] = frozenset(spec.blocked)
        self.walls: frozenset[Edge] = frozenset(spec.walls)
        self.doors: dict[Edge, DoorSpec] = {d.edge: d for d in spec.doors}
        self.areas: dict[str, AreaSpec] = {a.id: a for a in spec.areas}
        self._area_of: dict[Cell, str] = {}
        for area in spec.areas:
            for cell in area.cells:
                self._area_of.setdefault(cell, area.id)
        self._steps: dict[Cell, tuple[_Step, ...]] = {cell: self._static_steps(cell) for cell in self.cells()}
        self._numbered = Numbered(self.width, self.height, self._steps)

    # --- the board ---------------------------------------------------------------------------

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    def cells(self) -> Iterator[Cell]:
        """Every cell, in reading order."""
        for row in range(self.height):
            for col in range(self.width):
                yield Cell(col, row)

    def cell(self, label: str) -> Cell:
        """The cell a player named; :class:`~.cell.LabelError` when the label is unreadable or off the
        board."""

        cell = Cell.parse(label)
        if not self.inside(cell):
            raise LabelError(
                f"{cell.label} is off the board: columns A-{column_label(self.width - 1)}, "
                f"rows 1-{self.height}."
            )
        return cell

    def area_of(self, cell: Cell) -> str | None:
        return self._area_of.get(cell)

    def door(self, edge: Edge) -> DoorSpec | None:
        return self.doors.get(edge)

    def closed_doors(self, opened: Container[Edge]) -> frozenset[Edge]:
        """Every door edge except the ones in ``opened``: what blocks line of sight in Nakamura Tower."""
        return frozenset(e for e in self.doors if e not in opened)

    def mark(self, name: str) -> tuple[Cell, ...]:
        return self.spec.marks.get(name, ())

    # --- distance ------------------------------------------------------------------------------

    def distance(self, a: Cell, b: Cell) -> int:
        """Distance in the grid's metric, walls ignored (ranges are counted so)."""
        dx, dy = abs(a.col - b.col), abs(a.row - b.row)
        return dx + dy if self.metric == "manhattan4" else max(dx, dy)

    def around(self, centre: Cell, radius: int) -> list[Cell]:
        """The cells within ``radius`` of ``centre`` in the metric, through walls, in reading order
        (IPA: a force field "with a radius of 3" whose "effect ... goes through walls")."""
        return [
            Cell(c, r)
            for r in range(max(0, centre.row - radius), min(self.height, centre.row + radius + 1))
            for c in range(max(0, centre.col - radius), min(self.width, centre.col + radius + 1))
            if self.distance(centre, Cell(c, r)) <= radius
        ]

    # --- steps ---------------------------------------------------------------------------------

    def _static_steps(self, cell: Cell) -> tuple[_Step, ...]:
        if cell in self.blocked:
            return ()
        out: list[_Step] = []
        for dc, dr in ORTHOGONAL:
            to = Cell(cell.col + dc, cell.row + dr)
            edge = Edge(cell, to)
            if self.inside(to) and to not in self.blocked and edge not in self.walls:
                out.append(_Step(to, edge, None, (), (False, cell.row, cell.col)))
        if self.metric == "eight_way":
            for dc, dr in DIAGONAL:
                to = Cell(cell.col + dc, cell.row + dr)
                sides = (Cell(to.col, cell.row), Cell(cell.col, to.row))
                corner = (Edge(cell, sides[0]), Edge(sides[0], to), Edge(cell, sides[1]), Edge(sides[1], to))
                if (
                    self.inside(to)
                    and to not in self.blocked
                    and not any(s in self.blocked for s in sides)
                    and not any(e in self.walls or e in self.doors for e in corner)
                ):
                    out.append(_Step(to, None, sides, corner, (True, cell.row, cell.col)))
        return tuple(out)

    @staticmethod
    def _open(step: _Step, passage: Passage) -> bool:
        if step.to in passage.blocked:
            return False
        if step.sides is None:
            return step.edge not in passage.shut
        a, b = step.sides
        if a in passage.blocked or b in passage.blocked or a in passage.pinned or b in passage.pinned:
            return False
        return not any(e in passage.shut for e in step.corner_edges)

    def can_step(self, a: Cell, b: Cell, passage: Passage = OPEN) -> bool:
        """Whether one step from ``a`` to the neighbour ``b`` is allowed by the walls, doors and corners."""
        return any(s.to == b and self._open(s, passage) for s in self._steps.get(a, ()))

    def neighbours(self, cell: Cell, passage: Passage = OPEN) -> list[Cell]:
        """The cells one step away, orthogonal ones first (north, east, south, west), then diagonals."""
        return [s.to for s in self._steps.get(cell, ()) if self._open(s, passage)]

    # --- searches ------------------------------------------------------------------------------

    def _search(
        self,
        start: Cell,
        budget: int | None,
        cost: Cost | None,
        may_pass: Allow,
        passage: Passage,
        goals: Collection[Cell],
    ) -> _ByCell | Rings:
        """Towards ``goals``: ring by ring when every step costs 1 (:mod:`.rings`), else :meth:`_dijkstra`;
        the same costs, predecessors and stop either way."""
        if cost is None and self._numbered.inside(start):
            is_open = None if passage is OPEN else (lambda step: self._open(step, passage))
            return rings(self._numbered, start, budget, may_pass, is_open, goals)
        return self._dijkstra(start, budget, cost, may_pass, passage, goals)

    def _dijkstra(
        self,
        start: Cell,
        budget: int | None,
        cost: Cost | None,
        may_pass: Allow,
        passage: Passage,
        goals: Collection[Cell] | None = None,
    ) -> _ByCell:
        """Dijkstra from ``start``. Returns the cost of every cell reached, each cell's predecessor (among
        equally cheap ones, one reached by an orthogonal step before a diagonal one, then the first in reading
        order: that is the tie-break of :meth:`path`), and, with
        ``goals``, the cost of the nearest goal (the search stops after every goal at that cost)."""
        dist: dict[Cell, int] = {start: 0}
        pred: dict[Cell, Cell] = {}
        rank: dict[Cell, tuple[bool, int, int]] = {}
        # a cell is pushed once per cost that improves it, so (cost, row, col) never ties and the cell
        # itself is never compared
        heap: list[tuple[int, int, int, Cell]] = [(0, start.row, start.col, start)]
        found: int | None = None
        steps, is_open = self._steps, (None if passage is OPEN else self._open)  # OPEN: nothing to test
        while heap:
            d, _, _, here = heapq.heappop(heap)
            if d > dist[here]:
                continue  # pushed again since, cheaper: already settled
            if found is not None and d > found:
                break
            if goals is not None and here in goals:
                found = d
            if here != start and not may_pass(here):
                continue
            for step in steps.get(here, ()):
                to = step.to
                old = dist.get(to)
                if (old is not None and old <= d) or (is_open is not None and not is_open(step, passage)):
                    continue  # settled, or as cheap already: every step costs at least 1
                price = cost(to) if cost is not None else 1
                if price < 1:
                    raise ValueError(f"entering {to.label} costs {price}: every step costs at least 1")
                nd = d + price
                if budget is not None and nd > budget:
                    continue
                if old is None or nd < old:
                    dist[to] = nd
                    pred[to] = here
                    rank[to] = step.rank
                    heapq.heappush(heap, (nd, to.row, to.col, to))
                elif nd == old and step.rank < rank[to]:
                    pred[to] = here
                    rank[to] = step.rank
        return _ByCell(dist, pred, found)

    def reachable(
        self,
        start: Cell,
        budget: int,
        cost: Cost | None = None,
        may_enter: Allow | None = None,
        may_pass: Allow | None = None,
        passage: Passage = OPEN,
    ) -> dict[Cell, int]:
        """Every cell the mover can end on within ``budget``, with the least cost to get there (the start
        itself is not included), in reading order when every step costs 1 (found ring by ring, as
        :meth:`_search` does)."""
        enter = may_enter or _always
        if cost is None and self._numbered.inside(start):
            searched = self._search(start, budget, None, may_pass or _always, passage, ())
            assert isinstance(searched, Rings)
            cells = self._numbered.cells
            return {cells[n]: d for n, d in enumerate(searched.dist) if d > 0 and enter(cells[n])}
        dist = self._dijkstra(start, budget, cost, may_pass or _always, passage).dist
        return {cell: d for cell, d in dist.items() if cell != start and enter(cell)}

    def path(
        self,
        start: Cell,
        goal: Cell,
        cost: Cost | None = None,
        may_enter: Allow | None = None,
        may_pass: Allow | None = None,
        passage: Passage = OPEN,
        budget: int | None = None,
    ) -> Route | None:
        """The cheapest route from ``start`` to ``goal`` (None if there is none within ``budget``).

        Tie-break, deterministic: walking back from the goal, each step goes to the cheapest predecessor,
        preferring an orthogonal step to a diagonal one, then the first in reading order (top row first,
        then leftmost)."""
        if goal == start:
            return Route((start,), 0)
        if not self.inside(goal) or not (may_enter or _always)(goal):
            return None
        searched = self._search(start, budget, cost, may_pass or _always, passage, (goal,))
        return None if searched.found is None else _walk_back(start, goal, searched)

    def nearest(
        self,
        start: Cell,
        targets: Iterable[Cell],
        cost: Cost | None = None,
        may_pass: Allow | None = None,
        passage: Passage = OPEN,
        budget: int | None = None,
        walk: bool = True,
    ) -> tuple[int, list[Cell]] | None:
        """The nearest targets, all of them when several are tied, in reading order, with their distance.

        ``walk``: by the cheapest route (a target counts as reached when a step into it is possible; it
        need not be enterable: a drone's target may hold an enemy), else by :meth:`distance`. The caller
        breaks ties by its own rule (Nakamura's drones draw CanDo cards)."""
        wanted = set(targets)
        if not wanted:
            return None
        if not walk:
            best = min(self.distance(start, t) for t in wanted)
            return best, sorted((t for t in wanted if self.distance(start, t) == best), key=Cell.reading)
        reached = self._nearest_reached(start, wanted, cost, may_pass, passage, budget)
        return None if reached is None else (reached[1], reached[2])

    def nearest_route(
        self,
        start: Cell,
        targets: Iterable[Cell],
        may_enter: Allow | None = None,
        may_pass: Allow | None = None,
        passage: Passage = OPEN,
    ) -> Route | None:
        """:meth:`nearest` and then :meth:`path` to the first of the nearest targets (reading order) that
        ``may_enter`` allows, in one search: the same route (a cell's cheapest predecessor is settled before
        the cell is), or None when no target is reached or none of the nearest may be entered. A start
        among the targets is a route of no steps."""
        reached = self._nearest_reached(start, set(targets), None, may_pass, passage, None)
        if reached is None:
            return None
        searched, _, nearest = reached
        enter = may_enter or _always
        goal = next((t for t in nearest if t == start or enter(t)), None)
        return None if goal is None else _walk_back(start, goal, searched)

    def _nearest_reached(
        self,
        start: Cell,
        wanted: set[Cell],
        cost: Cost | None,
        may_pass: Allow | None,
        passage: Passage,
        budget: int | None,
    ) -> tuple[_ByCell | Rings, int, list[Cell]] | None:
        """The search towards ``wanted``, the cost of the nearest, and the nearest in reading order."""
        if not wanted:
            return None
        searched = self._search(start, budget, cost, may_pass or _always, passage, wanted)
        found = searched.found
        if found is None:
            return None
        return searched, found, sorted((t for t in wanted if searched.cost(t) == found), key=Cell.reading)

    # --- line of sight -------------------------------------------------------------------------

    def line(self, a: Cell, b: Cell) -> Line:
        return line(a, b)

    def sees(
        self,
        a: Cell,
        b: Cell,
        *,
        blockers: Container[Cell] = NO_CELLS,
        closed: Container[Edge] = NO_EDGES,
        corner: CornerRule = "sides",
    ) -> bool:
        """Whether the centre-to-centre line from ``a`` to ``b`` is free.

        It is blocked by a cell it passes through (the two ends excepted) that is blocked in the spec or in
        ``blockers`` (placed walls, models that block), by an edge it crosses that is a wall or in
        ``closed`` (closed doors), and at a corner as ``corner`` rules. Doors in the spec do not block by
        themselves: the game says which are closed. Symmetric: ``sees(a, b) == sees(b, a)`` for the same
        arguments."""
        if a == b:
            return True
        trace = line(a, b)
        solid, walls = self.blocked, self.walls
        for cell in trace.cells[1:-1]:
            if cell in solid or cell in blockers:
                return False
        for crossing in trace.crossings:
            if crossing.edge in walls or crossing.edge in closed:
                return False
        if corner == "none":
            return True
        for point in trace.corners:
            touched = [
                s in solid or s in blockers or any(e in walls or e in closed for e in edges)
                for s, edges in zip(point.sides, point.side_edges, strict=True)
            ]
            if all(touched) if corner == "sides" else any(touched):
                return False
        return True


class _ByCell(NamedTuple):
    """What :meth:`Grid._dijkstra` reached: the cost of each cell, the cell each is reached from, and the
    cost of the nearest goal (read like :class:`.rings.Rings`)."""

    dist: dict[Cell, int]
    pred: dict[Cell, Cell]
    found: int | None

    def cost(self, cell: Cell) -> int | None:
        return self.dist.get(cell)

    def back(self, cell: Cell) -> Cell:
        return self.pred[cell]


def _walk_back(start: Cell, goal: Cell, searched: _ByCell | Rings) -> Route:
    cells = [goal]
    while cells[-1] != start:
        cells.append(searched.back(cells[-1]))
    cost = searched.cost(goal)
    assert cost is not None
    return Route(tuple(reversed(cells)), cost)


_GRIDS: dict[int, tuple[GridSpec, Grid]] = {}
GRIDS_KEPT = 64


def grid_of(spec: GridSpec) -> Grid:
    """The grid of a spec, built once per spec object (the loaders cache specs by file, so a game asks for
    the same spec each time). The spec is kept with its grid, so its id is not reused while cached."""
    kept = _GRIDS.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    if len(_GRIDS) >= GRIDS_KEPT:
        del _GRIDS[next(iter(_GRIDS))]
    grid = Grid(spec)
    _GRIDS[id(spec)] = (spec, grid)
    return grid
