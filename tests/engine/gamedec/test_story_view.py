"""The views while a story Task (a Scenario's first path, or the Puppet Master Finale) is being tested.

RB "Completing a Scenario": "The first story path always takes the form of a Task, analogous to a Task card
held in hand." The test's card is then a Scenario id, not a Task card id; the view looked it up among the
Task cards, so every ``view()`` raised while the Assist window of a story Task was open (no turn post, no
/hand for anyone). Random table options in the conformance suite found it; this pins it down.
"""

from __future__ import annotations

from typing import Any

from engine.core.playout import next_decision, step
from engine.gamedec import GAME
from engine.gamedec.agent import HeuristicAgent
from engine.gamedec.pack import load_pack


def _story_test_state() -> Any:
    """A seeded Scenarios game played by heuristic agents up to a story Task's open Assist window."""
    seats = ["p1", "p2", "p3"]
    state = GAME.setup(seats, 1, {"scenarios": True})
    agents = {s: HeuristicAgent(i) for i, s in enumerate(seats)}
    for _ in range(5000):
        if state.test is not None and state.test.kind == "story" and state.window is not None:
            return state
        seat = next_decision(GAME, state)
        assert seat is not None, "the game ended before any story Task was tested"
        state, _, _ = step(GAME, state, seat, agents[seat])
    raise AssertionError("no story Task tested in 5000 steps")


def test_every_view_works_while_a_story_task_is_tested() -> None:
    state = _story_test_state()
    ident = state.test.card
    path = load_pack().scenarios[ident].path1
    assert path is not None
    public = GAME.view(state, None)
    card = public["test"]["card"]
    assert (card["id"], card["name"], card["dl"], card["story"]) == (ident, path.name, path.dl, True)
    assert isinstance(public["test"]["modifier"], int)
    for seat in state.seats:
        mine = GAME.view(state, seat)
        assert mine["test"] == public["test"], "the story Task under test is public: the same for everyone"
        assert "me" in mine
    prompts = GAME.prompts(state)
    assert prompts and all(p.kind == "assist" for p in prompts)
    assert all("story Task" in p.text for p in prompts)


def test_the_story_task_view_shows_no_unrevealed_scenario() -> None:
    """RB: "each player secretly draws one card"; only the tester's Scenario (revealed to start it) shows."""
    state = _story_test_state()
    public = GAME.view(state, None)
    text = repr(public)
    pack = load_pack()
    hidden = [
        p.scenario for seat, p in state.players.items() if seat != state.test.actor and p.story == "hidden"
    ]
    assert hidden, "the seeded game should hold an unrevealed Scenario at this point"
    for ident in hidden:
        assert pack.scenarios[ident].name not in text and ident not in text
