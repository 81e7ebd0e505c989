"""What the last move changed, as the views tell it (issue 31: "Every board marks what the last move (or last
turn) changed: moved pieces, placed tokens, changed scores ... and after a secret choice is revealed shows
what each seat chose"; public information only): :mod:`engine.nakamura_tower.marks`."""

from __future__ import annotations

from engine.core import Intent
from engine.nakamura_tower.marks import mark
from engine.nakamura_tower.state import Mine, NtState
from engine.nakamura_tower.stats import name

from .helpers import G, at_cyberwarfare, table, to_real_world


def _at_bids(state: NtState) -> NtState:
    for _ in range(50):
        prompt = G.prompts(state)[0]
        if prompt.kind == "bid":
            return state
        state, _ = G.apply(state, prompt.seat, prompt.default)
    raise AssertionError("no initiative bid reached")


def test_a_move_marks_the_model_moved_from_its_square_to_the_new_one() -> None:
    """RB Move: a character "may move up to its Speed in squares" spending an Action Point: the boards show
    where it stood and where it went, in every seat's view and the public one alike."""
    s = to_real_world(table(), first="p1")
    move = next(i for i in G.legal(s, "p1") if i.kind == "move")
    model = s.models[str(move.get("unit"))]
    start = model.cell
    s, _ = G.apply(s, "p1", move)
    last = G.view(s, None)["last"]
    assert last["what"] == f"{name(model)}'s action"
    assert last["moved"] == [{"id": model.id, "start": start, "end": str(move.get("to"))}]
    assert last["changes"] == [f"{name(model)}: {start} to {move.get('to')}"]
    assert G.view(s, "p2")["last"] == last == G.view(s, "p1")["last"]


def test_the_secret_bids_are_shown_once_revealed_and_never_before() -> None:
    """RB Initiative: "each Player secretly bids System Resources ... the bids are revealed": once both
    have bid, the boards show what each bid (the first turn's too, before any other move); while one bid
    waits, no view tells it."""
    for noted in (False, True):
        s = _at_bids(table())
        if noted:
            mark(s, "the AI Operations phase")  # a later turn: the bids join the last phase's changes
        s, _ = G.apply(s, "p1", Intent.of("bid", sr=2))
        for viewer in (None, "p2"):
            last = G.view(s, viewer)["last"]
            assert (last is not None) is noted
            assert last is None or not any("bid" in line for line in last["revealed"] + last["changes"])
        s, _ = G.apply(s, "p2", Intent.of("bid", sr=1))
        last = G.view(s, None)["last"]
        assert last["what"] == ("the AI Operations phase" if noted else "the initiative bids")
        assert "Initiative bids: p1 2 SR, p2 1 SR." in last["revealed"]


def test_points_scored_and_a_door_set_are_marked() -> None:
    """RB: the Teams score for the objectives and the models put out; a door opened or closed changes the
    floor: the boards mark both (the points as a gain by the Team's seat)."""
    s = to_real_world(table(), first="p1")
    mark(s, "a test move")
    s.teams["p1"].score += 2
    edge, door = next(iter(s.doors.items()))
    door.state = "open" if door.state != "open" else "closed"
    last = G.view(s, None)["last"]
    assert last["scores"] == {"p1": 2} and last["doors"] == [edge]
    assert any(line.endswith("+2 points") for line in last["changes"])


def test_a_hidden_mine_is_marked_for_its_own_team_only() -> None:
    """Ruling K4, house option ``hidden_mines``: another Team's Mine tokens stay out of a seat's view, so a
    token placed is marked for its own Team only (not for the other Team nor the public board); with open
    Mine tokens (RB: "place a Mine token") every view marks it."""
    for hidden in (True, False):
        s = to_real_world(table(hidden_mines=hidden), first="p1")
        mark(s, "a test move")
        s.mines.append(Mine(cell="H9", owner="p1", layer="a1", item="mines"))
        assert G.view(s, "p1")["last"]["mines"] == ["H9"]
        for viewer in (None, "p2"):
            last = G.view(s, viewer)["last"]
            assert (last["mines"] == []) is hidden
            assert any("Mine token" in line for line in last["changes"]) is not hidden


def test_the_plans_laid_face_up_are_shown_at_the_reveal() -> None:
    """RB Cyberwarfare: "After laying the cards down the Players turn them face up at the same time": the
    boards show each Team's plan once revealed (the attack, its Booster, the defence installed), and only
    then: while one Team is still planning, no view tells the other's."""
    from engine.nakamura_tower.declare import cyberwarfare

    s = at_cyberwarfare(table(), p1=["u_navajo.1", "u_ice.1"], p2=["n_ice.1"])
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="t_basic"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="u_navajo"))
    s, _ = G.apply(s, "p1", Intent.of("plan", fill="none"))
    s, _ = G.apply(s, "p1", Intent.of("plan", grd="u_ice"))
    s, _ = G.apply(s, "p1", Intent.of("plan", dsr=2))
    assert not any("plan" in line for line in G.view(s, "p2")["last"]["revealed"])
    s, _ = G.apply(s, "p2", Intent.of("plan", grd="none"))
    revealed = G.view(s, None)["last"]["revealed"]
    assert "p1's plan: attacks with W32.Navajo, installs Frostline Ice." in revealed
    assert "p2's plan: no card." in revealed
