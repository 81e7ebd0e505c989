"""The static grid spec: what a data pack says about a board, validated and cached.

A :class:`GridSpec` holds only what never changes during a game: the size, the movement metric, the
blocked cells, the walls on edges, the doors on edges (with their colour and number), named areas
(rooms, hallways, quadrants) and named marks (starting squares, entry points). Everything that changes
(which doors are open or locked, walls placed at set-up, where the units stand, force fields) is the
game's state and is handed to the queries of :class:`~engine.core.board.grid.Grid` as arguments, so
snapshots stay small and the spec can be shared by every game on the same map.

In JSON, cells are labels (``"D7"``) and edges are pairs of labels (``"D7-D8"``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, model_validator

from ..datapack import Provenance
from .cell import Cell, Edge, LabelError

Metric = Literal["manhattan4", "eight_way"]
"""``manhattan4``: steps to the 4 orthogonal neighbours, distance |dx| + |dy| (IPA: "Distance is counted
horizontally and vertically across the squares"). ``eight_way``: steps to the 8 neighbours with the
diagonal rules of Nakamura Tower, distance max(|dx|, |dy|)."""


def _cell(value: Any) -> Cell:
    if isinstance(value, str):
        return Cell.parse(value)
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return Cell(value[0], value[1])
    raise LabelError(f"{value!r} is not a square: write a label like D7.")


def _edge(value: Any) -> Edge:
    if isinstance(value, str):
        return Edge.parse(value)
    if isinstance(value, list | tuple) and len(value) == 2:
        return Edge(_cell(value[0]), _cell(value[1]))
    raise LabelError(f"{value!r} is not an edge: write the two squares it separates, like D7-D8.")


def _edge_json(edge: Edge) -> Any:
    # Frame edges (one cell outside the board) have no readable label; they are written as pairs.
    if min(edge.a) < 0:
        return [list(edge.a), list(edge.b)]
    return edge.label


CellField = Annotated[Cell, BeforeValidator(_cell), PlainSerializer(lambda c: c.label, return_type=str)]
EdgeField = Annotated[Edge, BeforeValidator(_edge), PlainSerializer(_edge_json)]


class DoorSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    edge: EdgeField
    colour: str = ""
    number: int | None = None


class AreaSpec(BaseModel):
    """A named set of cells: a room, a hallway, a quadrant, a starting zone."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    name: str = ""
    kind: str = "room"
    cells: tuple[CellField, ...]
    tags: dict[str, int | str] = Field(default_factory=dict)
    """Game-specific numbers or words for the area (Nakamura's TAC value, say)."""


class GridSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = "board"
    title: str = ""
    provenance: Provenance = "house"
    width: int = Field(ge=1, le=60)
    height: int = Field(ge=1, le=99)
    metric: Metric = "manhattan4"
    blocked: tuple[CellField, ...] = ()
    walls: tuple[EdgeField, ...] = ()
    doors: tuple[DoorSpec, ...] = ()
    areas: tuple[AreaSpec, ...] = ()
    marks: dict[str, tuple[CellField, ...]] = Field(default_factory=dict)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.width and 0 <= cell.row < self.height

    @model_validator(mode="after")
    def _consistent(self) -> GridSpec:
        def where(cell: Cell, what: str) -> None:
            if not self.inside(cell):
                raise ValueError(f"{what}: {cell.label} is off the {self.width}x{self.height} board")

        for cell in self.blocked:
            where(cell, "blocked")
        for edge in self.walls:
            if not (self.inside(edge.a) or self.inside(edge.b)):
                raise ValueError(f"wall {edge.label} is not on the board")
        walls = set(self.walls)
        seen: set[Edge] = set()
        for door in self.doors:
            if not (self.inside(door.edge.a) or self.inside(door.edge.b)):
                raise ValueError(f"door {door.edge.label} is not on the board")
            if door.edge in walls:
                raise ValueError(f"door {door.edge.label} lies on a wall")
            if door.edge in seen:
                raise ValueError(f"two doors on {door.edge.label}")
            seen.add(door.edge)
        ids: set[str] = set()
        for area in self.areas:
            if area.id in ids:
                raise ValueError(f"area '{area.id}' is given twice")
            ids.add(area.id)
            for cell in area.cells:
                where(cell, f"area '{area.id}'")
        for name, cells in self.marks.items():
            for cell in cells:
                where(cell, f"mark '{name}'")
        return self
