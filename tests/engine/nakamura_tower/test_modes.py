"""Modes of play as table options: cooperation (each test quotes the rulebook passage it checks)."""

from __future__ import annotations

from engine.core import Intent
from engine.core.agents import decide
from engine.nakamura_tower import board
from engine.nakamura_tower.agent import HeuristicAgent
from engine.nakamura_tower.scoring import check_end, knocked_out
from engine.nakamura_tower.state import NtState

from .helpers import G, clear_board, place, stack, table, to_real_world


def _corner(cooperative: bool) -> NtState:
    """p1's Tomo (a1) at A6 in the Cross hallway's west end, walled in by two of p2's characters."""
    s = to_real_world(table(cooperative=cooperative), first="p1")
    clear_board(s, keep=("a1", "b1", "b2"))
    place(s, "a1", "A6")
    place(s, "b1", "B6")
    place(s, "b2", "B7")
    return s


def test_allied_teams_pass_through_each_other() -> None:
    """RB: "Model bases of the same Team (or friendly Teams in cooperative play) may pass through one
    another provided that they have enough movement ... No movement is allowed through a square occupied by
    an enemy or neutral model base"."""
    move = Intent.of("move", unit="a1", to="C6")
    assert not G.is_legal(_corner(False), "p1", move)
    s = _corner(True)
    assert G.is_legal(s, "p1", move)
    s, _ = G.apply(s, "p1", move)
    assert s.models["a1"].cell == "C6"


def test_allies_do_not_block_the_line_of_sight() -> None:
    """RB: "Friendly models do not block the Line of Sight, but other models do"; ruling P1: in cooperative
    play the other Teams are friendly."""
    for cooperative in (False, True):
        s = _corner(cooperative)
        blocking = {c.label for c in board.blockers(s, s.models["a1"])}
        assert blocking == (set() if cooperative else {"B6", "B7"})


def test_attacking_an_ally_costs_a_cybershock_test() -> None:
    """RB: "Cooperation missions: each time one of your characters attacks another Player's characters (in
    either the Cyberwarfare or Real World Phases) that character has to take a Cybershock test. If the test
    fails the level is increased by one." Tomo (Mental Skill 7) draws a 9."""
    for cooperative, raised in ((False, 0), (True, 1)):
        s = to_real_world(table(cooperative=cooperative), first="p1")
        clear_board(s, keep=("a1", "b1"))
        place(s, "a1", "A6")
        place(s, "b1", "D6")
        s.models["b1"].standing = "dodge"
        before = s.models["a1"].cybershock
        stack(s, 9, 5, 5, 5, 5, 5)
        s, events = G.apply(s, "p1", Intent.of("attack", unit="a1", target="b1"))
        assert s.models["a1"].cybershock == before + raised
        assert any("fails a Cybershock test (9)" in e.text for e in events) == cooperative


def test_the_teams_share_one_result_and_an_ally_put_out_scores_nothing() -> None:
    """Ruling P1: the Teams win or lose together against the tower: they all win when their scores together
    reach the mission's ``victory.cooperative`` (10 in the Skirmish); putting out an ally scores nothing."""
    s = to_real_world(table(cooperative=True), first="p1")
    knocked_out(s, s.models["b1"], s.models["a1"])
    assert s.teams["p1"].score == 0
    s.round = s.turns
    s.teams["p1"].score, s.teams["p2"].score = 6, 4
    check_end(s)
    assert s.result is not None and sorted(s.result.winners) == ["p1", "p2"]
    outcome = G.outcome(s)
    assert outcome is not None and [sorted(g) for g in outcome.ranking] == [["p1", "p2"]]
    lost = to_real_world(table(cooperative=True), first="p1")
    lost.round = lost.turns
    lost.teams["p1"].score, lost.teams["p2"].score = 6, 3
    events = check_end(lost)
    assert lost.result is not None and not lost.result.winners
    assert lost.result.reason == (
        "The tower wins: p1 and p2 scored 9 of the 10 points needed together by the end of the last turn"
    )
    assert [e.text for e in events] == [lost.result.reason + "."]


def test_a_solo_mission_lost_against_the_tower_says_who_lost_and_by_how_much() -> None:
    """RB Designer's Notes: "The game also offers a single-player option. In such case you play against the
    board and its mechanics"; RB: "The standard missions have a predefined number of turns, specific victory
    conditions" (the house solo mission: 10 points). Issue 28: a lost mission has no ranking of winners; the
    outcome says who lost and by how much, and its one seat is placed alone (leagues read every seat; a
    game of one player is never rated)."""
    lost = table(seats=1)
    lost.round = lost.turns
    lost.teams["p1"].score = 4
    events = check_end(lost)
    outcome = G.outcome(lost)
    assert outcome is not None and outcome.winners == () and not outcome.draw
    assert outcome.reason == "The tower wins: p1 scored 4 of the 10 points needed by the end of the last turn"
    assert outcome.ranking == (("p1",),) and outcome.scores == {"p1": 4.0}
    assert [e.text for e in events] == [outcome.reason + "."]  # not "Everyone lost: ..."
    won = table(seats=1)
    won.round = won.turns
    won.teams["p1"].score = 11
    events = check_end(won)
    outcome = G.outcome(won)
    assert outcome is not None and outcome.winners == ("p1",)
    assert outcome.reason == (
        "Mission complete: p1 scored 11 of the 10 points needed by the end of the last turn"
    )
    assert [e.text for e in events] == [outcome.reason + "."]  # said once, not "p1 won: p1 completed ..."


def test_the_heuristic_agent_leaves_allies_alone() -> None:
    """In cooperative play the heuristic player attacks only the tower's models."""
    s = to_real_world(table(cooperative=True), first="p1")
    clear_board(s, keep=("a1", "b1"))
    place(s, "a1", "A6")
    place(s, "b1", "D6")
    legal = G.legal(s, "p1")
    assert Intent.of("attack", unit="a1", target="b1") in legal
    assert decide(HeuristicAgent(1), G, s, "p1", legal).kind != "attack"
