"""The Universal Actions of a detective the game asks nothing (RULINGS 37a): standing offers.

RB "Universal Actions": "The following actions a player may take at any moment (also in the turns of other
players), regardless of the occupied space: Discarding Task and Equipment cards; Trading with other
players; Assists and Sabotages"."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent, NotYourTurn
from engine.gamedec import GAME
from engine.gamedec.answers import decide
from engine.gamedec.state import GamedecState

from .helpers import do, stage_turn, started

JETPACK = "e07"


def game() -> GamedecState:
    state = started(detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def _offered(state: GamedecState) -> set[str]:
    return {p.seat for p in GAME.standing(state)}


def test_in_another_players_turn_a_detective_discards_without_being_asked() -> None:
    """RB: "at any moment (also in the turns of other players) ...: Discarding Task and Equipment cards".
    In ann's turn bo, asked nothing, discards a Task card and an Equipment card; it stays ann's turn."""
    state = game()
    bo = state.players["bo"]
    bo.equipment = [JETPACK]
    card = bo.hand[0]
    assert [p.seat for p in GAME.prompts(state)] == ["ann"]
    assert _offered(state) == {"bo", "cy"}
    standing = next(p for p in GAME.standing(state) if p.seat == "bo")
    assert standing.standing and "also in the turns of other players" in standing.text
    keys = {i.key() for i in GAME.legal(state, "bo")}
    assert f"discard:card={card}" in keys and f"discard_eq:eq={JETPACK}" in keys and "trade:to=ann" in keys
    ref = GAME.prompts(state)[0].ref
    state, events = do(state, "bo", f"discard:card={card}")
    state, _ = do(state, "bo", f"discard_eq:eq={JETPACK}")
    assert card not in state.players["bo"].hand and not state.players["bo"].equipment
    assert any(e.audience is None and "bo" in e.text for e in events), "a discard is public"
    prompts = GAME.prompts(state)
    assert [p.seat for p in prompts] == ["ann"] and prompts[0].kind == "turn" and prompts[0].ref == ref


def test_in_another_players_turn_a_detective_proposes_him_a_trade() -> None:
    """RB: "Trade may be proposed by any player, but the player currently playing his turn must always take
    part in it". Asked nothing, cy proposes ann a trade: cy is then asked what he gives; he may not propose
    one to bo."""
    state = game()
    state.players["cy"].equipment = [JETPACK]
    state.credits.held["ann"] = 1
    with pytest.raises(IllegalIntent) as refused:
        do(state, "cy", "trade:to=bo")
    assert "must always take part" in str(refused.value)
    state, _ = do(state, "cy", "trade:to=ann")
    assert GAME.prompts(state)[0].seat == "cy" and GAME.prompts(state)[0].kind == "trade_give"
    assert _offered(state) == set(), "nothing else while a trade is being made"
    state, _ = do(state, "cy", f"give:what={JETPACK}")
    state, _ = do(state, "cy", "get:what=c1")
    state, _ = do(state, "ann", "accept")
    assert JETPACK in state.players["ann"].equipment and state.trade_done
    assert GAME.prompts(state)[0].seat == "ann" and GAME.prompts(state)[0].kind == "turn"
    assert "trade" not in {i.kind for i in GAME.legal(state, "cy")}, "one transaction per turn"


def test_before_a_roll_the_detectives_outside_the_window_may_only_discard() -> None:
    """The window before a roll: Assists and Sabotages are its answers; a seat it does not ask (no
    set-aside cards, nothing to trade first) may still discard, but not propose a trade (the window's own
    "trade first", RULINGS 15)."""
    state = game()
    state.players["ann"].hand = ["t073"]
    state.players["bo"].set_aside = ["t001"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "play:card=t073")
    assert state.window is not None and "cy" not in state.window.asked()
    kinds = {i.kind for i in GAME.legal(state, "cy")}
    assert kinds == {"discard"} or kinds <= {"discard", "discard_eq"}, kinds
    card = state.players["cy"].hand[0]
    state, _ = do(state, "cy", f"discard:card={card}")
    assert state.window is not None and "bo" in state.window.asked()


def test_no_standing_offer_while_a_roll_already_rolled_is_resolved() -> None:
    """RULINGS 37a: "at any moment" is not the middle of a roll's consequences: while ann chooses the Skill
    a success gave her, the others wait; they are told why when they try."""
    state = game()
    decide(state, "ann", "skill", "Choose a new Skill.")
    assert _offered(state) == set() and GAME.legal(state, "bo") == []
    card = state.players["bo"].hand[0]
    with pytest.raises(NotYourTurn):
        do(state, "bo", f"discard:card={card}")


def test_no_standing_offer_during_the_set_up_nor_after_the_end() -> None:
    """The game has not begun during the set-up's choices; nothing is left to do once it has ended."""
    state = GAME.setup(["ann", "bo", "cy"], 3, {"choose_detectives": True})
    assert GAME.prompts(state) and GAME.standing(state) == []
    over = game()
    over.result = GAME.outcome(over) or _ended(over)
    assert GAME.standing(over) == [] and GAME.legal(over, "bo") == []


def _ended(state: GamedecState) -> object:
    GAME.finish(state, ["ann"], "test: ann reached the goal")
    return state.result
