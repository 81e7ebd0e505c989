"""The search behind a move of IPA: The Agents, over (square, force fields entered, Molecular Manipulation's
pass), squares by number (``row * width + col``).

RB "Movement": "Each Agent has 5 movement points ... distance is counted horizontally and vertically";
Gravitational Enforcer: "the unit loses 2 movement points for the rest of the round ... If a unit is
trapped in 2 force fields, that unit can move only 1 square" (A-15: the budget shrinks as fields are
entered, so it depends on the way taken). A search is made once for a map, its fields, its units and the
mover's budget (:func:`search_from`): the moves listed and the way of the move chosen read the same one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.board import Cell, Passage, Route
from engine.core.board.grid import Grid

from .rules import grid, occupied
from .state import IpaState

MOLECULAR = 1 << 30
"""The search's flag for Molecular Manipulation's pass (the field bits are the low ones)."""


def route_of(cells: tuple[Cell, ...], parent: dict[int, int | None], end: int) -> Route:
    """The way the search took to ``end`` (a search key, see :class:`Search`), start first."""
    count = len(cells)
    path = [end]
    while (prev := parent[path[-1]]) is not None:
        path.append(prev)
    way = tuple(cells[key % count] for key in reversed(path))
    return Route(way, len(way) - 1)


@lru_cache(maxsize=64)
def field_masks(g: Grid, fields: tuple[tuple[Cell, int], ...]) -> tuple[int, ...]:
    """Each square's force fields (centre, radius), by number (``row * width + col``): the bits of the
    fields it is in (field ``i``: bit ``1 << i``; 0: none); the field's "effect ... goes through
    walls"."""
    masks = [0] * (g.width * g.height)
    for i, (centre, radius) in enumerate(fields):
        for c in g.around(centre, radius):
            masks[c.row * g.width + c.col] |= 1 << i
    return tuple(masks)


@lru_cache(maxsize=16)
def square_neighbours(g: Grid, blocked: frozenset[Cell]) -> tuple[tuple[int, ...], ...]:
    """Each square's neighbours one step away under these walls (:meth:`Grid.neighbours`, in its order), as
    square numbers: the search's table, made once per map (walls never change after set-up). On IPA's
    orthogonal grid a step is open exactly when it does not enter a wall, so the open map's table is
    filtered; another metric asks the grid square by square."""
    if g.metric != "manhattan4":
        passage = Passage(blocked=blocked)
        return tuple(tuple(n.row * g.width + n.col for n in g.neighbours(c, passage)) for c in g.cells())
    shut = {c.row * g.width + c.col for c in blocked if g.inside(c)}
    return tuple(tuple(n for n in around if n not in shut) for around in open_neighbours(g))


@lru_cache(maxsize=4)
def open_neighbours(g: Grid) -> tuple[tuple[int, ...], ...]:
    """:func:`square_neighbours` of the map without walls."""
    return tuple(tuple(n.row * g.width + n.col for n in g.neighbours(c)) for c in g.cells())


@lru_cache(maxsize=4)
def numbered(g: Grid) -> tuple[Cell, ...]:
    """The squares by number (``row * width + col``)."""
    return tuple(g.cells())


@lru_cache(maxsize=4)
def numbered_labels(g: Grid) -> tuple[str, ...]:
    """The squares' labels by number."""
    return tuple(c.label for c in g.cells())


def obstacles(state: IpaState, unit: str) -> tuple[frozenset[int], frozenset[int]]:
    """The squares (by number) ``unit`` may not end on, other units', and those of them it may not pass
    either: RB Physics, "Your units may only move through other units if the owner of the unit through
    which your unit is to move allows it" (the owner's standing permission; a unit passes its own side's
    units, A-16)."""
    width = grid(state).width
    owners = {e.unit: e.owner for e in state.equipment.values()}
    owners.update({a.unit: a.seat for a in state.agents.values()})  # as seat_of_unit: an Agent first
    mover = owners.get(unit)
    taken: set[int] = set()
    blocking: set[int] = set()
    for label, other in occupied(state, but=unit).items():
        c = Cell.parse(label)
        n = c.row * width + c.col
        taken.add(n)
        owner = owners.get(other)
        if not (
            owner is not None
            and mover is not None
            and (owner == mover or mover in state.agents[owner].permits)
        ):
            blocking.add(n)
    return frozenset(taken), frozenset(blocking)


class Search:
    """One breadth-first search over (square, fields entered and Molecular Manipulation's pass), squares by
    number, run to its end when made (its results never change after). A key is ``mask * squares +
    square``; the squares are found in the order of the plain search over (Cell, mask) pairs it replaced
    (a queue, neighbours in :meth:`Grid.neighbours`' order), so it finds the same squares at the same steps
    and, for each square, the same way as a search stopped at that square would."""

    def __init__(
        self,
        neighbours: tuple[tuple[int, ...], ...],
        masks: tuple[int, ...],
        taken: frozenset[int],
        blocking: frozenset[int],
        spare: bool,
        budget: Callable[[int], int],
        start: int,
    ) -> None:
        self.start = start
        self.best: dict[int, int] = {}
        """Each square the unit may end on, with the fewest steps to it (the start too, if it comes back)."""
        self.parent: dict[int, int | None] = {}
        self._ends: tuple[str, ...] | None = None
        self.reached: dict[int, int] = {}
        """Each square of :attr:`best`, with the key it was first found at (its way: :attr:`parent`)."""
        count = len(neighbours)
        best, parent, reached = self.best, self.parent, self.reached
        budgets: dict[int, int] = {}  # each mask's budget once per search
        first = masks[start] * count + start
        parent[first] = None
        level, steps = [first], 0
        while level:
            steps += 1  # of the squares found from this level
            found: list[int] = []
            for here in level:
                mask, square = divmod(here, count)
                for nxt in neighbours[square]:
                    nmask = mask | masks[nxt]
                    if nxt in blocking:
                        if not spare or nmask & MOLECULAR:
                            continue
                        nmask |= MOLECULAR  # RB Molecular Manipulation: "pass through one unit once"
                    most = budgets.get(nmask)
                    if most is None:
                        most = budgets[nmask] = budget(nmask)
                    if steps > most:
                        continue
                    key = nmask * count + nxt
                    if key in parent:
                        continue
                    parent[key] = here
                    if nxt not in taken and nxt not in best:
                        best[nxt] = steps
                        reached[nxt] = key
                    found.append(key)
            level = found

    def ends(self, labels: tuple[str, ...]) -> tuple[str, ...]:
        """The squares of :attr:`best` but the start, in reading order (square numbers are), named by
        ``labels`` (:func:`numbered_labels`): the destinations, made once."""
        if self._ends is None:
            self._ends = tuple(labels[n] for n in sorted(self.best) if n != self.start)
        return self._ends

    def route(self, cells: tuple[Cell, ...], goal: int) -> Route | None:
        """The way to square ``goal`` (an end the unit may stop on): the first found, as a search from the
        start that stops when it takes ``goal`` from its queue finds it (the start itself: no step)."""
        if goal == self.start:
            return Route((cells[goal],), 0)
        end = self.reached.get(goal)
        return None if end is None else route_of(cells, self.parent, end)


@lru_cache(maxsize=256)
def search_from(
    g: Grid,
    blocked: frozenset[Cell],
    fields: tuple[tuple[Cell, int], ...],
    taken: frozenset[int],
    blocking: frozenset[int],
    spare: bool,
    start: int,
    fit: tuple[int, int, int, int],
) -> Search:
    """The search from square ``start``, made once for the same map, force fields, units, pass and budget
    (``fit``: the base budget, the fields met before this move, those of destroyed Enforcers and the
    squares moved before): legal() lists the moves and the move chosen asks the way, on one state. Keyed
    on every input itself, so it cannot go stale."""
    base, before, gone, moved = fit

    def budget(mask: int) -> int:
        met = mask & ~MOLECULAR
        new, total = bin(met & ~before).count("1"), bin(met | before).count("1") + gone
        return move_budget(base, new, total, moved)

    # each square's fields are worked out once per set of fields (they change when an Enforcer comes or
    # goes)
    return Search(
        square_neighbours(g, blocked), field_masks(g, fields), taken, blocking, spare, budget, start
    )


def move_budget(base: int, new: int, total: int, moved: int) -> int:
    """A move's budget of ``base`` squares, the Agent having been in ``total`` force fields this turn, of
    which ``new`` first in this move, after ``moved`` squares of its earlier moves: RB "In the round in
    which a unit is within a force field, the unit loses 2 movement points for the rest of the round" (a
    field already met in an earlier move of the turn took its 2 points then); "If a unit is trapped in 2
    force fields, that unit can move only 1 square" (in the whole turn)."""
    if total >= 2:
        return max(0, min(base, 1 - moved))
    return max(0, base - 2) if new else base
