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
from .wall_map import cuts, ring_steps, square, square_labels, wall_map

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


def _forbidden(state: IpaState, seat: str) -> frozenset[str]:
    """Squares no wall of ``seat`` may go on: units, Events and the opponents' starting corners."""
    forbidden: set[str] = {a.cell for a in state.agents.values()} | {e.cell for e in state.events}
    for other in state.agents.values():
        if other.seat != seat:
            forbidden |= corner_zone(other.corner, state.size)
    return frozenset(forbidden)


def legal_walls(state: IpaState, seat: str) -> list[str]:
    """Every square ``seat`` may put a wall on now, in reading order."""
    return list(wall_squares(state, seat))


def wall_squares(state: IpaState, seat: str) -> tuple[str, ...]:
    """:func:`legal_walls` as the tuple kept for the next ask."""
    limit = pack().numbers.wall_group
    return _legal_walls(state.size, tuple(state.walls), _forbidden(state, seat), limit)


def default_wall(state: IpaState, seat: str) -> str | None:
    """The square a wall goes on when its player lets the deadline pass (None: no square is allowed): the
    first allowed square in reading order from the map's centre (then from the top left). A square with no
    wall around it is judged as any other here: alone, it makes a group of 1."""
    limit = pack().numbers.wall_group
    if limit < 1:
        return None  # even a lone wall is a group of more than the limit
    labels = square_labels(state.size)
    refused = _refused(state.size, tuple(state.walls), _forbidden(state, seat), limit)
    half = len(labels) // 2
    return next((label for label in labels[half:] + labels[:half] if label not in refused), None)


def _splits(size: int, walls: set[tuple[int, int]], x: int, y: int) -> bool:
    """:func:`~.wall_map.cuts` for a set of walls (the tests ask it square by square)."""
    labels = tuple(sorted(Cell(wx, wy).label for wx, wy in walls))
    made = wall_map(size, labels, len(walls) + 1)
    return cuts(made.barriers, square(size, x, y), ring_steps(size))


@lru_cache(maxsize=16)
def _legal_walls(size: int, walls: tuple[str, ...], forbidden: frozenset[str], limit: int) -> tuple[str, ...]:
    """The squares for a wall, in reading order."""
    refused = _refused(size, walls, forbidden, limit)
    return tuple([label for label in square_labels(size) if label not in refused])


@lru_cache(maxsize=16)
def _refused(size: int, walls: tuple[str, ...], forbidden: frozenset[str], limit: int) -> frozenset[str]:
    """The squares no wall may go on: ``forbidden`` and those the walls refuse (:mod:`.wall_map`); the
    step's default and the menu ask for the same: made once."""
    named = square_labels(size)
    return frozenset(named[place] for place in wall_map(size, walls, limit).refused_places()) | forbidden


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
