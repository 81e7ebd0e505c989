"""Rules scenarios, each quoting the rulebook passage it checks."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Intent
from engine.nakamura_tower import board
from engine.nakamura_tower.board import raise_alarm
from engine.nakamura_tower.combat import cover_squares, resolve, wound
from engine.nakamura_tower.drones import alarm_levels, in_sight, security_protocol
from engine.nakamura_tower.locations import location
from engine.nakamura_tower.rules import draw
from engine.nakamura_tower.state import NtState
from engine.nakamura_tower.stats import system_resources, weapons

from .helpers import G, clear_board, place, stack, table


def test_cando_reshuffles_the_whole_deck_after_a_1_or_a_10() -> None:
    """RB: "Whenever a CanDo card with a value of 1 or 10 is drawn, after resolving the effects of the card,
    discard the card and then put the discard pile back into the deck and shuffle the whole CanDo deck." """
    s = table()
    stack(s, 5, 6, 10, 3)
    assert [draw(s), draw(s)] == [5, 6]
    assert len(s.cando.discards) == 2 and len(s.cando.cards) == 38
    assert draw(s) == 10
    assert s.cando.discards == [] and len(s.cando.cards) == 40
    draw(s)
    assert len(s.cando.cards) + len(s.cando.discards) == 40


def test_cando_without_1_or_10_keeps_its_discards() -> None:
    """RB: "Then place the card onto the CanDo discard pile" (card counting works as on the table)."""
    s = table()
    stack(s, 2, 9, 4)
    for _ in range(3):
        draw(s)
    assert sorted(int(c.split(".")[0][1:]) for c in s.cando.discards) == [2, 4, 9]


def test_hit_location_table() -> None:
    """RB: "Head 10; Chest 7-9; Arms 5-6; Legs 1-4"."""
    assert [location(v) for v in range(1, 11)] == ["legs"] * 4 + ["arms"] * 2 + ["chest"] * 3 + ["head"]


def test_system_resources_of_tomo() -> None:
    """RB example: Tomo gets "Mental Skill value (+2 SRs), his gear (Cyberwar Helmet +3 SRs), Cyberdeck 07
    (+2 SRs) and 1 SR" = 8."""
    s = table()
    tomo = next(m for m in s.models.values() if m.card == "tomo")
    assert system_resources(tomo) == 8


def test_armour_and_the_head_minimum() -> None:
    """RB: "Subtract the Armour value of the hit location from the weapon's Damage" and "A hit in the head
    always inflicts a minimum of one wound regardless of the Armour"; the Needle nanoblade has "-2 to
    Armour" (Example 6: 5 Damage against Armour 5 gives "only 2 wounds")."""
    s = table()
    werner = next(m for m in s.models.values() if m.card == "werner")
    shoko = next(m for m in s.models.values() if m.card == "shoko")
    place(s, werner.id, "H4")
    place(s, shoko.id, "I4")
    _, needle = weapons(werner)
    wound(s, werner, shoko, needle, 5)  # arms: Armour 4 - 2 = 2, so 5 - 2 = 3 wounds
    assert shoko.wounds == 3
    markus = next(m for m in s.models.values() if m.card == "markus")
    markus.equipment = []
    _, fists = weapons(markus)
    assert (
        fists.name == "bare hands" and fists.damage == 7 - 2 and fists.bonus == -4
    )  # "Physical Skill minus 2"
    tetsuo = next(m for m in s.models.values() if m.card == "tetsuo")
    place(s, markus.id, "H6")
    place(s, tetsuo.id, "I6")
    wound(s, markus, tetsuo, replace(fists, damage=0), 10)  # a head hit, all absorbed: still one wound
    assert tetsuo.wounds == 1


def test_crippled_then_unconscious() -> None:
    """FAQ: "The card is flipped to its crippled side when the number of wounds is 'equal to or greater
    than' the Wound value"; "If the number of wounds exceeds the Wound value on the crippled side ... the
    character is unconscious" (ruling R02: equal to it, as for the flip)."""
    from engine.nakamura_tower.combat import take_wounds

    s = table()
    harvey = next(m for m in s.models.values() if m.card == "harvey")
    take_wounds(s, harvey, 5, None)
    assert harvey.crippled and harvey.wounds == 0 and harvey.active
    where = harvey.cell
    take_wounds(s, harvey, 3, None)
    assert harvey.status == "unconscious" and harvey.cell == where  # it stays lying there (ruling M6)


def test_dodge_wins_ties_against_a_ranged_attack() -> None:
    """RB Tests: "the highest score wins, the attacker loses draws"; Dodge: "If the dodging model has a
    total equal to or higher than the attacker then the attack misses with no effect"."""
    s = table()
    clear_board(s, ("a2", "b2"))
    place(s, "a2", "G2")  # Harvey, PH 6, Brugg-Barret
    place(s, "b2", "G5")  # Tetsuo, Speed 4, no Dodge bonus
    # Harvey 6 + CanDo 5 = 11; Tetsuo 4 + 3 + CanDo 4 = 11: a draw, the attacker loses
    stack(s, 5, 4)
    events = resolve(s, s.models["a2"], s.models["b2"], "dodge", None)
    assert "dodges" in events[0].text and s.models["b2"].wounds == 0
    stack(s, 9, 2)
    events = resolve(s, s.models["a2"], s.models["b2"], "dodge", None)
    assert "hits" in events[0].text and (s.models["b2"].wounds > 0 or s.models["b2"].crippled)


def test_tac_applies_to_ranged_attacks_unless_you_control_the_terminal() -> None:
    """RB TAC: "Every room on the board has its own tactical situation modifier that negatively affects
    Ranged Attack tests"; it does not apply if "you control the Terminal controlling the room"; "If the
    range is one square the TAC characteristic is ignored"."""
    s = table()
    clear_board(s, ("a2", "b2"))
    place(s, "a2", "B4")
    place(s, "b2", "D2")  # both in the Security office, TAC 2
    assert board.tac(s, s.models["a2"], "D2") == 2
    s.terminals["t_red"].controller = "p1"
    assert board.tac(s, s.models["a2"], "D2") == 0
    s.terminals["t_red"].controller = None
    place(s, "b2", "C4")
    assert board.tac(s, s.models["a2"], "C4") == 0


def test_take_cover_squares_are_never_closer() -> None:
    """RB Take Cover: "the model can move one square such that it is either further away from the active
    model that triggered the reaction or there is no Line of Sight"."""
    s = table()
    clear_board(s, ("a2", "b2"))
    place(s, "a2", "G2")
    place(s, "b2", "G5")
    squares = cover_squares(s, s.models["b2"], s.models["a2"])
    assert squares and all(board.distance(s, c, "G2") >= 3 for c in squares)
    assert "G4" not in squares and "G6" in squares


def test_alarms_once_per_type_per_area_and_one_per_character() -> None:
    """RB: "The Alarm tokens are generated just once for each type of action (ignore any subsequent actions
    of the same type)"; "+1 Use of Ranged Attack Weapons"; "+1 For every character in the room or hallway"."""
    s = table()
    clear_board(s, ("a2", "a3"))
    place(s, "a2", "G3")
    place(s, "a3", "I3")
    assert raise_alarm(s, "G3", "ranged") == 1
    assert raise_alarm(s, "I3", "ranged") == 0
    assert raise_alarm(s, "G3", "close") == 1
    assert alarm_levels(s)["hall_n"] == 2 + 2


def test_security_protocol_brings_drones_in_at_entry_points() -> None:
    """RB: "Check the Security Protocol for the number of drones on the board, putting additional drones on
    the board ... placed at random in places marked as 'Drone Entry Point'. Use CanDo cards to pick the
    locations." """
    s = table()
    before = sum(1 for m in s.models.values() if m.kind == "drone" and m.active)
    stack(s, 1)
    security_protocol(s)
    drones = [m for m in s.models.values() if m.kind == "drone" and m.active]
    assert before == 1 and len(drones) == 2 and drones[-1].cell == "A6"  # CanDo 1: the first entry point


def test_drone_attacks_the_closest_character_in_sight() -> None:
    """RB: "When a drone is in a room or hallway with a character in Line of Sight it immediately attacks
    ... If there is more than one character in the room or hallway it attacks the closest. If it is
    impossible to establish which character in a room is closest to the drone then it will attack all
    characters at the disputed range at the same time" """
    s = table()
    clear_board(s, ("a2", "a3", "b2", "d1"))
    place(s, "d1", "I2")
    place(s, "a2", "I4")
    place(s, "a3", "K2")
    place(s, "b2", "G2")
    targets = {m.id for m in in_sight(s, s.models["d1"])}
    assert targets == {"a2", "a3", "b2"}
    place(s, "b2", "I3")
    assert {m.id for m in in_sight(s, s.models["d1"])} == {"b2"}


def test_a_closed_door_blocks_sight_and_opens_for_a_move() -> None:
    """RB LoS: "If the line intersects a closed doorway, a wall ... then the Line of Sight is blocked";
    Doors: "Closed doors may be opened by any character, requiring no action points." """
    s = table()
    clear_board(s, ("a2", "b2"))
    place(s, "a2", "D3")
    place(s, "b2", "G3")
    assert not board.sees(s, s.models["a2"], "G3")
    s.doors["E3-F3"].state = "open"
    assert board.sees(s, s.models["a2"], "G3")


def test_a_game_runs_its_seven_phases_in_order() -> None:
    """RB Phase Sequence: Infection, System Resources, Initiative, Cyberwarfare, Real World, AI Operations,
    Clean-Up."""
    s = table()
    assert s.phase == "initiative" and s.round == 1
    for seat in s.seats:
        s, _ = G.apply(s, seat, Intent.of("bid", sr=0))
    prompts = G.prompts(s)
    assert prompts and prompts[0].kind == "order"


def _line_up(intervening: bool) -> NtState:
    s = table(intervening_models=intervening)
    clear_board(s, ("a2", "a3", "b2", "b3", "b4"))
    place(s, "a2", "G8")  # Harvey shoots down the south hallway (TAC 0)
    place(s, "b2", "G12")
    place(s, "a3", "G10")  # a friend in the way
    return s


def test_intervening_models_give_minus_3_each_and_three_block() -> None:
    """RB Intervening Models: "any three models block the Line of Sight for Ranged Attacks. If there are only
    one or two intervening models conduct the Ranged Attack as normal but with a -3 modifier for each." """
    from engine.nakamura_tower.combat import attack_base, weapon_for

    plain, variant = _line_up(False), _line_up(True)
    w1 = weapon_for(plain, plain.models["a2"], plain.models["b2"])
    w2 = weapon_for(variant, variant.models["a2"], variant.models["b2"])
    assert w1 is not None and w2 is not None
    base = attack_base(plain, plain.models["a2"], plain.models["b2"], w1)
    assert attack_base(variant, variant.models["a2"], variant.models["b2"], w2) == base - 3
    place(variant, "b3", "G9")
    place(variant, "b4", "G11")
    assert weapon_for(variant, variant.models["a2"], variant.models["b2"]) is None


def test_a_miss_caused_by_the_intervening_model_hits_it() -> None:
    """RB Intervening Models: a miss that happened only because of the first -3 hits the first intervening
    model (rules-notes 9.6), with a new CanDo card for the hit location."""
    s = _line_up(True)
    # Harvey 6 - 3 + CanDo 6 = 9; Tetsuo dodges 4 + 3 + CanDo 2 = 9 (a miss, but a hit without the -3)
    stack(s, 6, 2, 8)
    events = resolve(s, s.models["a2"], s.models["b2"], "dodge", None)
    assert any(e.kind == "stray" for e in events)
    assert s.models["a3"].wounds > 0 or s.models["a3"].crippled
    assert s.models["b2"].wounds == 0


def test_left_and_right_hit_locations() -> None:
    """RB Advanced Hit Location: "5 as the left arm and 6 for the right arm, and a 2 or 4 for the right leg
    and a 1 or 3 for the left leg" (mirrored for left-handed characters); Shinsu has "a right cyberarm"."""
    from engine.nakamura_tower.locations import side
    from engine.nakamura_tower.stats import armour

    s = table(hit_sides=True)
    shinsu = next(m for m in s.models.values() if m.card == "shinsu")
    assert [side(v, shinsu) for v in (1, 2, 3, 4, 5, 6)] == [
        "left_leg",
        "right_leg",
        "left_leg",
        "right_leg",
        "left_arm",
        "right_arm",
    ]
    assert armour(shinsu, "right_arm") == 5 and armour(shinsu, "left_arm") == 3
    from engine.nakamura_tower.state import Model

    lefty = Model(id="c2", kind="character", card="dara", team="p3", cell=None)  # Dara Quell is left-handed
    assert side(5, lefty) == "right_arm" and side(1, lefty) == "right_leg"


def test_hit_location_damage_disables_cyberware_and_caps_limb_wounds() -> None:
    """RB Hit Location Damage: "if a single hit causes three or more wounds then the cyberware becomes
    disabled ... if the hit is on the arm, leg or head then the character only suffers three wounds,
    additional wounds are ignored"."""
    s = table(location_damage=True)
    clear_board(s, ("a2", "b2"))
    place(s, "a2", "G9")
    place(s, "b2", "G10")  # Tetsuo, with the Momuro Custom Cyberarm (arm Armour 3)
    nihinto = replace(weapons(s.models["a2"])[1], damage=8, pierce=0)
    wound(s, s.models["a2"], s.models["b2"], nihinto, 5)  # 8 - 3 = 5 wounds to the arm: capped at 3
    tetsuo = s.models["b2"]
    assert tetsuo.wounds == 3 and "momuro_arm" not in tetsuo.equipment
