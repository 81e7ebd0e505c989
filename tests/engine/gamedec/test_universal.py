"""Universal actions (RB "Universal Actions": "at any moment (also in the turns of other players)"): trades
proposed by any player, trades before a roll, discards and "at any moment" Scenario abilities in every
prompt of their owner."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalIntent, Intent
from engine.gamedec import GAME
from engine.gamedec.answers import decide

from .helpers import do, force_dice, pass_window, stage_turn, started, texts

JETPACK = "e07"
NEMESIS = "t010"  # Crying Guns, DL 8


def game(**options: bool) -> object:
    state = started(options=dict(options), detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def test_any_player_may_offer_and_the_active_player_chooses() -> None:
    """RB: "Trade may be proposed by any player, but the player currently playing his turn must always take
    part in it" and "after becoming acquainted with all offers, the player currently playing his turn may
    choose one of them"."""
    state = game()
    state.players["ann"].equipment = [JETPACK]
    state.credits.held["bo"] = 2
    state.credits.held["cy"] = 1
    state, ev = do(state, "ann", "trade_call")
    assert {p.seat for p in GAME.prompts(state)} == {"bo", "cy"}
    state, _ = do(state, "bo", "give:what=c2")
    state, ev = do(state, "bo", f"get:what={JETPACK}")
    assert "bo offers ann 2 Credits for Jetpack" in texts(ev)
    state, _ = do(state, "cy", "give:what=c1")
    state, _ = do(state, "cy", f"get:what={JETPACK}")
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "ann" and prompt.kind == "trade_choose"
    assert {i.key() for i in GAME.legal(state, "ann")} == {"decline", "take:src=bo", "take:src=cy"}
    state, ev = do(state, "ann", "take:src=bo")
    assert state.players["bo"].equipment == [JETPACK] and state.credits.of("ann") == 2
    assert state.credits.of("cy") == 1 and state.trade is None and state.trade_done
    # "There is a limit of one transaction per player's turn"
    assert not any(i.kind in ("trade", "trade_call") for i in GAME.legal(state, "ann"))


def test_offered_task_card_is_shown_to_the_active_player_only() -> None:
    """RB: "one may show one's Task cards to the other players for this purpose" - the offer names the card
    to the two traders; everyone else sees "a Task card"."""
    state = game()
    card = state.players["bo"].hand[0]
    name = GAME.describe(state, GAME.parse_intent(f"play:card={card}")).split(" (")[0][5:]
    state, _ = do(state, "ann", "trade_call")
    state, _ = do(state, "cy", "cancel")
    state, _ = do(state, "bo", f"give:what={card}")
    state, ev = do(state, "bo", "get:what=none")
    public_text = " ".join(e.text for e in ev if e.audience is None)
    assert name not in public_text and "a Task card" in public_text
    assert any(name in e.text and e.audience == frozenset({"ann", "bo"}) for e in ev)
    assert card not in json.dumps(GAME.view(state, "cy")) and card not in json.dumps(GAME.view(state, None))
    state, _ = do(state, "ann", "take:src=bo")
    assert card in state.players["ann"].hand


def test_nobody_offers() -> None:
    state = game()
    state, _ = do(state, "ann", "trade_call")
    state, _ = do(state, "bo", "cancel")
    state, ev = do(state, "cy", "cancel")
    assert state.trade is None and not state.trade_done and "Nobody made a trade offer" in texts(ev)


def test_trade_before_the_roll_of_ones_own_task() -> None:
    """FAQ: "Can one trade while performing a Task? Yes, but only before the dice roll. After revealing the
    Task card to the other players and declaring that one is undertaking it, one may propose a trade"."""
    state = game()
    ann = state.players["ann"]
    ann.hand = [NEMESIS]
    state.credits.held["ann"] = 1
    state.players["bo"].equipment = [JETPACK]
    state.players["cy"].set_aside = ["t001"]  # so the Assist/Sabotage window opens
    state, _ = do(state, "ann", "move:to=crying_guns")
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    assert state.window is not None
    keys = {i.key() for i in GAME.legal(state, "ann")}
    assert "trade:to=bo" in keys and "trade_call" in keys
    # another detective may propose a trade too, always to the tester (the active detective)
    assert [i.key() for i in GAME.legal(state, "cy") if i.kind.startswith("trade")] == ["trade:to=ann"]
    state, _ = do(state, "ann", "trade:to=bo")
    state, _ = do(state, "ann", "give:what=c1")
    state, _ = do(state, "ann", f"get:what={JETPACK}")
    state, _ = do(state, "bo", "accept")
    assert JETPACK in state.players["ann"].equipment and state.window is not None
    force_dice(state, 6, 6)
    state, ev = pass_window(state)
    assert state.test is None and "Trade" not in texts(ev)


def test_another_detective_proposes_a_trade_to_the_active_one_before_the_roll() -> None:
    """RB: "Trade may be proposed by any player, but the player currently playing his turn must always take
    part in it ... There is a limit of one transaction per player's turn"; "Universal actions (also outside
    one's own round) ... Trading with other players". Asked in the window before ann's roll, cy offers her
    his Jetpack for 1 Credit; ann accepts; no second trade this turn."""
    state = game()
    ann = state.players["ann"]
    ann.hand = [NEMESIS]
    state.credits.held["ann"] = 1
    cy = state.players["cy"]
    cy.equipment, cy.set_aside = [JETPACK], ["t001"]
    state, _ = do(state, "ann", "move:to=crying_guns")
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    state, ev = do(state, "cy", "trade:to=ann")
    assert "cy prepares a trade offer for ann" in texts(ev)
    assert GAME.prompts(state)[0].seat == "cy" and "Your trade offer to ann" in GAME.prompts(state)[0].text
    assert GAME.view(state, None)["trade"]["from"] == "cy" and GAME.view(state, None)["trade"]["to"] == "ann"
    state, _ = do(state, "cy", f"give:what={JETPACK}")
    state, _ = do(state, "cy", "get:what=c1")
    assert GAME.prompts(state)[0].seat == "ann"
    state, ev = do(state, "ann", "accept")
    assert JETPACK in state.players["ann"].equipment and JETPACK not in state.players["cy"].equipment
    assert state.credits.of("ann") == 0 and state.credits.of("cy") == 1
    assert state.trade_done and state.window is not None
    assert not any(i.kind == "trade" for i in GAME.legal(state, "cy"))  # one transaction per turn
    message = GAME.why_not(state, "cy", Intent.of("trade", to="bo"))
    assert message is not None and "must always take part" in message


def test_a_detective_asked_a_decision_may_propose_a_trade_to_the_active_one() -> None:
    """RB "Universal actions (also outside one's own round)": "Trading with other players". Hunted in ann's
    turn (Happy Hunting Grounds), bo, asked where his Obligation goes, first proposes ann a trade; the
    question is asked again once the trade is settled."""
    state = game()
    state.credits.held["ann"] = 2
    state.credits.held["bo"] = 1
    state, _ = do(state, "ann", "move:to=happy_hunting")
    state, _ = do(state, "ann", "hunt:on=bo")
    assert GAME.prompts(state)[0].seat == "bo" and GAME.prompts(state)[0].kind == "corp"
    assert "trade:to=ann" in {i.key() for i in GAME.legal(state, "bo")}
    state, _ = do(state, "bo", "trade:to=ann")
    state, _ = do(state, "bo", "give:what=c1")
    state, _ = do(state, "bo", "get:what=none")
    state, _ = do(state, "ann", "accept")
    assert state.credits.of("ann") == 2 and state.credits.of("bo") == 0 and state.trade_done
    assert GAME.prompts(state)[0].seat == "bo" and GAME.prompts(state)[0].kind == "corp"


def test_online_trade_promises_a_task_card_not_held() -> None:
    """RB (Online Trade): "the participants set the exchange rates normally, but do not need to prove that
    they possess the declared goods"."""
    state = game(online_trade=True)
    state.players["ann"].hand = []
    state.credits.held["bo"] = 1
    state, _ = do(state, "ann", "trade:to=bo")
    assert "give:what=task" in {i.key() for i in GAME.legal(state, "ann")}
    state, _ = do(state, "ann", "give:what=task")
    state, _ = do(state, "ann", "get:what=c1")
    state, _ = do(state, "bo", "accept")
    if state.players["ann"].equipment:
        assert {i.key() for i in GAME.legal(state, "ann")} == {"cheat"}
        state, _ = do(state, "ann", "cheat")
    else:  # issue 30: with nothing in her hands (public) her one answer, to cheat, is not asked
        assert GAME.legal(state, "ann") == [] and [p.seat for p in GAME.prompts(state)] == ["bo"]
    state, _ = do(state, "bo", "send")
    assert state.credits.of("ann") == 1 and state.players["ann"].rep == 1  # Max: Excellent -> Good


def test_discard_inside_another_prompt() -> None:
    """RB: "he may decide to discard some of his cards at any moment of the game, except moments when it
    would interfere with playing out the normal rules (e.g. during Trade)"."""
    state = game()
    ann, bo = state.players["ann"], state.players["bo"]
    ann.hand = [NEMESIS]
    bo.set_aside = ["t001"]
    card = bo.hand[0]
    state, _ = do(state, "ann", "move:to=crying_guns" if state.credits.of("ann") else "move:to=realium")
    state.players["ann"].hand = ["t073"]
    state, _ = do(state, "ann", "play:card=t073")
    assert state.window is not None and "bo" in state.window.asked()
    state, ev = do(state, "bo", f"discard:card={card}")
    assert card not in state.players["bo"].hand and "bo" in state.window.asked()
    assert "has answered" not in texts(ev)
    # no discard while a trade is being made
    state, _ = pass_window(state)
    stage_turn(state, "ann")
    state, _ = do(state, "ann", "trade:to=bo")
    assert not any(i.kind == "discard" for i in GAME.legal(state, "ann"))


def test_discard_inside_a_decision_keeps_the_decision() -> None:
    state = game()
    decide(state, "bo", "skill", "Choose a Skill.")
    card = state.players["bo"].hand[0]
    assert f"discard:card={card}" in {i.key() for i in GAME.legal(state, "bo")}
    assert GAME.prompts(state)[0].default.kind == "skill"
    state, _ = do(state, "bo", f"discard:card={card}")
    assert GAME.prompts(state)[0].kind == "skill" and card not in state.players["bo"].hand


def scen(scenario: str) -> object:
    state = started(options={"scenarios": True}, detectives=["angela_baal", "ben_torres", "max_romanov"])
    stage_turn(state, "bo")
    for p in state.players.values():
        p.bio = p.neuro = p.lag = False
        p.rep = 0
        p.story = "hidden"
    state.players["ann"].scenario, state.players["ann"].story = scenario, "started"
    state.flags = []
    return state


def test_digital_mind_at_any_moment() -> None:
    """FAQ: "When can the special ability guaranteed by the Scenario "Digital Mind" be used? At any moment of
    the game ... In particular the player may increase his Reputation at the cost of a wound, just before
    receiving a wound from another source"."""
    state = scen("digital_mind")
    decide(state, "ann", "wound", "You lost the fight: choose your Wound.")
    keys = {i.key() for i in GAME.legal(state, "ann")}
    assert "ability:use=mind,type=bio" in keys
    state, _ = do(state, "ann", "ability:use=mind,type=bio")
    assert state.players["ann"].bio and state.players["ann"].rep == 1
    assert {i.key() for i in GAME.legal(state, "ann")} >= {"wound:type=neuro"}
    assert GAME.prompts(state)[0].default.key() == "wound:type=neuro"


def test_big_brother_outside_ones_turn() -> None:
    """FAQ: "When can the special ability guaranteed by the Scenario "Big Brother" be used? At any moment of
    the game"."""
    state = scen("big_brother")
    ann = state.players["ann"]
    ann.set_aside = ["t001", "t002"]
    ann.obligations = ["novatronics"]
    state.players["bo"].hand = ["t073"]
    state, _ = do(state, "bo", "move:to=realium")
    state, _ = do(state, "bo", "play:card=t073")
    assert state.window is not None
    state, _ = do(state, "ann", "ability:use=obligation,corp=novatronics")
    assert state.players["ann"].obligations == [] and state.players["ann"].set_aside == []
    # her last set-aside cards went into the ability: nobody can declare anything any more, the dice roll
    assert state.window is None and state.last_roll is not None


def test_scenario_started_by_an_assist_is_revealed_in_that_round() -> None:
    """RB: "Starting a Scenario by means of an Assist may take place in another player's round"."""
    state = scen("mutiny_on_mars")  # Ben Torres's Scenario
    state.players["ann"].story = "hidden"
    state.players["bo"].hand = ["t073"]
    state.players["ann"].set_aside = ["t001"]
    state.players["cy"].set_aside = ["t002"]
    state, _ = do(state, "bo", "move:to=realium")
    state, _ = do(state, "bo", "play:card=t073")
    state, _ = do(state, "bo", "pass")
    state, _ = do(state, "cy", "assist:on=bo,n=1")  # cy holds no Scenario of Ben's: asked all the same
    state, _ = do(state, "ann", "assist:on=bo,n=1")
    seats = [p.seat for p in GAME.prompts(state)]
    assert seats == ["ann"] and GAME.prompts(state)[0].kind == "story_offer"
    assert "story_start:via=assist" in {i.key() for i in GAME.legal(state, "ann")}
    state, ev = do(state, "ann", "story_start:via=assist")
    assert state.players["ann"].story == "started" and state.active == "bo"
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "cy" and prompt.kind == "story_offer"
    assert not any(i.kind == "story_start" for i in GAME.legal(state, "cy"))
    assert prompt.default.kind == "skip"


def test_finished_player_cannot_trade() -> None:
    """RB: "A player who has finished the game cannot perform Assists, Sabotages and Trade"."""
    state = game()
    state.players["cy"].finished = True
    keys = {i.key() for i in GAME.legal(state, "ann")}
    assert "trade:to=bo" in keys and "trade:to=cy" not in keys
    with pytest.raises(IllegalIntent):
        do(state, "ann", "trade:to=cy")


def _refusal(state: object, seat: str, key: str) -> str:
    before = GAME.dump(state)  # type: ignore[arg-type]
    with pytest.raises(IllegalIntent) as err:
        do(state, seat, key)  # type: ignore[arg-type]
    assert GAME.dump(state) == before  # type: ignore[arg-type]
    return str(err.value)


def test_refusals_explain_the_common_mistakes() -> None:
    """Precise refusals: RB "only players who have more Investigation Points than the attacker may be
    attacked", "On Corporation spaces no Tasks are played", "To play a Task card the detective must be on
    the space marked on the card", "The action of drawing Task cards may be performed once per each visit",
    "A Corporate Commission may be undertaken by a player whose Clue token lies on the space with the Target
    marker", "The player may not use the aid if his Obligation already lies on the given space"."""
    state = game()
    ann = state.players["ann"]
    ann.hand = [NEMESIS]
    ann.clues = []
    state.players["bo"].pos = "realium"
    state.players["bo"].ip = 0
    state, _ = do(state, "ann", "move:to=realium")
    assert "more Investigation Points" in _refusal(state, "ann", "attack:on=bo,skill=melee")
    assert "only in Crying Guns" in _refusal(state, "ann", f"play:card={NEMESIS}")
    state, _ = do(state, "ann", "draw")
    assert "already drew" in _refusal(state, "ann", "draw")
    if state.target:
        assert "Clue on the Target" in _refusal(state, "ann", "commission")
    state, _ = do(state, "ann", "move:to=novatronics")
    ann = state.players["ann"]
    ann.obligations = ["novatronics"]
    assert "Obligation already lies" in _refusal(state, "ann", "aid:take=cash")
    assert "Corporation spaces" in _refusal(state, "ann", f"play:card={NEMESIS}")


def test_no_discard_during_a_trade_is_explained() -> None:
    """RB: "except moments when it would interfere with playing out the normal rules (e.g. during Trade)"."""
    state = game()
    card = state.players["ann"].hand[0]
    state, _ = do(state, "ann", "trade:to=bo")
    assert "while a trade is being made" in _refusal(state, "ann", f"discard:card={card}")


def test_digital_mind_just_before_a_task_penalty_wound() -> None:
    """FAQ: "In particular the player may increase his Reputation at the cost of a wound, just before
    receiving a wound from another source"."""
    state = scen("digital_mind")
    stage_turn(state, "ann")
    for p in state.players.values():
        p.set_aside = []
    state.players["ann"].hand = [NEMESIS]  # failure: Bio Wound
    state.credits.held["ann"] = 1
    state.lags = []
    state, _ = do(state, "ann", "move:to=crying_guns")
    force_dice(state, 1, 2)
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    state, _ = pass_window(state)
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "ann" and prompt.kind == "mind" and prompt.default.kind == "skip"
    state, ev = do(state, "ann", "ability:use=mind,type=bio")
    ann = state.players["ann"]
    assert ann.bio and ann.rep == 1 and GAME.prompts(state)[0].kind == "turn"


def test_showing_a_task_card_to_the_other_trader() -> None:
    """RB: "Expectations and rates are declared openly (one may show one's Task cards to the other players
    for this purpose)"; the example: "Ben decides to show him his card"."""
    state = game()
    card = state.players["bo"].hand[0]
    state, _ = do(state, "ann", "trade_call")
    assert f"show:card={card}" in {i.key() for i in GAME.legal(state, "bo")}
    assert GAME.describe(state, GAME.parse_intent(f"show:card={card}")).endswith("to ann")
    state, ev = do(state, "bo", f"show:card={card}")
    shown = [e for e in ev if e.kind == "shown"]
    assert shown and shown[0].audience == frozenset({"ann", "bo"})
    public_text = " ".join(e.text for e in ev if e.audience is None)
    assert "bo shows a Task card to ann" in public_text
    assert card not in json.dumps(GAME.view(state, "cy"))
    assert f"show:card={card}" not in {i.key() for i in GAME.legal(state, "bo")}  # each card once
    assert GAME.prompts(state)[0].kind == "trade_offer"  # showing is not an offer
