"""Optional rules, each from the rulebook's "Optional Rules" chapter."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent
from engine.core.seating import clockwise
from engine.gamedec import GAME
from engine.gamedec.steps import HackerAttackStep, NewRoundStep, TerrorStep, TurnStep

from .helpers import do, force_dice, pass_window, queue, stage_turn, started, texts

NEMESIS = "t010"
PAPER_CIPHER = "t073"
INCAPACITATOR = "e04"


def game(**options: bool) -> object:
    state = started(options=dict(options), detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def test_longer_game_goal_sixteen_and_clues_above_six() -> None:
    """RB (Longer Game): "play to 16 Investigation Points ... Points "7", "8" and "9" may be gained by means
    of Clues"."""
    state = game(longer_game=True)
    ann = state.players["ann"]
    ann.ip, ann.hand = 8, [NEMESIS]
    state.credits.held["ann"] = 1
    ann.equipment = [INCAPACITATOR]
    state.lags = []
    state, _ = do(state, "ann", "move:to=crying_guns")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    state, _ = pass_window(state)
    assert state.players["ann"].ip == 9 and state.result is None
    assert GAME.view(state, None)["goal"] == 16


def test_longer_game_second_commission_deck() -> None:
    """RB: "After the Corporate Commission deck runs out, draw 8 cards and, without looking at them, form a
    new deck from them"."""
    state = game(longer_game=True)
    state.commission_used += state.commission_deck
    state.commission_deck = []
    queue(state, HackerAttackStep(), NewRoundStep())
    state, ev = do(state, "ann", "end")
    assert state.result is None and state.second_deck_used and len(state.commission_deck) == 7


def test_tasks_available_immediately() -> None:
    """RB: "the players may decide to look immediately at the Task cards drawn in the Realium ... The drawn
    Task card may be played in the same turn"."""
    state = game(tasks_immediately=True)
    state.players["ann"].hand = []
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "draw")
    assert len(state.players["ann"].hand) == 5 and state.players["ann"].drawn == []


def test_less_randomness_lag_is_minus_two_and_take_seven() -> None:
    """RB (Less Randomness): Lags "burden the test with a -2 penalty modifier" and "if while performing a
    Task a player uses 3 or more Assist cards, he may decide to automatically take the result "7"."""
    state = game(less_randomness=True)
    state.lags = ["crying_guns"]
    ann = state.players["ann"]
    ann.hand, ann.skills, ann.equipment = [NEMESIS], ["melee"], []
    state.credits.held["ann"] = 1
    ann.set_aside = ["t001", "t002", "t003"]
    state, _ = do(state, "ann", "move:to=crying_guns")
    state, ev = do(state, "ann", f"play:card={NEMESIS}")
    assert "modifier +0" in texts(ev)  # Melee +2, Lag -2
    state, _ = do(state, "ann", "assist:on=ann,n=3")  # nobody holds another card: the window closes
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "seven" and prompt.seat == "ann"
    state, _ = do(state, "ann", "seven")
    assert state.last_roll is not None and state.last_roll["total"] == 13 and state.last_roll["success"]


def test_variable_starting_player_ends_the_round() -> None:
    """RB (Variable Starting Player): "the player who is the first to perform a Corporate Commission in a
    given round immediately takes the Starting Player marker and ends the round after his turn ... A player
    who takes the Starting Player marker in the above way skips his Round in the next Turn"."""
    state = started(options={"variable_start": True})
    first = state.active
    order = [s.seat for s in state.steps if isinstance(s, TurnStep)]
    second = order[0]
    state, _ = do(state, first, "end")
    assert state.active == second
    state.target, state.threatened, state.target_lag = "brahma", "zoenet", True
    state.players[second].clues = ["brahma"]
    state, _ = do(state, second, "move:to=brahma")
    state, _ = do(state, second, "commission")
    assert state.start_player == second
    state, ev = do(state, second, "end")
    assert state.round == 2 and "round ends now" in texts(ev)
    assert state.active != second and "skips this round" in texts(ev)
    assert not any(
        e.kind == "hacker_attack" for e in ev
    )  # no Hacker Attack: the round went straight to Phase 1


@pytest.mark.parametrize("variable_start", [False, True])
def test_a_lag_removing_commission_is_not_the_rounds_commission(variable_start: bool) -> None:
    """RULINGS 26, one reading with and without Variable Starting Player. RB: "If the Target marker has not
    been turned (that is, none of the players performed a Corporate Commission), remove it from the Board and
    place a Lag token in its place"; VSP: "the player who is the first to perform a Corporate Commission in
    a given round immediately takes the Starting Player marker and ends the round after his turn ... If
    nobody performs a Corporate Commission, the Hacker Attack phase takes place normally". A Commission that
    removes a Lag with the Target still Lag side up ends nothing, and the attack strikes."""
    state = started(options={"variable_start": variable_start})
    seat = state.active
    holder = state.start_player
    state.target, state.threatened, state.target_lag = "brahma", "zoenet", True
    state.lags = ["speed_demons"]
    state.players[seat].clues = ["brahma"]
    state, _ = do(state, seat, "move:to=brahma")
    state, ev = do(state, seat, "commission:lag=speed_demons")
    assert state.lags == [] and state.target_lag and not state.commission_done
    assert state.start_player == holder and "Starting Player marker" not in texts(ev)
    events = []
    while state.round == 1:
        state, ev = do(state, state.active, "end")
        events += ev
    attack = [e for e in events if e.kind == "hacker_attack"]
    assert len(attack) == 1 and "a Lag appears in Brahma" in attack[0].text
    assert "brahma" in state.lags


def test_the_commission_that_turns_the_target_ends_the_round_under_variable_start() -> None:
    """The same Commission turning the Target is the round's: RB (VSP) "immediately takes the Starting
    Player marker and ends the round after his turn"; and without the option "If a Corporate Commission was
    performed during the turn, nothing happens"."""
    state = started(options={"variable_start": True})
    seat = state.active
    state.target, state.threatened, state.target_lag = "brahma", "zoenet", True
    state.lags = ["speed_demons"]
    state.players[seat].clues = ["brahma"]
    state, _ = do(state, seat, "move:to=brahma")
    state, _ = do(state, seat, "commission")
    assert state.commission_done and not state.target_lag and state.start_player == seat


def test_terror_card_revealed_at_seven_points() -> None:
    """RB (Terror): "Each time one of the detectives gains the seventh Investigation Point ... reveal the
    card from the top of the deck"."""
    state = game(terror=True)
    state.players["ann"].ip = 6
    state.players["ann"].hand = [PAPER_CIPHER]
    state, _ = do(state, "ann", "move:to=realium")
    force_dice(state, 6, 6)
    state, ev = do(state, "ann", f"play:card={PAPER_CIPHER}")
    state, more = pass_window(state)
    assert len(state.terror_revealed) == 1 and "Terror:" in texts(ev + more)
    assert GAME.view(state, None)["terror"][0]["id"] == state.terror_revealed[0]


def test_terror_effects_are_data() -> None:
    """Terror cards are data records whose effects the procedure interprets (here "Global Attack")."""
    state = game(terror=True)
    state.terror_deck = ["x01"]
    state.lags = []
    queue(state, TerrorStep())
    state, _ = do(state, "ann", "move:to=realium")
    assert len(state.lags) == 8


def test_choose_detectives_in_turn_from_the_starting_player() -> None:
    """RB set-up 5: "Each player, beginning with the Starting Player, chooses or draws at random one gamedec
    card and places it in front of himself"; 7: "places the pawn ... and then takes 8 Task cards"."""
    state = GAME.setup(["ann", "bo", "cy"], 5, {"choose_detectives": True})
    order = clockwise(state.seats, state.start_player)
    assert all(not p.hand and not p.detective for p in state.players.values())
    first, second, third = order
    assert [p.seat for p in GAME.prompts(state)] == [first]
    state, ev = do(state, first, "detective:id=max_romanov")
    assert state.players[first].rep == 2  # Max: "starts the game with the highest Reputation level"
    with pytest.raises(IllegalIntent):
        do(state, second, "detective:id=max_romanov")  # already taken
    state, _ = do(state, second, "detective:id=ben_torres")
    assert not any(p.hand for p in state.players.values())
    state, ev = do(state, third, "detective:id=vivien_lacroix")
    assert all(len(p.hand) == 8 for p in state.players.values())
    assert {p.kind for p in GAME.prompts(state)} == {"start_skill"}


def test_play_on_for_second_place() -> None:
    """RB "End of the Game": "If the players want, they may continue the game for second place. The winner
    does not take part in the further game - this gamedec's pawn should be removed from the board, and his
    rounds are skipped. A player who has finished the game cannot perform Assists, Sabotages and Trade"."""
    state = started(options={"play_on": True})
    stage_turn(state, "ann")
    ann = state.players["ann"]
    ann.ip = 8
    ann.hand = ["t073"]  # Realium, DL 8: success gives 1 IP
    for p in state.players.values():
        p.set_aside = []
        p.bio = p.neuro = False
    state, _ = do(state, "ann", "move:to=realium")
    force_dice(state, 6, 6)
    state, ev = do(state, "ann", "play:card=t073")
    assert state.result is None and state.placings == ["ann"]
    assert state.players["ann"].finished and state.active != "ann"
    assert "second place" in " ".join(e.text for e in ev)
    view = GAME.view(state, None)
    assert all("ann" not in s["pawns"] for s in view["spaces"])
    # the next detective plays on and may not trade with the winner
    nxt = state.active
    assert nxt and not any(i.key().endswith("=ann") for i in GAME.legal(state, nxt) if i.kind == "trade")
    stage_turn(state, nxt)
    state.players[nxt].ip = 8
    state.players[nxt].hand = ["t073"]
    state, _ = do(state, nxt, "move:to=realium")
    force_dice(state, 6, 6)
    state, ev = do(state, nxt, "play:card=t073")
    assert state.result is not None and state.result.winners == ("ann",)
    assert "second place" in state.result.reason and nxt in state.result.reason


def test_play_on_skips_a_detective_who_finished_outside_his_turn() -> None:
    """RB: "The winner does not take part in the further game - ... his rounds are skipped"."""
    from engine.gamedec import rules as R

    state = started(options={"play_on": True})
    stage_turn(state, "ann")
    queue(state, TurnStep(seat="bo"), TurnStep(seat="cy"), HackerAttackStep(), NewRoundStep())
    state.players["bo"].ip = R.goal(state) - 1
    R.gain_ip(state, "bo")  # e.g. a Scenario's bonus point for its hero, in ann's turn
    assert state.placings == ["bo"] and state.result is None
    state, _ = do(state, "ann", "end")
    assert state.active == "cy"
