"""Gamedec's actions and questions declare what the runtime reads of them (issue 29, items 1 and 3): each
action its arguments, its label, when it is possible and whether the turn offers it; each question the
answers it takes. One action kind lives in one place, and no table beside the actions lists kinds again.
"""

from __future__ import annotations

import random

from engine.core import Intent, RandomAgent
from engine.core.agents import decide
from engine.core.playout import next_decision
from engine.gamedec import GAME
from engine.gamedec import procedure as P
from engine.gamedec.actions.base import MOVE_FIRST, GamedecAction
from tests.support.player_text import problems, record_ids

from .helpers import do, stage_turn, started

IDS = ("intent key", "snake_case", "record id")


def _actions() -> list[GamedecAction]:
    return [a for a in GAME.rules.actions.all() if isinstance(a, GamedecAction)]


def test_every_action_says_when_it_is_possible_and_every_answer_what_it_chooses() -> None:
    """A refusal at another moment says when the kind is possible (the action's ``when``), and one for an
    answer nobody asks names what it chooses (the shape's ``asks``), for every kind the game knows."""
    kinds = GAME.rules.shapes.kinds
    assert len(_actions()) == len(GAME.rules.actions.all())
    for kind in kinds:
        shape = GAME.rules.shapes.get(kind)
        assert shape is not None
        assert shape.when or shape.asks, f"{kind}: neither when it is possible nor what it answers"
    sabotage, call = GAME.rules.shapes.get("sabotage"), GAME.rules.shapes.get("trade_call")
    assert sabotage is not None and sabotage.when.startswith("Sabotages")  # not the Assist's sentence
    assert call is not None and call.when.startswith("Only the detective whose turn it is asks")


def test_before_the_first_move_only_the_universal_actions_are_offered_first() -> None:
    """RB: "The round must begin with a move - no actions may be taken on the space where the detective
    starts his turn". The turn lists first what is possible before a move (ending, moving, trading,
    discarding, the Scenario's any-moment actions); every other action of the turn refuses saying why."""
    state = started(options={"scenarios": True})
    stage_turn(state, "ann")
    listed = P.turn_actions(moved=False)
    early = [a.kind for a in _actions() if a.turn == "any"]
    assert sorted(listed[: len(early)]) == sorted(early) and listed[:2] == ["end", "move"]
    assert {i.kind for i in GAME.legal(state, "ann")} <= set(early) | {"trade_call"}
    message = GAME.why_not(state, "ann", Intent.of("draw"))
    assert message is not None and message.startswith(MOVE_FIRST)
    state, _ = do(state, "ann", "move:to=realium")
    top = state.waiting.top()
    assert top is not None and top.acts() == P.turn_actions(moved=True)
    assert sorted(P.turn_actions(moved=True)) == sorted(listed)
    assert "draw" in {i.kind for i in GAME.legal(state, "ann")}


def test_every_offered_value_is_named_for_a_player() -> None:
    """A menu asked in parts names each argument's value by its declared namer: "Brahma", a Task card's
    name, "2 Credits" - never an id (``t073``, ``crying_guns``) nor a missing name."""
    ids = record_ids("gamedec")
    rng = random.Random("gamedec-names")
    checked = 0
    for seats, options in ((3, {}), (4, {"scenarios": True}), (2, {"online_trade": True})):
        names = [f"p{i + 1}" for i in range(seats)]
        state = GAME.setup(names, rng.randrange(1 << 30), options)
        agents = {s: RandomAgent(rng.randrange(1 << 30)) for s in names}
        for n in range(250):
            seat = next_decision(GAME, state, agents, n) if GAME.outcome(state) is None else None
            if seat is None:
                break
            legal = GAME.legal(state, seat)
            for intent in legal:
                shape = GAME.rules.shapes.get(intent.kind)
                assert shape is not None
                for name, value in intent.args:
                    arg = shape.arg(name)
                    assert arg is not None
                    named = GAME.part_label(state, intent.kind, name, value)
                    if arg.names is not None:
                        assert arg.name_of(state, value), f"{intent.key()}: '{name}' has no name"
                    found = [k for k, _ in problems(named, ids) if k in IDS]  # names may read like Python
                    assert not found, f"{intent.key()}: {named!r}"
                    checked += 1
            state, _ = GAME.apply_chosen(state, seat, decide(agents[seat], GAME, state, seat, legal), legal)
    assert checked > 1000
