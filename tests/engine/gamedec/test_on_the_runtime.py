"""Gamedec on the runtime's frames: what the port had to get right beyond the rules scenarios."""

from __future__ import annotations

from engine.gamedec import GAME
from engine.gamedec.answers import registered
from engine.gamedec.state import DECISIONS

from .helpers import do, stage_turn, started

NEMESIS = "t010"  # Crying Guns, DL 8, Shooting/Melee
INCAPACITATOR = "e04"  # Melee


def game() -> object:
    state = started(detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def test_every_decision_builds_its_answers() -> None:
    assert registered() == DECISIONS


def test_each_action_of_a_turn_is_a_decision_of_its_own() -> None:
    """The turn stays open between actions, but a button made before an action cannot answer after it."""
    state = game()
    before = GAME.prompts(state)[0]
    state, _ = do(state, "ann", "move:to=realium")
    after = GAME.prompts(state)[0]
    assert (after.kind, after.seat) == ("turn", "ann") and after.ref != before.ref
    assert after.text.startswith("In Realium: act here, move (1 left)")
    state, _ = do(state, "ann", "draw")
    assert GAME.prompts(state)[0].ref not in (before.ref, after.ref)


def test_the_window_question_follows_the_testers_modifier() -> None:
    """An Equipment card discarded inside one's own window (an aside, not an answer) lowers the modifier the
    question quotes: it is a new question, asked again of everyone who can react (a pass given to the old
    one does not stand). cy holds no set-aside card and is not asked at all."""
    state = game()
    ann = state.players["ann"]
    ann.skills, ann.hand, ann.equipment = ["melee"], [NEMESIS], [INCAPACITATOR]
    state.credits.held["ann"] = 1
    state.players["bo"].set_aside = ["t001"]
    state.lags = []
    state, _ = do(state, "ann", "move:to=crying_guns")
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    first = {p.seat: p for p in GAME.prompts(state)}
    assert set(first) == {"ann", "bo"}  # ann may still trade before her roll; cy has nothing to declare
    assert "+4 so far" in first["ann"].text  # Melee +2, Incapacitator +2
    state, _ = do(state, "bo", "pass")
    state, _ = do(state, "ann", f"discard_eq:eq={INCAPACITATOR}")
    now = {p.seat: p for p in GAME.prompts(state)}
    assert set(now) == {"ann", "bo"} and state.window is not None and state.window.answers == {}
    assert "+2 so far" in now["ann"].text and now["ann"].ref != first["ann"].ref
    assert "+2 so far" in now["bo"].text and now["bo"].ref == now["ann"].ref


def test_offers_are_asked_at_once_and_in_the_open() -> None:
    state = game()
    state, _ = do(state, "ann", "trade_call")
    first = {p.seat: p for p in GAME.prompts(state)}
    assert set(first) == {"bo", "cy"} and not any(p.simultaneous for p in first.values())
    state, _ = do(state, "bo", "give:what=none")
    now = {p.seat: p for p in GAME.prompts(state)}
    assert now["cy"].ref == first["cy"].ref  # cy's question did not change
    assert (
        now["bo"].ref != first["bo"].ref
        and now["bo"].text == "Your offer to ann: what do you ask for in return?"
    )
