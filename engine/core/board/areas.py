"""Area graphs: Virtual Revolution's boroughs, or the rooms of a grid.

An :class:`AreaGraph` is a set of nodes with a symmetric adjacency. Virtual Revolution: "Two Boroughs (in a
same District or in two different Districts) are considered adjacent if they share a border (not only a
corner)", and "the 14th Borough, which is adjacent to the 13th". The graph is built from records (JSON in a
data pack) and validated at load: every problem raises :class:`~engine.core.errors.DataError` naming the
record and the field.

A record may carry a ``polygon`` and an ``anchor`` (in a 1000 x 1000 drawing box, house) so the shared
renderer can draw the map, and a ``group`` (the District).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from ..datapack import Provenance, read_json, validate_records
from ..errors import DataError
from .cell import Cell
from .grid import Grid


class AreaRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    label: str = ""
    group: str = ""
    adjacent: tuple[str, ...] = ()
    polygon: tuple[tuple[float, float], ...] = ()
    anchor: tuple[float, float] | None = None
    provenance: Provenance = "house"


class AreaGraph:
    def __init__(self, records: Iterable[AreaRecord], where: str = "area graph") -> None:
        self.records: dict[str, AreaRecord] = {}
        for i, record in enumerate(records):
            if record.id in self.records:
                raise DataError(f"{where}: record {i + 1} ('{record.id}'), field 'id': duplicate id")
            self.records[record.id] = record
        self._adjacent: dict[str, tuple[str, ...]] = {}
        for i, record in enumerate(self.records.values()):
            for other in record.adjacent:
                self._check(where, i, record, other)
            self._adjacent[record.id] = tuple(sorted(set(record.adjacent)))
        members: dict[str, list[str]] = {}
        for node, record in self.records.items():
            members.setdefault(record.group, []).append(node)
        self._groups: dict[str, tuple[str, ...]] = {g: tuple(nodes) for g, nodes in members.items()}
        # the records are fixed once read, so each group's members are found once (rules ask for them
        # after every change of the map), and each neighbourhood of :meth:`reach` once
        self._reach: dict[tuple[str, int], frozenset[str]] = {}

    def _check(self, where: str, i: int, record: AreaRecord, other: str) -> None:
        name = f"{where}: record {i + 1} ('{record.id}'), field 'adjacent'"
        if other == record.id:
            raise DataError(f"{name}: an area is not adjacent to itself")
        if other not in self.records:
            raise DataError(f"{name}: '{other}' is not an area of this map")
        if record.id not in self.records[other].adjacent:
            raise DataError(
                f"{name}: '{other}' is listed as adjacent, but '{other}' does not list "
                f"'{record.id}' (adjacency is symmetric)"
            )

    @classmethod
    def load(cls, path: Path, key: str | None = "areas") -> AreaGraph:
        """Read the records from a JSON file (a list, or a list under ``key``)."""
        return cls(validate_records(path, read_json(path), AreaRecord, key), where=str(path))

    @classmethod
    def from_grid(cls, grid: Grid, touch: str = "edge") -> AreaGraph:
        """The graph of a grid's named areas: adjacent when two of their cells share an edge
        (``touch="edge"``)
        or an edge or a corner (``touch="corner"``: Nakamura's security Terminal controls the cameras "in all
        adjacent rooms and hallways, including those adjacent diagonally"). Walls do not matter."""
        offsets = [(1, 0), (0, 1)] + ([(1, 1), (-1, 1)] if touch == "corner" else [])
        pairs: dict[str, set[str]] = {a: set() for a in grid.areas}
        for cell in grid.cells():
            here = grid.area_of(cell)
            for dc, dr in offsets:
                there = grid.area_of(Cell(cell.col + dc, cell.row + dr))
                if here and there and here != there:
                    pairs[here].add(there)
                    pairs[there].add(here)
        return cls(
            AreaRecord(id=a, label=grid.areas[a].name or a, adjacent=tuple(sorted(n)))
            for a, n in pairs.items()
        )

    @property
    def nodes(self) -> list[str]:
        return list(self.records)

    def neighbours(self, node: str) -> tuple[str, ...]:
        return self._adjacent[node]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._adjacent.get(a, ())

    def distances(self, start: str, within: int | None = None) -> dict[str, int]:
        """Steps from ``start`` to every node reached (breadth first), up to ``within`` steps."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if within is not None and dist[here] >= within:
                continue
            for there in self._adjacent[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def reach(self, start: str, within: int) -> frozenset[str]:
        """The nodes at most ``within`` steps from ``start`` (``start`` included), as a set: the keys of
        :meth:`distances`, found once for each start and number of steps."""
        key = (start, within)
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = frozenset(self.distances(start, within=within))
        return found

    def distance(self, a: str, b: str) -> int | None:
        """Adjacency steps from ``a`` to ``b`` (None when they are not connected)."""
        return self.distances(a).get(b)

    def within(self, start: str, k: int) -> list[str]:
        """The nodes at most ``k`` steps from ``start`` (``start`` included), in the records' order."""
        reached = self.distances(start, within=k)
        return [n for n in self.records if n in reached]

    def components(self, nodes: Iterable[str] | None = None) -> list[list[str]]:
        """The connected groups among ``nodes`` (all nodes by default), adjacency restricted to them: the
        regions a player controls. Each group and the list are in the records' order."""
        chosen = set(self.records if nodes is None else nodes)
        order = [n for n in self.records if n in chosen]
        seen: set[str] = set()
        out: list[list[str]] = []
        for first in order:
            if first in seen:
                continue
            group = {first}
            queue = deque([first])
            while queue:
                for there in self._adjacent[queue.popleft()]:
                    if there in chosen and there not in group:
                        group.add(there)
                        queue.append(there)
            seen |= group
            out.append([n for n in order if n in group])
        return out

    def groups(self) -> dict[str, list[str]]:
        """Nodes by their ``group`` (Virtual Revolution's Districts), in the records' order (new lists: the
        caller may change them)."""
        return {g: list(nodes) for g, nodes in self._groups.items()}

    def members(self, group: str) -> tuple[str, ...]:
        """The nodes of ``group``, in the records' order (none for a group no record names)."""
        return self._groups.get(group, ())

    def groups_adjacent(self, g: str, h: str) -> bool:
        """Whether some node of group ``g`` is adjacent to some node of group ``h`` (ruling in
        rules-notes/virtual_revolution.md 5, for "adjacent Districts")."""
        return any(self.adjacent(a, b) for a in self.members(g) for b in self.members(h))
