"""Gamedec rules scenarios; each test quotes the rulebook passage it checks."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent, MalformedIntent, NotYourTurn
from engine.gamedec import GAME
from engine.gamedec.steps import HackerAttackStep, NewRoundStep, TurnStep

from .helpers import do, force_dice, pass_window, queue, stage_turn, started, texts

DATA_THIEF = "t083"  # universal, DL 12, Discretion/Deduction, Clue + IP, failure: Reputation loss
NEMESIS = "t010"  # Crying Guns, DL 8, Shooting/Melee, Clue only, failure: Bio
TOO_EASY = "t021"  # Deep Past World, DL 8, Agility/Melee, Clue only, failure: Neuro
PAPER_CIPHER = "t073"  # Realium, DL 8, Contacts/Hacking, Clue, failure: offend a Corporation
GOGGLES = "e16"  # Deduction
JETPACK, INCAPACITATOR = "e07", "e04"


def max_game(**options: bool) -> object:
    state = started(options=dict(options), detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def test_test_formula_with_every_modifier() -> None:
    """RB: "Test: 2d6 + Skills + Equipment + Assists - Wounds - Sabotages >= Difficulty Level" (the Data
    Thief example: Discretion +3, Deduction +2, Gamedec Goggles +2; Sabotages -6, an Assist +2)."""
    state = max_game()
    ann = state.players["ann"]
    ann.skills = ["discretion", "deduction"]
    ann.equipment = [GOGGLES]
    ann.bio = True  # Max: Bio Wound -1
    ann.hand = [DATA_THIEF]
    state.players["bo"].set_aside = ["t001", "t002"]
    state.players["cy"].set_aside = ["t003"]
    ann.set_aside = ["t004"]
    state, _ = do(state, "ann", "move:to=brahma")
    state, ev = do(state, "ann", f"play:card={DATA_THIEF}")
    assert "modifier +6" in texts(ev)  # 3 + 2 + 2 - 1
    assert state.window is not None and set(state.window.seats) == {"ann", "bo", "cy"}
    # "Seeing the danger, Ben decides to sabotage ... Angela decides also ... adds one more card": each
    # declaration is in effect, and public, when made
    state, ev = do(state, "bo", "sabotage:on=ann,n=2")
    assert "sabotages ann with 2 cards (-4)" in texts(ev) and state.test is not None
    assert state.test.minus == {"ann": 2} and state.players["bo"].set_aside == []
    assert set(state.window.seats) == {"ann", "cy"}  # bo has nothing left to declare
    state, _ = do(state, "cy", "sabotage:on=ann,n=1")
    assert "Sabotages −6: +0 so far, needs 12+" in GAME.prompts(state)[0].text
    # "The player controlling him decides to use the last of his set aside cards as an Assist"
    force_dice(state, 5, 5)
    state, _ = do(state, "ann", "assist:on=ann,n=1")
    assert state.window is None  # nobody holds a set-aside card any more: the dice are rolled
    roll = state.last_roll
    assert roll is not None and roll["modifier"] == 6 and roll["cards"] == -4 and roll["total"] == 12
    assert roll["success"] and state.players["ann"].ip == 2  # Clue (+1) and the bonus point
    assert len(state.task_deck.discards) >= 5  # the 4 Assist/Sabotage cards and Data Thief


def test_failure_sets_the_card_aside_and_applies_the_penalty() -> None:
    """RB: "In case of failure the detective receives the penalty ... The card of the failed Task is not
    discarded - instead the player places it face down under his gamedec card"."""
    state = max_game()
    ann = state.players["ann"]
    ann.hand = [DATA_THIEF]
    state, _ = do(state, "ann", "move:to=brahma")
    force_dice(state, 2, 3)
    state, _ = do(state, "ann", f"play:card={DATA_THIEF}")
    state, _ = pass_window(state)
    assert state.players["ann"].set_aside == [DATA_THIEF]
    assert state.players["ann"].rep == 1  # Excellent -> Good
    assert state.last_roll is not None and not state.last_roll["success"]


def test_equipment_is_useless_in_the_realium() -> None:
    """RB: "Equipment is useless in the Realium - on that space the modifiers from Equipment cards are not
    taken into account"."""
    state = max_game()
    ann = state.players["ann"]
    ann.skills = ["discretion"]
    ann.equipment = [GOGGLES]
    ann.hand = [DATA_THIEF, "t075"]
    state, _ = do(state, "ann", "move:to=realium")
    state, ev = do(state, "ann", f"play:card={DATA_THIEF}")
    assert "modifier +3" in texts(ev)


def test_lag_one_on_a_die_fails_and_vivien_ignores_it() -> None:
    """RB: "If the test is performed on a space on which a Lag marker lies ... the test ends in failure
    also when the value "1" comes up on either die"; FAQ: Vivien "does not get an automatic failure"."""
    state = max_game()
    state.lags = ["crying_guns"]
    ann = state.players["ann"]
    state.credits.held["ann"] = 1
    ann.skills = ["melee"]
    ann.equipment = [INCAPACITATOR, "e05"]
    ann.hand = [NEMESIS]
    state, _ = do(state, "ann", "move:to=crying_guns")
    force_dice(state, 1, 6)  # 7 + 2 + 4 = 13 >= 8, but a 1 on a Lag space
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    state, _ = pass_window(state)
    assert state.last_roll is not None and state.last_roll["lag_fail"] and not state.last_roll["success"]
    # the same roll for Vivien succeeds
    state2 = max_game()
    state2.players["ann"].detective = "vivien_lacroix"
    state2.players["ann"].rep = 0
    state2.lags = ["crying_guns"]
    state2.credits.held["ann"] = 1
    state2.players["ann"].hand = [NEMESIS]
    state2.players["ann"].equipment = [INCAPACITATOR, "e05"]
    state2, _ = do(state2, "ann", "move:to=crying_guns")
    force_dice(state2, 1, 6)
    state2, _ = do(state2, "ann", f"play:card={NEMESIS}")
    state2, _ = pass_window(state2)
    assert state2.last_roll is not None and state2.last_roll["success"]


def test_lag_side_target_counts_as_a_lag() -> None:
    """RB: "When this symbol is visible, the Target marker works analogously to a Lag token"."""
    state = max_game()
    state.lags = []
    state.target, state.target_lag = "deep_past", True
    ann = state.players["ann"]
    state.credits.held["ann"] = 1
    ann.hand = [TOO_EASY]
    ann.equipment = [JETPACK, INCAPACITATOR]
    state, _ = do(state, "ann", "move:to=deep_past")
    force_dice(state, 6, 1)
    state, _ = do(state, "ann", f"play:card={TOO_EASY}")
    state, _ = pass_window(state)
    assert state.last_roll is not None and state.last_roll["lag_fail"]


def test_clue_gives_no_point_from_six_but_a_bonus_point_does() -> None:
    """RB: "Placing a Clue on a new Sensory World space is rewarded with 1 Investigation Point. Points 7,
    8 and 9 cannot be gained this way" and "This Point is gained regardless of ... the player's current
    number of Investigation Points"."""
    state = max_game()
    ann = state.players["ann"]
    ann.ip = 6
    ann.hand = [DATA_THIEF, NEMESIS]
    ann.skills = ["discretion", "deduction"]
    ann.equipment = [GOGGLES]
    state, _ = do(state, "ann", "move:to=brahma")
    force_dice(state, 6, 6)
    state, ev = do(state, "ann", f"play:card={DATA_THIEF}")
    state, more = pass_window(state)
    ev += more
    assert "brahma" in state.players["ann"].clues
    assert state.players["ann"].ip == 7
    assert "cannot be gained with Clues" in texts(ev)


def test_realium_success_gives_a_point_even_above_six() -> None:
    """RB: "In the Realium no Clue tokens are placed - instead ... the player receives 1 Investigation
    Point. It is possible to gain Points 7, 8 and 9 in this way"."""
    state = max_game()
    state.players["ann"].ip = 7
    state.players["ann"].hand = [PAPER_CIPHER]
    state, _ = do(state, "ann", "move:to=realium")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    state, _ = pass_window(state)
    assert state.players["ann"].ip == 8 and state.players["ann"].clues == []


def test_nine_points_win_at_once_mid_resolution() -> None:
    """RB: "The moment one of the players gains the ninth point, the game immediately ends with his
    victory" - even before the rest of a Task's rewards or the turn are resolved."""
    state = max_game()
    ann = state.players["ann"]
    ann.ip = 8
    ann.skills = ["discretion", "deduction"]
    ann.hand = [DATA_THIEF]
    state.players["bo"].set_aside = ["t001"]
    state, _ = do(state, "ann", "move:to=realium")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", f"play:card={DATA_THIEF}")
    state, ev = pass_window(state)
    assert state.result is not None and state.result.winners == ("ann",)
    assert state.players["ann"].ip == 9  # the bonus point was never reached
    assert GAME.prompts(state) == [] and GAME.legal(state, "ann") == []
    assert any(e.kind == "game_over" for e in ev)


def test_skill_on_track_space_five() -> None:
    """RB: "Angela moves her token ... to space "5". According to the symbol next to this position, the
    heroine immediately gets a new Skill"."""
    state = max_game()
    ann = state.players["ann"]
    ann.ip = 4
    ann.skills = ["melee"]
    ann.hand = [NEMESIS]
    state.credits.held["ann"] = 1
    ann.equipment = [INCAPACITATOR]
    state.lags = []
    state, _ = do(state, "ann", "move:to=crying_guns")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", f"play:card={NEMESIS}")
    state, _ = pass_window(state)
    assert state.players["ann"].ip == 5
    assert GAME.prompts(state)[0].kind == "skill"
    state, _ = do(state, "ann", "skill:id=agility")
    assert "agility" in state.players["ann"].skills


def fight_game() -> object:
    state = max_game()
    for seat in ("ann", "bo", "cy"):
        state.players[seat].pos = "paradise_beach"
    state.players["bo"].ip = 3
    state.players["cy"].ip = 0
    return state


def test_attack_only_richer_same_space_not_corporation_once_per_round() -> None:
    """RB: "only players who have more Investigation Points than the attacker may be attacked"; "the
    detective must stand on the same board space. Attacking on Corporation spaces is not possible";
    "each detective may be attacked only once per round"."""
    state = fight_game()
    state, _ = do(state, "ann", "move:to=paradise_beach")
    keys = {i.key() for i in GAME.legal(state, "ann")}
    assert "attack:on=bo,skill=shooting" in keys
    assert not any(k.startswith("attack:on=cy") for k in keys)  # cy has fewer points
    with pytest.raises(IllegalIntent):
        do(state, "ann", "attack:on=cy,skill=melee")
    # on a Corporation: no attack
    state2 = fight_game()
    state2.players["bo"].pos = "zoenet"
    state2, _ = do(state2, "ann", "move:to=zoenet")
    assert not any(i.kind == "attack" for i in GAME.legal(state2, "ann"))
    # once per round per victim
    state.attacked = ["bo"]
    assert not any(i.kind == "attack" for i in GAME.legal(state, "ann"))


def test_attack_costs_reputation_winner_point_loser_chooses_wound() -> None:
    """RB: "the attacking player immediately loses 1 Reputation level"; "If the attacker wins the fight,
    he immediately gains 1 Investigation Point. The loser ... receives a Wound of a type chosen by
    himself"."""
    state = fight_game()
    state, _ = do(state, "ann", "move:to=paradise_beach")
    force_dice(state, 6, 6, 1, 1)
    state, ev = do(state, "ann", "attack:on=bo,skill=melee")
    assert state.players["ann"].rep == 1
    state, ev = pass_window(state)
    assert state.players["ann"].ip == 1
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "bo" and prompt.kind == "wound"
    state, _ = do(state, "bo", "wound:type=neuro")
    assert state.players["bo"].neuro and not state.players["bo"].bio
    # Tasks and Attacks exclude each other in one turn
    state.players["ann"].hand = [NEMESIS, "t045"]
    assert not any(i.kind == "play" for i in GAME.legal(state, "ann"))


def test_no_attack_after_playing_a_task() -> None:
    """RB: "Playing at least one Task card makes it impossible to Attack other players"."""
    state = fight_game()
    state.players["ann"].hand = ["t046"]  # a Paradise Beach task
    state, _ = do(state, "ann", "move:to=paradise_beach")
    state, _ = do(state, "ann", "play:card=t046")
    state, _ = pass_window(state)
    assert state.turn_mode == "tasks"
    assert not any(i.kind == "attack" for i in GAME.legal(state, "ann"))


def test_aid_commission_aid_order_and_hacker_attack() -> None:
    """RB: "Corporate Aid can be received only once per detective's move. In particular, it is not
    possible to perform in one move three actions: using Aid, removing an Obligation token by performing a
    Corporate Commission, and using Corporate Aid again." and the Ben Torres example at Novatronics."""
    state = max_game()
    state.target, state.threatened, state.target_lag = "dream_space", "novatronics", True
    ann = state.players["ann"]
    ann.clues = ["dream_space"]
    ann.rep = 0
    state, _ = do(state, "ann", "move:to=novatronics")
    state, _ = do(state, "ann", "aid:take=cash+cash")
    assert ann.obligations == [] and state.players["ann"].obligations == ["novatronics"]
    assert state.players["ann"].rep == 2
    state, ev = do(state, "ann", "commission")
    assert state.players["ann"].obligations == [] and state.players["ann"].clues == []
    assert not state.target_lag
    assert not any(i.kind == "aid" for i in GAME.legal(state, "ann"))  # not twice in one move
    state, _ = do(state, "ann", "move:to=novatronics")
    assert any(i.kind == "aid" for i in GAME.legal(state, "ann"))


def test_hacker_attack_places_lag_and_lag_tokens() -> None:
    """RB: "If the Target marker has not been turned ... remove it from the Board and place a Lag token in
    its place. Additionally, all players whose Obligation tokens lie on the space of the Threatened
    Corporation each receive a Lag token"."""
    state = max_game()
    state.target, state.threatened, state.target_lag = "twisted", "mobillenium", True
    state.lags = []
    state.players["bo"].obligations = ["mobillenium"]
    state.players["cy"].obligations = ["zoenet"]
    queue(state, HackerAttackStep(), NewRoundStep())
    state, ev = do(state, "ann", "end")
    assert "twisted" in state.lags
    assert state.round == 2
    # bo (the Starting Player) starts round 2 and discards his Lag token instead of a move
    assert state.active == "bo" and state.moves_left == 1 and not state.players["bo"].lag
    assert "Lag tokens for bo" in texts(ev) and not state.players["cy"].lag


def test_commission_can_remove_a_lag_instead() -> None:
    """FAQ: "As a result of a Corporate Commission the player must either turn the Target marker or remove 1
    Lag token from the board"."""
    state = max_game()
    state.target, state.threatened, state.target_lag = "brahma", "zoenet", True
    state.lags = ["speed_demons"]
    state.players["ann"].clues = ["brahma"]
    state, _ = do(state, "ann", "move:to=brahma")
    keys = {i.key() for i in GAME.legal(state, "ann")}
    assert {"commission", "commission:lag=speed_demons"} <= keys
    state, _ = do(state, "ann", "commission:lag=speed_demons")
    assert state.lags == [] and state.target_lag


def test_lag_token_costs_a_move_and_taida_keeps_two() -> None:
    """RB: "A player with a Lag token may move only once - instead of the second move ... he must discard
    the Lag token"; FAQ: "Taida moves twice (the third move is lost to discarding the token)"."""
    state = started(detectives=["max_romanov", "taida_wolf", "angela_baal"])
    state.players["ann"].lag = True
    state.players["bo"].lag = True
    queue(state, TurnStep(seat="ann"), TurnStep(seat="bo"))
    stage_turn(state, "cy")
    state, _ = do(state, "cy", "end")
    assert state.active == "ann" and state.moves_left == 1 and not state.players["ann"].lag
    state, _ = do(state, "ann", "end")
    assert state.active == "bo" and state.moves_left == 2


def test_reputation_limits_and_draws() -> None:
    """RB: "if the rules would push a player's Reputation level beyond the available limits, nothing
    happens"; Excellent Reputation "draws as many as 5 Task cards"; Extremely bad "only 1"."""
    state = max_game()
    state.players["ann"].hand = []
    state, _ = do(state, "ann", "move:to=realium")
    state, ev = do(state, "ann", "draw")
    assert len(state.players["ann"].drawn) == 5 and state.players["ann"].hand == []
    assert not any(i.kind == "draw" for i in GAME.legal(state, "ann"))  # once per visit
    # Max's range is -1..+2: two Twisted & Perverted smears stop at Bad
    state.credits.held["bo"] = 2
    stage_turn(state, "bo")
    state.players["bo"].pos = "realium"
    state, _ = do(state, "bo", "move:to=twisted")
    state, _ = do(state, "bo", "smear:on=ann")
    state.players["ann"].rep = 0
    state, _ = do(state, "bo", "smear:on=ann")
    assert state.players["ann"].rep == -1


def test_bad_reputation_bars_brahma_except_for_ben() -> None:
    """RB: "On the Brahma and Dream Space spaces a detective with Bad Reputation ... may not stand" and
    "Ben Torres's special ability allows him to ignore this restriction"."""
    state = max_game()
    state.players["ann"].rep = -1
    keys = {i.key() for i in GAME.legal(state, "ann")}
    assert "move:to=brahma" not in keys and "move:to=dream_space" not in keys
    with pytest.raises(IllegalIntent):
        do(state, "ann", "move:to=brahma")
    stage_turn(state, "bo")
    state.players["bo"].rep = -2
    assert "move:to=brahma" in {i.key() for i in GAME.legal(state, "bo")}


def test_credit_needed_to_enter_crying_guns() -> None:
    """RB: "On the Crying Guns and Deep Past World spaces a detective without any Credit tokens may not
    stand. A Credit is not a payment"."""
    state = max_game()
    state.credits.held["ann"] = 0
    assert "move:to=crying_guns" not in {i.key() for i in GAME.legal(state, "ann")}
    state.credits.held["ann"] = 1
    state, _ = do(state, "ann", "move:to=crying_guns")
    assert state.credits.of("ann") == 1


def test_entering_happy_hunting_grounds_costs_reputation() -> None:
    """RB: "Entering Happy Hunting Grounds or Twisted & Perverted automatically lowers the detective's
    Reputation by 1"."""
    state = max_game()
    state, _ = do(state, "ann", "move:to=happy_hunting")
    state, _ = do(state, "ann", "move:to=happy_hunting")
    assert state.players["ann"].rep == 0


def test_turn_must_begin_with_a_move() -> None:
    """RB: "The round must begin with a move - no actions may be taken on the space where the detective
    starts his turn without first moving the pawn"."""
    state = max_game()
    state.players["ann"].hand = [PAPER_CIPHER]
    kinds = {i.kind for i in GAME.legal(state, "ann")}
    assert "play" not in kinds and "draw" not in kinds and "move" in kinds


def test_hand_limit_after_the_turn() -> None:
    """RB: "After finishing his turn the player looks at the newly drawn Tasks - adds them to the cards in
    his hand and, if he exceeds the limit of 8 cards, discards the excess Tasks of his choice"."""
    state = max_game()
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "draw")
    state, _ = do(state, "ann", "end")
    assert len(state.players["ann"].hand) == 13
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "ann" and prompt.kind == "discard"
    while GAME.prompts(state)[0].kind == "discard":
        state, _ = GAME.apply(state, "ann", GAME.prompts(state)[0].default)
    assert len(state.players["ann"].hand) == 8 and state.active == "cy"


def test_assist_on_another_player_raises_reputation_once() -> None:
    """RB: "When an Assist is carried out on another player, the assisting detective immediately increases
    his Reputation by 1 (regardless of the number of cards devoted to it ...)"."""
    state = max_game()
    state.players["ann"].hand = [PAPER_CIPHER]
    state.players["bo"].set_aside = ["t001", "t002", "t003"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    state, _ = do(state, "bo", "assist:on=ann,n=2")
    assert state.players["bo"].rep == 1 and state.window is not None  # at once, before the window closes
    state, _ = do(state, "bo", "assist:on=ann,n=1")
    assert state.players["bo"].rep == 1  # once per test
    state, _ = pass_window(state)
    assert state.players["bo"].rep == 1


def test_everyone_loses_when_no_commission_can_be_revealed() -> None:
    """RB: "If the Starting Player cannot reveal a Corporate Commission card because the deck ran out in the
    previous round, the game ends" and "All players are considered to have lost"."""
    state = max_game()
    state.commission_deck = []
    queue(state, HackerAttackStep(), NewRoundStep())
    state, ev = do(state, "ann", "end")
    assert state.result is not None and state.result.winners == () and not state.result.draw
    assert GAME.outcome(state) is not None


def test_exchanges() -> None:
    """RB "Exchanges on Board Spaces": Speed Demons "discard 1 Credit token to increase your Reputation by
    1"; Deep Past World "discard 2 Credit tokens to take a new Skill token"; Realium "discard 1 Credit token
    to heal your Bio wounds"; Brahma "discard any 3 Task cards ... to take 1 Credit token"."""
    state = max_game()
    ann = state.players["ann"]
    ann.rep, ann.bio = 0, True
    state.credits.held["ann"] = 5
    state, _ = do(state, "ann", "move:to=speed_demons")
    state, _ = do(state, "ann", "buy_rep")
    assert state.players["ann"].rep == 1 and state.credits.of("ann") == 4
    state, _ = do(state, "ann", "move:to=deep_past")
    state, _ = do(state, "ann", "buy_skill:id=hacking")
    assert "hacking" in state.players["ann"].skills and state.credits.of("ann") == 2
    stage_turn(state, "ann")
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "heal")
    assert not state.players["ann"].bio
    state, _ = do(state, "ann", "move:to=brahma")
    hand = list(state.players["ann"].hand)
    state, _ = do(state, "ann", "sell_tasks")
    for card in hand[:3]:
        state, _ = do(state, "ann", f"pick:card={card}")
    assert state.credits.of("ann") == 2 and len(state.players["ann"].hand) == len(hand) - 3


def test_happy_hunting_grounds_victim_chooses_the_corporation() -> None:
    """RB: "Happy Hunting Grounds - discard 1 Credit token so that a chosen player immediately places 1 of
    his Obligation tokens on the space of any Corporation of his own choice"."""
    state = max_game()
    state.credits.held["ann"] = 1
    state, _ = do(state, "ann", "move:to=happy_hunting")
    state, _ = do(state, "ann", "hunt:on=cy")
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "cy" and prompt.kind == "corp"
    state, _ = do(state, "cy", "corp:id=pharma")
    assert state.players["cy"].obligations == ["pharma"] and state.active == "ann"


def test_trade_between_active_and_partner() -> None:
    """RB: "the player currently playing his turn must always take part in it ... There is a limit of one
    transaction per player's turn"."""
    state = max_game()
    state.credits.held["ann"] = 2
    card = state.players["bo"].hand[0]
    state, _ = do(state, "ann", "trade:to=bo")
    state, _ = do(state, "ann", "give:what=c2")
    state, _ = do(state, "ann", "get:what=task")
    assert GAME.prompts(state)[0].seat == "bo"
    state, _ = do(state, "bo", f"accept:card={card}")
    assert card in state.players["ann"].hand and state.credits.of("bo") == 2
    assert not any(i.kind == "trade" for i in GAME.legal(state, "ann"))


def test_online_trade_cheater_loses_reputation() -> None:
    """RB (Online Trade): "A player who did not send those cards or tokens that he agreed on before the
    transaction lowers his Reputation by 1"."""
    state = max_game(online_trade=True)
    state.credits.held["ann"] = 1
    state, _ = do(state, "ann", "trade:to=bo")
    state, _ = do(state, "ann", "give:what=c1")
    state, _ = do(state, "ann", "get:what=c1")
    state, _ = do(state, "bo", "accept")
    prompts = GAME.prompts(state)
    assert {p.seat for p in prompts} == {"ann", "bo"} and all(p.simultaneous for p in prompts)
    state, _ = do(state, "ann", "cheat")
    assert "cheat" not in str(GAME.view(state, "bo"))
    state, _ = do(state, "bo", "cheat")  # bo has no Credit: cheating is his only option
    assert state.players["ann"].rep == 1 and state.players["bo"].rep == -1
    assert state.credits.of("ann") == 1


def test_refusals_change_nothing() -> None:
    state = max_game()
    before = GAME.dump(state)
    with pytest.raises(NotYourTurn):
        do(state, "bo", "move:to=realium")
    with pytest.raises(IllegalIntent, match="There is no such space"):
        do(state, "ann", "move:to=nowhere")
    with pytest.raises(MalformedIntent):
        GAME.parse_intent("teleport:to=realium")
    with pytest.raises(IllegalIntent, match="begin with a move"):
        do(state, "ann", "play:card=t001")  # no move made yet
    state.players["ann"].rep = -1
    with pytest.raises(IllegalIntent, match="Bad Reputation"):
        do(state, "ann", "move:to=dream_space")
    state.players["ann"].rep = 2
    assert GAME.dump(state) == before


def test_brahma_can_sell_face_down_draws_blind() -> None:
    """RB: "Brahma - discard any 3 Task cards you own ... or also the face-down cards drawn in this turn in
    the Realium"."""
    state = max_game()
    state.players["ann"].hand = ["t001"]
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "draw")
    drawn = list(state.players["ann"].drawn)
    state, _ = do(state, "ann", "move:to=brahma")
    state, _ = do(state, "ann", "sell_tasks")
    labels = {GAME.describe(state, i) for i in GAME.legal(state, "ann")}
    assert "Pick face-down card #1" in labels
    state, _ = do(state, "ann", "pick:card=d1")
    state, _ = do(state, "ann", "pick:card=d2")
    state, ev = do(state, "ann", "pick:card=t001")
    assert state.credits.of("ann") == 1 and state.players["ann"].hand == []
    assert state.players["ann"].drawn == drawn[2:]


def test_equipment_deck_is_reformed_from_the_face_up_pile() -> None:
    """RB: "when the Equipment deck runs out, a new deck should be formed from the pile of discarded
    Equipment cards (if there are any), and then the top Equipment card should be moved onto the face-up
    pile. If there is only one card on the face-up pile, a new deck is not created"."""
    state = max_game()
    state.equip_deck = []
    state.equip_faceup = ["e01", "e02", "e03"]
    state.credits.held["ann"] = 2
    state, _ = do(state, "ann", "move:to=crying_guns")
    state, _ = do(state, "ann", "buy_equip:pile=deck")
    p = state.players["ann"]
    assert len(p.equipment) == 1 and len(state.equip_faceup) == 1 and len(state.equip_deck) == 1
    state.equip_deck = []
    assert {i.key() for i in GAME.legal(state, "ann") if i.kind == "buy_equip"} == {"buy_equip:pile=faceup"}


def test_no_more_moves_message() -> None:
    state = max_game()
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "move:to=realium")
    with pytest.raises(IllegalIntent, match="no move left"):
        do(state, "ann", "move:to=brahma")
