"""Trades of any size (issue 11, RULINGS 35a): each side a bundle, built one good at a time.

RB "Trading with Other Players": "everyone has the right to demand any number of Credits, specific Equipment
cards or any number of Task cards (more or less specified)"; the rulebook's example: "for two Task cards
possible to perform on the Speed Demons space ... he is ready to pay 2 Credit tokens".
"""

from __future__ import annotations

import json

from engine.core import Intent
from engine.gamedec import GAME
from engine.gamedec.state import GamedecState

from .helpers import do, stage_turn, started, texts

JETPACK, GOGGLES = "e07", "e16"


def table() -> GamedecState:
    state = started(detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    state.credits.held["ann"] = 2
    state.players["bo"].hand = ["t001", "t002", "t003"]
    state.players["bo"].equipment = [JETPACK, GOGGLES]
    return state


def keys(state: GamedecState, seat: str) -> list[str]:
    return [i.key() for i in GAME.legal(state, seat)]


def test_two_credits_for_two_task_cards_of_the_givers_choice() -> None:
    """The rulebook's example: Max pays 2 Credit tokens for two Task cards; the cards are the giver's
    choice, named only to the two traders."""
    state = table()
    state, events = do(state, "ann", "offer:to=bo")
    assert "ann prepares a trade offer for bo" in texts(events)
    for key in ("add:what=c1", "add:what=c1", "done", "add:what=task", "add:what=task", "done"):
        state, events = do(state, "ann", key)
    assert "ann offers bo 2 Credits for 2 Task cards (giver's choice)" in texts(events)
    assert GAME.prompts(state)[0].seat == "bo"
    state, _ = do(state, "bo", "accept")
    assert GAME.prompts(state)[0].seat == "bo" and GAME.prompts(state)[0].kind == "bundle_pick"
    state, events = do(state, "bo", "choose:pick=t001+t003")
    assert state.credits.of("ann") == 0 and state.credits.of("bo") == 2
    assert state.players["bo"].hand == ["t002"] and {"t001", "t003"} <= set(state.players["ann"].hand)
    public = texts([e for e in events if e.audience is None])
    private = texts([e for e in events if e.audience is not None])
    assert "bo gives 2 Task cards." in public and "Task card The" not in public
    assert "the Task card" in private and state.trade_done


def test_any_number_of_equipment_cards_and_named_task_cards() -> None:
    """ "specific Equipment cards or any number of Task cards": ann gives a named Task card of her hand and
    1 Credit for both of bo's Equipment cards."""
    state = table()
    card = state.players["ann"].hand[0]
    state, _ = do(state, "ann", "offer:to=bo")
    for key in (
        f"add:what={card}",
        "add:what=c1",
        "done",
        f"add:what={JETPACK}",
        f"add:what={GOGGLES}",
        "done",
    ):
        state, _ = do(state, "ann", key)
    for viewer in (None, "cy"):  # the named Task card is the two traders' to know
        shown = GAME.view(state, viewer)["trade"]
        assert card not in json.dumps(shown) and "task_card" in shown["give"]
    assert card in GAME.view(state, "bo")["trade"]["give"]
    state, _ = do(state, "bo", "accept")
    assert {JETPACK, GOGGLES} <= set(state.players["ann"].equipment) and card in state.players["bo"].hand
    assert state.credits.of("bo") == 1 and state.trade is None


def test_each_question_is_a_short_menu() -> None:
    """Built in parts: a question lists single goods (one Credit entry, each card once), never the
    combinations; a good is offered only while it can still be added."""
    state = table()
    state, _ = do(state, "ann", "offer:to=bo")
    first = [k for k in keys(state, "ann") if not k.startswith("show")]
    hand = len(state.players["ann"].hand)
    assert first.count("add:what=c1") == 1 and len(first) == 2 + 1 + hand  # cancel, done, 1 Credit, cards
    state, _ = do(state, "ann", "add:what=c1")
    state, _ = do(state, "ann", "add:what=c1")
    assert "add:what=c1" not in keys(state, "ann")  # she holds 2 Credits
    message = GAME.why_not(state, "ann", Intent.of("add", what="c1"))
    assert message is not None and message.startswith("That many Credits are not there to trade")
    state, _ = do(state, "ann", "done")
    asked = keys(state, "ann")
    assert asked.count("add:what=task") == 1 and f"add:what={JETPACK}" in asked


def test_a_declined_bundle_changes_nothing_but_counts_as_a_proposal() -> None:
    """RB: "It is up to the co-players whether they agree to the offers"; the house limit of two proposals
    a turn (RULINGS 35) counts it."""
    state = table()
    state, _ = do(state, "ann", "offer:to=bo")
    for key in ("add:what=c1", "done", "add:what=task", "done"):
        state, _ = do(state, "ann", key)
    state, events = do(state, "bo", "decline")
    assert "bo declines the trade" in texts(events) and state.credits.of("ann") == 2
    assert state.trade is None and not state.trade_done and state.trade_proposals == 1
