"""Set-up geometry: starting corners, the wall placement rules and the Event coordinates.

RB "Before the Game Begins" 6: "You may not place a terrain token in the starting corner of an
opponent." "Special wall rule: when a game starts, no more than 5 walls may stand directly next to each
other. (This also applies diagonally.)" RB "Wall": "Terrain tokens may never trap units or Events so that
you cannot reach them with normal movement." (A-18, A-19: no 8-connected group of more than 5 walls; the
open squares stay one 4-connected region, so every corner and every future Event square is reachable.)
"""

from __future__ import annotations

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
    first allowed square in reading order from the map's centre. Squares are judged one at a time, each on
    the eight squares around it (:func:`_cuts`); the whole list (:func:`legal_walls`) is drawn up only for
    the player's menu."""
    size, forbidden, limit = state.size, _forbidden(state, seat), pack().numbers.wall_group
    wall_set = {(c.col, c.row) for c in (Cell.parse(w) for w in state.walls)}
    groups = _wall_groups(wall_set)
    barriers = _barriers(size, groups)
    labels = _labels(size)
    for k in range(len(labels)):
        (x, y), label = labels[(len(labels) // 2 + k) % len(labels)]
        if (x, y) in wall_set or label in forbidden or _joined_size(groups, x, y) > limit:
            continue
        if not _cuts(size, barriers, x, y):
            return label
    return None


OUTSIDE = -1
"""The barrier beyond the map's edges (see :func:`_barriers`)."""
RING = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
"""The eight squares around one, going round (each one next to the one before); the orthogonal ones are
at the odd places."""


Barriers = list[int | None]
"""Each square's barrier (None: no wall) on the map with a frame of :data:`OUTSIDE` around it, row by row:
square (x, y) is at ``(y + 1) * (size + 2) + x + 1``."""


def _barriers(size: int, groups: dict[tuple[int, int], tuple[int, int]]) -> Barriers:
    """Each wall's barrier: the walls that touch (diagonals included) are one barrier, and a group that
    touches the map's edge is one with the outside (:data:`OUTSIDE`)."""
    edge = {n for (x, y), (n, _) in groups.items() if x in (0, size - 1) or y in (0, size - 1)}
    wide = size + 2
    out: Barriers = [OUTSIDE] * wide + ([OUTSIDE] + [None] * size + [OUTSIDE]) * size + [OUTSIDE] * wide
    for (x, y), (n, _) in groups.items():
        out[(y + 1) * wide + x + 1] = OUTSIDE if n in edge else n
    return out


@lru_cache(maxsize=4)
def _ring_steps(size: int) -> tuple[int, ...]:
    """:data:`RING` as steps in :data:`Barriers`."""
    return tuple(dy * (size + 2) + dx for dx, dy in RING)


def _cuts(size: int, barriers: Barriers, x: int, y: int) -> bool:
    """Whether a wall on (x, y) would cut the squares without walls in two (4-connected), judged on the
    eight squares around it, without a search of the map: going round them, the open squares next to
    (x, y) fall into runs parted by walls or the map's edge. The wall cuts exactly when two of those
    partings are one barrier (walls touching, diagonals included, or joined to the edge): that barrier and
    the new wall close a loop with squares inside it (on a square grid, walls touching at a corner close a
    loop for orthogonal movement). The tests check it against a search of the whole map."""
    here = (y + 1) * (size + 2) + x + 1
    seen = [barriers[here + step] for step in _ring_steps(size)]
    start = next((i for i, b in enumerate(seen) if b is not None), None)
    if start is None:
        return False
    partings: list[int] = []  # the barrier before each run of open squares holding an orthogonal one
    parting: int | None = seen[start]  # a barrier (never None: the walk starts on one)
    beside = False
    for j in range(1, 9):
        i = (start + j) % 8
        barrier = seen[i]
        if barrier is None:
            beside = beside or i % 2 == 1
        elif beside and parting is not None:
            partings.append(parting)
            parting, beside = barrier, False
    return len(set(partings)) < len(partings)


def _splits(size: int, walls: set[tuple[int, int]], x: int, y: int) -> bool:
    """:func:`_cuts` for a set of walls (the tests ask it square by square)."""
    return _cuts(size, _barriers(size, _wall_groups(walls)), x, y)


@lru_cache(maxsize=16)
def _legal_walls(size: int, walls: tuple[str, ...], forbidden: frozenset[str], limit: int) -> tuple[str, ...]:
    """The squares for a wall (the step's default and the menu ask for the same list: computed once). A
    square with no wall among the eight around it neither cuts the map nor joins a group."""
    wall_set = {(c.col, c.row) for c in (Cell.parse(w) for w in walls)}
    groups = _wall_groups(wall_set)
    barriers = _barriers(size, groups)
    near = {(x + dx, y + dy) for x, y in wall_set for dx, dy in AROUND}
    out: list[str] = []
    for (x, y), label in _labels(size):
        if (x, y) in wall_set or label in forbidden:
            continue
        if (x, y) in near and (_joined_size(groups, x, y) > limit or _cuts(size, barriers, x, y)):
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
