"""Boards built from tiles: RB "The game is played on a board constructed from the modular square tiles"
and "Board layouts are predefined for each mission".

A tile (``maps/tiles.json`` and a framed text picture in ``maps/tiles/``) holds its rooms and hallways with
their TAC values, walls, doorways, and marked spots: ``terminal`` (where a Terminal token may stand),
``entry`` (Drone Entry Points) and ``exit``. A mission places tiles (with a rotation), puts door tokens of a
colour and a number in doorways, and names squares either directly or by a tile's mark
(``office.terminal``, ``hall_c.entry``). RB: "Hallway areas are delineated by the board tile edges": every
area of a placed tile is an area of its own on the board, named after the placement when the tile has one
area (``office``), else ``placement.area``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from engine.core.board import Cell, GridSpec, compose, load_grid
from engine.core.datapack import Provenance, load_records
from engine.core.errors import DataError

from .pack import Mission


class Tile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(min_length=1, max_length=20)
    side: str = Field("A", pattern="^[AB]$")
    file: str
    tac: dict[str, int]
    """TAC by the tile's own area id (RB: each room "presents a specific tactical situation")."""
    marks: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """Spots on the tile (its own squares, from A1 at its top left): terminal, entry, exit."""
    provenance: Provenance
    note: str = ""


Tiles = dict[tuple[str, str], tuple[Tile, GridSpec]]


def load_tiles(maps: Path) -> Tiles:
    """The tiles of a pack (none when it has no ``tiles.json``), each checked against its picture."""
    manifest = maps / "tiles.json"
    if not manifest.exists():
        return {}
    out: Tiles = {}
    for tile in load_records(manifest, Tile, "tiles"):
        spec = load_grid(maps / "tiles" / tile.file)
        where = f"{manifest}: record '{tile.id}'"
        areas = {a.id for a in spec.areas}
        for area, value in tile.tac.items():
            if area not in areas or not 0 <= value <= 5:
                raise DataError(
                    f"{where}, field 'tac': '{area}' ({value}) is not an area of {tile.file} with TAC 0-5"
                )
        marks: dict[str, tuple[Cell, ...]] = {}
        for name, labels in tile.marks.items():
            cells = tuple(Cell.parse(label) for label in labels)
            off = [c.label for c in cells if not spec.inside(c) or c in spec.blocked]
            if off:
                raise DataError(f"{where}, field 'marks.{name}': {off[0]} is not a free square of the tile")
            marks[name] = cells
        out[(tile.id, tile.side)] = (tile, spec.model_copy(update={"marks": marks}))
    return out


def assemble(mission: Mission, tiles: Tiles, where: str) -> tuple[GridSpec, Mission]:
    """The mission's board from its tiles, and the mission with its squares read from the tiles' marks, its
    TAC values from the tiles (the mission's own ``tac`` changes them) and its door tokens in place."""
    layout = mission.board
    assert layout is not None
    specs = {key: spec for key, (_, spec) in tiles.items()}
    try:
        spec = compose(layout.width, layout.height, specs, list(layout.tiles), "eight_way", mission.map)
    except DataError as exc:
        raise DataError(f"{where}, field 'board': {exc}") from None
    names: dict[str, str] = {}
    tac: dict[str, int] = {}
    for place in layout.tiles:
        tile, tile_spec = tiles[(place.tile, place.side)]
        for area in tile_spec.areas:
            name = place.id if len(tile_spec.areas) == 1 else f"{place.id}.{area.id}"
            names[f"{place.id}.{area.id}"] = name
            tac[name] = tile.tac.get(area.id, 0)
    areas = tuple(a.model_copy(update={"id": names[a.id]}) for a in spec.areas)
    doors = []
    unknown = set(mission.doors) - {d.edge.label for d in spec.doors}
    if unknown:
        raise DataError(f"{where}, field 'doors': '{sorted(unknown)[0]}' is not a doorway of the board")
    for door in spec.doors:
        token = mission.doors.get(door.edge.label)
        doors.append(
            door.model_copy(update={"colour": token.colour, "number": token.number}) if token else door
        )
    spec = spec.model_copy(update={"areas": areas, "doors": tuple(doors), "title": layout.title})
    unknown_tac = set(mission.tac) - set(tac)
    if unknown_tac:
        raise DataError(f"{where}, field 'tac': '{sorted(unknown_tac)[0]}' is not an area of the board")
    marks = {k: [c.label for c in v] for k, v in spec.marks.items()}

    def squares(field: str, given: tuple[str, ...], kind: str) -> tuple[str, ...]:
        chosen = given or tuple(k for k in marks if k.endswith(f".{kind}"))
        out: list[str] = []
        for item in chosen:
            if "." not in item:
                out.append(item)
            elif item in marks:
                out += marks[item]
            else:
                raise DataError(f"{where}, field '{field}': no tile on the board marks '{item}'")
        return tuple(out)

    terminals = []
    for t in mission.terminals:
        cells = squares("terminals", (t.cell,), "terminal")
        if len(cells) != 1:
            raise DataError(f"{where}, field 'terminals': '{t.cell}' marks {len(cells)} squares, not one")
        terminals.append(t.model_copy(update={"cell": cells[0]}))
    resolved = mission.model_copy(
        update={
            "tac": {**tac, **mission.tac},
            "terminals": tuple(terminals),
            "entry_points": squares("entry_points", mission.entry_points, "entry"),
            "exits": squares("exits", mission.exits, "exit") if mission.exits else (),
        }
    )
    return spec, resolved
