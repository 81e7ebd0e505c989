"""Set-up geometry: starting corners, the wall placement rules and the Event coordinates.

RB "Before the Game Begins" 6: "You may not place a terrain token in the starting corner of an
opponent." "Special wall rule: when a game starts, no more than 5 walls may stand directly next to each
other. (This also applies diagonally.)" RB "Wall": "Terrain tokens may never trap units or Events so that
you cannot reach them with normal movement." (A-18, A-19: no 8-connected group of more than 5 walls; the
open squares stay one 4-connected region, so every corner and every future Event square is reachable.)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.board import Cell

from .pack import pack
from .state import IpaState

CORNERS = ("A1", "X1", "X24", "A24")
"""Q1 top left, Q2 top right, Q3 bottom right, Q4 bottom left (a label only, notes 5.2)."""
SEAT_CORNERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""House (A-13 leaves the choice open): two players start in opposite corners."""


def corner_zone(corner: str, size: int) -> frozenset[str]:
    """The 3 x 3 starting corner (A-13)."""
    return _zone(corner, size, pack().numbers.corner_zone)


@lru_cache(maxsize=64)
def _zone(corner: str, size: int, zone: int) -> frozenset[str]:
    """Made once per corner, map size and zone size (the Event tokens' set-up asks hundreds of times)."""
    c = Cell.parse(corner)
    cols = range(0, zone) if c.col == 0 else range(size - zone, size)
    rows = range(0, zone) if c.row == 0 else range(size - zone, size)
    return frozenset(Cell(x, y).label for x in cols for y in rows)


def quadrant(label: str, size: int) -> int:
    """0..3 for Q1..Q4 (clockwise from the top left)."""
    c = Cell.parse(label)
    half = size // 2
    top, left = c.row < half, c.col < half
    return 0 if top and left else 1 if top else 3 if left else 2


def _open_neighbours(size: int, open_cells: set[tuple[int, int]]) -> list[list[int]]:
    """For each square number, its open neighbours (below, right, above, left)."""
    is_open = [False] * (size * size)
    for x, y in open_cells:
        is_open[y * size + x] = True
    nbrs: list[list[int]] = [[] for _ in range(size * size)]
    for x, y in open_cells:
        here = y * size + x
        steps = ((y + 1 < size, size), (x + 1 < size, 1), (y > 0, -size), (x > 0, -1))
        nbrs[here] = [here + step for inside, step in steps if inside and is_open[here + step]]
    return nbrs


def _articulations(size: int, open_cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Cut vertices of the 4-connected open region (iterative Tarjan over square numbers ``y * size + x``,
    each square's open neighbours listed once: a wall placement computes this for the whole map)."""
    nbrs = _open_neighbours(size, open_cells)
    disc = [-1] * (size * size)
    low = [0] * (size * size)
    cuts: set[int] = set()
    counter = 0
    for x, y in open_cells:
        root = y * size + x
        if disc[root] >= 0:
            continue
        disc[root] = low[root] = counter
        counter += 1
        children = 0
        stack: list[tuple[int, int, int]] = [(root, -1, 0)]
        while stack:
            node, parent, i = stack.pop()
            around = nbrs[node]
            if i < len(around):
                stack.append((node, parent, i + 1))
                nxt = around[i]
                if nxt == parent:
                    continue
                if disc[nxt] >= 0:
                    low[node] = min(low[node], disc[nxt])
                else:
                    disc[nxt] = low[nxt] = counter
                    counter += 1
                    if node == root:
                        children += 1
                    stack.append((nxt, node, 0))
            elif parent >= 0:
                low[parent] = min(low[parent], low[node])
                if parent != root and low[node] >= disc[parent]:
                    cuts.add(parent)
        if children > 1:
            cuts.add(root)
    return {(c % size, c // size) for c in cuts}


AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _wall_groups(walls: set[tuple[int, int]]) -> dict[tuple[int, int], tuple[int, int]]:
    """Each wall's group (walls touching, diagonals included): wall -> (group number, group size)."""
    group_of: dict[tuple[int, int], int] = {}
    sizes: list[int] = []
    for start in walls:
        if start in group_of:
            continue
        group_of[start] = len(sizes)
        todo, count = [start], 1
        while todo:
            x, y = todo.pop()
            for dx, dy in AROUND:
                n = (x + dx, y + dy)
                if n in walls and n not in group_of:
                    group_of[n] = len(sizes)
                    todo.append(n)
                    count += 1
        sizes.append(count)
    return {wall: (number, sizes[number]) for wall, number in group_of.items()}


def _joined_size(groups: dict[tuple[int, int], tuple[int, int]], x: int, y: int) -> int:
    """The size of the group a new wall on (x, y) would be part of: itself and every group it touches."""
    touched = {groups[n] for n in ((x + dx, y + dy) for dx, dy in AROUND) if n in groups}
    return 1 + sum(size for _, size in touched)


def _forbidden(state: IpaState, seat: str) -> frozenset[str]:
    """Squares no wall of ``seat`` may go on: units, Events and the opponents' starting corners."""
    forbidden: set[str] = {a.cell for a in state.agents.values()} | {e.cell for e in state.events}
    for other in state.agents.values():
        if other.seat != seat:
            forbidden |= corner_zone(other.corner, state.size)
    return frozenset(forbidden)


def legal_walls(state: IpaState, seat: str) -> list[str]:
    """Every square ``seat`` may put a wall on now, in reading order."""
    limit = pack().numbers.wall_group
    return list(_legal_walls(state.size, tuple(state.walls), _forbidden(state, seat), limit))


def default_wall(state: IpaState, seat: str) -> str | None:
    """The square a wall goes on when its player lets the deadline pass (None: no square is allowed): the
    first allowed square in reading order from the map's centre. Squares are judged one at a time, so
    asking for a wall costs one or two searches of the map; the whole list (:func:`legal_walls`) is
    drawn up only for the player's menu."""
    size, forbidden, limit = state.size, _forbidden(state, seat), pack().numbers.wall_group
    wall_set = {(c.col, c.row) for c in (Cell.parse(w) for w in state.walls)}
    groups = _wall_groups(wall_set)
    labels = _labels(size)
    for k in range(len(labels)):
        (x, y), label = labels[(len(labels) // 2 + k) % len(labels)]
        if (x, y) in wall_set or label in forbidden or _joined_size(groups, x, y) > limit:
            continue
        if not _splits(size, wall_set, x, y):
            return label
    return None


def _splits(size: int, walls: set[tuple[int, int]], x: int, y: int) -> bool:
    """Whether a wall on (x, y) would cut the squares without walls in two (4-connected). When its open
    neighbours are joined through the open squares of the ring of eight around it, it cannot (any way
    through it goes round it instead); only otherwise is the whole map searched."""

    def open_at(n: tuple[int, int]) -> bool:
        return 0 <= n[0] < size and 0 <= n[1] < size and n not in walls and n != (x, y)

    around = [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if open_at(n)]
    if not around:
        return False
    ring = {(x + dx, y + dy) for dx, dy in AROUND if open_at((x + dx, y + dy))}
    if set(around) <= _flooded(around[0], ring.__contains__):
        return False
    return len(_flooded(around[0], open_at)) != size * size - len(walls) - 1


def _flooded(start: tuple[int, int], may_enter: Callable[[tuple[int, int]], bool]) -> set[tuple[int, int]]:
    """The squares joined to ``start`` (4-connected) through squares ``may_enter`` allows."""
    seen, todo = {start}, [start]
    while todo:
        a, b = todo.pop()
        for n in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
            if n not in seen and may_enter(n):
                seen.add(n)
                todo.append(n)
    return seen


@lru_cache(maxsize=16)
def _legal_walls(size: int, walls: tuple[str, ...], forbidden: frozenset[str], limit: int) -> tuple[str, ...]:
    """The squares for a wall (the step's default and the menu ask for the same list: computed once)."""
    wall_set = {(c.col, c.row) for c in (Cell.parse(w) for w in walls)}
    open_cells = {(x, y) for x in range(size) for y in range(size) if (x, y) not in wall_set}
    cuts = _articulations(size, open_cells)
    groups = _wall_groups(wall_set)
    near = {(x + dx, y + dy) for x, y in wall_set for dx, dy in AROUND}  # a wall anywhere else is alone
    out: list[str] = []
    for (x, y), label in _labels(size):
        if (x, y) in wall_set or label in forbidden or (x, y) in cuts:
            continue
        if (x, y) in near and _joined_size(groups, x, y) > limit:
            continue
        out.append(label)
    return tuple(out)


@lru_cache(maxsize=4)
def _labels(size: int) -> tuple[tuple[tuple[int, int], str], ...]:
    """Every square of a ``size`` map with its label, in reading order."""
    return tuple(((x, y), Cell(x, y).label) for y in range(size) for x in range(size))


def event_square(state: IpaState, q: int, red: int, yellow: int) -> str:
    """RB set-up 7: "If you roll a 5 with the red die and a 6 with the yellow die, you must place an Event
    token in the square where the red 5 and the yellow 6 cross." A-20: per quadrant, counted from the map's
    centre (red: the column, yellow: the row)."""
    half = state.size // 2
    col = half - red if q in (0, 3) else half - 1 + red
    row = half - yellow if q in (0, 1) else half - 1 + yellow
    return Cell(col, row).label


def event_free(state: IpaState, label: str) -> bool:
    taken = set(state.walls) | {e.cell for e in state.events} | {a.cell for a in state.agents.values()}
    zones: set[str] = set()
    for corner in CORNERS:
        zones |= corner_zone(corner, state.size)
    return label not in taken and label not in zones
