"""Every line-of-sight and movement sentence of the two tactical rulebooks, as a test that quotes it.

Maps are drawn in the text format of engine/core/board/maps.py (house layouts: neither rulebook prints one).
"""

from __future__ import annotations

import pytest

from engine.core.board import Cell, Grid, GridSpec, Passage, grid_of, parse_grid

C = Cell.parse

HEAD_8 = "metric: eight_way\ncell . floor\ncell # blocked\ndoor d grey\nmap:\n"
HEAD_4 = "metric: manhattan4\ncell . floor\ncell # blocked\nmap:\n"


def grid(picture: str, head: str = HEAD_8) -> Grid:
    return grid_of(parse_grid(head + picture.strip("\n")))


# --- IPA: The Agents -------------------------------------------------------------------------------


def test_ipa_distance_is_counted_horizontally_and_vertically() -> None:
    """IPA: "Distance is counted horizontally and vertically across the squares. Distance is never counted
    diagonally" """
    g = grid_of(GridSpec(width=24, height=24, metric="manhattan4"))
    assert g.distance(C("A1"), C("D5")) == 3 + 4
    assert C("B2") not in g.neighbours(C("A1"))
    assert g.path(C("A1"), C("B2")) is not None and g.path(C("A1"), C("B2")).steps == 2  # type: ignore[union-attr]


def test_ipa_agent_moves_up_to_five_squares() -> None:
    """IPA: "Each Agent has 5 movement points, with which the Agent may move up to 5 squares further.
    Remember: distance is counted horizontally and vertically, not diagonally." """
    g = grid_of(GridSpec(width=24, height=24, metric="manhattan4"))
    reach = g.reachable(C("L12"), 5)
    assert max(reach.values()) == 5
    assert C("L17") in reach and C("L18") not in reach and C("O14") in reach and C("P14") not in reach
    assert len(reach) == 2 * 5 * 6  # the Manhattan diamond of radius 5 without its centre


def test_ipa_units_cannot_pass_through_walls() -> None:
    """IPA, Wall: "Units cannot pass through squares with walls, unless they have a special ability or own
    an item that allows it." """
    g = grid(". # .\n\n. # .\n\n. . .", HEAD_4)
    route = g.path(C("A1"), C("C1"))
    assert (
        route is not None and C("B1") not in route.cells and C("B2") not in route.cells and route.steps == 6
    )
    placed = Passage(blocked=frozenset({C("B3")}))  # a wall placed at set-up closes the way
    assert g.path(C("A1"), C("C1"), passage=placed) is None


def test_ipa_walls_obstruct_line_of_sight() -> None:
    """IPA, Wall: "Walls obstruct the line of sight of units." """
    g = grid(". # .", HEAD_4)
    assert not g.sees(C("A1"), C("C1"))
    placed = {C("E5")}  # IPA's walls are placed at set-up: the game passes them
    open_board = grid_of(GridSpec(width=9, height=9))
    assert not open_board.sees(C("C3"), C("G7"), blockers=placed)


def test_ipa_units_and_events_do_not_obstruct_line_of_sight() -> None:
    """IPA, Line of Sight: "Line of sight is not obstructed by units and by most parts of field equipment."
    and "Event tokens do not block line of sight and do not disturb a clear shot." """
    g = grid_of(GridSpec(width=9, height=9))
    units, events = {C("C3")}, {C("D4")}
    assert g.sees(C("B2"), C("E5"))  # the game passes neither units nor events as line-of-sight blockers
    assert g.sees(C("B2"), C("E5"), blockers=set())
    assert not g.sees(C("B2"), C("E5"), blockers=units)  # ... but a clear shot counts units (next test)
    assert g.sees(C("B2"), C("E5"), blockers=events - events)


def test_ipa_clear_shot_is_stricter_than_line_of_sight() -> None:
    """IPA, Physics: "For a ranged weapon to hit its target, no units or field equipment may stand in the
    way of the attack." and "With a clear shot the ruler between attacker and target does not lie across
    squares occupied by other units." """
    g = grid_of(GridSpec(width=12, height=12))
    shooter, target, other = C("B2"), C("H2"), C("E2")
    assert g.sees(shooter, target)  # line of sight: units do not obstruct it
    assert not g.sees(shooter, target, blockers={other})  # clear shot: the same line, units block
    assert g.sees(shooter, target, blockers={C("E3")})  # a unit beside the line does not


def test_ipa_ruler_touching_the_points_of_the_squares() -> None:
    """IPA: "place a ruler so that it touches the points of the two squares on which the attacker and the
    target stand." Ruling A-17: at an exact corner the line is blocked only if both squares it squeezes
    between are blockers ("no squeezing between two diagonal walls")."""
    g = grid_of(GridSpec(width=6, height=6))
    one_wall = {C("B1")}
    two_walls = {C("B1"), C("A2")}
    assert g.sees(C("A1"), C("C3"), blockers=one_wall)  # grazing one wall's corner
    assert not g.sees(C("A1"), C("C3"), blockers=two_walls)  # squeezing between two diagonal walls
    assert not g.sees(
        C("A1"), C("C3"), blockers=one_wall, corner="any"
    )  # the strict reading, if a game wants it


def test_ipa_adjoining_squares_include_diagonals_for_melee() -> None:
    """IPA: "The target must stand on an adjoining square (diagonal also works)." and distance "is never
    more than one square" in that case: adjacency is 8-way even on a Manhattan board."""
    g = grid_of(GridSpec(width=5, height=5, metric="manhattan4"))
    assert g.distance(C("B2"), C("C3")) == 2  # not a movement step...
    assert max(abs(a - b) for a, b in zip(C("B2"), C("C3"), strict=True)) == 1  # ...but adjoining


def test_ipa_force_field_slows_movement() -> None:
    """IPA, Gravitational Enforcer: "Builds a force field with a radius of 3 around the Gravitational
    Enforcer." "The effect of the force field goes through walls." Per-cell costs let a game slow a move."""
    g = grid(". . . . . . .\n\n. . . # . . .\n\n. . . . . . .", HEAD_4)
    field = set(g.around(C("D2"), 3))
    assert (
        C("D2") in field
        and C("A2") in field
        and C("D1") in field
        and C("G2") in field
        and C("A1") not in field
    )
    slow = g.reachable(C("A1"), 5, cost=lambda c: 3 if c in field else 1)
    fast = g.reachable(C("A1"), 5)
    assert len(slow) < len(fast)
    assert slow.get(C("B1")) == 3


# --- Human Interface: Nakamura Tower ----------------------------------------------------------------

LOS = "Draw a line between the centres of the squares."


def test_nakamura_line_between_centres_blocked_by_a_wall() -> None:
    """Nakamura, LoS: "In order to determine Line of Sight draw a line between the centres of the squares.
    If the line intersects a closed doorway, a wall (but not the corner of a doorway) ... then the Line of
    Sight is blocked." """
    g = grid(". .|. .\n\n. . . .")
    assert not g.sees(C("A1"), C("D1"))
    assert g.sees(C("A2"), C("D2"))
    assert not g.sees(C("A1"), C("D1"), corner="none")
    assert g.sees(C("A1"), C("D2"))  # grazing the wall's end only: the wall is not intersected


def test_nakamura_closed_door_blocks_open_door_does_not() -> None:
    """Nakamura, Doors: "Closed doors block the Line of Sight. Open doors do not block Line of Sight." """
    g = grid(". .d. .")
    door = next(iter(g.doors))
    assert not g.sees(C("A1"), C("D1"), closed=g.closed_doors(opened=set()))
    assert g.sees(C("A1"), C("D1"), closed=g.closed_doors(opened={door}))


def test_nakamura_corner_of_a_doorway_does_not_block() -> None:
    """Nakamura, LoS: "a wall (but not the corner of a doorway)". A line through the corner where the
    wall meets an open doorway passes; through the same corner of a closed door, it is blocked."""
    # wall B1|C1 above an open doorway B2|C2: the line A1 -> D2 passes exactly through their shared corner
    g = grid(". .|. .\n\n. .d. .\n\n. . . .")
    door = next(iter(g.doors))
    assert line_touches(g, C("A1"), C("D2"), (2, 1))
    assert g.sees(C("A1"), C("D2"), closed=g.closed_doors(opened={door}))
    assert not g.sees(C("A1"), C("D2"), closed=g.closed_doors(opened=set()))


def line_touches(g: Grid, a: Cell, b: Cell, point: tuple[int, int]) -> bool:
    return any(c.point == point for c in g.line(a, b).corners)


def test_nakamura_wall_running_through_a_corner_blocks() -> None:
    """Nakamura, LoS: "If the line intersects ... a wall ... the Line of Sight is blocked": a straight
    wall the line meets exactly at a joint between two wall segments is intersected."""
    g = grid(". .|. .\n\n. .|. .\n\n. . . .")
    assert line_touches(g, C("A1"), C("D2"), (2, 1))
    assert not g.sees(C("A1"), C("D2"))


def test_nakamura_enemy_models_block_friendly_do_not() -> None:
    """Nakamura, LoS: "or a square with enemy models then the Line of Sight is blocked. Friendly models do
    not block the Line of Sight, but other models do." and "Models of your own Team do not block Line of
    Sight for Ranged Attacks whereas models of non-friendly Teams do block the Line of Sight." """
    g = grid_of(GridSpec(width=8, height=3, metric="eight_way"))
    units = {C("D2"): "red", C("B2"): "blue"}
    shooter, target = C("A2"), C("H2")

    def blockers(team: str) -> set[Cell]:
        return {c for c, t in units.items() if t != team}

    assert not g.sees(shooter, target, blockers=blockers("blue"))  # the red model on D2 is in the way
    units.pop(C("D2"))
    assert g.sees(shooter, target, blockers=blockers("blue"))  # the friendly one on B2 does not block


def test_nakamura_movement_orthogonal_or_diagonal() -> None:
    """Nakamura, Move: "Movement can be orthogonal or diagonal" """
    g = grid_of(GridSpec(width=9, height=9, metric="eight_way"))
    assert set(g.neighbours(C("E5"))) == {C(x) for x in ("D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6")}
    assert g.distance(C("A1"), C("D4")) == 3
    assert g.reachable(C("E5"), 4)[C("I9")] == 4


def test_nakamura_across_a_corner_must_be_orthogonal() -> None:
    """Nakamura, Move: "except when moving through a doorway or across a corner which must be orthogonal." """
    g = grid(". .\n-\n. .")  # a wall under A1: the corner at the middle point
    assert C("B2") not in g.neighbours(C("A1"))
    assert C("A1") not in g.neighbours(C("B2"))
    assert C("A2") not in g.neighbours(C("B1"))  # the wall's end is a corner too
    assert g.path(C("A1"), C("B2")).steps == 2  # type: ignore[union-attr]


def test_nakamura_through_a_doorway_must_be_orthogonal() -> None:
    """Nakamura, Move: "except when moving through a doorway ... which must be orthogonal." """
    g = grid(". .|.\n\n. .d.\n\n. .|.")
    assert C("C2") in g.neighbours(C("B2"))
    assert C("C2") not in g.neighbours(C("B1")) and C("C2") not in g.neighbours(C("B3"))
    route = g.path(C("A1"), C("C3"))
    assert route is not None and (C("B2"), C("C2")) in zip(route.cells, route.cells[1:], strict=False)


def test_nakamura_no_movement_through_enemy_friends_may_pass() -> None:
    """Nakamura, Move: "Only one model base is allowed to occupy a square" ... "Model bases of the same Team
    ... may pass through one another provided that they have enough movement ... to get to an unoccupied
    square. No movement is allowed through a square occupied by an enemy or neutral model base." """
    g = grid(". . .\n\n# . #\n\n. . .")
    friend, enemy = {C("B2")}, set[Cell]()
    reach = g.reachable(
        C("B1"), 2, may_enter=lambda c: c not in friend | enemy, may_pass=lambda c: c not in enemy
    )
    assert C("B2") not in reach and C("B3") in reach  # through the friend, not onto it
    enemy = {C("B2")}
    reach = g.reachable(C("B1"), 4, may_enter=lambda c: c not in enemy, may_pass=lambda c: c not in enemy)
    assert C("B3") not in reach


def test_nakamura_character_in_an_open_doorway() -> None:
    """Nakamura, Character in a Doorway: "If a character model stands in a doorway that is open, it is
    impossible to move them past diagonally. The character prevents entrance to enemy models until he/she
    is moved or eliminated. They may still be attacked diagonally as normal." """
    g = grid(". . .\n\n. . .\n- d -\n. . .")  # a door under B2 in a wall; the doorway square is B2
    doorway = C("B2")
    past = Passage(pinned=frozenset({doorway}))
    assert C("A1") in g.neighbours(C("B2"))  # nobody there: a diagonal past B2 is fine
    assert C("C1") in g.neighbours(C("B2")) and g.can_step(C("A2"), C("B1"))
    assert not g.can_step(C("A2"), C("B1"), past)  # pinned: no diagonal past B2
    assert not g.can_step(C("C2"), C("B1"), past)
    enemy = {doorway}
    assert (
        g.path(C("B3"), C("B1"), may_pass=lambda c: c not in enemy, may_enter=lambda c: c not in enemy)
        is None
    )
    assert max(abs(a - b) for a, b in zip(C("C1"), doorway, strict=True)) == 1  # still attacked diagonally


def test_nakamura_locked_doors_block_movement() -> None:
    """Nakamura, Doors: "Locked doors can only be opened by a character in control of the corresponding
    Terminal or by a character equipped with the "Door Breaker" Neurochip." and "Closed doors may be opened
    by any character, requiring no action points." """
    g = grid(". .|.\n\n. .d.\n\n. .|.")
    door = next(iter(g.doors))
    assert g.path(C("A2"), C("C2")) is not None  # closed: opened for free
    assert g.path(C("A2"), C("C2"), passage=Passage(shut=frozenset({door}))) is None  # locked for this mover


def test_nakamura_take_cover_behind_a_corner_by_diagonal_movement() -> None:
    """Nakamura, Move vs. Take Cover: "This may enable the model to seek cover behind a door, wall or corner
    (by means of diagonal movement, for example)" """
    g = grid(". . .\n\n. .|.\n\n. . .")
    shooter, hiding = C("C2"), C("B1")
    assert g.sees(shooter, hiding)  # past the wall's end: in sight
    assert C("A2") in g.neighbours(hiding)  # one diagonal step...
    assert not g.sees(shooter, C("A2"))  # ...behind the wall


@pytest.mark.parametrize("a, b", [("A1", "D3"), ("B2", "B2"), ("A3", "D1")])
def test_a_line_is_the_same_both_ways(a: str, b: str) -> None:
    """Nakamura: "Characters, drones and avatars have a 360 degrees field of vision." """
    g = grid(". .|. .\n\n. .d. .\n\n. . . .")
    assert g.sees(C(a), C(b)) == g.sees(C(b), C(a))
    assert g.line(C(a), C(b)).cells == tuple(reversed(g.line(C(b), C(a)).cells))
