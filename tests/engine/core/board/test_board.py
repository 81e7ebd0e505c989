"""Cells, specs, loaders, tiles and area graphs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.board import (
    AreaGraph,
    AreaRecord,
    Cell,
    Edge,
    GridSpec,
    LabelError,
    Placement,
    compose,
    grid_of,
    load_grid,
    parse_grid,
    rotate,
)
from engine.core.board.maps import format_grid
from engine.core.errors import DataError, MalformedIntent

C = Cell.parse
DATA = Path(__file__).resolve().parents[4] / "data" / "boards"


def test_labels_read_and_print() -> None:
    assert Cell(3, 6).label == "D7" and C("d7") == Cell(3, 6)
    assert Cell(26, 0).label == "AA1" and C("AA1") == Cell(26, 0)
    for bad in ("7D", "D0", "", "D-1", "ABC1"):
        with pytest.raises(LabelError, match="not a square"):
            C(bad)
    assert issubclass(LabelError, MalformedIntent)


def test_edges_are_normalised() -> None:
    assert Edge(C("D8"), C("D7")) == Edge(C("D7"), C("D8")) == Edge.parse("D8-D7")
    assert Edge.parse("D7-D8").label == "D7-D8"
    with pytest.raises(LabelError, match="not orthogonal neighbours"):
        Edge(C("D7"), C("E8"))


def test_spec_round_trips_and_names_bad_fields() -> None:
    spec = GridSpec(
        width=4, height=3, walls=("A1-A2",), blocked=("D3",), doors=({"edge": "B1-C1", "colour": "red"},)
    )
    assert GridSpec.model_validate_json(spec.model_dump_json()) == spec
    with pytest.raises(ValueError, match="E1 is off the 4x3 board"):
        GridSpec(width=4, height=3, blocked=("E1",))
    with pytest.raises(ValueError, match="lies on a wall"):
        GridSpec(width=4, height=3, walls=("B1-C1",), doors=({"edge": "B1-C1"},))


def test_grid_cell_refuses_off_board() -> None:
    g = grid_of(GridSpec(width=24, height=24))
    assert g.cell("X24") == Cell(23, 23)
    with pytest.raises(LabelError, match="off the board: columns A-X, rows 1-24"):
        g.cell("Y1")


def test_text_format_and_its_errors() -> None:
    spec = load_grid(DATA / "training_floor.txt")
    assert (spec.width, spec.height, spec.metric) == (10, 6, "eight_way")
    assert {d.edge.label: d.colour for d in spec.doors} == {"D2-E2": "red", "I2-I3": "blue"}
    assert spec.marks["entry"] == (C("A5"),)
    assert load_grid(DATA / "training_floor.txt") is spec  # cached
    with pytest.raises(DataError, match="no 'map:' line"):
        parse_grid("cell . floor\n")
    with pytest.raises(DataError, match="'x' is not a declared cell character"):
        parse_grid("cell . floor\nmap:\n. x")
    with pytest.raises(DataError, match="'q' on the side A1-B1"):
        parse_grid("cell . floor\nmap:\n.q.")
    again = parse_grid("cell . floor\ncell # blocked\ndoor D\nmap:\n" + format_grid(spec))
    assert set(again.walls) == set(spec.walls) and set(again.blocked) == set(spec.blocked)


def test_framed_tiles_compose_with_rotation() -> None:
    tile = parse_grid(
        "frame: yes\ncell . floor\ncell r area room\ndoor 1 red 1\nmap:\n - -\n|r .1\n     \n|r . \n"
    )
    assert (tile.width, tile.height) == (2, 2)
    assert Edge(Cell(-1, 0), Cell(0, 0)) in tile.walls and Edge(Cell(0, -1), Cell(0, 0)) in tile.walls
    turned = rotate(tile, 90)
    assert set(turned.areas[0].cells) == {Cell(0, 0), Cell(1, 0)}  # the west column becomes the top row
    board = compose(
        4,
        2,
        {("t1", "A"): tile},
        [Placement(id="p1", tile="t1", at="A1"), Placement(id="p2", tile="t1", at="C1", rotation=180)],
    )
    # p1's east frame door, and p2's (turned half round, it comes to p2's west side, below): both inside now
    assert [d.edge for d in board.doors] == [Edge(C("B1"), C("C1")), Edge(C("B2"), C("C2"))]
    assert {a.id for a in board.areas} == {"p1.room", "p2.room"}
    assert board.walls == ()  # frame walls on the board's own outer side are dropped
    pillar = parse_grid("frame: yes\ncell . floor\ncell # blocked\nmap:\n\n . #\n")
    assert compose(3, 1, {("t2", "A"): pillar}, [Placement(id="p", tile="t2", at="B1")]).blocked == (
        C("A1"),
        C("C1"),
    )  # the uncovered A1 and the tile's own blocked square
    with pytest.raises(DataError, match="already covered by 'p1'"):
        compose(
            4,
            2,
            {("t1", "A"): tile},
            [Placement(id="p1", tile="t1", at="A1"), Placement(id="p2", tile="t1", at="B1")],
        )


def boroughs() -> list[AreaRecord]:
    # house placeholder, after rules-notes/virtual_revolution.md: "the 14th Borough, which is adjacent to the
    # 13th"
    adj = {"13": ["14", "5"], "14": ["13", "15"], "15": ["14"], "5": ["13"], "20": []}
    return [
        AreaRecord(id=k, label=k, group="DR" if k in ("13", "14", "15") else "QL", adjacent=tuple(v))
        for k, v in adj.items()
    ]


def test_area_graph_queries() -> None:
    """Virtual Revolution: "the 14th Borough, which is adjacent to the 13th" """
    g = AreaGraph(boroughs())
    assert g.adjacent("13", "14") and g.adjacent("14", "13") and not g.adjacent("13", "15")
    assert g.distance("5", "15") == 3 and g.distance("5", "20") is None
    assert g.within("13", 1) == ["13", "14", "5"]
    assert g.components(["13", "15", "5", "20"]) == [["13", "5"], ["15"], ["20"]]
    assert g.groups_adjacent("DR", "QL")


def test_area_graph_members_and_reach_are_what_groups_and_distances_say() -> None:
    """The answers found once when the graph is built (``members``, ``reach``) are the ones computed afresh,
    and ``groups()`` still hands out lists its caller may change."""
    g = AreaGraph(boroughs())
    groups = g.groups()
    assert {k: list(g.members(k)) for k in groups} == groups and g.members("NA") == ()
    groups["DR"].append("5")
    assert g.groups()["DR"] == ["13", "14", "15"]
    for node in g.nodes:
        for k in range(4):
            assert g.reach(node, k) == set(g.distances(node, within=k)) == set(g.within(node, k))
            assert g.reach(node, k) is g.reach(node, k)


def test_area_graph_validation_names_the_record(tmp_path: Path) -> None:
    records = [r.model_dump() for r in boroughs()]
    records[2]["adjacent"] = ["14", "99"]
    path = tmp_path / "map.json"
    path.write_text(json.dumps({"areas": records}))
    with pytest.raises(DataError, match=r"record 3 \('15'\), field 'adjacent': '99' is not an area"):
        AreaGraph.load(path)
    records[2]["adjacent"] = ["14", "5"]
    path.write_text(json.dumps({"areas": records}))
    with pytest.raises(DataError, match=r"'5' does not list '15' \(adjacency is symmetric\)"):
        AreaGraph.load(path)


def test_room_graph_from_a_grid() -> None:
    g = grid_of(load_grid(DATA / "training_floor.txt"))
    edge, corner = AreaGraph.from_grid(g), AreaGraph.from_grid(g, touch="corner")
    assert (
        edge.adjacent("lab", "hall") and edge.adjacent("hall", "vault") and not edge.adjacent("lab", "vault")
    )
    assert set(corner.nodes) == {"hall", "lab", "vault"} and corner.adjacent("lab", "hall")


def test_nearest_returns_every_tied_target() -> None:
    g = grid_of(GridSpec(width=9, height=9, metric="eight_way"))
    assert g.nearest(C("E5"), [C("E2"), C("H5"), C("A1")]) == (3, [C("E2"), C("H5")])
    assert g.nearest(C("E5"), [C("A1"), C("I9")], walk=False) == (4, [C("A1"), C("I9")])
    assert g.nearest(C("E5"), []) is None


def test_a_search_with_nothing_shut_gives_what_the_full_test_of_each_step_gives() -> None:
    """Issue 21: a search with :data:`OPEN` (no cell blocked, no edge shut, none pinned: the drones' way)
    skips the test of each step; an equal but separate empty ``Passage`` still makes it. Both must find
    the same cells at the same costs and the same routes, walls, doors and corners of the floor included."""
    from engine.core.board import OPEN, Passage

    g = grid_of(load_grid(DATA / "training_floor.txt"))
    empty = Passage()
    assert empty is not OPEN and empty == OPEN
    cells = sorted(g.areas["hall"].cells, key=Cell.reading)[:6]
    for start in cells:
        assert g.reachable(start, 8, passage=OPEN) == g.reachable(start, 8, passage=empty)
        for goal in cells:
            assert g.path(start, goal, passage=OPEN) == g.path(start, goal, passage=empty)
        assert g.nearest(start, cells[-2:], passage=OPEN) == g.nearest(start, cells[-2:], passage=empty)
