"""The Scenarios option (RB "Scenarios", "Starting a Scenario", "Completing a Scenario")."""

from __future__ import annotations

import json

from engine.gamedec import GAME
from engine.gamedec.steps import HackerAttackStep, NewRoundStep

from .helpers import do, force_dice, pass_window, queue, stage_turn, started, texts


def scen_game() -> object:
    state = started(options={"scenarios": True}, detectives=["angela_baal", "ben_torres", "max_romanov"])
    stage_turn(state, "ann")
    state.players["ann"].scenario = "mutiny_on_mars"  # Ben Torres's Scenario, drawn by Angela
    state.players["ann"].story = "hidden"
    state.flags = []  # forget the opening Terror card
    for p in state.players.values():
        p.bio = p.neuro = p.lag = False
        p.rep = 0
    return state


def test_scenarios_imply_longer_game_variable_start_and_terror() -> None:
    """RB: "A game with Scenarios should include additional rules: "Longer Game" ..., "Variable Starting
    Player", and "Terror"."""
    state = started(options={"scenarios": True})
    assert state.opts.longer_game and state.opts.variable_start and state.opts.terror
    assert all(p.scenario and p.story == "hidden" for p in state.players.values())
    assert len(state.terror_revealed) == 1  # "More Terror Cards": one at the start of the game


def test_scenario_is_secret_until_revealed() -> None:
    """RB: "From the remaining set each player secretly draws one card"."""
    state = scen_game()
    for seat in (None, "bo", "cy"):
        assert "mutiny_on_mars" not in json.dumps(GAME.view(state, seat))
        assert "Mutiny on Mars" not in json.dumps(GAME.view(state, seat))
    assert GAME.view(state, "ann")["me"]["scenario"]["id"] == "mutiny_on_mars"


def test_start_by_removing_a_clue_then_ability_applies() -> None:
    """RB: the player may "remove her Clue token from one of Torres's favourite virtualia (Dream Space or
    Brahma)" ... "she adds +2 to all her tests, as long as she has Bad Reputation"."""
    state = scen_game()
    ann = state.players["ann"]
    ann.clues = ["brahma"]
    state, _ = do(state, "ann", "move:to=realium")
    state, ev = do(state, "ann", "story_start:via=brahma")
    assert state.players["ann"].story == "started" and state.players["ann"].clues == []
    assert "Mutiny on Mars" in texts(ev)
    state.players["ann"].rep = -1
    state.players["ann"].hand = ["t073"]
    state, ev = do(state, "ann", "play:card=t073")
    assert "modifier +2 (Scenario +2)" in texts(ev)  # the test's ledger


def test_start_by_assisting_the_hero() -> None:
    """RB: "Starting a Scenario by means of an Assist may take place in another player's round"."""
    state = scen_game()
    stage_turn(state, "bo")
    state.players["bo"].hand = ["t073"]
    state.players["ann"].set_aside = ["t001"]
    state, _ = do(state, "bo", "move:to=realium")
    state, _ = do(state, "bo", "play:card=t073")
    state, _ = do(state, "ann", "assist:on=bo,n=1")
    state, _ = pass_window(state)
    assert state.players["ann"].assist_ready
    assert GAME.prompts(state)[0].kind == "story_offer"
    assert "story_start:via=assist" in {i.key() for i in GAME.legal(state, "ann")}
    # RB: "At the moment one of the conditions listed on the card is met, the player may (but does not have
    # to) reveal his Scenario": declined, that Assist no longer starts it
    state, _ = do(state, "ann", "skip")
    stage_turn(state, "ann")
    state, _ = do(state, "ann", "move:to=realium")
    assert "story_start:via=assist" not in {i.key() for i in GAME.legal(state, "ann")}


def test_first_path_rewards_three_and_one_and_a_finale() -> None:
    """RB: "if he plays another player's Scenario, he gets 3 Investigation Points, and 1 bonus Point goes to
    the player controlling the given hero" and "may take one of the cards listed with the ending"."""
    state = scen_game()
    state.players["ann"].story = "started"
    state.lags = []
    state.target = ""
    state, _ = do(state, "ann", "move:to=dream_space")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", "story_task")
    state, ev = pass_window(state)
    assert state.players["ann"].ip == 3 and state.players["bo"].ip == 1
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "finale" and prompt.seat == "ann"
    assert "finale:id=smuggling_network" not in {i.key() for i in GAME.legal(state, "ann")}  # Star Fleet's
    state, ev = do(state, "ann", "finale:id=golden_parachute")
    assert state.players["ann"].finales == ["golden_parachute"] and state.players["ann"].story == "done"
    # Golden Parachute: 2 Credits on every successful Task (F.A.Q.: "to gain 3 Credit tokens at once")
    state.players["ann"].hand = ["t073"]
    state, _ = do(state, "ann", "move:to=realium")
    force_dice(state, 6, 6)
    state, ev = do(state, "ann", "play:card=t073")
    state, _ = pass_window(state)
    assert state.credits.of("ann") == 2


def test_story_task_failure_keeps_the_scenario() -> None:
    """RB: "A failure does not mean having to discard the Scenario card"; "The Task may be undertaken only
    once per move"."""
    state = scen_game()
    state.players["ann"].story = "started"
    state, _ = do(state, "ann", "move:to=dream_space")
    force_dice(state, 1, 2)
    state, _ = do(state, "ann", "story_task")
    state, _ = pass_window(state)
    assert state.players["ann"].story == "started" and state.players["ann"].set_aside == []
    assert "story_task" not in {i.kind for i in GAME.legal(state, "ann")}


def test_second_path_discards_equipment() -> None:
    """RB: "simply discard any 3 Equipment cards to meet the conditions of the story "Star Fleet" ... She
    immediately receives 2 Investigation Points"."""
    state = scen_game()
    state.players["ann"].story = "started"
    state.players["ann"].equipment = ["e01", "e02", "e03"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "story_finish")
    assert state.players["ann"].ip == 2 and state.players["ann"].equipment == []


def test_double_agent_wins_when_the_deck_runs_out() -> None:
    """The Double Agent special Scenario "changes the victory conditions of the player playing it"."""
    state = scen_game()
    state.players["cy"].scenario, state.players["cy"].story = "double_agent", "started"
    state.commission_deck = []
    queue(state, HackerAttackStep(), NewRoundStep())
    state, _ = do(state, "ann", "end")
    assert state.result is not None and state.result.winners == ("cy",)


def test_postorganism_adds_a_lag_each_round() -> None:
    """FAQ: "The player playing this scenario may add 1 Lag token in any Sensory World, at the start of each
    round - during Corporate Investigation, after revealing a new Corporate Commission card"."""
    state = scen_game()
    state.players["cy"].scenario, state.players["cy"].story = "postorganism", "started"
    state.lags = []
    queue(state, HackerAttackStep(), NewRoundStep())
    state.target = ""
    state, _ = do(state, "ann", "end")
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "cy" and prompt.kind == "place_lag" and prompt.default.kind == "skip"
    state, _ = do(state, "cy", "place_lag:world=brahma")
    assert state.lags == ["brahma"]


def test_smoke_and_mirrors_opens_the_window_without_set_aside_cards() -> None:
    """FAQ: "Is the special ability guaranteed by the Scenario "Smoke and Mirrors" cumulative with Assists?
    Yes ... The Credit token must be discarded before rolling the dice, analogously to Assist cards"."""
    state = scen_game()
    ann = state.players["ann"]
    ann.scenario, ann.story = "smoke_and_mirrors", "started"
    state.credits.held["ann"] = 1
    for p in state.players.values():
        p.set_aside = []
    ann.hand = ["t073"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "play:card=t073")
    assert state.window is not None
    assert "boost:on=ann" in {i.key() for i in GAME.legal(state, "ann")}
    state, ev = do(state, "ann", "boost:on=ann")
    state, more = pass_window(state)
    assert state.credits.of("ann") == 0 and "discards a Credit for +2" in texts(ev + more)
