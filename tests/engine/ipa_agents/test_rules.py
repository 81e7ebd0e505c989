"""Rules scenarios for IPA: The Agents, each quoting the passage it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.ipa_agents.game import IPA
from engine.ipa_agents.setup import legal_walls, quadrant

from .helpers import act, answer_all, dice, hand, place, table

# --- set-up ---------------------------------------------------------------------------------------


def test_setup_life_abilities_hands_and_corners() -> None:
    """RB: "2 Agents (players): each Agent starts with 20 life points. 3 Agents ... 17 ... 4 Agents ... 15";
    "1 point in the ability Precision, 1 point in the ability Strength, 1 point in the ability Intellect";
    "Each player draws 7 Item Cards"; "opponents may not start in the same starting corner"."""
    for n, life in ((2, 20), (3, 17), (4, 15)):
        state = IPA.setup([f"p{i}" for i in range(n)], 3)
        agents = list(state.agents.values())
        assert all(a.life == a.max_life == life for a in agents)
        assert all(a.abilities == {"precision": 1, "strength": 1, "intellect": 1} for a in agents)
        assert all(len(a.hand) == 7 for a in agents) and len(state.deck) == 200 - 7 * n
        assert len({a.corner for a in agents}) == n


def test_walls_are_placed_in_turn_never_in_an_opponents_corner() -> None:
    """RB set-up 6: "The players place the terrain tokens onto the battle map one after the other. You may
    not place a terrain token in the starting corner of an opponent." 40 tokens shared: 20 each with 2."""
    state = IPA.setup(["ann", "bo"], 1)
    assert [p.kind for p in IPA.prompts(state)] == ["wall"] and IPA.prompts(state)[0].seat == "ann"
    legal = legal_walls(state, "ann")
    assert "B2" in legal and "W23" not in legal and "X24" not in legal  # bo's corner is X24
    state, _ = IPA.apply(state, "ann", Intent.of("wall", at="B2"))
    assert IPA.prompts(state)[0].seat == "bo" and state.walls == ["B2"]
    assert sum(1 for s in state.steps if s.op == "wall") == 38
    refused = IPA.why_not(state, "bo", Intent.of("wall", at="B2"))
    assert refused and "cannot stand on B2" in refused


def test_no_more_than_five_walls_together_and_nothing_cut_off() -> None:
    """RB: "no more than 5 walls may stand directly next to each other. (This also applies diagonally.)"
    "Terrain tokens may never trap units or Events so that you cannot reach them with normal movement.\""""
    state = table()
    state.walls = ["E5", "F6", "G7", "H8", "I9"]  # a diagonal group of 5
    legal = legal_walls(state, "p1")
    assert "J10" not in legal and "D4" not in legal and "L12" in legal
    state.walls = ["A2", "C1"]  # A1 and B1 reach the map only through B2
    legal = legal_walls(state, "p1")
    assert "B1" not in legal and "B2" not in legal and "D1" in legal


def test_events_four_per_player_same_number_in_each_quadrant() -> None:
    """RB set-up 7: "each player draws 4 random Event tokens"; "In each quadrant of the battle map, the same
    number of Event tokens must be placed face down (for example, with 3 players ... 3 Event tokens in each
    quadrant)"."""
    state = IPA.setup(["a", "b", "c"], 5)
    while IPA.prompts(state)[0].kind == "wall":
        p = IPA.prompts(state)[0]
        state, _ = IPA.apply(state, p.seat, p.default)
    assert len(state.events) == 12
    assert sorted(quadrant(e.cell, 24) for e in state.events) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    public = IPA.view(state, None)
    assert "aliens" not in str(public["events"]) and len(public["events"]) == 12


# --- movement ------------------------------------------------------------------------------------


def test_one_move_of_five_squares_around_walls_and_units() -> None:
    """RB: "Each Agent has 5 movement points ... distance is counted horizontally and vertically"; "Units
    cannot pass through squares with walls"; "Units normally cannot stand on squares that are already
    occupied by another unit"."""
    state = table()
    place(state, p1="D4", p2="D6")
    state.walls = ["E4"]
    assert IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=C8"))  # around p2: D4 C4 C5 C6 C7 C8
    assert not IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=D8"))  # 6 squares around p2
    assert not IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=D6"))
    assert "moves away" in (IPA.why_not(state, "p1", Intent.parse("move:unit=a1,to=J4")) or "")
    state, _ = act(state, "p1", "move:unit=a1,to=D1")
    assert state.agents["p1"].cell == "D1"
    assert not any(i.kind == "move" and i.get("unit") == "a1" for i in IPA.legal(state, "p1"))  # once a turn


def test_a_force_field_takes_two_movement_points() -> None:
    """RB Gravitational Enforcer: "the unit loses 2 movement points for the rest of the round"; "If a unit
    is trapped in 2 force fields, that unit can move only 1 square"; "The effect of the force field goes
    through walls"; it "takes effect only once the buyer has completed the round" (A-14: its turn)."""
    from engine.ipa_agents.state import EquipmentState

    state = table()
    place(state, p1="L12", p2="X24")
    state.equipment["e1"] = EquipmentState(
        unit="e1", kind="gravitational_enforcer", owner="p2", cell="L14", life=6, placed=0, armed=True
    )
    assert IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=L9"))  # 3 squares: 5 - 2
    assert not IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=L8"))
    state.equipment["e2"] = EquipmentState(
        unit="e2", kind="gravitational_enforcer", owner="p2", cell="L10", life=6, placed=0, armed=True
    )
    assert IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=K12"))
    assert not IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=J12"))
    state.equipment["e1"].armed = state.equipment["e2"].armed = False
    assert IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=K8"))


# --- attacks and the defensive roll -------------------------------------------------------------------


def _shoot(defence: tuple[int, int], card: str = "thunderbolt", **opts: object) -> tuple[object, list[str]]:
    state = table(**opts)  # type: ignore[arg-type]
    place(state, p1="D4", p2="D9")
    hand(state, "p1", card)
    with dice(*defence):
        state, texts = act(state, "p1", f"play:card={card}.1,at=a2")
        state, more = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    return state, texts + more


def test_a_hit_after_a_failed_roll() -> None:
    """RB example, round 1: "Thunderbolt can deal 4 energy damage ... Player 1 gets a defensive roll against
    Thunderbolt and rolls a 5 and a 3. Player 1 loses 4 life." An Artifact goes to the recycle pile."""
    state, _ = _shoot((5, 3))
    assert state.agents["p2"].life == 16  # type: ignore[attr-defined]


def test_any_six_dodges_and_a_double_six_reflects_one() -> None:
    """RB: "If one of the dice shows a 6, your unit dodges and is not hit." "If you roll a 6 with both dice
    ... 1 damage is dealt to the attacker ... Your Agent also receives 1 additional ability point.\""""
    state, _ = _shoot((4, 6))
    assert state.agents["p2"].life == 20  # type: ignore[attr-defined]
    state, _ = _shoot((6, 6))
    assert state.agents["p2"].life == 20 and state.agents["p1"].life == 19  # type: ignore[attr-defined]
    assert state.agents["p2"].points == 1  # type: ignore[attr-defined]


def test_a_double_one_adds_two() -> None:
    """RB example, round 4: "Enhanced Sun Rays, which deals 4 energy damage ... rolls a 1 and a 1 ... Player 1
    loses 6 life (4 + 2 = 6)"."""
    state, _ = _shoot((1, 1), card="enhanced_sun_rays")
    assert state.agents["p2"].life == 14  # type: ignore[attr-defined]


def test_gas_gets_no_defensive_roll() -> None:
    """RB: "Against gas damage ... you cannot use defensive rolls.\""""
    state = table()
    place(state, p1="D4", p2="D8")
    hand(state, "p1", "gas_canister")
    state, _ = act(state, "p1", "play:card=gas_canister.1,at=a2")
    assert {p.kind for p in IPA.prompts(state)} == {"rift"}
    state = answer_all(state)
    assert state.agents["p2"].life == 18


def test_water_shield_halves_fire_rounding_down() -> None:
    """RB Water Shield: "All fire damage is reduced by 50% ... Thus 3 fire damage will only deal 1 fire
    damage to you.\""""
    from engine.ipa_agents.effects import damage
    from engine.ipa_agents.state import Active

    state = table()
    state.agents["p2"].active.append(Active(card="water_shield.1"))
    damage(state, "a2", 3, "fire", "p1")
    assert state.agents["p2"].life == 19
    damage(state, "a2", 3, "physical", "p1")
    assert state.agents["p2"].life == 16


def test_the_rift_window_asks_every_other_agent_alike() -> None:
    """RB Rift: "You may also activate a rift after a failed defensive roll"; the example, round 5: "Player 2
    activates his Rift "Bright Light", and so no damage is dealt to him." The window asks everyone the same,
    so a prompt never tells who holds a Rift."""
    state = table(seats=3)
    place(state, p1="D4", p2="D9", p3="X1")
    hand(state, "p1", "thunderbolt")
    hand(state, "p2", "bright_light")
    hand(state, "p3", "combat_knife")
    with dice(2, 5):
        state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
    prompts = IPA.prompts(state)
    assert {p.seat for p in prompts} == {"p2", "p3"}
    assert len({(p.kind, p.text, p.default, p.simultaneous) for p in prompts}) == 1
    assert Intent.of("rift", card="bright_light.1") in IPA.legal(state, "p2")
    state, _ = act(state, "p2", "rift:card=bright_light.1")
    state, _ = act(state, "p3", "pass")
    assert state.agents["p2"].life == 17 and "bright_light.1" in state.recycle


def test_melee_needs_an_adjoining_square_diagonal_too() -> None:
    """RB Melee Weapon: "The target must stand on an adjoining square (diagonal also works)"; the example,
    round 5: Damnation "deals 4 physical damage" to a diagonal neighbour."""
    state = table()
    place(state, p1="D4", p2="E5")
    hand(state, "p1", "damnation")
    assert Intent.parse("play:card=damnation.1,at=a2") in IPA.legal(state, "p1")
    state.agents["p2"].cell = "F5"
    assert Intent.parse("play:card=damnation.1,at=a2") not in IPA.legal(state, "p1")


def test_ranged_weapons_need_range_and_a_clear_shot() -> None:
    """RB Ranged Weapon: "must have a "clear shot" ... maximum range"; Physics: "no units or field equipment
    may stand in the way of the attack"; Line of Sight: "Walls obstruct the line of sight"."""
    state = table(seats=3)
    place(state, p1="D4", p2="D12", p3="X1")
    hand(state, "p1", "light_weight")
    assert Intent.parse("play:card=light_weight.1,at=a2") in IPA.legal(state, "p1")
    state.agents["p3"].cell = "D8"
    assert Intent.parse("play:card=light_weight.1,at=a2") not in IPA.legal(state, "p1")
    state.agents["p3"].cell = "X1"
    state.walls = ["D7"]
    assert Intent.parse("play:card=light_weight.1,at=a2") not in IPA.legal(state, "p1")
    state.walls = []
    state.agents["p2"].cell = "D17"  # 13 squares: beyond range 11
    assert Intent.parse("play:card=light_weight.1,at=a2") not in IPA.legal(state, "p1")


def test_requirements_are_thresholds_and_beginners_skip_them() -> None:
    """RB: "for the ability Strength you must have a 6 to be able to use the Butcher's Axe"; Rules for
    Beginners: "no abilities are required to use Item Cards"."""
    for beginners, usable in ((False, False), (True, True)):
        state = table(beginners=beginners)
        place(state, p1="D4", p2="D5")
        hand(state, "p1", "butchers_axe")
        assert (Intent.parse("play:card=butchers_axe.1,at=a2") in IPA.legal(state, "p1")) is usable
    state = table()
    place(state, p1="D4", p2="D5")
    hand(state, "p1", "butchers_axe")
    state.agents["p1"].abilities["strength"] = 6
    assert Intent.parse("play:card=butchers_axe.1,at=a2") in IPA.legal(state, "p1")


# --- death, spoils, the shop, ranks -----------------------------------------------------------------


def test_death_the_kill_reward_and_the_last_agent_standing() -> None:
    """RB: "If your Agent or its field equipment kills another Agent (the fatal attack), you receive 2
    credits"; the example: "Player 1 is dead and has lost the game. Player 2 has won the game.\""""
    state = table()
    place(state, p1="D4", p2="D9")
    state.agents["p2"].life = 3
    state, _ = _after_shot(state)
    assert not state.agents["p2"].alive and state.result is not None and state.result.winners == ("p1",)
    assert state.agents["p1"].credits == 2 and state.result.ranking == (("p1",), ("p2",))


def _after_shot(state):  # type: ignore[no-untyped-def]
    hand(state, "p1", "thunderbolt")
    with dice(2, 3):
        state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    return state, []


def test_spoils_of_war_and_takeover() -> None:
    """RB: "you may look into the Inventory of the dead Agent once and steal 1 item ... your Agent
    automatically receives 2 SP ... your Agent must stand next to the dead Agent"; "You may take over the
    field equipment of dead Agents ... The takeover costs one action.\""""
    from engine.ipa_agents.effects import die
    from engine.ipa_agents.state import EquipmentState

    state = table(seats=3)
    place(state, p1="D4", p2="D5", p3="X1")
    hand(state, "p2", "uzi", "med_patch")
    state.equipment["e1"] = EquipmentState(unit="e1", kind="sentry", owner="p2", cell="E4", life=4, placed=0)
    die(state, "p2", None)
    assert state.equipment["e1"].owner is None
    loot = [i for i in IPA.legal(state, "p1") if i.kind == "loot"]
    assert len(loot) == 2
    state, _ = act(state, "p1", "loot:corpse=a2,card=uzi.1")
    assert "uzi.1" in state.agents["p1"].hand and state.agents["p1"].sp == 2
    assert not any(i.kind == "loot" for i in IPA.legal(state, "p1"))
    state, _ = act(state, "p1", "takeover:unit=e1")
    assert state.equipment["e1"].owner == "p1"


def test_the_shop_sale_credits_are_spent_now_or_lost() -> None:
    """RB: "Credits you receive from selling items must be spent immediately"; "If the sale price is higher
    than 1, you must show the card to the other players"; Speed Boost: "Price 2 credits ... move up to 2
    squares additionally once in this round\""""
    state = table()
    place(state, p1="D4", p2="X24")
    hand(state, "p1", "damnation", "combat_knife")
    state, texts = act(state, "p1", "sell:card=damnation.1")
    assert "sells Damnation for 2 credits" in texts[0] and state.agents["p1"].turn_credits == 2
    state, _ = act(state, "p1", "move:unit=a1,to=D9")
    state, _ = act(state, "p1", "buy:item=speed_boost")
    assert state.agents["p1"].turn_credits == 0
    state, _ = act(state, "p1", "move:unit=a1,to=D11")
    assert state.agents["p1"].cell == "D11"
    state, texts = act(state, "p1", "sell:card=combat_knife.1")
    assert texts == ["p1 sells a card for 1 credit."]
    state, _ = act(state, "p1", "end")
    assert state.agents["p1"].turn_credits == 0


def test_a_sentry_is_placed_next_to_its_agent_and_fires_later() -> None:
    """RB Sentry: "Price 3 credits"; "It cannot fire in the round in which it was placed"; "Life: 4"."""
    state = table()
    place(state, p1="D4", p2="D12")
    state.agents["p1"].credits = 3
    state, _ = act(state, "p1", "buy:item=sentry,at=E4")
    fe = state.equipment["e1"]
    assert fe.life == 4 and fe.owner == "p1" and state.agents["p1"].credits == 0
    assert not any(i.kind == "shoot" for i in IPA.legal(state, "p1"))


def test_hand_limit_costs_two_life_per_card() -> None:
    """RB: "When your Agent ends its turn, it loses 2 life for each inactive card above 7.\""""
    state = table()
    hand(state, "p1", *[f"combat_knife.{i}" for i in range(1, 10)])
    state, _ = act(state, "p1", "end")
    assert state.agents["p1"].life == 16


def test_end_of_round_draw_rank_and_point() -> None:
    """RB: "After a game round has been completed, all Agents may draw one Item Card, and all Agents advance
    one rank upwards"; "With every rank your Agent advances, it receives one ability point"."""
    state = table()
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "end")
    assert {p.kind for p in IPA.prompts(state)} == {"round_end"}
    hand_before = len(state.agents["p1"].hand)
    state, _ = act(state, "p1", "ready:draw=yes,point=intellect")
    state, _ = act(state, "p2", "ready:draw=no,point=strength")
    assert len(state.agents["p1"].hand) == hand_before + 1 and state.agents["p1"].abilities["intellect"] == 2
    assert state.agents["p2"].abilities["strength"] == 2 and state.rank == 2 and state.round == 2


def test_the_view_hides_hands_and_event_kinds() -> None:
    state = IPA.setup(["ann", "bo"], 2, {"battle_map": "standard_1"})
    public = IPA.view(state, None)
    own = IPA.view(state, "ann")
    assert public["hand"] is None and len(own["hand"]) == 7
    text = str(public)
    assert not any(e.kind in text for e in state.events if e.kind in ("aliens", "debris"))
    assert not any(
        c in str(IPA.view(state, "bo")["hand"])
        for c in state.agents["ann"].hand
        if c not in state.agents["bo"].hand
    )
