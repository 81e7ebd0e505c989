"""Map loaders: grids from a readable text format or JSON, and boards composed of tiles.

Text format (house), one header line per fact, then ``map:`` and the picture::

    id: training-room
    title: Training room
    metric: eight_way            # manhattan4 (default) or eight_way
    frame: no                    # yes: the picture includes the outer sides (see below)
    cell . floor                 # every character used for a cell is declared
    cell # blocked
    cell l area lab room         # an area: id "lab", kind "room" (optional), name after a "|"
    cell h area hall hallway | Hallway
    cell S mark start floor      # a mark: the cell is floor and named "start"
    door 1 red 1                 # door character, colour, number (optional)
    map:
    l l l|h h
    - -
    l l l1h h

The picture alternates *cell lines* and *edge lines*. In a cell line the characters at even positions
(0, 2, 4, ...) are cells and the ones between them are the vertical edges: a space for an open side,
``|`` for a wall, a door character for a door. In an edge line (between two cell lines) the characters
under the cells are the horizontal edges below them: a space for open, ``-`` for a wall, a door character;
the characters under the gaps are corners and are ignored (write ``+`` or a space). An edge line may be
empty. With ``frame: yes`` the picture also holds the outer sides: it starts and ends with an edge line,
each cell line starts and ends with an edge character, and cells sit at the odd positions. Tiles use it so
that walls and doors on their borders survive composition. Comments start with ``#`` after a space, in the
header only.

JSON: a :class:`~.spec.GridSpec` object. :func:`load_grid` reads either by the file's suffix and caches
the result by path.

Tiles: a board built from tiles placed by a mission (Nakamura Tower: "a board constructed from the
modular square tiles", 16 double-sided). :func:`compose` places each tile (a grid spec, one per side) at a
cell with a rotation of 0, 90, 180 or 270 degrees clockwise; areas and marks get the placement's id as a
prefix.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..datapack import load_object
from ..errors import DataError
from .cell import Cell, Edge
from .spec import AreaSpec, CellField, DoorSpec, GridSpec, Metric

# --- the text format ------------------------------------------------------------------------------


class _Legend:
    def __init__(self) -> None:
        self.cells: dict[str, tuple[str, str, str, str]] = {}  # char -> (what, id, kind, name)
        self.doors: dict[str, tuple[str, int | None]] = {}


def _header_line(legend: _Legend, meta: dict[str, str], text: str) -> None:
    words = text.split()
    if words[0] == "cell" and len(words) >= 3 and len(words[1]) == 1:
        body, _, name = " ".join(words[2:]).partition("|")
        what, *rest = body.split()
        if what not in ("floor", "blocked", "area", "mark") or (what in ("area", "mark") and not rest):
            raise ValueError(f"'{text}': a cell is floor, blocked, 'area ID [KIND]' or 'mark NAME'")
        legend.cells[words[1]] = (
            what,
            rest[0] if rest else "",
            rest[1] if len(rest) > 1 else "room",
            name.strip(),
        )
    elif words[0] == "door" and len(words) in (2, 3, 4) and len(words[1]) == 1:
        if words[1] in " |-+":
            raise ValueError(f"'{text}': '{words[1]}' cannot be a door character")
        number = int(words[3]) if len(words) == 4 else None
        legend.doors[words[1]] = (words[2] if len(words) > 2 else "", number)
    elif text.partition(":")[1]:
        key, _, value = text.partition(":")
        meta[key.strip()] = value.strip()
    else:
        raise ValueError(f"'{text}' is not a header line (key: value, cell ..., door ...)")


def _edge_char(ch: str, legend: _Legend, edge: Edge, walls: list[Edge], doors: list[DoorSpec]) -> None:
    if ch in " +":
        return
    if ch in "|-":
        walls.append(edge)
    elif ch in legend.doors:
        colour, number = legend.doors[ch]
        doors.append(DoorSpec(edge=edge, colour=colour, number=number))
    else:
        raise ValueError(f"'{ch}' on the side {edge.label} is not '|', '-', a space or a declared door")


def _cells(rows: list[str], legend: _Legend, off: int, fields: dict[str, Any]) -> None:
    blocked: list[Cell] = []
    areas: dict[str, list[Cell]] = {}
    marks: dict[str, list[Cell]] = {}
    for r, line in enumerate(rows):
        for c in range(fields["width"]):
            pos = 2 * c + off
            ch = line[pos] if pos < len(line) else " "
            if ch not in legend.cells:
                raise ValueError(f"row {r + 1}, column {c + 1}: '{ch}' is not a declared cell character")
            what, ident, _, _ = legend.cells[ch]
            cell = Cell(c, r)
            if what == "blocked":
                blocked.append(cell)
            elif what == "area":
                areas.setdefault(ident, []).append(cell)
            elif what == "mark":
                marks.setdefault(ident, []).append(cell)
    kinds = {v[1]: (v[2], v[3]) for v in legend.cells.values() if v[0] == "area"}
    fields["blocked"] = blocked
    fields["areas"] = [
        AreaSpec(id=a, kind=kinds[a][0], name=kinds[a][1], cells=tuple(cs)) for a, cs in areas.items()
    ]
    fields["marks"] = marks


def _edges(
    lines: list[str], legend: _Legend, off: int, width: int, height: int
) -> tuple[list[Edge], list[DoorSpec]]:
    walls: list[Edge] = []
    doors: list[DoorSpec] = []
    for r in range(height):
        line = lines[2 * r + off]
        for c in range(0 if off else 1, width + off):
            pos = 2 * c - 1 + off
            ch = line[pos] if pos < len(line) else " "
            _edge_char(ch, legend, Edge(Cell(c - 1, r), Cell(c, r)), walls, doors)
    for r in range(0 if off else 1, height + off):
        line = lines[2 * r - 1 + off]
        for pos in range(1 - off, len(line), 2):
            if line[pos] not in " +-|":
                raise ValueError(
                    f"edge line {2 * r + off}, position {pos + 1}: '{line[pos]}' stands on a corner "
                    "(doors go under a cell)"
                )
        for c in range(width):
            pos = 2 * c + off
            ch = line[pos] if pos < len(line) else " "
            _edge_char(ch, legend, Edge(Cell(c, r - 1), Cell(c, r)), walls, doors)
    return walls, doors


def parse_grid(text: str, where: str = "map") -> GridSpec:
    """Read the text format; :class:`DataError` names ``where`` and the line or field at fault."""
    legend, meta = _Legend(), dict[str, str]()
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == "map:")
    except StopIteration:
        raise DataError(f"{where}: no 'map:' line before the picture") from None
    try:
        for line in lines[:start]:
            content = (
                line.split(" #", 1)[0].strip() if not line.lstrip().startswith("cell #") else line.strip()
            )
            if content and not content.startswith("#"):
                _header_line(legend, meta, content)
        body = [line.rstrip() for line in lines[start + 1 :]]
        while body and not body[-1]:
            body.pop()
        off = 1 if meta.get("frame", "no") == "yes" else 0
        if off and len(body) % 2 == 0:
            body.append("")  # an empty south frame line was dropped with the trailing blank lines
        if len(body) % 2 == 0 or len(body) < 1 + 2 * off:
            raise ValueError(
                "the picture must alternate cell lines and edge lines"
                + (", with an edge line first and last" if off else "")
            )
        height = (len(body) + 1 - 2 * off) // 2
        rows = [body[2 * r + off] for r in range(height)]
        width = (max(len(line) for line in rows) - 2 * off + 1 + 1) // 2
        fields: dict[str, Any] = {
            "id": meta.get("id", "board"),
            "title": meta.get("title", ""),
            "provenance": meta.get("provenance", "house"),
            "metric": meta.get("metric", "manhattan4"),
            "width": width,
            "height": height,
        }
        _cells(rows, legend, off, fields)
        fields["walls"], fields["doors"] = _edges(body, legend, off, width, height)
        return GridSpec.model_validate(fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(map)"
        raise DataError(f"{where}: field '{field}': {err['msg']}") from None
    except ValueError as exc:
        raise DataError(f"{where}: {exc}") from None


def format_grid(spec: GridSpec, chars: dict[str, str] | None = None) -> str:
    """The picture of a spec in the text format (frameless, walls and doors; areas by ``chars``, an area
    id to character map, else ``.``): for tests and for saving a built map."""
    chars = chars or {}
    grid_cells = [["." for _ in range(spec.width)] for _ in range(spec.height)]
    for area in spec.areas:
        for cell in area.cells:
            grid_cells[cell.row][cell.col] = chars.get(area.id, ".")
    for cell in spec.blocked:
        grid_cells[cell.row][cell.col] = "#"
    walls = set(spec.walls)
    doors = {d.edge for d in spec.doors}
    out: list[str] = []
    for r in range(spec.height):
        if r:
            out.append(
                " ".join(
                    _side(Edge(Cell(c, r - 1), Cell(c, r)), walls, doors, "-") for c in range(spec.width)
                ).rstrip()
            )
        line = grid_cells[r][0]
        for c in range(1, spec.width):
            line += _side(Edge(Cell(c - 1, r), Cell(c, r)), walls, doors, "|") + grid_cells[r][c]
        out.append(line)
    return "\n".join(out)


def _side(edge: Edge, walls: set[Edge], doors: set[Edge], wall: str) -> str:
    return wall if edge in walls else ("D" if edge in doors else " ")


@lru_cache(maxsize=64)
def _load(path: Path) -> GridSpec:
    if path.suffix == ".json":
        return load_object(path, GridSpec)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: file not found") from None
    return parse_grid(text, where=str(path))


def load_grid(path: Path) -> GridSpec:
    """A grid spec from a ``.json`` or a text file, read once per path."""
    return _load(path.resolve())


# --- tiles ------------------------------------------------------------------------------------------

Rotation = Literal[0, 90, 180, 270]


class Placement(BaseModel):
    """One tile placed by a mission."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(min_length=1, max_length=20)
    tile: str
    side: str = "A"
    at: CellField
    """The board cell where the rotated tile's top-left cell goes."""
    rotation: Rotation = 0


def _turn(cell: Cell, width: int, height: int, rotation: int) -> Cell:
    # clockwise quarter turns of a width x height tile, keeping it in its own top-left quadrant
    for _ in range(rotation // 90):
        cell = Cell(height - 1 - cell.row, cell.col)
        width, height = height, width
    return cell


def rotate(spec: GridSpec, rotation: int) -> GridSpec:
    """The spec turned clockwise by ``rotation`` degrees (walls, doors, areas and marks with it)."""
    if rotation % 90 or not 0 <= rotation < 360:
        raise ValueError(f"a tile turns by 0, 90, 180 or 270 degrees, not {rotation}")
    w, h = spec.width, spec.height

    def turn(cell: Cell) -> Cell:
        return _turn(cell, w, h, rotation)

    def turn_edge(edge: Edge) -> Edge:
        return Edge(turn(edge.a), turn(edge.b))

    size = (w, h) if rotation in (0, 180) else (h, w)
    return spec.model_copy(
        update={
            "width": size[0],
            "height": size[1],
            "blocked": tuple(turn(c) for c in spec.blocked),
            "walls": tuple(turn_edge(e) for e in spec.walls),
            "doors": tuple(d.model_copy(update={"edge": turn_edge(d.edge)}) for d in spec.doors),
            "areas": tuple(
                a.model_copy(update={"cells": tuple(turn(c) for c in a.cells)}) for a in spec.areas
            ),
            "marks": {k: tuple(turn(c) for c in v) for k, v in spec.marks.items()},
        }
    )


def compose(
    width: int,
    height: int,
    tiles: dict[tuple[str, str], GridSpec],
    placements: list[Placement],
    metric: Metric = "eight_way",
    board_id: str = "board",
) -> GridSpec:
    """A board of ``width`` x ``height`` from tiles keyed by (tile id, side). Tiles may not overlap or leave
    the board; cells no tile covers are blocked, and so are a tile's own blocked cells. Walls on a tile's
    outer sides (its frame) become walls between the tiles."""
    covered: dict[Cell, str] = {}
    solid: set[Cell] = set()
    walls: set[Edge] = set()
    doors: dict[Edge, DoorSpec] = {}
    areas: list[AreaSpec] = []
    marks: dict[str, list[Cell]] = {}
    for place in placements:
        tile = tiles.get((place.tile, place.side))
        if tile is None:
            raise DataError(f"placement '{place.id}': no tile '{place.tile}' side {place.side}")
        turned = rotate(tile, place.rotation)

        def move(cell: Cell, at: Cell = place.at) -> Cell:
            return Cell(cell.col + at.col, cell.row + at.row)

        for r in range(turned.height):
            for c in range(turned.width):
                cell = move(Cell(c, r))
                if not (0 <= cell.col < width and 0 <= cell.row < height):
                    raise DataError(
                        f"placement '{place.id}': tile '{place.tile}' leaves the board at {cell.label}"
                    )
                if cell in covered:
                    raise DataError(
                        f"placement '{place.id}': {cell.label} is already covered by '{covered[cell]}'"
                    )
                covered[cell] = place.id
        solid |= {move(c) for c in turned.blocked}
        walls |= {Edge(move(e.a), move(e.b)) for e in turned.walls}
        for d in turned.doors:
            edge = Edge(move(d.edge.a), move(d.edge.b))
            doors[edge] = d.model_copy(update={"edge": edge})
        areas += [
            a.model_copy(update={"id": f"{place.id}.{a.id}", "cells": tuple(move(c) for c in a.cells)})
            for a in turned.areas
        ]
        for name, cells in turned.marks.items():
            marks.setdefault(f"{place.id}.{name}", []).extend(move(c) for c in cells)
    blocked = [
        Cell(c, r)
        for r in range(height)
        for c in range(width)
        if Cell(c, r) not in covered or Cell(c, r) in solid
    ]
    inside = {e for e in walls if 0 <= min(e.a) and e.b.col < width and e.b.row < height}
    doors = {e: d for e, d in doors.items() if 0 <= min(e.a) and e.b.col < width and e.b.row < height}
    try:
        return GridSpec(
            id=board_id,
            width=width,
            height=height,
            metric=metric,
            blocked=tuple(blocked),
            walls=tuple(sorted(inside - set(doors))),
            doors=tuple(doors[e] for e in sorted(doors)),
            areas=tuple(areas),
            marks={k: tuple(v) for k, v in marks.items()},
        )
    except ValidationError as exc:
        raise DataError(f"composed board '{board_id}': {exc.errors()[0]['msg']}") from None
