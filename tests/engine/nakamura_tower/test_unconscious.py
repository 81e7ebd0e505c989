"""Unconscious characters stay on the board (ruling M6). RB: "The character remains unconscious until the end
of the Mission unless it has a Special Skill that recovers wounds"; "Drag a character (0 Actions points,
added to a Move Action). A character is dragged behind the dragging character (dragged character moves to
the square just vacated by the dragging character) and the move is limited to 2 squares normally per Move
Action or 3 squares if the dragging character has cyberlegs"."""

from __future__ import annotations

from engine.core import Intent
from engine.nakamura_tower import board
from engine.nakamura_tower.drones import alarm_levels
from engine.nakamura_tower.wounds import hurt, take_wounds
from renderers.nakamura_tower import render
from renderers.nakamura_tower_compact import render_compact

from .helpers import G, clear_board, place, table, to_real_world


def _knock_out(s, model: str) -> None:  # type: ignore[no-untyped-def]
    target = s.models[model]
    take_wounds(s, target, 99, None)
    take_wounds(s, target, 99, None)
    assert target.status == "unconscious"


def test_an_unconscious_character_lies_on_its_square_and_cannot_be_attacked() -> None:
    """RB: "remains unconscious until the end of the Mission": it stays on its square (ruling M6), cannot act,
    and is no target (nothing more can happen to it); it fills its square, so an enemy cannot move onto it,
    and takes no more wounds."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "b1"))
    place(s, "a2", "G9")
    place(s, "b1", "G10")
    _knock_out(s, "b1")
    assert s.models["b1"].cell == "G10" and not s.models["b1"].active
    assert not [i for i in G.legal(s, "p1") if i.kind == "attack"]
    assert board.at(s, "G10") is s.models["b1"]
    moves = {str(i.get("to")) for i in G.legal(s, "p1") if i.kind == "move" and i.get("unit") == "a2"}
    assert moves and "G10" not in moves
    before = s.models["b1"].wounds
    take_wounds(s, s.models["b1"], 5, None)
    assert s.models["b1"].wounds == before and s.models["b1"].status == "unconscious"
    events = hurt(s, s.models["b1"], 9, 0, 5, None)  # a missed shot striking it as an Intervening Model
    assert s.models["b1"].wounds == before and "changes nothing" in events[0].text


def test_the_unconscious_do_not_raise_the_room_alarm_and_the_view_draws_them() -> None:
    """RB "+1 For every character in the room or hallway" (ruling G15: conscious characters only, M6); the
    view keeps the lying character's square, so the board and the compact board draw it."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "b1"))
    place(s, "a2", "G9")
    place(s, "b1", "G10")
    room = board.area(s, "G10")
    awake = alarm_levels(s).get(room, 0)
    _knock_out(s, "b1")
    assert alarm_levels(s).get(room, 0) == awake - 1
    data = G.view(s, "p1")
    lying = next(m for m in data["models"] if m["id"] == "b1")
    assert lying["cell"] == "G10" and lying["status"] == "unconscious"
    assert render(data)[:4] == b"\x89PNG" and render_compact(data)[:4] == b"\x89PNG"


def test_a_friend_drags_an_unconscious_character_behind_it() -> None:
    """RB: "dragged character moves to the square just vacated by the dragging character" and "the move is
    limited to 2 squares normally"."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "a3"))
    place(s, "a2", "G9")
    place(s, "a3", "G10")
    _knock_out(s, "a3")
    drags = [i for i in G.legal(s, "p1") if i.kind == "drag"]
    assert Intent.of("drag", unit="a2", target="a3") in drags
    s, _ = G.apply(s, "p1", Intent.of("drag", unit="a2", target="a3"))
    tos = {str(i.get("to")) for i in G.legal(s, "p1") if i.kind == "move"}
    assert "G7" in tos and all(board.distance(s, "G9", t) <= 2 for t in tos)
    s, _ = G.apply(s, "p1", Intent.of("move", unit="a2", to="G7"))
    assert s.models["a2"].cell == "G7" and s.models["a3"].cell == "G8"
    assert s.models["a3"].status == "unconscious"


def test_an_enemy_cannot_drag_an_unconscious_character() -> None:
    """Ruling M6/K8: only a friend takes hold of a fallen character."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "b1"))
    place(s, "a2", "G9")
    place(s, "b1", "G10")
    _knock_out(s, "b1")
    assert not [i for i in G.legal(s, "p1") if i.kind == "drag"]


def test_a_dragged_unconscious_character_leaves_by_the_exit_with_its_rescuer() -> None:
    """Ruling M6 (house, S2): a character leaving by an Exit takes the friend it drags out with it; both
    count as escaped (the solo mission scores each one)."""
    s = to_real_world(table(seats=1), first="p1")
    exit_cell = board.mission(s).exits[0]
    clear_board(s, ("a2", "a3"))
    place(s, "a2", exit_cell)
    nearby = next(
        c
        for c in (m.label for m in board.grid(s).neighbours(board.square(exit_cell)))
        if board.at(s, c) is None
    )
    place(s, "a3", nearby)
    _knock_out(s, "a3")
    s, _ = G.apply(s, "p1", Intent.of("drag", unit="a2", target="a3"))
    s, events = G.apply(s, "p1", Intent.of("escape", unit="a2"))
    assert s.models["a2"].status == "escaped" and s.models["a3"].status == "escaped"
    assert s.teams["p1"].escaped == 2 and s.models["a3"].cell is None
    assert s.teams["p1"].score == 2 * board.mission(s).victory.escape
    rescued = G.view(s, None)["models"]
    name = next(m["name"] for m in rescued if m["id"] == "a3")
    assert any(e.text.startswith(f"{name} leaves the tower") for e in events)  # by name, never its id
