"""Boards built from tiles (RB: "The game is played on a board constructed from the modular square tiles";
"Board layouts are predefined for each mission"; "Hallway areas are delineated by the board tile edges")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.core.board import Cell, Edge, Placement, parse_grid
from engine.core.errors import DataError
from engine.nakamura_tower.loading import load_pack, pack
from engine.nakamura_tower.pack import Layout, Mission
from engine.nakamura_tower.tiles import assemble, load_tiles

DATA = Path(__file__).resolve().parents[3] / "data" / "nakamura_tower"
PLAN = Path(__file__).with_name("floor47_plan.txt")
"""The single floor plan the missions used before the board was built from tiles."""


def test_the_seven_tiles_rebuild_the_old_floor_exactly() -> None:
    """The house floor, converted into tiles, is the same board: squares, walls, doors with their colours and
    numbers, rooms and hallways with their names, and the mission's TAC values now come from the tiles."""
    old = parse_grid(PLAN.read_text())
    new = pack().maps["floor47"]
    assert (new.width, new.height, new.metric) == (old.width, old.height, old.metric)
    assert set(new.walls) == set(old.walls) and set(new.blocked) == set(old.blocked)
    assert {(d.edge, d.colour, d.number) for d in new.doors} == {
        (d.edge, d.colour, d.number) for d in old.doors
    }
    assert {(a.id, a.kind, a.name, frozenset(a.cells)) for a in new.areas} == {
        (a.id, a.kind, a.name, frozenset(a.cells)) for a in old.areas
    }
    skirmish = pack().missions["skirmish"]
    assert skirmish.tac == {
        "office": 2,
        "servers": 1,
        "lab": 1,
        "suite": 2,
        "hall_n": 0,
        "hall_c": 1,
        "hall_s": 0,
    }
    assert [t.cell for t in skirmish.terminals] == ["B2", "O11", "H7"]  # the tiles' Terminal spots
    assert skirmish.entry_points == ("A6", "P7", "H1", "I12")  # the tiles' Drone Entry Points, in order
    assert pack().missions["solo"].exits == ("P12", "P1")


def _mission(**changes: object) -> Mission:
    return pack().missions["skirmish"].model_copy(update=changes)


def _raw_skirmish() -> Mission:
    raw = next(
        m for m in json.loads((DATA / "missions.json").read_text())["missions"] if m["id"] == "skirmish"
    )
    return Mission.model_validate(raw)


def test_a_turned_tile_turns_its_rooms_doors_and_spots() -> None:
    """A mission places each tile with a rotation: the Security office tile turned a quarter clockwise at
    the top left of a 6 x 6 board has its east doorway (E3-F3 on the tile) on its south side, its south one
    off the board to the west, and its Terminal spot (B2 of the tile) at D2."""
    tiles = load_tiles(DATA / "maps")
    raw = _raw_skirmish()
    layout = Layout(width=6, height=6, tiles=(Placement(id="office", tile="t01", at="A1", rotation=90),))
    mission = raw.model_copy(update={"board": layout, "doors": {}, "entry_points": ("A1",), "terminals": ()})
    spec, resolved = assemble(mission, tiles, "test")
    assert [a.id for a in spec.areas] == ["office"] and resolved.tac == {"office": 2}
    assert Cell.parse("C3") in spec.blocked and Cell.parse("F1") in spec.blocked  # its pillar; off the tile
    assert [d.edge for d in spec.doors] == [Edge.parse("C5-C6")]
    term = raw.terminals[0].model_copy(update={"cell": "office.terminal"})
    _, placed = assemble(mission.model_copy(update={"terminals": (term,)}), tiles, "test")
    assert placed.terminals[0].cell == "D2"


def test_each_tile_edge_delineates_hallways() -> None:
    """RB: "Hallway areas are delineated by the board tile edges": two North hallway tiles side by side are
    two areas (each with its tile's TAC), not one long hallway."""
    tiles = load_tiles(DATA / "maps")
    layout = Layout(
        width=12,
        height=5,
        tiles=(Placement(id="west", tile="t02", at="A1"), Placement(id="east", tile="t02", at="G1")),
    )
    mission = _raw_skirmish().model_copy(
        update={"board": layout, "doors": {}, "entry_points": ("west.entry",), "terminals": ()}
    )
    spec, resolved = assemble(mission, tiles, "test")
    assert sorted(a.id for a in spec.areas) == ["east", "west"]
    assert resolved.tac == {"west": 0, "east": 0} and resolved.entry_points == ("C1",)


def test_door_tokens_colour_doorways_and_a_bare_doorway_has_no_colour() -> None:
    """A mission puts door tokens (colour and number) in the tiles' doorways; RB: a door whose Terminal is
    not on the board is "considered closed but not locked" (a doorway without a token has no colour)."""
    tiles = load_tiles(DATA / "maps")
    raw = _raw_skirmish()
    fewer = dict(raw.doors)
    del fewer["E3-F3"]
    spec, _ = assemble(raw.model_copy(update={"doors": fewer}), tiles, "test")
    door = {d.edge.label: d for d in spec.doors}
    assert (door["E3-F3"].colour, door["E3-F3"].number) == ("", None)
    assert (door["C5-C6"].colour, door["C5-C6"].number) == ("red", 2)
    with pytest.raises(DataError, match="field 'doors': 'A1-A2' is not a doorway"):
        assemble(raw.model_copy(update={"doors": {**raw.doors, "A1-A2": raw.doors["E3-F3"]}}), tiles, "test")


def test_the_tac_of_a_tile_can_be_changed_by_the_mission() -> None:
    """The mission sets the board (RB: "Board layouts are predefined for each mission"): its ``tac`` changes
    a tile's value."""
    spec, resolved = assemble(
        _raw_skirmish().model_copy(update={"tac": {"hall_c": 3}}), load_tiles(DATA / "maps"), "t"
    )
    assert resolved.tac["hall_c"] == 3 and resolved.tac["office"] == 2


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "nakamura_tower"
    shutil.copytree(DATA, folder)
    return folder


def test_a_bad_board_is_refused_naming_the_file_record_and_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "missions.json"
    data = json.loads(path.read_text())
    data["missions"][0]["board"]["tiles"][1]["at"] = "E1"  # on top of the office
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"record 'skirmish', field 'board'.*already covered by 'office'"):
        load_pack(folder)
    data["missions"][0]["board"]["tiles"][1]["at"] = "F1"
    data["missions"][0]["exits"] = ["suite.lift"]
    path.write_text(json.dumps(data))
    with pytest.raises(
        DataError, match=r"record 'skirmish', field 'exits': no tile on the board marks 'suite.lift'"
    ):
        load_pack(folder)
    data["missions"][0]["exits"] = []
    path.write_text(json.dumps(data))
    tiles = json.loads((folder / "maps" / "tiles.json").read_text())
    tiles["tiles"][0]["marks"]["terminal"] = ["C3"]  # the office's blocked square
    (folder / "maps" / "tiles.json").write_text(json.dumps(tiles))
    with pytest.raises(
        DataError, match=r"tiles.json: record 't01', field 'marks.terminal': C3 is not a free"
    ):
        load_pack(folder)
