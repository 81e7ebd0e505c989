"""Every worked example the IPA: The Agents rulebook prints, one test each, played through the engine.

Each test quotes its passage (with its line in ``rulebooks/ipa_the_agents.txt``) and asserts what the
rulebook prints. The list, in the rulebook's order, is in RULINGS.md (its note at the top). The squares are
ours where the rulebook gives none (its maps and diagrams are not in the text), chosen so that every
distance, range and line of sight it states holds. Data the house pack lacks comes from a test-only pack
(``example_pack``), never from the house pack.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.core import Intent
from engine.core.board import Cell
from engine.core.errors import DataError
from engine.core.rng import Rng
from engine.ipa_agents.game import IPA
from engine.ipa_agents.pack import load_pack
from engine.ipa_agents.setup import CORNERS, corner_zone, event_square, quadrant
from engine.ipa_agents.state import EquipmentState, IpaState, StatusOn

from .helpers import HOUSE_PACK, act, answer_all, dice, example_pack, hand, place, table
from .test_example_game import _round_1, _round_2, _round_3, _round_4, _round_5, _round_6, _setup


def _offers(state: IpaState, seat: str, key: str) -> bool:
    return Intent.parse(key) in IPA.legal(state, seat)


def _kinds(state: IpaState, seat: str) -> set[str]:
    return {i.kind for i in IPA.legal(state, seat)}


def _attack(state: IpaState, seat: str, key: str, faces: tuple[int, ...] = (), roll: bool = True) -> IpaState:
    """``seat`` attacks; the defender rolls ``faces`` (or forgoes the roll); nobody plays a Rift."""
    with dice(*faces):
        state, _ = act(state, seat, key)
        prompts = IPA.prompts(state)
        if prompts and prompts[0].kind == "defend":
            state, _ = act(state, prompts[0].seat, f"defend:roll={'yes' if roll else 'no'}")
        return answer_all(state)


def _end_round(state: IpaState, *turns: str) -> IpaState:
    """The seats named end their turns; at the round's end everyone draws nothing, +1 Strength."""
    for seat in turns:
        state, _ = act(state, seat, "end")
    for seat in state.seats:
        if state.agents[seat].alive:
            state, _ = act(state, seat, "ready:draw=no,point=strength")
    return state


def _equipment(state: IpaState, unit: str, kind: str, owner: str, cell: str, **more: object) -> None:
    life = {"sentry": 4, "gravitational_enforcer": 6, "scary_mary": 5}[kind]
    state.equipment[unit] = EquipmentState(
        unit=unit, kind=kind, owner=owner, cell=cell, life=life, placed=0, **more
    )  # type: ignore[arg-type]


def _set_up_by_defaults(state: IpaState) -> IpaState:
    """Play the set-up (walls, then the Event tokens by the dice) with every deadline's default."""
    while IPA.prompts(state) and IPA.prompts(state)[0].kind != "turn":
        p = IPA.prompts(state)[0]
        state, _ = IPA.apply(state, p.seat, p.default)
    return state


# --- The Battle Map, Units, Turns (lines 88-124) --------------------------------------------------------


def test_l88_melee_weapons_reach_adjoining_squares_diagonals_included() -> None:
    """L88: "Distance is never counted diagonally, unless the effect of an item hits units on adjoining
    squares (for example melee weapons). In that case the distance is never more than one square."."""
    state = table()
    hand(state, "p1", "combat_knife")
    for there, reaches in (("E5", True), ("D5", True), ("D6", False), ("F4", False), ("F5", False)):
        place(state, p1="D4", p2=there)
        assert _offers(state, "p1", "play:card=combat_knife.1,at=a2") is reaches, there


def test_l98_a_unit_is_an_agent_and_field_equipment_is_not_a_unit() -> None:
    """L98-102: "When the game speaks of a unit, it means playing pieces (characters) which you move, for
    example an Agent or an NAC ... Field equipment is not called a unit." Fear aims at "units"; a Target
    card ("all kinds of units and field equipment", L260) also at a Sentry."""
    state = table()
    place(state, p1="D4", p2="D9")
    _equipment(state, "e1", "sentry", "p2", "F4")
    hand(state, "p1", "fear", "thunderbolt")
    assert _offers(state, "p1", "play:card=fear.1,at=a2")
    assert not _offers(state, "p1", "play:card=fear.1,at=e1")
    assert _offers(state, "p1", "play:card=thunderbolt.1,at=e1")


def test_l108_the_action_before_or_after_the_move_never_inside_it() -> None:
    """L108-110: "Each unit may be moved once per round and take one action (for example an attack). The
    player decides whether the action takes place before or after his unit moves. An action cannot take
    place during a normal movement. Therefore a unit with 5 movement points cannot move 2 squares, perform
    an action, and then continue with the remaining 3 squares of normal movement. Some effects, however,
    allow further movement."."""
    start = table()
    place(start, p1="D4", p2="D14")
    hand(start, "p1", "thunderbolt")
    before = _attack(start, "p1", "play:card=thunderbolt.1,at=a2", (1, 2))
    assert _offers(before, "p1", "move:unit=a1,to=D9")  # the action first, then all 5 squares
    state, _ = act(start, "p1", "move:unit=a1,to=D6")  # 2 squares
    state = _attack(state, "p1", "play:card=thunderbolt.1,at=a2", (1, 2))
    assert not any(i.kind == "move" and i.get("unit") == "a1" for i in IPA.legal(state, "p1"))
    state.agents["p1"].credits = 2
    state, _ = act(state, "p1", "buy:item=speed_boost")  # "Some effects, however, allow further movement"
    assert _offers(state, "p1", "move:unit=a1,to=D8") and not _offers(state, "p1", "move:unit=a1,to=D9")


def test_l120_the_distance_to_a_target_is_counted_along_the_squares() -> None:
    """L120-124: "The distance between an Agent and its target is 5 squares (yellow line)"; "the red line
    in the printed diagram shows an incorrect measurement of distance" (counted diagonally); L188:
    "distance is counted horizontally and vertically, not diagonally". Gas Canister reaches 5 squares."""
    state = table()
    hand(state, "p1", "gas_canister")
    place(state, p1="D4", p2="G6")  # 3 across and 2 down: 5
    assert _offers(state, "p1", "play:card=gas_canister.1,at=a2")
    place(state, p1="D4", p2="G7")  # 3 diagonal steps, but 6 squares
    assert not _offers(state, "p1", "play:card=gas_canister.1,at=a2")


def test_l122_stun_lasts_until_its_user_is_in_turn_again() -> None:
    """L122: "Example: Player 2 uses the effect Stun (put under shock) on Player 1. Player 1 remains
    stunned (under shock) until Player 2 is in turn again. However, this situation can change if another
    player is in turn before Player 2." (RB Stun, L546: "If a unit under shock suffers damage from an enemy,
    the shock effect ends.")"""
    start = table(seats=3)
    place(start, p1="D4", p2="D9", p3="J4")
    hand(start, "p2", "artifact_of_stunning")
    hand(start, "p3", "static_bolt")
    start, _ = act(start, "p1", "end")
    start = _attack(start, "p2", "play:card=artifact_of_stunning.1,at=a1", (1, 2))
    assert start.agents["p1"].statuses[0].status == "stun"
    state = _end_round(start, "p2", "p3")
    assert IPA.prompts(state)[0].seat == "p1" and "stunned" in IPA.prompts(state)[0].text
    assert _kinds(state, "p1") <= {"discard", "end", "permit"}
    state, _ = act(state, "p1", "end")
    assert IPA.prompts(state)[0].seat == "p2" and not state.agents["p1"].statuses  # P2 is in turn again
    state, _ = act(start, "p2", "end")  # another player in turn before Player 2: P3 hits P1
    state = _attack(state, "p3", "play:card=static_bolt.1,at=a1", (1, 2))
    assert state.agents["p1"].life == 15 and not state.agents["p1"].statuses


# --- Before the Game Begins (lines 126-170) -----------------------------------------------------------


def test_l132_a_game_round_of_four_players() -> None:
    """L132-139: "Example of a game round (4 players): Player 1: takes 1 action and moves 5 squares ...
    Player 2: moves 4 squares ... Player 3: takes 1 action ... Player 4: moves 5 squares and takes one
    action ... Now a complete game round is over. Each Agent may draw 1 Item Card and each Agent also
    advances one rank, up to rank 20."."""
    state = table(seats=4)
    place(state, p1="D4", p2="D10", p3="J4", p4="J10")
    hand(state, "p1", "thunderbolt")
    hand(state, "p3", "static_bolt")
    hand(state, "p4", "static_bolt")
    assert [a.life for a in state.agents.values()] == [15, 15, 15, 15]
    state = _attack(state, "p1", "play:card=thunderbolt.1,at=a2", (1, 2))
    state, texts = act(state, "p1", "move:unit=a1,to=A2")
    assert texts == ["p1's Agent moves from D4 to A2 (5 squares)."]
    state, _ = act(state, "p1", "end")
    state, texts = act(state, "p2", "move:unit=a2,to=D14")
    assert texts == ["p2's Agent moves from D10 to D14 (4 squares)."]
    state, _ = act(state, "p2", "end")
    state = _attack(state, "p3", "play:card=static_bolt.1,at=a4", (1, 2))
    state, _ = act(state, "p3", "end")
    state, _ = act(state, "p4", "move:unit=a4,to=J15")
    state = _attack(state, "p4", "play:card=static_bolt.1,at=a2", (1, 2))
    state, _ = act(state, "p4", "end")
    assert {p.kind for p in IPA.prompts(state)} == {"round_end"} and len(IPA.prompts(state)) == 4
    cards = {s: len(state.agents[s].hand) for s in state.seats}
    for seat in state.seats:
        state, _ = act(state, seat, "ready:draw=yes,point=precision")
    assert {s: len(state.agents[s].hand) for s in state.seats} == {s: n + 1 for s, n in cards.items()}
    assert state.rank == 2 and state.round == 2 and IPA.prompts(state)[0].seat == "p1"


@pytest.mark.parametrize(("players", "life", "walls"), [(2, 20, 20), (3, 17, 13), (4, 15, 10)])
def test_l141_the_set_up_in_words(players: int, life: int, walls: int) -> None:
    """L128-161: "places the Agent in one of the four starting corners (opponents may not start in the same
    starting corner)"; "1 point in the ability Precision, 1 point in the ability Strength, 1 point in the
    ability Intellect"; "2 Agents (players): each Agent starts with 20 life points. 3 Agents: ... 17 ... 4
    Agents: ... 15"; "Each player draws 7 Item Cards ... which only the player himself may see"; "All
    players divide the 40 terrain tokens fairly" (A-53: 13 each of 3); "The players place the terrain tokens
    onto the battle map one after the other. You may not place a terrain token in the starting corner of an
    opponent. ... no more than 5 walls may stand directly next to each other. (This also applies
    diagonally.)"."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    state = IPA.setup(seats, 3, {})
    agents = [state.agents[s] for s in seats]
    assert len({a.cell for a in agents}) == players and {a.cell for a in agents} <= set(CORNERS)
    assert all(a.abilities == {"precision": 1, "strength": 1, "intellect": 1} for a in agents)
    assert all(a.life == a.max_life == life for a in agents) and all(len(a.hand) == 7 for a in agents)
    assert all(IPA.view(state, s)["agents"][0]["hand"] == 7 for s in seats[1:])  # the backs only
    order = []
    while IPA.prompts(state)[0].kind == "wall":
        p = IPA.prompts(state)[0]
        order.append(p.seat)
        state, _ = IPA.apply(state, p.seat, p.default)
    assert order == seats * walls  # one after the other, 40 divided fairly
    corners = {a.seat: corner_zone(a.corner, state.size) for a in agents}
    for seat in seats:  # no wall in an opponent's starting corner
        assert not any(w in corners[o] for o in seats if o != seat for w in state.walls)
    group = _largest_group(state.walls)
    assert group <= 5


def _largest_group(walls: list[str]) -> int:
    cells = {(c.col, c.row) for c in map(Cell.parse, walls)}
    best, seen = 0, set()
    for start in cells:
        if start in seen:
            continue
        todo, size = [start], 0
        seen.add(start)
        while todo:
            x, y = todo.pop()
            size += 1
            for n in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def test_l161_no_more_than_five_walls_together_diagonals_included() -> None:
    """L161: "Special wall rule: when a game starts, no more than 5 walls may stand directly next to each
    other. (This also applies diagonally.)"; L160: "You may not place a terrain token in the starting corner
    of an opponent."."""
    state = IPA.setup(["p1", "p2"], 3, {})
    state.walls = ["E5", "F6", "G7", "H8", "I9"]  # five, touching diagonally
    assert not _offers(state, "p1", "wall:at=J10")  # a sixth touching them diagonally
    assert not _offers(state, "p1", "wall:at=I10")
    assert _offers(state, "p1", "wall:at=K11")
    assert not _offers(state, "p1", "wall:at=W23")  # p2's corner (X24)
    assert _offers(state, "p1", "wall:at=B2")  # its own corner is not an opponent's


def test_l165_with_three_players_twelve_event_tokens_three_in_each_quadrant() -> None:
    """L163-165: "From the 20 Event tokens, each player draws 4 random Event tokens ... In each quadrant of
    the battle map, the same number of Event tokens must be placed face down (for example, with 3 players
    there are 12 Event tokens, 3 Event tokens in each quadrant)."."""
    state = _set_up_by_defaults(IPA.setup(["p1", "p2", "p3"], 5, {}))
    assert len(state.events) == 12
    per = [sum(1 for e in state.events if quadrant(e.cell, state.size) == q) for q in range(4)]
    assert per == [3, 3, 3, 3]


def test_l166_the_red_five_and_the_yellow_six_cross_on_one_square() -> None:
    """L166: "use the red and the yellow ten-sided die. The battle map uses a coordinate system. If you
    roll a 5 with the red die and a 6 with the yellow die, you must place an Event token in the square where
    the red 5 and the yellow 6 cross." (A-20: in each quadrant, counted from the map's centre.)"""
    state = IPA.setup(["p1", "p2"], 5, {})
    faces = [5, 6]
    original = Rng.between

    def between(self: Rng, low: int, high: int) -> int:
        return faces.pop(0) if faces and (low, high) == (1, 10) else original(self, low, high)

    Rng.between = between  # type: ignore[method-assign]
    try:
        state = _set_up_by_defaults(state)
    finally:
        Rng.between = original  # type: ignore[method-assign]
    first = state.events[0].cell
    assert first == event_square(state, 0, 5, 6) == "H7"  # 5 columns left of the centre, 6 rows up


def test_l168_twelve_events_for_three_players_on_a_standard_battle_map() -> None:
    """L168: "Example: there are 3 players, so 12 Events (Event tokens) are placed evenly in each of the 4
    quadrants."; L170: points 6 and 7 "may be skipped when using a Standard Battle Map"."""
    for name in ("standard_1", "standard_2", "standard_3", "standard_4", "standard_5"):
        state = IPA.setup(["p1", "p2", "p3"], 5, {"battle_map": name})
        per = [sum(1 for e in state.events if quadrant(e.cell, state.size) == q) for q in range(4)]
        assert per == [3, 3, 3, 3], name
        assert IPA.prompts(state)[0].kind == "turn"  # no walls, no dice


# --- Item Cards (lines 172-184) -------------------------------------------------------------------------


def test_l176_the_butchers_axe_needs_strength_six_and_takes_none() -> None:
    """L176: "for the ability Strength you must have a 6 to be able to use the Butcher's Axe. After using
    the Butcher's Axe the Agent still has its full strength. The ability Strength has not lost 6
    points!"."""
    state = table()
    place(state, p1="D4", p2="D5")
    hand(state, "p1", "butchers_axe")
    state.agents["p1"].abilities["strength"] = 5
    assert not _offers(state, "p1", "play:card=butchers_axe.1,at=a2")
    state.agents["p1"].abilities["strength"] = 6
    state = _attack(state, "p1", "play:card=butchers_axe.1,at=a2", roll=False)
    assert state.agents["p2"].life == 17 and state.agents["p1"].abilities["strength"] == 6


def test_l178_the_butchers_axe_deals_three_fire_and_one_more_with_a_skull() -> None:
    """L178: "Butcher's Axe. Strength: 6. Costs 1 credit. Deals 3 fire damage. If you possess either the
    Pentagram of Skulls or the Skull of Putrid, the Butcher's Axe also deals 1 fire damage." The 1 credit is
    its price in the shop (as "Space Vacuum. 1 credit", L301; the sale price is in the card's corner, L458):
    activating it costs nothing."""
    for extra, dealt in ((None, 3), ("pentagram_of_skulls", 4), ("skull_of_putrid", 4)):
        state = table()
        place(state, p1="D4", p2="D5")
        hand(state, "p1", "butchers_axe", *([extra] if extra else []))
        state.agents["p1"].abilities["strength"] = 6
        with dice():
            state, _ = act(state, "p1", "play:card=butchers_axe.1,at=a2")
        assert f"({dealt} fire)" in IPA.prompts(state)[0].text, extra
        state = answer_all(act(state, "p2", "defend:roll=no")[0])
        assert state.agents["p2"].life == 20 - dealt and state.agents["p1"].credits == 0
    state = table()
    hand(state, "p1", "butchers_axe")
    state, texts = act(state, "p1", "sell:card=butchers_axe.1")
    assert state.agents["p1"].turn_credits == 1 and texts == ["p1 sells a card for 1 credit."]


def test_l182_six_points_of_strength_show_six() -> None:
    """L180-182: "The dice must be arranged so that the number of pips corresponds to the Agent's ability or
    life points. Example: if the Agent has 6 points in Strength, the die on the ASC at the Strength symbol
    must show 6 pips." The view is the ASC: everyone reads the Agent's statistics."""
    state = table()
    state.agents["p1"].abilities["strength"] = 5
    state.agents["p1"].points = 1
    state, _ = act(state, "p1", "train:stat=strength")
    for seat in (None, "p1", "p2"):
        agent = IPA.view(state, seat)["agents"][0]
        assert agent["abilities"]["strength"] == 6 and agent["life"] == 20


def test_l220_only_the_back_of_an_inactive_card_is_seen() -> None:
    """L220: "You hold the cards, for example in your hand, so that the other players can see only the back
    (here the card is inactive). The face of most cards is shown only when they are used (activated) or are
    in use (active)."."""
    state = table()
    place(state, p1="D4", p2="D9")
    hand(state, "p1", "thunderbolt", "uzi")
    assert "Thunderbolt" not in json.dumps(IPA.view(state, "p2"))
    assert "Thunderbolt" not in json.dumps(IPA.view(state, None))
    assert {c["name"] for c in IPA.view(state, "p1")["hand"]} == {"Thunderbolt", "Uzi"}
    with dice(1, 2):
        state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
    assert IPA.view(state, "p2")["agents"][0]["active"] == ["Thunderbolt"]
    assert "Uzi" not in json.dumps(IPA.view(state, "p2")) and IPA.view(state, "p2")["agents"][0]["hand"] == 1


# --- Target Types, Item Types (lines 255-346) -----------------------------------------------------------


def test_l262_a_special_kind_of_target_only() -> None:
    """L262-265: "Special kind: You may aim at only one specific kind of target (for example Agent, item,
    player or field equipment) ... In these cases you may hit only these special targets". The Artifact of
    Stunning aims at Agents; Destroy Field Equipment at field equipment."""
    state = table()
    place(state, p1="D4", p2="D9")
    _equipment(state, "e1", "sentry", "p2", "F4")
    hand(state, "p1", "artifact_of_stunning", "destroy_field_equipment")
    assert _offers(state, "p1", "play:card=artifact_of_stunning.1,at=a2")
    assert not _offers(state, "p1", "play:card=artifact_of_stunning.1,at=e1")
    assert _offers(state, "p1", "play:card=destroy_field_equipment.1,at=e1")
    assert not _offers(state, "p1", "play:card=destroy_field_equipment.1,at=a2")


def _fear(face: int) -> tuple[IpaState, list[str]]:
    state = table()
    place(state, p1="D4", p2="J10")
    hand(state, "p1", "fear")
    with dice(1, 2, face):  # the defensive roll, then Fear's die
        state, _ = act(state, "p1", "play:card=fear.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state, _ = act(state, "p2", "pass")  # the Rift window
    prompt = IPA.prompts(state)[0]
    assert prompt.seat == "p1" and prompt.kind == "shove"
    return state, [i.key() for i in IPA.legal(state, "p1")]


def test_l290_fear_moves_the_unit_three_squares_and_takes_its_next_action() -> None:
    """L290: "Fear. You may move the unit up to 3 squares in any direction you choose. Moreover the unit
    loses its action in its next turn. Roll a die: 1-5: the unit is struck by fear. 6: the unit is struck by
    fear and loses 2 life." (R-14: squares reachable in 3 orthogonal steps.)"""
    state, keys = _fear(6)
    assert state.agents["p2"].life == 18  # the 6
    assert len(keys) == 25 and "shove:to=J7" in keys and "shove:to=L9" in keys and "shove:to=J10" in keys
    state, _ = act(state, "p1", "shove:to=M10")
    assert state.agents["p2"].cell == "M10"
    hand(state, "p2", "med_patch")
    state, _ = act(state, "p1", "end")
    assert IPA.prompts(state)[0].seat == "p2"
    assert not any(i.kind == "play" for i in IPA.legal(state, "p2"))  # no action in its next turn
    assert _offers(state, "p2", "move:unit=a2,to=M15")  # it may still move
    state = _end_round(state, "p2")
    state, _ = act(state, "p1", "end")
    assert _offers(state, "p2", "play:card=med_patch.1")  # the turn after: its action is back
    state, _ = _fear(5)
    assert state.agents["p2"].life == 20  # 1-5: struck by fear only


def test_l301_space_vacuum_sucks_a_space_manipulation_into_the_rift() -> None:
    """L301-303: "Space Vacuum. 1 credit. Advantage: can cancel other cards. Disadvantage: can only be used
    once. Target Space Manipulation (and its effect) is sucked into the rift and is placed on the recycle
    pile."; "Space Vacuum can only be used against a Space Manipulation, if it is active." (R-3: after the
    hit lands.)"""
    state = table()
    place(state, p1="D4", p2="D9")
    hand(state, "p1", "electrocute", "thunderbolt")
    hand(state, "p2", "space_vacuum")
    state.agents["p1"].abilities["intellect"] = 5
    with dice(6, 1, 2):  # Electrocute's 3, the failed defensive roll
        state, _ = act(state, "p1", "play:card=electrocute.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
    assert _offers(state, "p2", "rift:card=space_vacuum.1")
    state, texts = act(state, "p2", "rift:card=space_vacuum.1")
    assert state.agents["p2"].life == 20
    assert {"space_vacuum.1", "electrocute.1"} <= set(state.recycle) and not state.agents["p1"].active
    assert "Electrocute goes to the recycle pile." in texts
    state = table()
    place(state, p1="D4", p2="D9")
    hand(state, "p1", "thunderbolt")
    hand(state, "p2", "space_vacuum")
    with dice(1, 2):
        state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
    assert not _offers(state, "p2", "rift:card=space_vacuum.1")  # an Artifact, not a Space Manipulation


def test_l313_water_shield_halves_fire_rounding_down_and_does_not_stack() -> None:
    """L313: "Water Shield. ... cannot be deactivated ... Precision: 4, Intellect: 4, Strength: 4. All fire
    damage is reduced by 50%. It does not stack with other fire damage reducing effects. If the fire damage
    is of an uneven amount, you must round down ... Thus 3 fire damage will only deal 1 fire damage to
    you."."""
    for others, life in ((("water_shield",), 19), (("water_shield", "fire_ward"), 19), (("fire_ward",), 18)):
        state = table()
        place(state, p1="D4", p2="D5")
        hand(state, "p1", "butchers_axe")
        hand(state, "p2", *others)
        state.agents["p1"].abilities["strength"] = 6
        state, _ = act(state, "p1", "end")
        if "water_shield" in others:
            state.agents["p2"].abilities.update(precision=4, intellect=3, strength=4)
            assert not _offers(state, "p2", "play:card=water_shield.1")
            state.agents["p2"].abilities["intellect"] = 4
        for card in others:
            state, _ = act(state, "p2", f"play:card={card}.1")
        state = _end_round(state, "p2")
        state = _attack(state, "p1", "play:card=butchers_axe.1,at=a2", roll=False)
        assert state.agents["p2"].life == life, others  # 3 fire: 1 (not 0 with the Fire Ward too); 2
        assert {a.card.split(".")[0] for a in state.agents["p2"].active} == set(others)  # still active


def test_l324_the_butchers_axe_must_stand_next_to_its_target() -> None:
    """L321, L324: Melee Weapon: "The target must stand on an adjoining square (diagonal also works)";
    "Butcher's Axe. 1 credit. Disadvantage: you must stand next to your target."."""
    state = table()
    hand(state, "p1", "butchers_axe")
    state.agents["p1"].abilities["strength"] = 6
    place(state, p1="D4", p2="D6")
    assert not _offers(state, "p1", "play:card=butchers_axe.1,at=a2")
    state, _ = act(state, "p1", "move:unit=a1,to=C5")
    assert _offers(state, "p1", "play:card=butchers_axe.1,at=a2")  # diagonally next to it


def test_l335_throwing_stars_of_the_sun() -> None:
    """L335: "Throwing Stars of the Sun. 2 credits. ... has a maximum range and requires a "clear shot".
    Precision: 12, Strength: 4. Deals 3 fire damage. For 2 credits you are able to throw Throwing Stars of
    the Sun twice per action. You may choose to aim at only one or at two different targets. Maximum range:
    9."."""
    state = table(seats=3)
    place(state, p1="D4", p2="D13", p3="M4")  # both 9 squares away
    hand(state, "p1", "throwing_stars_of_the_sun")
    state.agents["p1"].abilities.update(precision=11, strength=4)
    assert not _offers(state, "p1", "play:card=throwing_stars_of_the_sun.1,at=a2")
    state.agents["p1"].abilities["precision"] = 12
    assert _offers(state, "p1", "play:card=throwing_stars_of_the_sun.1,at=a2")
    assert not any(i.get("also") for i in IPA.legal(state, "p1"))  # no 2 credits
    state.agents["p2"].cell = "D14"
    assert not _offers(state, "p1", "play:card=throwing_stars_of_the_sun.1,at=a2")  # 10 squares
    state.agents["p2"].cell, state.agents["p3"].cell = "D13", "D8"
    assert not _offers(state, "p1", "play:card=throwing_stars_of_the_sun.1,at=a2")  # no clear shot
    state.agents["p3"].cell = "M4"
    state.agents["p1"].credits = 2
    assert _offers(state, "p1", "play:card=throwing_stars_of_the_sun.1,at=a2,also=a2")  # one target twice
    state, _ = act(state, "p1", "play:card=throwing_stars_of_the_sun.1,at=a2,also=a3")
    assert state.agents["p1"].credits == 0
    for defender in ("p2", "p3"):  # each throw: its own defensive roll, 3 fire
        prompt = IPA.prompts(state)[0]
        assert prompt.seat == defender and "(3 fire)" in prompt.text
        state, _ = act(state, defender, "defend:roll=no")
        while IPA.prompts(state)[0].kind == "rift":
            state, _ = act(state, IPA.prompts(state)[0].seat, "pass")
    assert state.agents["p2"].life == 14 and state.agents["p3"].life == 14


def _drowning() -> IpaState:
    state = table()
    place(state, p1="A1", p2="X24")  # 46 squares: "no maximum range"
    hand(state, "p1", "drowning")
    state.agents["p1"].abilities["intellect"] = 9
    with dice(1, 2, 3):  # the defensive roll, then 3 pips: 3 turns
        state, _ = act(state, "p1", "play:card=drowning.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    return state


def test_l346_drowning_one_energy_each_turn_for_a_die_of_turns() -> None:
    """L346: "Drowning. 2 credits. Intellect: 9. Maximum range: none ... The unit is dealt 1 energy damage
    every time it becomes that unit's turn. The number of turns the unit is drowning depends on the roll of
    a die. Each pip equals a turn. Drowning stays active until it has dealt all its damage ... The unit gets
    a defensive roll every time Drowning attempts to deal damage to it. The defensive roll must be taken
    before the unit does anything else."."""
    state = table()
    place(state, p1="A1", p2="X24")
    hand(state, "p1", "drowning")
    state.agents["p1"].abilities["intellect"] = 8
    assert not _offers(state, "p1", "play:card=drowning.1,at=a2")
    state = _drowning()
    assert state.agents["p2"].life == 20
    state, _ = act(state, "p1", "end")
    for faces, life in (((1, 2), 19), ((6, 3), 19), ((4, 4), 18)):
        prompt = IPA.prompts(state)[0]
        assert prompt.seat == "p2" and prompt.kind == "defend" and "(1 energy)" in prompt.text
        with dice(*faces):
            state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
        assert state.agents["p2"].life == life and IPA.prompts(state)[0].seat == "p2"
        state = _end_round(state, "p2")
        assert any(a.card == "drowning.1" for a in state.agents["p1"].active) == (life != 18)  # until done
        state, _ = act(state, "p1", "end")
    assert IPA.prompts(state)[0].kind == "turn" and "drowning.1" in state.agents["p1"].hand  # 3 turns


def test_l358_a_counter_on_the_card_counts_the_rounds_left() -> None:
    """L358: "Some items last longer than one round. In these cases you should find a way to count the
    rounds. For example, you may place a die on the card." The Agents' statistics show the count."""
    state = _drowning()
    assert "Drowning: 3 more turns" in IPA.view(state, None)["agents"][1]["statuses"]
    state, _ = act(state, "p1", "end")
    state = answer_all(act(state, "p2", "defend:roll=no")[0])
    assert "Drowning: 2 more turns" in IPA.view(state, "p1")["agents"][1]["statuses"]


# --- Line of sight and clear shots (diagrams, lines 353-438) ---------------------------------------


def test_l354_agent_two_in_sight_and_the_target_not() -> None:
    """L354: "Diagram key: Agent 1; Agent 2; Target. Agent 2 is in the line of sight of Agent 1, but the
    target is not."; L378: "Line of sight is obstructed by some terrain tokens, such as walls."."""
    state = table(seats=3)
    place(state, p1="D4", p2="D9", p3="H4")
    state.walls = ["F4"]
    hand(state, "p1", "thunderbolt")
    assert _offers(state, "p1", "play:card=thunderbolt.1,at=a2")
    assert not _offers(state, "p1", "play:card=thunderbolt.1,at=a3")


def test_l364_units_do_not_obstruct_the_line_of_sight() -> None:
    """L364: "Diagram note: the target is in the line of sight of Agent 1."; L376: "Line of sight is not
    obstructed by units and by most parts of field equipment." An Artifact needs no clear shot."""
    state = table(seats=3)
    place(state, p1="D4", p2="D6", p3="D9")
    _equipment(state, "e1", "sentry", "p2", "D7")
    hand(state, "p1", "thunderbolt", "light_weight")
    assert _offers(state, "p1", "play:card=thunderbolt.1,at=a3")
    assert not _offers(state, "p1", "play:card=light_weight.1,at=a3")  # a ranged weapon needs a clear shot


def test_l382_the_target_and_agent_two_in_sight() -> None:
    """L382: "Diagram note: the target and Agent 2 are in the line of sight of Agent 1." A wall elsewhere on
    the map does not hide them."""
    state = table(seats=3)
    place(state, p1="D4", p2="H8", p3="L4")
    state.walls = ["B12", "F2", "K10"]
    hand(state, "p1", "thunderbolt")
    assert _offers(state, "p1", "play:card=thunderbolt.1,at=a2")
    assert _offers(state, "p1", "play:card=thunderbolt.1,at=a3")


def test_l426_a_die_never_counts_more_than_six(tmp_path: Path) -> None:
    """L426: "When rolling dice, you can never get more than the maximum (6) or less than the minimum (1).
    That means if an effect gives you +1 point and you then roll a 6, the roll counts as 6 and not 7."
    No card of the rulebook (nor of the house pack) adds to a die: a die's table is written for the faces 1
    to 6, and a pack that writes a seventh is refused; every die the engine reads shows 1 to 6."""
    folder = tmp_path / "ipa_agents"
    shutil.copytree(HOUSE_PACK, folder)
    data = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
    electrocute = next(c for c in data["cards"] if c["id"] == "electrocute")
    electrocute["effects"][0]["roll"]["7"] = 4
    (folder / "cards.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match="electrocute.*face 1 to 6"):
        load_pack(folder)
    faces: set[int] = set()
    for seed in range(40):
        state = table()
        state.rng = Rng(seed=seed)
        place(state, p1="D4", p2="D9")
        hand(state, "p1", "electrocute")
        state.agents["p1"].abilities["intellect"] = 5
        state, texts = act(state, "p1", "play:card=electrocute.1,at=a2")
        state, more = act(state, "p2", "defend:roll=yes")
        faces |= {int(t.split(" rolls ")[1][0]) for t in texts + more if " rolls " in t}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_l422_a_clear_shot_and_a_shot_that_is_not() -> None:
    """L422 / L438: "Diagram key: blue line = clear shot; red line = non-clear shot"; L434: "For a ranged
    weapon to hit its target, no units or field equipment may stand in the way of the attack"; RB Stun:
    "You may shoot past units under shock (clear shot)."."""
    state = table(seats=3)
    place(state, p1="D4", p2="D12", p3="J4")
    hand(state, "p1", "light_weight")
    assert _offers(state, "p1", "play:card=light_weight.1,at=a2")  # the blue line
    state.agents["p3"].cell = "D8"
    assert not _offers(state, "p1", "play:card=light_weight.1,at=a2")  # the red line
    state.agents["p3"].statuses.append(StatusOn(status="stun", by="p1"))
    assert _offers(state, "p1", "play:card=light_weight.1,at=a2")


def test_l438_the_black_line_a_restricted_line_of_sight() -> None:
    """L438: "black line = example of restricted line of sight"; L440-446: "place a ruler so that it touches
    the points of the two squares on which the attacker and the target stand ... You can also use this tip
    to see whether a target is within the line of sight of a unit." (A-17: a line through the point where
    two squares meet is stopped only by walls on both sides.)"""
    state = table()
    place(state, p1="D4", p2="F6")  # the ruler runs through the points of E5
    hand(state, "p1", "thunderbolt")
    state.walls = ["E4"]
    assert _offers(state, "p1", "play:card=thunderbolt.1,at=a2")
    state.walls = ["E4", "D5"]
    assert not _offers(state, "p1", "play:card=thunderbolt.1,at=a2")
    state.walls = ["E5"]
    assert not _offers(state, "p1", "play:card=thunderbolt.1,at=a2")


# --- Space Shop, upgrades, abilities (lines 483-569) -----------------------------------------------


def test_l522_the_scary_mary_range_upgrade_for_all_of_them() -> None:
    """L483-486: "Each upgrade affects a specific kind of field equipment (see the example on page 12). You
    may buy each upgrade only once. Upgrades take effect immediately after purchase. They apply both to field
    equipment already bought and to field equipment bought later in the game."; L522: "Example (printed):
    this player has improved the maximum range of all of his Scary Mary field equipment. The player also
    has 1 SP and 2 credits."."""
    state = table()
    place(state, p1="D4", p2="N5")
    state.agents["p1"].credits, state.agents["p1"].sp = 9, 3
    state, _ = act(state, "p1", "buy:item=scary_mary,at=E5")
    state, _ = act(state, "p1", "upgrade:item=mary_scope")
    assert not _offers(state, "p1", "upgrade:item=mary_scope")  # only once
    state, _ = act(state, "p1", "buy:item=sentry,at=C3")
    mine = IPA.view(state, None)["agents"][0]
    assert mine["sp"] == 1 and mine["credits"] == 2 and mine["upgrades"] == ["Scary Mary scope"]
    state = _end_round(state, "p1", "p2")
    legal = IPA.legal(state, "p1")
    mary = next(u for u, e in state.equipment.items() if e.kind == "scary_mary")
    sentry = next(u for u, e in state.equipment.items() if e.kind == "sentry")
    assert Intent.of("shoot", unit=mary, at="a2") in legal  # 9 squares: 6 + 3
    assert Intent.of("shoot", unit=sentry, at="a2") not in legal  # 13 squares: the Sentry's 10 stands
    state.agents["p1"].credits = 4
    state, _ = act(state, "p1", "buy:item=scary_mary,at=E4")
    assert state.equipment[f"e{state.serial}"].kind == "scary_mary"
    state.agents["p2"].cell = "N4"
    state = _end_round(state, "p1", "p2")
    assert Intent.of("shoot", unit=f"e{state.serial}", at="a2") in IPA.legal(state, "p1")  # bought later


SALAMANDER = {
    "id": "salamander_skin",
    "name": "Salamander Skin",
    "type": "construct",
    "price": 1,
    "target": "self",
    "effects": [{"op": "immune", "type": "fire"}],
    "text": "Test-only: fire cannot harm you.",
    "provenance": "house",
}
"""A test-only card: no card of the house pack gives fire immunity."""


def test_l557_fire_immunity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """L557: "Immune (Immun): A certain type of damage cannot harm you. For example, you cannot suffer
    damage from fire if you have fire immunity. (Passive.)"."""
    example_pack(tmp_path, monkeypatch, SALAMANDER)
    state = table()
    place(state, p1="D4", p2="D5")
    hand(state, "p1", "butchers_axe", "combat_knife")
    hand(state, "p2", "salamander_skin")
    state.agents["p1"].abilities["strength"] = 6
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "play:card=salamander_skin.1")
    state = _end_round(state, "p2")
    state.agents["p1"].credits = 4
    state = _attack(state, "p1", "play:card=butchers_axe.1,at=a2", roll=False)
    assert state.agents["p2"].life == 20
    state, _ = act(state, "p1", "buy:item=action_boost")
    state = _attack(state, "p1", "play:card=combat_knife.1,at=a2", roll=False)
    assert state.agents["p2"].life == 18  # physical damage harms it


def test_l569_a_weakness_gives_no_defensive_roll_against_its_type() -> None:
    """L569: "Weakness (Schwäche): You receive no defensive roll. Weakness can also be defined by types. For
    example, if you have physical weakness, you receive no defensive roll against physical damage."; the
    Gravitational Enforcer: "Physical weakness"."""
    state = table()
    place(state, p1="D4", p2="X24")
    _equipment(state, "e1", "gravitational_enforcer", "p2", "D5")
    hand(state, "p1", "combat_knife", "static_bolt")
    state.agents["p1"].credits = 4
    with dice():
        state, _ = act(state, "p1", "play:card=combat_knife.1,at=e1")
    assert IPA.prompts(state)[0].kind == "rift"  # straight to the reactions: no defensive roll
    state = answer_all(state)
    assert state.equipment["e1"].life == 4
    state, _ = act(state, "p1", "buy:item=action_boost")
    state, _ = act(state, "p1", "play:card=static_bolt.1,at=e1")
    assert IPA.prompts(state)[0].kind == "defend" and IPA.prompts(state)[0].seat == "p2"  # energy


# --- The Example Game (lines 574-632) ------------------------------------------------------------------


def _before(rounds: int) -> IpaState:
    state = _setup()
    for play in (_round_1, _round_2, _round_3, _round_4, _round_5)[:rounds]:
        state = play(state)
    return state


def test_l578_example_game_round_1() -> None:
    """L580-582: "Player 1: Moves 5 squares. In the space shop he buys the injection "Speed Boost" ... Speed
    Boost costs 2 credits, which he pays with two of his Item Cards. Player 1 comes onto an Event. He uses an
    action to pick up the Event and receives 2 SP"; "Player 2: Moves 5 squares and activates the Artifact
    "Thunderbolt" ... 4 energy damage ... rolls a 5 and a 3. Player 1 loses 4 life"; "each player draws 1
    new Item Card and advances 1 rank"."""
    state = _round_1(_before(0))
    assert state.agents["p1"].life == 16 and state.agents["p1"].sp == 2 and state.rank == 2
    assert "thunderbolt.1" not in state.agents["p2"].hand


def test_l584_example_game_round_2() -> None:
    """L588-589: "Brain Juicer ... +4 Intellect ... Electrocute, which requires 5 Intellect ... He rolls a 6,
    so Electrocute can deal 3 energy damage. Player 2 ... rolls a 4 and a 6 ... takes no damage"; "He cannot
    pick the Event up, because he has already used his action"; Player 2 "rolls a 1, which lets him move up
    to 6 squares in each round"."""
    state = _round_2(_before(1))
    assert state.agents["p2"].life == 20 and state.agents["p2"].ue == "speed"
    assert state.agents["p1"].abilities["intellect"] == 2 and state.rank == 3


def test_l592_example_game_round_3() -> None:
    """L596-599: "Player 2 has drawn a card even though he had 7 inactive Item Cards. This is allowed, but he
    may not have more than 7 inactive Item Cards when he ends his turn"; "He receives 2 credits ... he buys a
    Sentry ... He uses one of the credits he received from an Event and sells 1 card worth 2 credits ... A
    Sentry has 4 life"; "Multitasking ... "Destroy Field Equipment" against Player 1's Sentry and "Artifact of
    Stunning" against Player 1's Agent ... rolls a 1 and a 2. The Agent is hit and is stunned"."""
    state = _before(2)
    assert len(state.agents["p2"].hand) == 8
    state = _round_3(state)
    assert state.agents["p2"].life == 20  # no hand-limit loss: 7 cards at the end of the turn
    assert not state.equipment and state.agents["p1"].statuses[0].status == "stun"


def test_l605_example_game_round_4() -> None:
    """L609-610: "Player 1: Is stunned (under shock) and has no field equipment, so he can do nothing this
    round"; "Player 1 is no longer stunned, because a full round has passed ... "Enhanced Sun Rays", which
    deals 4 energy damage ... rolls a 1 and a 1. When both dice show 1, the attack deals +2 damage. Player 1
    loses 6 life (4 + 2 = 6)"."""
    state = _round_4(_before(3))
    assert state.agents["p1"].life == 10 and not state.agents["p1"].statuses


def test_l613_example_game_round_5() -> None:
    """L617-618: "Damage Converter ... for payment of 1 credit can convert any damage into fire damage and
    adds +1 ... On a hit, Player 2 takes 3 fire damage. Light Weight has a maximum range of 11 ... Player 2
    activates his Rift "Bright Light", and so no damage is dealt to him"; "Damnation, which deals 4 physical
    damage ... Player 1 forgoes his defensive roll and loses 4 life"."""
    state = _round_5(_before(4))
    assert state.agents["p1"].life == 6 and state.agents["p2"].life == 20
    assert "bright_light.1" in state.recycle


def test_l618_the_example_wins_melee_hits_diagonally() -> None:
    """L618: "Player 2: Moves his Agent 6 squares and stands next to Player 1's Agent (diagonally). He
    activates his Melee Weapon "Damnation", which deals 4 physical damage." The printed sentence "Melee
    weapons können nicht diagonal Schäden zufügen" contradicts the example (and L321: "diagonal also works");
    the example wins (A-4): the diagonal hit deals its 4."""
    state = _before(4)
    state, _ = act(state, "p1", "move:unit=a1,to=D11")
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "move:unit=a2,to=E12")
    assert state.agents["p1"].cell == "D11"  # diagonally next to it
    state = _attack(state, "p2", "play:card=damnation.1,at=a1", roll=False)
    assert state.agents["p1"].life == 6


def test_l621_example_game_round_6_player_2_wins() -> None:
    """L625-631: "activates two Ranged Weapons (2 Uzis) ... for only 1 action. Player 2 receives a defensive
    roll against each Uzi ... 4 and a 4 ... 1 and a 3. Player 2 loses 4 life (2 + 2 = 4)"; "activates
    "Damnation" again. Player 1 rolls a 1 and a 1 ... a total of 6 life (4 + 2 = 6). Player 1 is dead and
    has lost the game. Player 2 has won the game."."""
    state = _round_6(_before(5))
    assert state.agents["p2"].life == 16 and not state.agents["p1"].alive
    assert state.result is not None and state.result.winners == ("p2",)


def test_l627_a_gravitational_enforcer_would_have_saved_player_1() -> None:
    """L627: "Printed note: had Player 1 been more clever, he could, for example, have placed a Gravitational
    Enforcer next to Player 2's Agent before moving his own Agent." Placed next to both Agents, it is armed
    when Player 1's turn ends (A-14); Player 2, in its field, "loses 2 movement points" (6 - 2) and can no
    longer reach Player 1 with Damnation; without it, it can."""
    for clever in (True, False):
        state = _before(5)
        state = _attack(state, "p1", "play:card=uzi.1,at=a2", (4, 4))
        state = answer_all(state)
        if clever:
            spare = [c for c in sorted(state.agents["p1"].hand) if not c.startswith("uzi")][:2]
            for card in spare:
                state, _ = act(state, "p1", f"sell:card={card}")
            state, _ = act(state, "p1", "buy:item=gravitational_enforcer,at=E11")
        state, _ = act(state, "p1", "move:unit=a1,to=D6")
        state, _ = act(state, "p1", "end")
        assert IPA.prompts(state)[0].seat == "p2"
        near = {f"{c}{r}" for c in "CDE" for r in (5, 6, 7)} - {"D6"}
        reach = {i.get("to") for i in IPA.legal(state, "p2") if i.kind == "move" and i.get("unit") == "a2"}
        assert bool(reach & near) is not clever, sorted(reach & near)
