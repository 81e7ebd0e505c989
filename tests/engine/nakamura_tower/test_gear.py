"""Grenades, heavy weapons, mines, stun, First Aid, dragging, exchanging items and the Human Shield, each
quoting the rulebook passage (or the ruling in RULINGS.md) it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.core.agents import decide
from engine.nakamura_tower import board
from engine.nakamura_tower.combat import begin_attack, dodge_base, may_react, resolve, wound
from engine.nakamura_tower.grenades import caught, need, scatter, throw
from engine.nakamura_tower.loading import pack
from engine.nakamura_tower.phases import resources
from engine.nakamura_tower.state import Mine, NtState
from engine.nakamura_tower.stats import spend, system_resources, weapons
from engine.nakamura_tower.wounds import recover, stun

from .helpers import G, clear_board, place, stack, table, to_real_world

FRAG = "frag_grenades"


def _grenade_table() -> NtState:
    s = table()
    clear_board(s, ("a5", "b2", "b3", "b4"))
    place(s, "a5", "F8")  # Markus Hoffman, PH 7, in the south hallway
    return s


def test_a_grenade_must_beat_3_plus_distance_plus_crowded_squares() -> None:
    """RB Grenades: "In order to hit the target square this total must be greater than a score of 3 plus the
    distance to the target square plus one for each intervening square occupied by a model." """
    s = _grenade_table()
    markus = s.models["a5"]
    assert need(s, markus, "K8") == 3 + 5
    place(s, "b4", "H8")
    assert need(s, markus, "K8") == 3 + 5 + 1
    stack(s, 2, 3)  # 7 + 2 = 9 is not greater than 9: a miss, scattered by the 3
    events = throw(s, markus, pack().equipment[FRAG], "K8")
    assert "9 against 9, it misses" in events[0].text


def test_scatter_counts_clockwise_from_the_square_beyond_and_stops_at_walls() -> None:
    """RB: "identify the square beyond the target square. Starting with that square and going clockwise
    around the target square the CanDo numbers are in the sequence starting at 1 until 8. For numbers 9 and
    10 these are in the square that the count started from" and "The grenade will not pass through walls or
    closed doors, instead the grenade lands in the square in front of the intersection"."""
    s = _grenade_table()
    # thrown east from F8 at K8: beyond is L8, behind the suite's wall, so 1, 9 and 10 land in front of it
    assert [scatter(s, "F8", "K8", v) for v in (1, 9, 10)] == ["K8", "K8", "K8"]
    assert scatter(s, "F8", "K8", 3) == "K9"  # 1 east, 2 south-east, 3 south
    assert scatter(s, "F8", "K8", 5) == "J8"  # west
    assert scatter(s, "F8", "K8", 7) == "K7"  # north, into the cross hallway
    assert scatter(s, "F8", "H10", 1) == "I11"  # thrown south-east: beyond is the next square that way


def test_a_scattering_grenade_stops_in_front_of_a_pillar_as_at_a_wall() -> None:
    """RB: "When the square the grenade has landed on is identified again draw a line from the thrower to this
    square. The grenade will not pass through walls or closed doors, instead the grenade lands in the square
    in front of the intersection of the line with the wall or door"; Line of Sight: "If the line intersects
    a closed doorway, a wall (but not the corner of a doorway) ... then the Line of Sight is blocked". Ruling
    K2: a square the board marks blocked (the north hallway's pillar at H3) is part of the building as a wall
    is: the line stops in the square in front of it; the line grazing its corner goes on; a model on the line
    does not stop it (models only make the throw harder: "plus one for each intervening square occupied by a
    model")."""
    s = table()
    clear_board(s, ("a5", "b2", "b3"))
    assert board.square("H3") in board.grid(s).blocked
    assert scatter(s, "F3", "G3", 9) == "G3"  # beyond G3 is the pillar: it lands in front, on G3
    assert scatter(s, "F2", "J2", 3) == "H2"  # south of J2 is J3: the line F2-J3 meets the pillar at H3
    assert scatter(s, "F4", "J4", 8) == "K3"  # the line F4-K3 only touches the pillar's corner
    place(s, "a5", "F2")  # Markus Hoffman, PH 7
    place(s, "b2", "G2")  # two of the enemy on the line of the throw
    place(s, "b3", "I2")
    assert scatter(s, "F2", "J2", 7) == "J1"  # north of J2: over Tetsuo at G2, as if he were not there
    stack(s, 2, 3)  # 7 + 2 = 9 is not greater than 3 + 4 + 2: a miss, scattered by the 3
    events = throw(s, s.models["a5"], pack().equipment[FRAG], "J2")
    assert "9 against 9, it misses and lands on H2" in events[0].text


def test_a_grenade_hits_every_model_in_its_blast_without_a_dodge() -> None:
    """RB: grenades "use an unopposed test"; "+2 Use of Heavy Weapons or grenades". Ruling K1: the house
    fragmentation grenade hits every model within 1 square of where it lands with no wall between, each with
    a new CanDo card for its hit location."""
    s = _grenade_table()
    place(s, "b2", "J9")  # beside the target square
    place(s, "b3", "L8")  # beside it too, but behind the suite's wall
    place(s, "b4", "K10")  # two squares away
    stack(s, 2, 8)  # 7 + 2 = 9 > 8: on target; Tetsuo is hit in the chest (Armour 3) by 5 Damage
    events = throw(s, s.models["a5"], pack().equipment[FRAG], "K8")
    assert "on target" in events[0].text
    assert s.models["b2"].wounds == 2
    assert s.models["b3"].wounds == 0 and s.models["b4"].wounds == 0
    assert s.alarms == {"hall_s": 2}
    assert s.models["a5"].used == {FRAG: 1}


def test_throwing_is_an_attack_and_the_card_is_spent_after_its_uses() -> None:
    """RB: "Grenades are a special type of ranged weapon"; "Using an Attack action ... ends that model's
    activation". House card: two grenades, then the card is discarded."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a5", "b2"))
    place(s, "a5", "F8")
    place(s, "b2", "J12")
    throws = [i for i in G.legal(s, "p1") if i.kind == "throw"]
    assert Intent.of("throw", unit="a5", item=FRAG, at="J12") in throws
    assert all(board.distance(s, "F8", str(i.get("at"))) <= 6 for i in throws)
    s, _ = G.apply(s, "p1", Intent.of("throw", unit="a5", item=FRAG, at="J12"))
    markus = s.models["a5"]
    assert markus.activated and markus.ap == 1 and markus.used == {FRAG: 1}
    s2 = table()

    s2.models["a5"].used = {FRAG: 1}
    spend(s2.models["a5"], pack().equipment[FRAG])
    assert FRAG not in s2.models["a5"].equipment and s2.models["a5"].used == {}


def test_a_flash_bang_stuns_and_raises_one_alarm() -> None:
    """RB Alarm table: "+1 Use of Ranged Attack Weapons or Flash Bang grenades". FAQ: "a target successfully
    hit has to fall and stay unconscious for one game turn" (ruling G26)."""
    s = _grenade_table()
    s.models["a5"].equipment = ["flash_bang"]
    place(s, "b2", "J9")
    stack(s, 2)
    throw(s, s.models["a5"], pack().equipment["flash_bang"], "K8")
    tetsuo = s.models["b2"]
    assert tetsuo.stunned and tetsuo.wounds == 0 and s.alarms == {"hall_s": 1}


def test_a_stunned_character_neither_acts_reacts_nor_dodges_and_gets_up_after_a_turn() -> None:
    """FAQ: a stunned target "has to fall and stay unconscious for one game turn" (ruling G26: no actions,
    reactions, Dodge or System Resources until the Clean-Up of the next turn)."""
    s = to_real_world(table(), first="p1")
    shoko = s.models["a3"]
    turn = s.round
    stun(s, shoko)
    assert all(i.get("unit") != "a3" for i in G.legal(s, "p1") if i.kind in ("move", "attack"))
    assert not may_react(shoko) and dodge_base(shoko) == 0 and shoko.cell is not None
    stun(s, shoko)  # stunned again: no harm, the same turn
    resources(s)
    without = s.teams["p1"].sr
    shoko.stunned_until = 0
    resources(s)
    assert s.teams["p1"].sr == without + system_resources(shoko)
    stun(s, shoko)
    recover(s)
    assert shoko.stunned  # still lying there at the end of this turn
    s.round = turn + 1
    recover(s)
    assert not shoko.stunned


def test_a_stun_weapon_stuns_what_it_hits() -> None:
    """House Shock baton (ruling K5): a hit with a stunning weapon stuns the target (FAQ "a target
    successfully hit has to fall")."""
    s = table()
    clear_board(s, ("a3", "b4"))
    s.models["b4"].equipment = ["stun_baton"]
    place(s, "b4", "H9")
    place(s, "a3", "H10")
    _, baton = weapons(s.models["b4"])
    assert baton.stun
    stack(s, 3)
    wound(s, s.models["b4"], s.models["a3"], baton, 3)
    assert s.models["a3"].stunned


def test_heavy_weapons_are_not_used_in_close_combat_and_raise_two_alarms() -> None:
    """RB: "Heavy weapons cannot be used in Close Combat (turn the card face-down) and fight "bare-handed"
    instead"; "+2 Use of Heavy Weapons"."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "b2"))
    harvey = s.models["a2"]
    ranged, close = weapons(harvey)
    assert ranged is not None and ranged.heavy and close.name == "bare hands"
    place(s, "a2", "G8")
    place(s, "b2", "G12")
    s.models["b2"].reacted = True
    s, _ = G.apply(s, "p1", Intent.of("attack", unit="a2", target="b2"))
    assert s.alarms.get("hall_s") == 2


def test_mines_are_placed_on_passed_squares_and_go_off_from_the_next_activation() -> None:
    """RB: "Place Mine tokens on any square that the model passes through"; "Place Mine tokens (0 Action
    points)"; "Mines become active in the next Player phase (of same turn) or AI Operations Phase". Ruling
    K3: an enemy entering the square stops there and takes the card's 6 Damage."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a3", "b2"))
    shoko = s.models["a3"]
    shoko.equipment = ["raiden", "mines"]
    shoko.standing = "dodge"
    place(s, "a3", "F8")
    place(s, "b2", "J9")
    s.models["b2"].standing = "dodge"
    s, _ = G.apply(s, "p1", Intent.of("move", unit="a3", to="F11"))
    spots = {str(i.get("at")) for i in G.legal(s, "p1") if i.kind == "mine"}
    assert {"F8", "F9", "F10", "F11"} <= spots
    s, _ = G.apply(s, "p1", Intent.of("mine", unit="a3", at="F9"))
    shoko = s.models["a3"]
    assert shoko.ap == 1 and [(m.cell, m.armed) for m in s.mines] == [("F9", False)]
    s, _ = G.apply(s, "p1", Intent.of("end"))
    assert s.mines[0].armed  # p2's activation has begun
    stack(s, 8)
    s, events = G.apply(s, "p2", Intent.of("move", unit="b2", to="F9"))
    text = " ".join(e.text for e in events)
    assert "sets off a mine on F9" in text and s.mines == []
    tetsuo = s.models["b2"]
    assert tetsuo.cell == "F9" and tetsuo.wounds == 3  # 6 Damage on the chest's Armour 3


def test_a_mine_stops_a_move_and_spares_its_own_team() -> None:
    """Ruling K3: the model that sets a mine off stops on its square; the Team that placed it never does."""
    s = to_real_world(table(), first="p2")
    clear_board(s, ("b2", "b3", "a3"))
    place(s, "b2", "G12")
    place(s, "b3", "K12")
    place(s, "a3", "B2")
    s.mines = [Mine(cell="G10", owner="p1", layer="a3", item="mines", armed=True)]
    stack(s, 5)
    s, _ = G.apply(s, "p2", Intent.of("move", unit="b2", to="G8"))
    assert s.models["b2"].cell == "G10"
    s2 = to_real_world(table(), first="p1")
    clear_board(s2, ("a2",))
    place(s2, "a2", "G12")
    s2.mines = [Mine(cell="G10", owner="p1", layer="a3", item="mines", armed=True)]
    s2, _ = G.apply(s2, "p1", Intent.of("move", unit="a2", to="G8"))
    assert s2.models["a2"].cell == "G8" and len(s2.mines) == 1


def test_first_aid_removes_wounds_without_flipping_back_and_wakes_the_stunned() -> None:
    """RB: "Use medical gear (e.g. First Aid) on an adjacent character (1 Action Point)"; "No amount of
    healing (wound removal) will flip a card back to its "healthy side" on this mission". Ruling K6: the
    house kit removes 2 wounds, or wakes a stunned character."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a5", "a3", "a2"))
    place(s, "a5", "F8")
    place(s, "a3", "G8")
    place(s, "a2", "J12")
    s.models["a3"].crippled, s.models["a3"].wounds = True, 3
    s.models["a2"].wounds = 2
    aids = [i for i in G.legal(s, "p1") if i.kind == "aid"]
    assert aids == [Intent.of("aid", unit="a5", target="a3")]  # Harvey is not beside him
    s, _ = G.apply(s, "p1", aids[0])
    assert s.models["a3"].wounds == 1 and s.models["a3"].crippled
    assert s.models["a5"].ap == 1 and s.models["a5"].used == {"first_aid": 1}
    stun(s, s.models["a3"])
    s, _ = G.apply(s, "p1", Intent.of("aid", unit="a5", target="a3"))
    assert not s.models["a3"].stunned


def test_dragging_limits_the_move_to_2_squares_or_3_with_cyberlegs() -> None:
    """RB: "A character is dragged behind the dragging character (dragged character moves to the square just
    vacated by the dragging character) and the move is limited to 2 squares normally per Move Action or 3
    squares if the dragging character has cyberlegs"; "Drag a character (0 Actions points, added to a Move
    Action)"."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "a3", "a4"))
    place(s, "a2", "G9")  # Harvey, no cyberlegs
    place(s, "a3", "G10")
    stun(s, s.models["a3"])
    s, _ = G.apply(s, "p1", Intent.of("drag", unit="a2", target="a3"))
    assert s.models["a2"].ap == 2
    tos = {str(i.get("to")) for i in G.legal(s, "p1") if i.kind == "move"}
    assert "G7" in tos and "G6" not in tos and all(board.distance(s, "G9", t) <= 2 for t in tos)
    s, events = G.apply(s, "p1", Intent.of("move", unit="a2", to="G7"))
    assert s.models["a2"].cell == "G7" and s.models["a3"].cell == "G8"
    assert "dragging Shoko Takayama" in " ".join(e.text for e in events)
    s2 = to_real_world(table(), first="p1")
    clear_board(s2, ("a4", "a3"))
    place(s2, "a4", "G9")  # Shinsu has cyberlegs
    place(s2, "a3", "G10")
    s2, _ = G.apply(s2, "p1", Intent.of("drag", unit="a4", target="a3"))
    tos = {str(i.get("to")) for i in G.legal(s2, "p1") if i.kind == "move"}
    assert "G6" in tos and all(board.distance(s2, "G9", t) <= 3 for t in tos)


def test_items_change_hands_between_friends_beside_each_other() -> None:
    """RB: "Exchange an item with another friendly adjacent character (1 Action Point)"; "A character is
    also limited to one Ranged Attack weapon face-up". Ruling K7: cyberware and Neurochips stay put."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a5", "a2", "a4"))
    place(s, "a5", "F8")  # Markus: pistol, grenades, First Aid
    place(s, "a2", "G8")  # Harvey: a heavy machine gun
    place(s, "a4", "F9")  # Shinsu: nanoblade and cyberlegs
    swaps = {
        (str(i.get("item")), str(i.get("other")))
        for i in G.legal(s, "p1")
        if i.kind == "swap" and i.get("unit") == "a5"
    }
    assert (FRAG, "a2") in swaps and ("first_aid", "a4") in swaps
    assert ("kessler_p9", "a2") not in swaps and ("okami_hmg", "a5") not in swaps  # one ranged weapon
    assert ("cyberlegs", "a4") not in swaps
    s, _ = G.apply(s, "p1", Intent.of("swap", unit="a5", item=FRAG, other="a2"))
    assert FRAG in s.models["a2"].equipment and FRAG not in s.models["a5"].equipment
    assert s.models["a5"].ap == 1


def test_a_card_both_friends_carry_is_one_exchange_listed_once() -> None:
    """RB: "Exchange an item with another friendly adjacent character (1 Action Point)"; the engine contract:
    intent keys are unique (issue 28: the exchange of a card both characters carry was listed twice, once
    each way, under one key). Ruling K7: the card both carry is the acting character's to hand over."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a5", "a4"))
    place(s, "a5", "F8")  # Markus: pistol, grenades, First Aid
    place(s, "a4", "F9")  # Shinsu, given a First Aid kit of her own
    s.models["a4"].equipment.append("first_aid")
    keys = [i.key() for i in G.legal(s, "p1")]
    assert len(keys) == len(set(keys))
    aid = Intent.of("swap", unit="a5", item="first_aid", other="a4")
    assert keys.count(aid.key()) == 1
    assert G.describe(s, aid) == "Markus Hoffman hands the First Aid kit to Shinsu Oneda"
    s, events = G.apply(s, "p1", aid)
    assert "first_aid" not in s.models["a5"].equipment
    assert s.models["a4"].equipment.count("first_aid") == 2
    assert "Markus Hoffman hands the First Aid kit to Shinsu Oneda." in [e.text for e in events]


def _shield_line(option: bool) -> NtState:
    s = table(intervening_models=True, human_shield=option)
    clear_board(s, ("a2", "a3", "a5", "b2"))
    place(s, "b2", "G12")  # Tetsuo shoots Harvey up the south hallway (TAC 0)
    place(s, "a2", "G8")
    place(s, "a3", "G10")  # Shoko in the way
    return s


def test_human_shield_is_offered_only_with_the_option() -> None:
    """RB Intervening Models: "An intervening non-friendly model can use a Special Action reaction, "Human
    Shield"" (ruling V4: the target's own teammates, asked with the target's reaction)."""
    s = _shield_line(True)
    begin_attack(s, "b2", "a2")
    shield = Intent.of("react", unit="a3", how="shield")
    assert shield in G.legal(s, "p1")
    assert G.parse_intent("react:how=shield,unit=a3") == shield  # one intent, whatever the order typed
    s2 = _shield_line(False)
    begin_attack(s2, "b2", "a2")
    assert all(i.get("how") != "shield" for i in G.legal(s2, "p1"))


def test_a_human_shield_gives_minus_6_and_takes_the_miss_it_caused() -> None:
    """RB: "otherwise it gives a total of -6 modifier for a Ranged Attack, which if it changes the original
    result from a hit to a miss then the "Human Shield" model is hit instead (draw a CanDo card for Hit
    Location)"."""
    s = _shield_line(True)
    stack(s, 5, 2, 8)  # Tetsuo 5 + 2 - 6 + 5 = 6 against Harvey's 4 + 3 + 2 = 9; 12 without the shield
    events = resolve(s, s.models["b2"], s.models["a2"], "shield", "a3")
    assert "dodges (9 against 6)" in events[0].text
    assert s.models["a3"].wounds == 1 and s.models["a3"].reacted  # Raiden 5 on the chest's Armour 4
    assert s.models["a2"].wounds == 0


def test_a_human_shield_second_in_line_is_hit_outright() -> None:
    """RB: the Human Shield is "automatically hit if it is the second intervening model"."""
    s = _shield_line(True)
    place(s, "a5", "G11")  # Markus first in line, Shoko second
    stack(s, 8)
    events = resolve(s, s.models["b2"], s.models["a2"], "shield", "a3")
    assert events[0].kind == "shield" and s.models["a3"].wounds == 1 and s.models["a2"].wounds == 0


def test_the_heuristic_agent_uses_its_gear() -> None:
    """The heuristic agent throws a grenade where its blast catches two enemies and no friend, gives First
    Aid to a stunned friend, and lays a Mine token behind itself (engine/nakamura_tower/tactics.py)."""
    from engine.nakamura_tower.agent import HeuristicAgent

    agent = HeuristicAgent(1)
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a5", "b2", "b3"))
    place(s, "a5", "F8")
    place(s, "b2", "H11")  # two enemies either side of H10
    place(s, "b3", "H9")
    pick = decide(agent, G, s, "p1", G.legal(s, "p1"))
    assert pick.kind == "throw"
    assert {m.id for m in caught(s, str(pick.get("at")), 1)} == {"b2", "b3"}
    place(s, "a3", "G8")
    stun(s, s.models["a3"])
    pick = decide(agent, G, s, "p1", G.legal(s, "p1"))
    assert pick == Intent.of("aid", unit="a5", target="a3")


def test_hidden_mines_are_seen_only_by_their_team_until_one_goes_off() -> None:
    """Ruling K4: the rulebook places Mine tokens openly; the house option ``hidden_mines`` hides them (in
    the views, the events, the boards and the count of tokens left) from the other Teams until one goes
    off."""
    from renderers.nakamura_tower import render, render_private

    s = to_real_world(table(hidden_mines=True), first="p1")
    clear_board(s, ("a3", "b2"))
    s.models["a3"].equipment = ["raiden", "mines"]
    place(s, "a3", "F8")
    place(s, "b2", "B2")
    s, events = G.apply(s, "p1", Intent.of("mine", unit="a3", at="F8"))
    assert events and all(e.audience == frozenset({"p1"}) for e in events)
    mine, theirs, public = G.view(s, "p1"), G.view(s, "p2"), G.view(s, None)
    assert [m["cell"] for m in mine["mines"]] == ["F8"]
    assert theirs["mines"] == [] and public["mines"] == []
    shoko = next(m for m in theirs["models"] if m["id"] == "a3")
    assert "Proximity mines" in shoko["gear"] and all("left" not in g for g in shoko["gear"] if "mines" in g)
    token = s.mines.pop()  # the images without it: the other Team's and the public ones do not change
    assert render_private(G.view(s, "p2")) == render_private(theirs) and render(G.view(s, None)) == render(
        public
    )
    assert render_private(G.view(s, "p1")) != render_private(mine)
    s.mines.append(token)
    s.mines[0].armed = True
    stack(s, 5)
    from engine.nakamura_tower.mines import enter

    blast = enter(s, s.models["b2"], "F8")
    assert blast[0].audience is None and "sets off a mine" in blast[0].text  # now everyone knows
    assert G.view(s, "p2")["mines"] == []


def test_a_drone_sets_off_a_mine_on_its_way_and_a_stunned_drone_does_nothing() -> None:
    """Ruling K3: a mine is triggered by moving models and drones; the drone stops on the mine's square and
    takes its 6 Damage. Ruling K5: a stunned drone does not act."""
    from engine.nakamura_tower.drones import _advance, _goals, drone_acts
    from engine.nakamura_tower.state import DroneStep

    s = table()
    clear_board(s, ("d1", "a2"))
    place(s, "d1", "G3")
    place(s, "a2", "B4")  # in the Security office, out of sight
    s.alarms = {"office": 5}
    s.mines = [Mine(cell="F3", owner="p1", layer="a2", item="mines", armed=True)]
    stack(s, 8)  # chest, Armour 4: 2 wounds
    events = _advance(s, s.models["d1"], _goals(s, s.models["d1"]))
    drone = s.models["d1"]
    assert drone.cell == "F3" and drone.wounds == 2 and s.mines == []
    assert any(e.kind == "mine" for e in events)
    stun(s, drone)
    s.steps.clear()
    assert drone_acts(s, DroneStep(model="d1")) == [] and s.steps == [] and drone.cell == "F3"


def test_a_stunned_hacker_does_not_hack() -> None:
    """Ruling K5: a stunned character "stay[s] unconscious for one game turn" (FAQ), so it cannot act as
    the Team's Hacker (RB: the Hacker must be able to act; ruling C1)."""
    s = table()
    tomo = s.models["a1"]
    assert board.hacker_of(s, "p1") is tomo
    stun(s, tomo)
    assert board.hacker_of(s, "p1") is not tomo
