"""Every worked example the Gamedec rulebook prints, played through the engine (issue 28).

One test per example (an example with printed variants has one per variant), numbered as in RULINGS.md's top
note: 1-20 and 32 from the rules text (each "Example", the "For example"/"e.g." situations that state a
result, the numeric walk-throughs), 21-31 the numeric walk-throughs of the F.A.Q. Each test quotes its
passage, stages the situation the example describes (the cards, tokens and dice where it puts them), plays
it with intents and asserts what the rulebook prints.

The data two examples need and the house pack does not hold - the unnamed gamedec of the Equipment example
(Melee +3, Discretion +2) and a Commission card targeting Dream Space with Novatronics threatened - is in
``rulebook_examples_pack.json``; the ``example_pack`` fixture lays it over a copy of the house pack and points
``ARBITER_DATA`` at that copy, so the house pack itself never holds test records.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import RuleError, clockwise
from engine.core.datapack import pack_dir
from engine.gamedec import GAME
from engine.gamedec import modifiers as M
from engine.gamedec.pack import load_pack
from engine.gamedec.state import GamedecState
from engine.gamedec.steps import HackerAttackStep, NewRoundStep, TurnStep

from .helpers import do, force_dice, pass_window, queue, stage_turn, started, texts

EXTRA_RECORDS = Path(__file__).with_name("rulebook_examples_pack.json")

# the house pack's cards the examples name (data/gamedec)
NEMESIS, NO_FORGIVENESS, PRICE = "t010", "t011", "t012"  # Crying Guns
NIBELUNG, RETURN_OF_THE_KING, TOO_EASY = "t019", "t020", "t021"  # Deep Past World
CYBEROGRE = "t055"  # Speed Demons
DATA_THIEF = "t083"  # universal, DL 12, Discretion/Deduction, Clue + Investigation Point
MINIGUN, PLASMAGUN, INCAPACITATOR = "e01", "e02", "e04"
JETPACK, ADRENALINE, SENSORY_HALO, GOGGLES = "e07", "e08", "e10", "e16"
# house cards used where an example names none
HHG_TASK = "t038"  # Happy Hunting Grounds, DL 10, Shooting/Agility, Clue; failure Neuro
BEACH_TASK = "t052"  # Paradise Beach, DL 8, Empathy/Discretion, Clue; failure Reputation loss
LOW_UNIVERSAL = "t084"  # universal, DL 8, Agility/Melee, Clue; failure Reputation loss
SPEED_TASK = "t061"  # Speed Demons, DL 8, Agility/Hacking, Clue
REALIUM_REP = "t079"  # Realium, DL 8, Contacts/Discretion, Clue + Reputation; failure Bio
SHOOTING_TASK = "t096"  # universal, DL 10, Melee/Shooting, Clue + Investigation Point
CONTACTS_TASK = "t004"  # Brahma, DL 10, Contacts/Deduction, Clue + Credit; failure Reputation loss
DISCRETION_TASK = "t088"  # universal, DL 12, Contacts/Discretion


def table(detectives: list[str], options: dict[str, bool] | None = None) -> GamedecState:
    """A game of the named detectives (each seat named after its detective's first name), everyone in the
    Realium with nothing: no Skill, Equipment, card, Credit, Wound, point or token; no Lag on the board."""
    seats = [d.split("_")[0] for d in detectives]
    state = started(seats=seats, options=options, detectives=detectives)
    for seat, p in state.players.items():
        p.pos, p.ip, p.skills, p.equipment = "realium", 0, [], []
        p.hand, p.drawn, p.set_aside, p.clues, p.obligations = [], [], [], [], []
        p.bio = p.neuro = p.lag = False
        p.rep = load_pack().detectives[p.detective].start_rep
        state.credits.held[seat] = 0
    state.lags, state.flags = [], []
    state.target, state.target_lag, state.threatened = "", False, ""
    return state


def played(state: GamedecState, seat: str, card: str, *dice: int) -> tuple[GamedecState, str]:
    """``seat`` plays ``card`` where he stands, the dice show ``dice``, nobody declares anything."""
    force_dice(state, *dice)
    state, ev = do(state, seat, f"play:card={card}")
    state, more = pass_window(state)
    return state, texts(ev + more)


def keys(state: GamedecState, seat: str) -> set[str]:
    return {i.key() for i in GAME.legal(state, seat)}


@pytest.fixture
def example_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The house pack plus the records only the examples need, loaded through ``ARBITER_DATA``."""
    folder = tmp_path / "gamedec"
    shutil.copytree(pack_dir("gamedec"), folder)
    for name, records in json.loads(EXTRA_RECORDS.read_text())["records"].items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(json.loads(path.read_text()) + records))
    monkeypatch.setenv("ARBITER_DATA", str(tmp_path))
    load_pack.cache_clear()
    yield
    load_pack.cache_clear()  # the next load_pack(), once monkeypatch restores the variable: the house pack


# --- the rules text --------------------------------------------------------------------------------------


def test_1_setup_for_three_players() -> None:
    """RB "Game Setup": "Example: Components prepared for a 3-player game. The Starting Player is Ben Torres.
    Max Romanov starts the game with a good Reputation token, thanks to his special ability." (F.A.Q.: "he
    takes a white Reputation token and places it by his card with the double wing symbol up", RULINGS 3.)"""
    seats = ["ann", "bo", "cy"]
    state = GAME.setup(seats, 1, {"choose_detectives": True})
    order = clockwise(seats, state.start_player)
    for seat, det in zip(order, ["ben_torres", "max_romanov", "angela_baal"], strict=True):
        assert GAME.prompts(state)[0].seat == seat  # "Each player, beginning with the Starting Player ..."
        state, _ = do(state, seat, f"detective:id={det}")
    view = GAME.view(state, None)
    players = {p["seat"]: p for p in view["players"]}
    assert players[view["start_player"]]["name"] == "Ben Torres"
    maxr = players[order[1]]
    assert maxr["name"] == "Max Romanov" and maxr["rep_name"] == "Excellent"  # the white token, double wing
    assert players[order[0]]["rep_name"] == players[order[2]]["rep_name"] == "Neutral"  # no token
    realium = next(s for s in view["spaces"] if s["id"] == "realium")
    assert sorted(realium["pawns"]) == seats and all(p["hand"] == 8 for p in players.values())
    assert all(s["equipment"] for s in view["spaces"] if s["kind"] == "corp")
    assert view["equipment_faceup"] == 1
    revealed = {load_pack().commissions[c].target for c in state.commission_used}
    assert sorted(view["lags"]) == sorted(revealed)  # a Lag on each world of the 2 revealed Commissions


def test_2_skill_values_of_ben_torres() -> None:
    """RB "Gamedec Cards": "For example, if Ben Torres gets the "Contacts" token, he will receive a +3
    modifier when performing Tasks based on this Skill. In turn the "Discretion" token will add only +1 to the
    relevant Tasks." """
    state = table(["ben_torres", "max_romanov", "angela_baal"])
    stage_turn(state, "ben")
    state.players["ben"].hand = [REALIUM_REP, DISCRETION_TASK]
    state.players["ben"].skills = ["contacts"]
    state, _ = do(state, "ben", "move:to=realium")
    state, ev = do(state, "ben", f"play:card={REALIUM_REP}")
    assert "modifier +3 (Contacts +3)" in texts(ev)
    state.players["ben"].skills = ["discretion"]
    state, ev = do(state, "ben", f"play:card={DISCRETION_TASK}")
    assert "modifier +1 (Discretion +1)" in texts(ev)


def test_3_reputation_tokens_turned_and_taken() -> None:
    """RB "Gamedec Cards": "For example, if a player with extremely good Reputation is forced to lower its
    level, he turns the white token to the side with the single wing symbol. If a player with Neutral
    Reputation is to lower its level, he takes a black token and puts it next to the card, single wing symbol
    up." (Entering Happy Hunting Grounds "automatically lowers the detective's Reputation by 1".)"""
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "max")
    state, ev = do(state, "max", "move:to=happy_hunting")
    assert "Reputation Excellent -> Good" in texts(ev)
    stage_turn(state, "ben")
    state, ev = do(state, "ben", "move:to=happy_hunting")
    assert "Reputation Neutral -> Bad" in texts(ev)
    reps = {p["seat"]: p["rep_name"] for p in GAME.view(state, None)["players"]}
    assert reps["max"] == "Good" and reps["ben"] == "Bad"


def test_4_ben_torres_card() -> None:
    """RB "Gamedec Cards", Example: "the detective has developed the Skills: Shooting and Contacts (which
    means that when he performs Tasks requiring these Skills, he will add +2 or +3 respectively to the dice
    rolls, and if he undertakes a Task based on both Shooting and Contacts, he will add as much as +5) ... Ben
    has received a Neuro Wound ... Until he heals it (e.g. during a visit to Paradise Beach or by using
    corporate help), he receives a -2 penalty modifier to all rolls ... the gamedec has Bad Reputation - when
    visiting the Realium he will draw only 2 new Task cards. Another detective with such a reputation would
    additionally have no entry to Brahma and Dream Space, but Ben Torres's special ability allows him to
    ignore this restriction." """
    state = table(["ben_torres", "max_romanov", "angela_baal"])
    ben = state.players["ben"]
    ben.skills, ben.neuro, ben.rep = ["shooting", "contacts"], True, -1
    ben.hand = [SHOOTING_TASK, CONTACTS_TASK, PRICE]
    state.credits.held["ben"] = 2
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=brahma")  # Bad Reputation, and still admitted
    state, ev = played(state, "ben", SHOOTING_TASK, 6, 6)
    assert "modifier +0 (Shooting +2, Neuro Wound −2)" in ev
    state, ev = played(state, "ben", CONTACTS_TASK, 6, 6)
    assert "modifier +1 (Contacts +3, Neuro Wound −2)" in ev
    state, _ = do(state, "ben", "move:to=crying_guns")
    state, ev = played(state, "ben", PRICE, 6, 6)
    assert "modifier +3 (Contacts +3, Shooting +2, Neuro Wound −2)" in ev
    stage_turn(state, "ben")
    assert {"move:to=brahma", "move:to=dream_space"} <= keys(state, "ben")
    state, _ = do(state, "ben", "move:to=realium")
    state, _ = do(state, "ben", "draw")
    assert len(state.players["ben"].drawn) == 2
    state, _ = do(state, "ben", "move:to=paradise_beach")
    credits = state.credits.of("ben")
    state, _ = do(state, "ben", "heal")
    assert not state.players["ben"].neuro and state.credits.of("ben") == credits - 1
    # another detective with Bad Reputation is refused there
    state.players["max"].rep = -1
    stage_turn(state, "max")
    assert not {"move:to=brahma", "move:to=dream_space"} & keys(state, "max")
    with pytest.raises(RuleError, match="Bad Reputation"):
        do(state, "max", "move:to=dream_space")


def test_5_equipment_bonuses_of_two_detectives(example_pack: None) -> None:
    """RB "Equipment Cards", Example: "the detective at the top has the Skill "Melee" and two Equipment cards:
    "Adrenaline" and "Sensory Halo". When performing tests based on "Melee" the player adds +3 to the dice
    roll. When performing tests based on "Agility" or "Contacts" the player adds +2 ... When testing the
    remaining Skills he adds no bonus. The gamedec at the bottom has the Skills "Melee" and "Discretion", and
    three Equipment cards: "Incapacitator", "Jetpack" and "Adrenaline" ... "Melee" +5 (Skill and Equipment
    card), "Agility" +4 (two Equipment cards), "Discretion" +2 (Skill). When performing tests of other Skills
    the player will not receive additional bonuses." (Neither gamedec is named: the test pack's gamedec has
    Melee +3 and Discretion +2, as the bonuses printed need.)"""
    state = table(["example_gamedec", "ben_torres", "max_romanov"])
    state.players["ben"].detective = "example_gamedec"  # the gamedec at the bottom, the same card values
    top, bottom = state.players["example"], state.players["ben"]
    top.skills, top.equipment = ["melee"], [ADRENALINE, SENSORY_HALO]
    bottom.skills, bottom.equipment = ["melee", "discretion"], [INCAPACITATOR, JETPACK, ADRENALINE]
    printed = {
        "example": {"melee": 3, "agility": 2, "contacts": 2},
        "ben": {"melee": 5, "agility": 4, "discretion": 2},
    }
    for seat, bonuses in printed.items():
        for skill in load_pack().skills:
            ledger = M.skill_ledger(state, seat, [skill], "deep_past")
            assert ledger.total == bonuses.get(skill, 0), (seat, skill, ledger.explain())
    # the bottom gamedec's bonuses on a played test: Too Easy a Target is based on Agility and Melee
    state.players["ben"].hand = [TOO_EASY]
    state.credits.held["ben"] = 1
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=deep_past")
    state, ev = played(state, "ben", TOO_EASY, 2, 3)
    assert "Melee +3, Incapacitator +2, Jetpack +2, Adrenaline +2" in ev and "modifier +9" in ev
    assert state.last_roll is not None and state.last_roll["total"] == 14


def test_6_corporate_investigation_places_the_markers() -> None:
    """RB "Phase 1": "Example: After revealing a new Corporate Commission card, the Starting Player places the
    Target marker in the world Twisted & Perverted, and the Threatened Corporation marker on the Mobillenium
    space." ("The Target marker should be placed with the Lag icon side up.")"""
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    pair = ("twisted", "mobillenium")
    card = next(c.id for c in load_pack().commissions.values() if (c.target, c.threatened) == pair)
    state.commission_used = [c for c in state.commission_used if c != card]
    state.commission_deck = [c for c in state.commission_deck if c != card] + [card]
    stage_turn(state, "max")
    queue(state, NewRoundStep())
    state, ev = do(state, "max", "end")
    assert "the hackers target Twisted & Perverted; Mobillenium is threatened" in texts(ev)
    view = GAME.view(state, None)
    assert (view["target"], view["target_lag"], view["threatened"]) == ("twisted", True, "mobillenium")


def test_7_spending_the_last_credit_in_crying_guns() -> None:
    """RB "Phase 2": "The above entry conditions must be met only at the moment of moving onto the given
    space. If a player stops meeting them after the move has been made (e.g. spends all his Credit tokens on
    the Crying Guns space), nothing happens." (F.A.Q.: "The detective cannot however stand on this space again
    until he gains at least 1 Credit token.")"""
    state = table(["angela_baal", "ben_torres", "max_romanov"])
    state.credits.held["angela"] = 1
    state.players["angela"].hand = [NEMESIS]
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=crying_guns")
    state, _ = do(state, "angela", "buy_equip:pile=deck")
    assert state.credits.of("angela") == 0 and state.players["angela"].pos == "crying_guns"
    assert f"play:card={NEMESIS}" in keys(state, "angela")  # still there, still acting
    with pytest.raises(RuleError, match="at least 1 Credit"):
        do(state, "angela", "move:to=crying_guns")


def test_8_movement_and_actions_of_angela() -> None:
    """RB "Phase 2": "Example of movement and actions: Angela Baal visits the world Happy Hunting Grounds -
    her Reputation immediately drops by 1 level. Standing on this space the player plays a Task card, then
    trades with another player, and finally plays another Task card. In her second move Angela would like to
    enter the Brahma space, but she cannot make such a move because she has Bad Reputation. The player decides
    to visit Paradise Beach instead and to play a third Task card on it. Another detective is currently in
    Paradise Beach - Angela cannot attack him, because in this turn she played Task cards." """
    state = table(["angela_baal", "ben_torres", "max_romanov"])
    angela = state.players["angela"]
    angela.hand = [HHG_TASK, LOW_UNIVERSAL, BEACH_TASK, NEMESIS]
    state.players["max"].pos, state.players["max"].ip = "paradise_beach", 3
    stage_turn(state, "angela")
    state, ev = do(state, "angela", "move:to=happy_hunting")
    assert "Reputation Neutral -> Bad" in texts(ev)
    state, _ = played(state, "angela", HHG_TASK, 6, 6)
    state, _ = do(state, "angela", "trade:to=ben")  # she gives Ben a card for nothing: that is Trade too
    state, _ = do(state, "angela", f"give:what={NEMESIS}")
    state, _ = do(state, "angela", "get:what=none")
    state, _ = do(state, "ben", "accept")
    assert state.trade_done and NEMESIS in state.players["ben"].hand
    state, _ = played(state, "angela", LOW_UNIVERSAL, 6, 6)
    with pytest.raises(RuleError, match="Bad Reputation"):
        do(state, "angela", "move:to=brahma")
    state, _ = do(state, "angela", "move:to=paradise_beach")
    assert not any(k.startswith("attack") for k in keys(state, "angela"))
    with pytest.raises(RuleError, match="played a Task card this turn"):
        do(state, "angela", "attack:on=max,skill=shooting")
    state, _ = played(state, "angela", BEACH_TASK, 6, 6)
    assert state.players["angela"].hand == [] and state.players["angela"].ip == 2
    assert not any(k.startswith("attack") for k in keys(state, "angela"))
    # Her hand now empty and nothing else left to do, her turn ended by itself (issue 30).
    with pytest.raises(RuleError, match="played a Task card this turn|Attacks are made in your own turn"):
        do(state, "angela", "attack:on=max,skill=shooting")


def test_9_brahma_exchange_of_ben_torres() -> None:
    """RB "Exchanges": "Example: Ben Torres enters the Brahma space ... Ben discards "The Ring of the
    Nibelung" and "The Return of the King" ... As the third he discards the card "Cyberogre" from the world
    Speed Demons. For the discarded cards the player takes a Credit token. He could immediately discard
    another 3 Tasks to take another Credit token, but the player decides not to use this possibility." """
    state = table(["ben_torres", "max_romanov", "angela_baal"])
    state.players["ben"].hand = [NIBELUNG, RETURN_OF_THE_KING, CYBEROGRE, "t001", "t002", "t003"]
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=brahma")
    state, _ = do(state, "ben", "sell_tasks")
    for card in (NIBELUNG, RETURN_OF_THE_KING, CYBEROGRE):
        state, ev = do(state, "ben", f"pick:card={card}")
    assert "The Ring of the Nibelung, The Return of the King, Cyberogre" in texts(ev)
    assert state.credits.of("ben") == 1 and state.players["ben"].hand == ["t001", "t002", "t003"]
    assert {NIBELUNG, RETURN_OF_THE_KING, CYBEROGRE} <= set(state.task_deck.discards)
    assert "sell_tasks" in keys(state, "ben")  # "He could immediately discard another 3 Tasks"


def _max_too_easy() -> GamedecState:
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    maxr = state.players["max"]
    maxr.skills, maxr.equipment, maxr.hand = ["melee"], [JETPACK, INCAPACITATOR], [TOO_EASY]
    state.credits.held["max"] = 1  # Deep Past World admits only a detective holding a Credit
    stage_turn(state, "max")
    state, _ = do(state, "max", "move:to=deep_past")
    return state


def test_10_max_plays_too_easy_a_target() -> None:
    """RB "Playing Task Cards": "Example: Max Romanov enters the world Deep Past World and plays the card "Too
    Easy a Target" ... Difficulty Level (8) ... Skills: Agility and Melee. Max has Melee (guaranteeing a +2
    modifier), but does not have Agility ... "Jetpack" ... "Incapacitator" ... the player will add as much as
    +6 to the dice roll result ... so he will manage to match the Difficulty Level even if he rolls two ones.
    The situation would be different if Max had Wounds (he would have to subtract 1 from the roll for each
    Wound), the other players decided to make the Task harder for him with a Sabotage (-2 for each card used
    in this way), or if there lay a Lag token in Deep Past World (rolling a "1" on either die would cause
    automatic failure)." """
    state, ev = played(_max_too_easy(), "max", TOO_EASY, 1, 1)
    assert "modifier +6 (Melee +2, Jetpack +2, Incapacitator +2)" in ev
    assert state.last_roll is not None and state.last_roll["total"] == 8 and state.last_roll["success"]
    # with both Wounds: -1 each
    wounded = _max_too_easy()
    wounded.players["max"].bio = wounded.players["max"].neuro = True
    wounded, ev = played(wounded, "max", TOO_EASY, 1, 1)
    assert "modifier +4" in ev and wounded.last_roll is not None and not wounded.last_roll["success"]
    # a Sabotage of one card: -2
    sabotaged = _max_too_easy()
    sabotaged.players["ben"].set_aside = ["t001"]
    force_dice(sabotaged, 1, 1)
    sabotaged, _ = do(sabotaged, "max", f"play:card={TOO_EASY}")
    sabotaged, _ = do(sabotaged, "ben", "sabotage:on=max,n=1")
    roll = sabotaged.last_roll
    assert roll is not None and roll["total"] == 6 and not roll["success"]
    # a Lag token in Deep Past World: a 1 on either die fails
    lagged = _max_too_easy()
    lagged.lags = ["deep_past"]
    lagged, _ = played(lagged, "max", TOO_EASY, 1, 6)
    roll = lagged.last_roll
    assert roll is not None and roll["total"] == 13 and roll["lag_fail"] and not roll["success"]


def _attack_table() -> GamedecState:
    """RB: "Angela Baal has 4 Investigation Points, while Ben already has 5, and Max Romanov as many as 7";
    Angela is one level above her lowest Reputation (the first attack brings her to it)."""
    state = table(["angela_baal", "ben_torres", "max_romanov"])
    angela, ben, maxr = (state.players[s] for s in ("angela", "ben", "max"))
    angela.ip, ben.ip, maxr.ip = 4, 5, 7
    angela.rep = load_pack().detectives["angela_baal"].rep_min + 1
    angela.skills, angela.equipment = ["shooting"], [MINIGUN]
    ben.equipment = [PLASMAGUN]  # "Ben does not have the appropriate Skill"
    maxr.skills, maxr.equipment = ["melee"], [INCAPACITATOR]  # "he has neither the Skill Shooting ..."
    ben.pos, maxr.pos = "speed_demons", "paradise_beach"
    stage_turn(state, "angela")
    return state


def test_11_angela_attacks_ben_then_max() -> None:
    """RB "Attacking Another Detective": "Example ... Angela stands on the same space as Ben and declares an
    attack using Shooting. By declaring an attack on another detective Angela automatically loses 1 Reputation
    level ... (Angela has the Skill at +3 and the Equipment card "Minigun", adding +2 to this test, while Ben
    does not have the appropriate Skill, but can add +2 for the owned card "Plasmagun"). Angela rolls a "4"
    and finally gets a result of "9", while Ben rolls two fives, getting a result of "12"! The fight ends with
    Angela being wounded - her player chooses a Neuro Wound (both types of wounds give Angela the same
    modifier: "-2" ...). In the second move Angela moves to the space occupied by Max and again declares an
    attack using the Skill "Shooting". The gamedec's Reputation reached the lowest possible level during the
    previous attack, so this time the player does not modify its value. Angela can add to the roll only +3
    (+2 for Equipment, +3 for Skill and -2 for the Neuro Wound). Max adds nothing to the roll ... Both players
    get a result of "7" on the dice, which, after adding modifiers, means Angela's win. The player controlling
    this detective gets 1 Investigation Point, and Max receives a wound, choosing a Bio Wound." """
    state = _attack_table()
    lowest = load_pack().detectives["angela_baal"].rep_min
    state, _ = do(state, "angela", "move:to=speed_demons")
    force_dice(state, 1, 3, 5, 5)
    state, ev = do(state, "angela", "attack:on=ben,skill=shooting")
    assert state.players["angela"].rep == lowest
    assert "angela 1+3 -> 9, ben 5+5 -> 12: ben wins" in texts(ev)
    assert {"wound:type=bio", "wound:type=neuro"} <= keys(state, "angela")
    state, _ = do(state, "angela", "wound:type=neuro")
    assert state.players["angela"].neuro and state.players["angela"].ip == 4
    state, _ = do(state, "angela", "move:to=paradise_beach")
    ledger = M.fight_ledger(state, "angela", "shooting", "paradise_beach", "max")
    assert ledger.explain() == "Shooting +3, Minigun +2, Neuro Wound −2" and ledger.total == 3
    assert M.fight_ledger(state, "max", "shooting", "paradise_beach", "angela").total == 0
    force_dice(state, 3, 4, 2, 5)
    state, ev = do(state, "angela", "attack:on=max,skill=shooting")
    assert "Reputation stays" in texts(ev) and state.players["angela"].rep == lowest
    assert "angela 3+4 -> 10, max 2+5 -> 7: angela wins" in texts(ev)
    state, _ = do(state, "angela", "skill:id=melee")  # her fifth point: the track's Skill comes first
    state, _ = do(state, "max", "wound:type=bio")
    assert state.players["angela"].ip == 5 and state.players["max"].bio and not state.players["max"].neuro


def test_11b_angela_attacks_max_first() -> None:
    """RB, the same example: "Had Angela first attacked the weaker Max, she would have had a smaller chance of
    receiving a wound, but would not have had a chance of gaining 2 Investigation Points in this turn - after
    a successful attack she would have 5 Points, the same as Ben, and attacking players with the same or fewer
    Investigation Points is forbidden." """
    state = _attack_table()
    state, _ = do(state, "angela", "move:to=paradise_beach")
    force_dice(state, 3, 4, 2, 5)
    state, _ = do(state, "angela", "attack:on=max,skill=shooting")
    state, _ = do(state, "angela", "skill:id=melee")  # the track's Skill at her fifth point
    state, _ = do(state, "max", "wound:type=bio")
    assert state.players["angela"].ip == 5
    state, _ = do(state, "angela", "move:to=speed_demons")
    assert not any(k.startswith("attack") for k in keys(state, "angela"))
    with pytest.raises(RuleError, match=r"more Investigation Points than you \(5\)"):
        do(state, "angela", "attack:on=ben,skill=shooting")


def _commission_round() -> GamedecState:
    """RB: "The Target marker lies on the Dream Space space, and the Threatened Corporation marker on the
    Novatronics space ... Ben Torres happens to have his Clue in Dream Space": the round's card revealed by
    Phase 1 (the test pack's Commission card Dream Space / Novatronics)."""
    state = table(["ben_torres", "max_romanov", "angela_baal"])
    state.commission_deck.append("example_dream_novatronics")
    state.lags = ["brahma", "twisted"]
    state.players["ben"].clues = ["dream_space"]
    stage_turn(state, "max")
    queue(state, NewRoundStep())
    state, _ = do(state, "max", "end")
    assert (state.target, state.target_lag, state.threatened) == ("dream_space", True, "novatronics")
    stage_turn(state, "ben")
    queue(state, HackerAttackStep(), NewRoundStep())
    return state


def test_12_commission_of_ben_torres_at_novatronics(example_pack: None) -> None:
    """RB "Corporate Commission": "Example ... The player therefore decides to carry out the Commission by
    visiting the Novatronics space. Thanks to this he can first use Corporate Aid, for which he is forced to
    place an Obligation token. Right after this he performs the Corporate Commission: he removes both his Clue
    token from Dream Space and the Obligation from the Novatronics space, and then turns the Target marker ...
    In the second move of the same turn Ben may again stand on the Novatronics space and use its help a second
    time, because he has already repaid the previous Obligation." ("From the moment the Target is turned, all
    players may be sure that no new Lag markers will appear at the end of the turn.")"""
    state = _commission_round()
    state, _ = do(state, "ben", "move:to=novatronics")
    state, ev = do(state, "ben", "aid:take=cash+equip")
    assert "Obligation placed" in texts(ev) and state.players["ben"].obligations == ["novatronics"]
    state, ev = do(state, "ben", "commission")
    ben = state.players["ben"]
    assert ben.clues == [] and ben.obligations == [] and not state.target_lag
    state, _ = do(state, "ben", "move:to=novatronics")
    assert "aid:take=cash+equip" in keys(state, "ben")
    state, _ = do(state, "ben", "aid:take=cash+cash")
    state, _ = do(state, "ben", "end")
    assert sorted(state.lags) == ["brahma", "twisted"]  # the Hacker Attack placed no Lag


def test_12b_commission_on_the_target_gives_no_reward(example_pack: None) -> None:
    """RB, the same example: "If Ben performs the Commission while on the Dream Space space, he will prevent
    new Lags from appearing, but apart from removing his Clue from this space he will not receive any
    reward." """
    state = _commission_round()
    state, _ = do(state, "ben", "move:to=dream_space")
    before = state.players["ben"].model_copy(deep=True)
    state, _ = do(state, "ben", "commission")
    ben = state.players["ben"]
    assert ben.clues == [] and not state.target_lag
    assert (ben.rep, ben.equipment, ben.ip, ben.obligations) == (before.rep, before.equipment, 0, [])
    assert state.credits.of("ben") == 0
    state, _ = do(state, "ben", "end")
    assert sorted(state.lags) == ["brahma", "twisted"]


def test_12c_a_new_clue_lets_ben_remove_a_lag(example_pack: None) -> None:
    """RB, the same example: "He may also visit Dream Space and try to perform a new Task on this space - if
    as a result he places a new Clue on the board, he will be able to perform a Corporate Commission again in
    the same round to remove one of the Lag tokens from the board." """
    state = _commission_round()
    state.players["ben"].hand = ["t029"]  # Dream Space, DL 10, Contacts/Empathy, Clue
    state, _ = do(state, "ben", "move:to=novatronics")
    state, _ = do(state, "ben", "commission")
    state, _ = do(state, "ben", "move:to=dream_space")
    assert not any(k.startswith("commission") for k in keys(state, "ben"))  # his Clue is gone
    state, _ = played(state, "ben", "t029", 6, 6)
    assert state.players["ben"].clues == ["dream_space"]
    assert {"commission:lag=brahma", "commission:lag=twisted"} <= keys(state, "ben")
    state, _ = do(state, "ben", "commission:lag=twisted")
    assert state.lags == ["brahma"] and state.players["ben"].clues == []


def test_13_corporate_aid_of_max_at_zoenet_labs() -> None:
    """RB "Corporate Aid": "Example: Max Romanov stands on the Zoenet Labs space and places his Obligation
    token on it. In return he may receive aid twice. He decides to raise his Reputation by 1 level twice.
    Zoenet Labs will give Max no more aid until he removes his Obligation by means of an appropriate Corporate
    Commission." """
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    state.players["max"].rep = 0
    stage_turn(state, "max")
    state, _ = do(state, "max", "move:to=zoenet")
    state, ev = do(state, "max", "aid:take=cash+cash")
    assert "Reputation Neutral -> Good" in texts(ev) and "Reputation Good -> Excellent" in texts(ev)
    assert state.players["max"].obligations == ["zoenet"]
    state, _ = do(state, "max", "move:to=zoenet")
    assert not any(k.startswith("aid") for k in keys(state, "max"))
    with pytest.raises(RuleError, match="Obligation already lies on Zoenet Labs"):
        do(state, "max", "aid:take=cash+cash")


def test_14_the_equipment_deck_runs_out() -> None:
    """RB "Discarding Task and Equipment Cards": "Example: In the situation shown, the Equipment deck has run
    out. The player who last drew a card shuffles all the cards from the face-up pile and forms a new,
    face-down deck (A) from them. He then reveals the card from the top of the deck and places it next to it,
    forming a new pile (B)." """
    state = table(["angela_baal", "ben_torres", "max_romanov"])
    state.credits.held["angela"] = 1
    state.equip_deck, state.equip_faceup = ["e20"], ["e21", "e22", "e23", "e24"]
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=crying_guns")
    state, _ = do(state, "angela", "buy_equip:pile=deck")
    assert state.players["angela"].equipment == ["e20"]
    assert len(state.equip_deck) == 3 and len(state.equip_faceup) == 1
    assert sorted(state.equip_deck + state.equip_faceup) == ["e21", "e22", "e23", "e24"]


def test_15_trade_of_max_ben_and_angela() -> None:
    """RB "Trading with Other Players": "Example: Max Romanov has an Obligation on the Threatened Corporation
    space ... the Target marker currently lies [in Speed Demons]. The player declares the wish to trade: for
    two Task cards possible to perform on the Speed Demons space ... he is ready to pay 2 Credit tokens. The
    player controlling Ben Torres has only one universal card and says that he could give it for 1 Credit
    token. Angela Baal says that she too has only one matching card and wants both Credit tokens for it ...
    Ben decides to show him his card: it has a low Difficulty Level and is based on Skills that Max happens to
    have. The player decides to trade with Torres - he takes the Task card from him and gives in exchange 1
    Credit token." ("Task cards obtained during Trade go straight to the player's hand and may be used in the
    same round.") Ben shows his card while making his offer (a card is shown while a trade is being built)."""
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    state.target, state.target_lag, state.threatened = "speed_demons", True, "pharma"
    state.players["max"].obligations, state.players["max"].skills = ["pharma"], ["melee"]
    state.credits.held["max"] = 2
    state.players["ben"].hand, state.players["angela"].hand = [LOW_UNIVERSAL], [SPEED_TASK]
    stage_turn(state, "max")
    state, ev = do(state, "max", "trade_call")
    state, ev = do(state, "ben", f"show:card={LOW_UNIVERSAL}")
    shown = [e for e in ev if e.kind == "shown"]
    assert shown and "The Velvet Heir (any world, DL 8, Agility/Melee" in shown[0].text
    state, _ = do(state, "ben", f"give:what={LOW_UNIVERSAL}")
    state, _ = do(state, "ben", "get:what=c1")
    state, _ = do(state, "angela", f"give:what={SPEED_TASK}")
    state, _ = do(state, "angela", "get:what=c2")
    answers = {k for k in keys(state, "max") if k.startswith("take") or k == "decline"}
    assert answers == {"take:src=ben", "take:src=angela", "decline"}
    state, _ = do(state, "max", "take:src=ben")
    assert state.players["max"].hand == [LOW_UNIVERSAL] and state.credits.of("max") == 1
    assert state.credits.of("ben") == 1 and state.players["angela"].hand == [SPEED_TASK]
    state, _ = do(state, "max", "move:to=speed_demons")
    assert f"play:card={LOW_UNIVERSAL}" in keys(state, "max")


def _data_thief() -> GamedecState:
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    maxr = state.players["max"]
    maxr.ip, maxr.skills, maxr.equipment, maxr.hand = 8, ["discretion", "deduction"], [GOGGLES], [DATA_THIEF]
    maxr.set_aside = ["t030"]
    state.players["ben"].set_aside = ["t031", "t032"]
    state.players["angela"].set_aside = ["t033"]
    stage_turn(state, "max")
    state, _ = do(state, "max", "move:to=paradise_beach")
    return state


def _declared(state: GamedecState, *dice: int) -> tuple[GamedecState, str]:
    """Ben sabotages with two cards, Angela with one, Max assists himself with his last."""
    state, ev = do(state, "max", f"play:card={DATA_THIEF}")
    assert "needs 5+ on 2 dice" in GAME.prompts(state)[0].text  # "he needs to roll only "5""
    state, more = do(state, "ben", "sabotage:on=max,n=2")
    ev += more
    state, more = do(state, "angela", "sabotage:on=max,n=1")
    ev += more
    assert "Sabotages −6: +1 so far, needs 11+" in GAME.prompts(state)[0].text
    force_dice(state, *dice)
    state, more = do(state, "max", "assist:on=max,n=1")
    return state, texts(ev + more)


def test_16_data_thief_assists_and_sabotages() -> None:
    """RB "Assists and Sabotages": "Example: Max Romanov ... has 8 Investigation Points and is just performing
    the Task "Data Thief" ... The Task has Difficulty Level 12, but Max has Discretion +3, Deduction +2 and
    the Equipment card "Gamedec Goggles" adding a further +2 to Deduction - so he needs to roll only "5" ...
    Ben decides to sabotage his competitor, playing as many as two of the previously set aside Task cards ...
    Angela decides also to stop the imminent winner and adds one more card to the Sabotage. Max Romanov now
    has an additional -6 modifier ... The player controlling him decides to use the last of his set aside
    cards as an Assist. Finally, the player must roll "9" on the dice ... (+5 from Skills, +2 from Equipment,
    -6 from Sabotages and +2 from Assists give a total of +3 to the roll). Max rolls and "8" comes up on the
    dice - the test ends in failure. The player receives the penalty from the card (lowering Reputation), and
    then takes the card "Data Thief" and sets it aside" ("When an Assist is carried out on another player,
    the assisting detective immediately increases his Reputation": not for a Sabotage, nor for oneself)."""
    state, ev = _declared(_data_thief(), 4, 4)
    roll = state.last_roll
    assert roll is not None and (roll["modifier"], roll["cards"]) == (7, -4)  # +3 in all
    assert roll["total"] == 11 and not roll["success"]
    maxr = state.players["max"]
    assert maxr.rep == 1 and maxr.set_aside == [DATA_THIEF] and maxr.ip == 8
    assert state.players["ben"].rep == 0 and state.players["angela"].rep == 0


def test_16b_data_thief_rolled_nine() -> None:
    """RB, the same example: "the player must roll "9" on the dice for the mission with Difficulty Level 12 to
    end in success" - and "the reward for the Task is a bonus Investigation Point - were it not for that, Max
    would have to gain the last Point in the Realium" (his Clue gives no point at 8)."""
    state, ev = _declared(_data_thief(), 4, 5)
    assert state.last_roll is not None and state.last_roll["total"] == 12 and state.last_roll["success"]
    assert "Investigation Points 7-9 cannot be gained with Clues" in ev
    assert state.result is not None and state.result.winners == ("max",) and state.players["max"].ip == 9


def _nemesis_table(ip: int) -> GamedecState:
    state = table(["angela_baal", "ben_torres", "max_romanov"])
    angela = state.players["angela"]
    angela.ip, angela.skills, angela.hand = ip, ["shooting"], [NEMESIS, NO_FORGIVENESS, PRICE]
    state.credits.held["angela"] = 1
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=crying_guns")
    return state


def test_17_investigation_points_of_angela() -> None:
    """RB "Investigation Points": "Example: Angela Baal has 4 Investigation Points. She managed to perform the
    Task "Nemesis" on the Crying Guns space, in exchange for which she places her Clue token on this space ...
    Angela moves her token on the Investigation Points Track to space "5". According to the symbol next to
    this position, the heroine immediately gets a new Skill. The player still has two Task cards in hand: "No
    Forgiveness" and "Everyone Has Their Price". If she performs the first of them, she will not gain another
    Investigation Point - her Clue token is already on the Crying Guns space ... (she may however undertake
    this Task simply to get the second of the rewards: a Credit token). An additional reward for the second of
    these Tasks is an Investigation Point - if Angela performs it, she will move her marker on the Track to
    position 6." """
    state, ev = played(_nemesis_table(4), "angela", NEMESIS, 6, 6)
    assert "places a Clue in Crying Guns" in ev and state.players["angela"].ip == 5
    assert GAME.prompts(state)[0].kind == "skill"  # "immediately gets a new Skill"
    state, _ = do(state, "angela", "skill:id=agility")
    state, ev = played(state, "angela", NO_FORGIVENESS, 6, 6)
    assert "already has a Clue in Crying Guns" in ev
    assert state.players["angela"].ip == 5 and state.credits.of("angela") == 2
    state, _ = played(state, "angela", PRICE, 6, 6)
    assert state.players["angela"].ip == 6 and state.players["angela"].skills == ["shooting", "agility"]


def test_17b_everyone_has_their_price_first() -> None:
    """RB, the same example: "Had the player played "Everyone Has Their Price" as the first card in the round,
    for its successful performance she would have received at once points 5 and 6 (the first for placing the
    Clue, and the second as the additional reward guaranteed by the card) and would still have the Task
    "Nemesis" in hand." """
    state, _ = played(_nemesis_table(4), "angela", PRICE, 6, 6)
    state, _ = do(state, "angela", "skill:id=agility")  # the Skill of space 5, on the way to 6
    assert state.players["angela"].ip == 6 and NEMESIS in state.players["angela"].hand


def test_17c_nemesis_at_six_points() -> None:
    """RB, the same example: "If at the start of the round Angela had 6 and not 4 Investigation Points, she
    would have received no Point for performing the Task "Nemesis", because by placing a Clue one cannot gain
    Points "7", "8" and "9" - to continue the investigation the player would have to immediately take on the
    Task from the card "Everyone Has Their Price"." """
    state, ev = played(_nemesis_table(6), "angela", NEMESIS, 6, 6)
    assert "places a Clue in Crying Guns" in ev and state.players["angela"].ip == 6
    state, _ = played(state, "angela", PRICE, 6, 6)
    assert state.players["angela"].ip == 7


def _draft(options: dict[str, bool], seed: int, detectives: list[str]) -> GamedecState:
    seats = ["ann", "bo", "cy"]
    state = GAME.setup(seats, seed, {"choose_detectives": True, **options})
    for seat, det in zip(clockwise(seats, state.start_player), detectives, strict=True):
        state, _ = do(state, seat, f"detective:id={det}")
    return state


def test_18_scenarios_drawn_for_angela_ben_and_max() -> None:
    """RB "Setup with Scenarios": "Example: Angela, Ben and Max take part in the game, so before the game each
    player will draw for himself one of the following Scenario cards: "Trouble at Tigre Sky", "Mutiny on
    Mars", "Muscles of Steel", "V-Runner" and "Double Agent"." ("each player secretly draws one card")"""
    printed = {"Trouble at Tigre Sky", "Mutiny on Mars", "Muscles of Steel", "V-Runner", "Double Agent"}
    drawn: set[str] = set()
    for seed in range(12):
        state = _draft({"scenarios": True}, seed, ["angela_baal", "ben_torres", "max_romanov"])
        names = [load_pack().scenarios[p.scenario].name for p in state.players.values()]
        assert len(set(names)) == 3 and set(names) <= printed, names
        drawn |= set(names)
    assert drawn == printed


def _mutiny() -> GamedecState:
    """RB: "The player controlling Angela drew Ben Torres's Scenario" (a Scenarios game: Angela, Ben, Max)."""
    state = table(["angela_baal", "ben_torres", "max_romanov"], {"scenarios": True})
    for p in state.players.values():
        p.scenario, p.story = "", ""
    state.players["angela"].scenario, state.players["angela"].story = "mutiny_on_mars", "hidden"
    return state


def test_19_angela_plays_mutiny_on_mars() -> None:
    """RB "Scenarios", the walk-through: "To reveal and start the Scenario the player must either perform an
    Assist for the benefit of the player controlling Ben, or remove her Clue token from one of Torres's
    favourite virtualia (Dream Space or Brahma). If the player chooses the second solution, she cannot at the
    same time use the removed Clue to perform a Corporate Commission ... she adds +2 to all her tests, as long
    as she has Bad Reputation ... she likes the bonus resulting from Bad Reputation, but unfortunately cannot
    enter Dream Space with it ... Besides, Angela has as many as 6 Equipment cards ... After several turns ...
    she discards 3 Equipment cards and declares completion of the Scenario. She immediately receives 2
    Investigation Points (reward for the "Star Fleet" thread) and chooses one of the possible Finale cards.
    She decides to take the card "Smuggling Network" ... the player who drew Angela's Scenario will not be
    able to obtain the card "Smuggling Network" after completing the story thread "Infernal Game"." """
    state = _mutiny()
    angela = state.players["angela"]
    angela.clues, angela.equipment = ["brahma"], ["e01", "e02", "e03", "e04", "e05", "e06"]
    angela.hand = [REALIUM_REP]
    state.target, state.target_lag, state.threatened = "brahma", True, "pharma"
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=pharma")
    assert {"commission", "story_start:via=brahma"} <= keys(state, "angela")
    state, ev = do(state, "angela", "story_start:via=brahma")
    assert "reveals the Scenario Mutiny on Mars" in texts(ev)
    assert "commission" not in keys(state, "angela")  # the Clue went to start the Scenario
    state.players["angela"].rep = -1
    with pytest.raises(RuleError, match="Bad Reputation"):
        do(state, "angela", "move:to=dream_space")
    state, _ = do(state, "angela", "move:to=realium")
    state, ev = played(state, "angela", REALIUM_REP, 6, 6)
    assert "Scenario +2" in ev
    state, _ = do(state, "angela", "end")  # six Equipment cards kept over the end of her turn
    assert len(state.players["angela"].equipment) == 6 and state.decision() is None
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=realium")
    state, ev = do(state, "angela", "story_finish")
    assert "(Star Fleet)" in texts(ev)
    assert state.players["angela"].ip == 2 + 1 and len(state.players["angela"].equipment) == 3
    assert "finale:id=smuggling_network" in keys(state, "angela")
    state, _ = do(state, "angela", "finale:id=smuggling_network")
    # Max drew Angela's Scenario and completes its first path, Infernal Game
    maxr = state.players["max"]
    maxr.scenario, maxr.story, maxr.skills = "muscles_of_steel", "started", ["shooting", "melee"]
    stage_turn(state, "max")
    state, _ = do(state, "max", "move:to=happy_hunting")
    force_dice(state, 6, 6)
    state, _ = do(state, "max", "story_task")
    state, _ = pass_window(state)
    assert state.players["max"].ip == 3 and state.players["angela"].ip == 3 + 1
    offered = {k for k in keys(state, "max") if k.startswith("finale:")}
    assert offered == {"finale:id=iron_will", "finale:id=street_cred"}  # Smuggling Network is Angela's


def test_19b_silver_hand_rewards_angela_and_ben() -> None:
    """RB, the same walk-through: "she may either try to perform the Task "Silver Hand" ... In the first case
    Angela would gain 3 Investigation Points, and Ben Torres 1 Point (regardless of whether he helped Angela
    with it)." """
    state = _mutiny()
    state.players["angela"].story = "started"
    state.players["angela"].skills = ["shooting"]
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=dream_space")
    force_dice(state, 6, 6)
    state, ev = do(state, "angela", "story_task")
    state, more = pass_window(state)
    assert "Silver Hand (DL 14)" in texts(ev + more)
    assert state.players["angela"].ip == 3 and state.players["ben"].ip == 1


def test_20_two_terror_cards_from_six_to_ten() -> None:
    """RB "More Terror Cards": "If a player with 6 Points gains 4 consecutive Investigation Points at once
    (e.g. by completing a Scenario), two Terror cards are revealed: one for gaining the seventh Point and one
    for gaining the tenth Point." """
    state = table(["max_romanov", "ben_torres", "angela_baal"], {"scenarios": True})
    maxr = state.players["max"]
    maxr.ip, maxr.scenario, maxr.story, maxr.skills = 6, "trouble_at_tigre_sky", "started", ["discretion"]
    state.credits.held["max"] = 1
    before = len(state.terror_revealed)
    stage_turn(state, "max")
    state, _ = do(state, "max", "move:to=crying_guns")
    force_dice(state, 6, 6)
    state, _ = do(state, "max", "story_task")
    state, _ = pass_window(state)
    for _ in range(10):  # the Finale, the Skill of space 10, whatever the Terror cards ask
        prompt = GAME.prompts(state)[0]
        if prompt.kind == "turn":
            break
        state, _ = GAME.apply(state, prompt.seat, prompt.default)
    assert state.players["max"].ip == 10 and len(state.terror_revealed) == before + 2


# --- the F.A.Q. -------------------------------------------------------------------------------------------


def _next_turn(state: GamedecState, seat: str, current: str) -> GamedecState:
    """End ``current``'s staged turn so that ``seat``'s turn begins by the rules (his Lag token first)."""
    stage_turn(state, current)
    queue(state, TurnStep(seat=seat))
    state, _ = do(state, current, "end")
    assert state.active == seat
    return state


def _moves(state: GamedecState, seat: str) -> int:
    count = 0
    while "move:to=realium" in keys(state, seat):
        state, _ = do(state, seat, "move:to=realium")
        count += 1
    return count


def test_21_taida_wolf_with_a_lag_token() -> None:
    """F.A.Q.: "What happens when Taida Wolf receives a Lag token? Taida moves twice (the third move is lost
    to discarding the token)." """
    state = table(["taida_wolf", "ben_torres", "max_romanov"])
    state.players["taida"].lag = True
    state = _next_turn(state, "taida", "ben")
    assert not state.players["taida"].lag and _moves(state, "taida") == 2


def test_22_koloman_troy_twice_on_corporations() -> None:
    """F.A.Q.: "Koloman draws 1 Credit token each time he stands on one of the spaces: Novatronics,
    Mobillenium, Zoenet Labs or Pharma Nanolabs ... If Koloman visits a corporation space twice in one turn,
    he uses his special ability twice." """
    state = table(["koloman_troy", "ben_torres", "max_romanov"])
    stage_turn(state, "koloman")
    state, _ = do(state, "koloman", "move:to=novatronics")
    state, _ = do(state, "koloman", "move:to=novatronics")
    assert state.credits.of("koloman") == 2 and state.players["koloman"].obligations == []


def test_23_failures_that_threaten_nothing() -> None:
    """F.A.Q.: "A situation is possible in which failure threatens the player in no way: e.g. when he already
    has a Wound of the given type, Obligations to all Corporations or his Reputation has already reached the
    lowest level." (The failed card is set aside for "future Assists and Sabotages".)"""
    cases = [
        (NEMESIS, "crying_guns", "bio", "already has that Wound; nothing happens"),  # failure: Bio
        ("t001", "brahma", "offend", "already has Obligations everywhere"),  # failure: offend a Corporation
        (BEACH_TASK, "paradise_beach", "rep", "Reputation stays Extremely bad"),  # failure: Reputation loss
    ]
    for card, space, case, printed in cases:
        state = table(["ben_torres", "max_romanov", "angela_baal"])
        ben = state.players["ben"]
        ben.hand, ben.bio = [card], case == "bio"
        ben.obligations = ["mobillenium", "novatronics", "pharma", "zoenet"] if case == "offend" else []
        ben.rep = -2 if case == "rep" else 0
        state.credits.held["ben"] = 1
        stage_turn(state, "ben")
        state, _ = do(state, "ben", f"move:to={space}")
        before = state.players["ben"].model_copy(deep=True)
        state, ev = played(state, "ben", card, 1, 1)
        after = state.players["ben"]
        assert printed in ev, case
        assert after.set_aside == [card] and state.decision() is None
        assert (after.bio, after.neuro, after.rep, after.obligations) == (
            before.bio,
            before.neuro,
            before.rep,
            before.obligations,
        )


def test_24_the_realium_twice_in_a_row() -> None:
    """F.A.Q.: "Can one stand in the Realium twice in a row and thus draw Task cards twice? Yes. Each time the
    player draws as many Task cards as his Reputation indicates. He may thus draw cards above the limit of 8
    cards in hand (he must however discard the excess before starting his next round). The player does not
    have to draw cards right after entering the Realium - he may first take other actions on this space (e.g.
    perform a Task to increase his Reputation)." """
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    state.players["max"].hand = [f"t0{n}" for n in range(30, 38)]  # 8 cards
    stage_turn(state, "max")
    for _ in range(2):
        state, _ = do(state, "max", "move:to=realium")
        state, _ = do(state, "max", "draw")
    assert len(state.players["max"].drawn) == 10  # Excellent Reputation: 5 a visit
    state, _ = do(state, "max", "end")
    discards = 0
    while (asked := state.decision()) is not None and asked.topic == "discard":
        state, _ = GAME.apply(state, "max", GAME.prompts(state)[0].default)
        discards += 1
    assert discards == 10 and len(state.players["max"].hand) == 8
    # a Task first, to raise the Reputation, then the draw
    state = table(["ben_torres", "max_romanov", "angela_baal"])
    state.players["ben"].hand = [REALIUM_REP]
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=realium")
    state, _ = played(state, "ben", REALIUM_REP, 6, 6)
    state, _ = do(state, "ben", "draw")
    assert state.players["ben"].rep == 1 and len(state.players["ben"].drawn) == 4


def test_25_no_discard_that_would_interfere() -> None:
    """F.A.Q.: "When can Task or Equipment cards not be discarded? At a moment when it would interfere with
    another player's actions. For example, one cannot discard an Equipment card intended for trade during the
    performance of a transaction. One also cannot discard an Equipment card onto the top of the pile when
    another player is buying new Equipment in Crying Guns or gains it as a reward for one of the Tasks." """
    state = table(["max_romanov", "ben_torres", "angela_baal"])
    state.players["max"].equipment = [JETPACK]
    state.credits.held["ben"] = 1
    stage_turn(state, "max")
    state, _ = do(state, "max", "trade:to=ben")
    state, _ = do(state, "max", f"give:what={JETPACK}")
    state, _ = do(state, "max", "get:what=c1")
    assert f"discard_eq:eq={JETPACK}" not in keys(state, "max")
    with pytest.raises(RuleError):
        do(state, "max", f"discard_eq:eq={JETPACK}")
    state, _ = do(state, "ben", "accept")
    assert state.players["ben"].equipment == [JETPACK]
    # Angela gains an Equipment card as a Task's reward: while she chooses the pile, nobody discards onto it
    state = table(["angela_baal", "ben_torres", "max_romanov"])
    state.players["angela"].hand = ["t022"]  # Deep Past World, DL 10, Agility/Melee, Clue + Equipment card
    state.players["ben"].equipment = [JETPACK]
    state.credits.held["angela"] = 1
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=deep_past")
    state, _ = played(state, "angela", "t022", 6, 6)
    asked = state.decision()
    assert asked is not None and asked.topic == "pile"
    assert f"discard_eq:eq={JETPACK}" not in keys(state, "ben")
    with pytest.raises(RuleError):
        do(state, "ben", f"discard_eq:eq={JETPACK}")


def test_26_a_trade_before_the_roll() -> None:
    """F.A.Q.: "Can one trade while performing a Task? Yes, but only before the dice roll. After revealing the
    Task card to the other players and declaring that one is undertaking it, one may propose a trade in order,
    for example, to gather better Equipment before rolling or to persuade other players to Assists." """
    state = _max_too_easy()
    state.players["max"].equipment = [INCAPACITATOR]
    state.players["ben"].equipment, state.players["ben"].set_aside = [JETPACK], ["t001"]
    state, _ = do(state, "max", f"play:card={TOO_EASY}")
    assert state.window is not None and "+4 so far" in GAME.prompts(state)[0].text
    state, _ = do(state, "max", "trade:to=ben")
    state, _ = do(state, "max", "give:what=c1")
    state, _ = do(state, "max", f"get:what={JETPACK}")
    state, _ = do(state, "ben", "accept")
    assert state.window is not None and "+6 so far" in GAME.prompts(state)[0].text
    force_dice(state, 1, 1)
    state, _ = pass_window(state)
    assert state.last_roll is not None and state.last_roll["modifier"] == 6 and state.last_roll["success"]


def test_27_an_assist_and_a_sabotage_at_once() -> None:
    """F.A.Q.: "Is it possible for one player to perform an Assist and a Sabotage at the same time? Yes. The
    modifiers obtained from Assists and Sabotages are cumulative. A player performing both an Assist and a
    Sabotage on another gamedec at the same time increases his Reputation by 1 level (regardless of how many
    cards he devoted in total to this test)." """
    state = table(["ben_torres", "max_romanov", "angela_baal"])
    state.players["ben"].hand = [REALIUM_REP]
    state.players["angela"].set_aside = ["t001", "t002", "t003"]
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=realium")
    state, _ = do(state, "ben", f"play:card={REALIUM_REP}")
    state, ev = do(state, "angela", "assist:on=ben,n=2")
    assert "Reputation Neutral -> Good" in texts(ev)
    force_dice(state, 3, 3)
    state, ev = do(state, "angela", "sabotage:on=ben,n=1")
    assert state.players["angela"].rep == 1
    assert state.last_roll is not None and state.last_roll["cards"] == 2 and state.last_roll["total"] == 8


def test_28_finale_rewards_add_to_the_task_rewards() -> None:
    """F.A.Q.: "The additional reward listed on the Finale card is received by the player each time he
    succeeds in performing a Task. The reward is cumulative with the normal rewards from the Task card - it is
    thus possible, for example, to raise Reputation by 2 levels or to gain 3 Credit tokens at once." """
    state = table(["ben_torres", "max_romanov", "angela_baal"], {"scenarios": True})
    state.players["ben"].finales = ["digi_net_support"]
    state.players["ben"].hand = [REALIUM_REP]
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=realium")
    state, _ = played(state, "ben", REALIUM_REP, 6, 6)
    assert state.players["ben"].rep == 2  # Neutral -> Excellent at once
    state.players["angela"].finales = ["golden_parachute"]
    state.players["angela"].hand = ["t028"]  # Dream Space, DL 8, Contacts/Empathy, Clue + Credit
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=dream_space")
    state, _ = played(state, "angela", "t028", 6, 6)
    assert state.credits.of("angela") == 3


def test_29_smuggling_network_with_three_equipment_cards() -> None:
    """F.A.Q.: "The player receives a +1 bonus to Task tests for each Equipment card owned. The standard
    bonuses from Equipment cards still do not count toward the test (Equipment does not work in the Realium).
    The Equipment need not correspond to the Skills listed on the Task card. For example, if a player has 3
    Equipment cards, he adds +3 to each Task test." """
    state = table(["angela_baal", "ben_torres", "max_romanov"], {"scenarios": True})
    angela = state.players["angela"]
    angela.finales, angela.equipment = ["smuggling_network"], [SENSORY_HALO, JETPACK, MINIGUN]
    angela.hand = [REALIUM_REP]  # Contacts/Discretion: Sensory Halo matches, and does not count here
    stage_turn(state, "angela")
    state, _ = do(state, "angela", "move:to=realium")
    state, ev = do(state, "angela", f"play:card={REALIUM_REP}")
    assert "modifier +3 (Equipment owned +3)" in texts(ev)


def test_30_postorganism_with_a_lag_token() -> None:
    """F.A.Q.: "If the player playing the scenario "Postorganism" receives a Lag token during the Hacker
    Attack, in the next round he may move three times (four times, in the case of Taida Wolf), and then
    discards the Lag token he has." """
    for detective, moves in (("ben_torres", 3), ("taida_wolf", 4)):
        state = table([detective, "max_romanov", "angela_baal"], {"scenarios": True})
        seat = detective.split("_")[0]
        p = state.players[seat]
        p.scenario, p.story, p.lag = "postorganism", "started", True
        state = _next_turn(state, seat, "max")
        assert not state.players[seat].lag and _moves(state, seat) == moves, detective


def test_31_taida_wolf_as_a_v_runner() -> None:
    """F.A.Q.: "Can Taida Wolf playing the scenario "V-Runner" move four times in her Turn? Yes." """
    state = table(["taida_wolf", "ben_torres", "max_romanov"], {"scenarios": True})
    state.players["taida"].scenario, state.players["taida"].story = "v_runner", "started"
    state = _next_turn(state, "taida", "ben")
    assert _moves(state, "taida") == 4


def test_32_vivien_duels_on_a_lag_space_with_less_randomness() -> None:
    """RB "Less Randomness": "in the case of a duel of Vivien with another detective on a space with Lags, the
    journalist's opponent should subtract 2 from his roll. During a duel of other detectives the effect of
    Lags cancels out." (F.A.Q.: "both fighting detectives should subtract 2 from their results (that is, the
    modifiers resulting from Lags also cancel out, unless Vivien Lacroix takes part in the fight)".)"""
    state = table(["ben_torres", "vivien_lacroix", "max_romanov"], {"less_randomness": True})
    state.lags = ["speed_demons"]
    for seat in ("vivien", "max"):
        state.players[seat].pos, state.players[seat].ip = "speed_demons", 3
    stage_turn(state, "ben")
    state, _ = do(state, "ben", "move:to=speed_demons")
    force_dice(state, 3, 4, 3, 4)
    state, ev = do(state, "ben", "attack:on=vivien,skill=melee")
    assert "ben 3+4 -> 5, vivien 3+4 -> 7: vivien wins" in texts(ev)
    state, _ = GAME.apply(state, "ben", GAME.prompts(state)[0].default)  # Ben's Wound
    state, _ = do(state, "ben", "move:to=speed_demons")
    state.players["ben"].bio = state.players["ben"].neuro = False
    force_dice(state, 3, 4, 3, 4)
    state, ev = do(state, "ben", "attack:on=max,skill=melee")
    assert "ben 3+4 -> 7, max 3+4 -> 7: a tie" in texts(ev)
