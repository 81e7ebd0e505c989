"""Optional rules, each from the rulebook's "Optional Rules" chapter."""

from __future__ import annotations

from engine.gamedec import GAME

from .helpers import do, force_dice, pass_window, stage_turn, started, texts

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
    ann.ip, ann.credits, ann.hand = 8, 1, [NEMESIS]
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
    state.queue = [{"op": "hacker_attack"}, {"op": "new_round"}]
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
    ann.credits, ann.hand, ann.skills, ann.equipment = 1, [NEMESIS], ["melee"], []
    ann.set_aside = ["t001", "t002", "t003"]
    state, _ = do(state, "ann", "move:to=crying_guns")
    state, ev = do(state, "ann", f"play:card={NEMESIS}")
    assert "modifier +0" in texts(ev)  # Melee +2, Lag -2
    state, _ = do(state, "ann", "assist:on=ann,n=3")
    state, _ = do(state, "bo", "pass")
    state, _ = do(state, "cy", "pass")
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
    order = [q["seat"] for q in state.queue if q["op"] == "turn"]
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
    assert not any(e.kind == "hacker_attack" for e in ev)  # no Hacker Attack: the round went straight to Phase 1


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
    state.queue = [{"op": "terror"}]
    state, _ = do(state, "ann", "move:to=realium")
    assert len(state.lags) == 8
