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


def corner_zone(corner: str, size: int) -> set[str]:
    """The 3 x 3 starting corner (A-13)."""
    zone = pack().numbers.corner_zone
    c = Cell.parse(corner)
    cols = range(0, zone) if c.col == 0 else range(size - zone, size)
    rows = range(0, zone) if c.row == 0 else range(size - zone, size)
    return {Cell(x, y).label for x in cols for y in rows}


def quadrant(label: str, size: int) -> int:
    """0..3 for Q1..Q4 (clockwise from the top left)."""
    c = Cell.parse(label)
    half = size // 2
    top, left = c.row < half, c.col < half
    return 0 if top and left else 1 if top else 3 if left else 2


def _articulations(open_cells: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Cut vertices of the 4-connected open region (iterative Tarjan)."""
    disc: dict[tuple[int, int], int] = {}
    low: dict[tuple[int, int], int] = {}
    cuts: set[tuple[int, int]] = set()
    counter = 0
    for root in open_cells:
        if root in disc:
            continue
        disc[root] = low[root] = counter
        counter += 1
        children = 0
        stack: list[tuple[tuple[int, int], tuple[int, int] | None, int]] = [(root, None, 0)]
        while stack:
            node, parent, i = stack.pop()
            nbrs = [(node[0] + dx, node[1] + dy) for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
            nbrs = [n for n in nbrs if n in open_cells]
            if i < len(nbrs):
                stack.append((node, parent, i + 1))
                nxt = nbrs[i]
                if nxt == parent:
                    continue
                if nxt in disc:
                    low[node] = min(low[node], disc[nxt])
                else:
                    disc[nxt] = low[nxt] = counter
                    counter += 1
                    if node == root:
                        children += 1
                    stack.append((nxt, node, 0))
            elif parent is not None:
                low[parent] = min(low[parent], low[node])
                if parent != root and low[node] >= disc[parent]:
                    cuts.add(parent)
        if children > 1:
            cuts.add(root)
    return cuts


def _group_size(walls: set[tuple[int, int]], start: tuple[int, int]) -> int:
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if n in walls and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return len(seen)


def legal_walls(state: IpaState, seat: str) -> list[str]:
    """Every square ``seat`` may put a wall on now, in reading order."""
    forbidden: set[str] = {a.cell for a in state.agents.values()} | {e.cell for e in state.events}
    for other in state.agents.values():
        if other.seat != seat:
            forbidden |= corner_zone(other.corner, state.size)
    return list(_legal_walls(state.size, tuple(state.walls), frozenset(forbidden), pack().numbers.wall_group))


@lru_cache(maxsize=16)
def _legal_walls(size: int, walls: tuple[str, ...], forbidden: frozenset[str], limit: int) -> tuple[str, ...]:
    """The squares for a wall (the step's default and the menu ask for the same list: computed once)."""
    wall_set = {(c.col, c.row) for c in (Cell.parse(w) for w in walls)}
    open_cells = {(x, y) for x in range(size) for y in range(size) if (x, y) not in wall_set}
    cuts = _articulations(open_cells)
    out: list[str] = []
    for y in range(size):
        for x in range(size):
            label = Cell(x, y).label
            if (x, y) in wall_set or label in forbidden or (x, y) in cuts:
                continue
            if _group_size(wall_set | {(x, y)}, (x, y)) > limit:
                continue
            out.append(label)
    return tuple(out)


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
