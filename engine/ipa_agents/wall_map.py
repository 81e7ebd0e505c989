"""Where the next wall may go at set-up, kept wall by wall.

RB "Before the Game Begins" 6: "Special wall rule: when a game starts, no more than 5 walls may stand
directly next to each other. (This also applies diagonally.)" RB "Wall": "Terrain tokens may never trap
units or Events so that you cannot reach them with normal movement." (A-18, A-19: no 8-connected group of
more than 5 walls; the open squares stay one 4-connected region.)

A :class:`WallMap` holds what the walls on a map say about the next one: each wall's group (walls touching,
diagonals included), each square's barrier (:func:`cuts`) and the squares refused for the map's sake (a
wall already, a group too big, or the open squares cut in two). Whether a square is refused depends only
on the groups of the eight squares around it, so one more wall changes only the squares around its own
(merged) group: the map after it is the map before it with those squares judged again
(:meth:`WallMap.plus`), and set-up asks about each wall once instead of judging every square anew.

Squares are numbered on the map with a frame of one square around it, row by row: square (x, y) is
``(y + 1) * (size + 2) + x + 1`` (:func:`square`), so the eight around a square are fixed steps away.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.board import Cell

OUTSIDE = -1
"""The barrier beyond the map's edges (see :func:`cuts`)."""
RING = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
"""The eight squares around one, going round (each one next to the one before); the orthogonal ones are
at the odd places."""

Barriers = list[int | None]
"""Each square's barrier (None: no wall) on the framed map, the frame :data:`OUTSIDE`."""


def square(size: int, x: int, y: int) -> int:
    """The number of square (x, y) on the framed map of a ``size`` map."""
    return (y + 1) * (size + 2) + x + 1


@lru_cache(maxsize=4)
def ring_steps(size: int) -> tuple[int, ...]:
    """:data:`RING` as steps between square numbers."""
    return tuple(dy * (size + 2) + dx for dx, dy in RING)


@lru_cache(maxsize=4)
def square_labels(size: int) -> tuple[str, ...]:
    """Every square's label, in reading order."""
    return tuple(Cell(x, y).label for y in range(size) for x in range(size))


def cuts(barriers: Barriers, here: int, steps: tuple[int, ...]) -> bool:
    """Whether a wall on square ``here`` would cut the squares without walls in two (4-connected), judged
    on the eight squares around it, without a search of the map: going round them, the open squares next
    to ``here`` fall into runs parted by walls or the map's edge. The wall cuts exactly when two of those
    partings are one barrier (walls touching, diagonals included, or joined to the edge): that barrier and
    the new wall close a loop with squares inside it (on a square grid, walls touching at a corner close a
    loop for orthogonal movement). The tests check it against a search of the whole map."""
    seen = [barriers[here + step] for step in steps]
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


class WallMap:
    """The walls of a map and the squares they refuse the next wall (never changed once made: the maps are
    shared through :func:`wall_map`'s cache)."""

    __slots__ = ("size", "limit", "group_of", "members", "edge", "barriers", "refused", "fresh")

    def __init__(
        self,
        size: int,
        limit: int,
        group_of: dict[int, int],
        members: dict[int, tuple[int, ...]],
        edge: frozenset[int],
        barriers: Barriers,
        refused: frozenset[int],
        fresh: int,
    ) -> None:
        self.size, self.limit = size, limit
        self.group_of = group_of
        """Each wall's group number."""
        self.members = members
        """Each group's walls."""
        self.edge = edge
        """The groups touching the map's edge."""
        self.barriers = barriers
        """Each square's barrier: its group, :data:`OUTSIDE` for a group touching the edge and the frame."""
        self.refused = refused
        """The squares no wall may go on for the map's sake: walls, too big a group, a cut."""
        self.fresh = fresh
        """A group number not used yet."""

    @classmethod
    def empty(cls, size: int, limit: int) -> WallMap:
        wide = size + 2
        barriers: Barriers = [OUTSIDE] * wide
        barriers += ([OUTSIDE] + [None] * size + [OUTSIDE]) * size + [OUTSIDE] * wide
        return cls(size, limit, {}, {}, frozenset(), barriers, frozenset(), 0)

    def on_edge(self, number: int) -> bool:
        y, x = divmod(number, self.size + 2)
        return x in (1, self.size) or y in (1, self.size)

    def plus(self, wall: int) -> WallMap:
        """This map with one more wall on square ``wall``: it joins every group it touches, and only the
        squares around that joined group are judged again."""
        if wall in self.group_of:
            return self
        steps = ring_steps(self.size)
        touched = {self.group_of[wall + s] for s in steps if wall + s in self.group_of}
        group, joined = self.fresh, (wall, *(w for n in sorted(touched) for w in self.members[n]))
        members = {n: ws for n, ws in self.members.items() if n not in touched}
        members[group] = joined
        group_of = dict(self.group_of)
        at_edge = self.on_edge(wall) or bool(touched & self.edge)
        barriers = list(self.barriers)
        for w in joined:
            group_of[w] = group
            barriers[w] = OUTSIDE if at_edge else group
        edge = (self.edge - touched) | ({group} if at_edge else set())
        made = WallMap(self.size, self.limit, group_of, members, edge, barriers, frozenset(), group + 1)
        again = {w + s for w in joined for s in steps if barriers[w + s] is None}
        kept = (self.refused - again) | {wall}
        made.refused = frozenset(kept | {n for n in again if made.refuses(n)})
        return made

    def refused_places(self) -> list[int]:
        """The squares :attr:`refused`, as places in reading order (``y * size + x``); a wall named off the
        map refuses no square."""
        size = self.size
        places = (divmod(n, size + 2) for n in self.refused)
        return [(y - 1) * size + x - 1 for y, x in places if 0 < x <= size and 0 < y <= size]

    def refuses(self, here: int) -> bool:
        """Whether a wall on the open square ``here`` would make a group of more than the limit or cut the
        map."""
        steps = ring_steps(self.size)
        groups = {n for n in (self.group_of.get(here + s) for s in steps) if n is not None}
        if 1 + sum(len(self.members[n]) for n in groups) > self.limit:
            return True
        return cuts(self.barriers, here, steps)


WALL_MAPS_KEPT = 256
"""Wall maps kept (a set-up asks for each map once or twice, the next wall finds the map before it); when
full, all are dropped and made again as asked (from the empty map, wall by wall)."""
_MAPS: dict[tuple[int, int, tuple[str, ...]], WallMap] = {}


def wall_map(size: int, walls: tuple[str, ...], limit: int) -> WallMap:
    """The map of ``walls`` (labels, in the order placed): the map of the longest beginning of them made
    before, with the rest added one by one. Keyed on the labels themselves, so it cannot go stale."""
    key = (size, limit, walls)
    found = _MAPS.get(key)
    if found is not None:
        return found
    held = len(walls)
    made: WallMap | None = None
    while made is None and held > 0:
        held -= 1
        made = _MAPS.get((size, limit, walls[:held]))
    if made is None:
        made, held = WallMap.empty(size, limit), 0
    for label in walls[held:]:
        c = Cell.parse(label)
        made = made.plus(square(size, c.col, c.row))
    if len(_MAPS) >= WALL_MAPS_KEPT:
        _MAPS.clear()  # one call, safe beside another thread's (agent moves and replays run in threads)
    _MAPS[key] = made
    return made
