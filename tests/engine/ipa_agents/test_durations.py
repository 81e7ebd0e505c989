"""Effects for one attack, one turn or one round wear off when the rulebook says (issue 28), and the turn's
header says what is left after each deed."""

from __future__ import annotations

from engine.core import Intent
from engine.ipa_agents.game import IPA
from engine.ipa_agents.state import EquipmentState, IpaState, StatusOn

from .helpers import act, answer_all, dice, hand, place, table


def _offers(state: IpaState, seat: str, key: str) -> bool:
    return Intent.parse(key) in IPA.legal(state, seat)


def _hit(state: IpaState, key: str, faces: tuple[int, ...] = (1, 2)) -> IpaState:
    """p1 attacks; the defender rolls ``faces``; nobody plays a Rift."""
    with dice(*faces):
        state, _ = act(state, "p1", key)
        return answer_all(state)


def _next_round(state: IpaState, *turns: str) -> IpaState:
    """The other seats end their turns, everyone takes no card at the round's end."""
    for seat in turns:
        state, _ = act(state, seat, "end")
    for seat in state.seats:
        if state.agents[seat].alive:
            state, _ = act(state, seat, "ready:draw=no,point=strength")
    return state


def test_ocular_precision_lends_its_range_to_the_next_ranged_attack_only() -> None:
    """Ocular Precision: "Your ranged weapons receive +5 to range for your next attack"; RB Space Shop:
    injections work "only once per purchase". After one Ocular Precision and an Action Boost, a second
    Pocket Pistol shot (range 8) at 13 squares is no longer offered; a second purchase lends it again."""
    state = table()
    place(state, p1="D4", p2="D17")  # 13 squares
    hand(state, "p1", "pocket_pistol")
    state.agents["p1"].credits = 10
    shot = "play:card=pocket_pistol.1,at=a2"
    assert not _offers(state, "p1", shot)
    state, _ = act(state, "p1", "buy:item=ocular_precision")
    assert _offers(state, "p1", shot)  # 8 + 5
    state = _hit(state, shot)
    assert state.agents["p2"].life == 18
    state, _ = act(state, "p1", "buy:item=action_boost")
    assert not _offers(state, "p1", shot)  # spent on the first shot
    state, _ = act(state, "p1", "buy:item=ocular_precision")
    assert _offers(state, "p1", shot)


def test_ocular_precision_is_spent_by_the_next_ranged_attack_even_at_short_range() -> None:
    """Ocular Precision is "for your next attack": the next ranged attack spends it, whether it needed the
    range or not; a Melee Weapon's attack does not ("Your ranged weapons receive +5 to range")."""
    state = table()
    place(state, p1="D4", p2="E5")
    hand(state, "p1", "pocket_pistol", "combat_knife")
    state.agents["p1"].credits = 10
    shot = "play:card=pocket_pistol.1,at=a2"
    state, _ = act(state, "p1", "buy:item=ocular_precision")
    state = _hit(state, "play:card=combat_knife.1,at=a2")
    state, _ = act(state, "p1", "buy:item=action_boost")
    state.agents["p2"].cell = "D17"  # (the board is set by hand) 13 squares: Ocular Precision still waits
    assert _offers(state, "p1", shot)
    state.agents["p2"].cell = "D9"  # 5 squares: no need of it
    state = _hit(state, shot)
    state, _ = act(state, "p1", "buy:item=action_boost")
    state.agents["p2"].cell = "D17"
    assert not _offers(state, "p1", shot)


def test_ocular_precision_lasts_only_the_turn_it_was_bought_in() -> None:
    """RB Space Shop: "The effect lasts only in the round in which the injection was bought" (A-42: the
    buyer's turn)."""
    state = table()
    place(state, p1="D4", p2="D17")
    hand(state, "p1", "pocket_pistol")
    state.agents["p1"].credits = 1
    state, _ = act(state, "p1", "buy:item=ocular_precision")
    state, _ = act(state, "p1", "end")
    state = _next_round(state, "p2")
    assert IPA.prompts(state)[0].seat == "p1"
    assert not _offers(state, "p1", "play:card=pocket_pistol.1,at=a2")


def test_krono_blood_adds_one_to_the_next_melee_attack_only() -> None:
    """Modified Krono Blood: "Gives your melee weapons +1 damage for your next attack ... You may use this
    injection only once per action"."""
    state = table()
    place(state, p1="D4", p2="E5")
    hand(state, "p1", "combat_knife")
    state.agents["p1"].credits = 10
    state, _ = act(state, "p1", "buy:item=modified_krono_blood")
    state = _hit(state, "play:card=combat_knife.1,at=a2")
    assert state.agents["p2"].life == 17  # 2 + 1
    state, _ = act(state, "p1", "buy:item=action_boost")
    state = _hit(state, "play:card=combat_knife.1,at=a2")
    assert state.agents["p2"].life == 15  # 2: spent


def test_the_damage_converter_payment_ends_with_the_turn_though_the_weapon_stays_active() -> None:
    """Example Game round 5: the Damage Converter's payment: "The effect lasts only during this round."
    A confused Agent's weapons stay active into its next turn (RB Confuse), its fire +1 does not."""
    state = table()
    place(state, p1="D4", p2="D12")
    hand(state, "p1", "damage_converter", "light_weight")
    state.agents["p1"].credits = 1
    state, _ = act(state, "p1", "play:card=damage_converter.1")
    state, _ = act(state, "p1", "convert:card=light_weight.1")
    with dice(1, 2):
        state, _ = act(state, "p1", "play:card=light_weight.1,at=a2")
        assert "(3 fire)" in IPA.prompts(state)[0].text
        state = answer_all(state)
    state, _ = act(state, "p1", "end")
    state.agents["p1"].statuses.append(StatusOn(status="confuse", by="p2"))
    state = _next_round(state, "p2")
    prompt = IPA.prompts(state)[0]
    assert prompt.kind == "defend" and "with Light Weight (2 physical)" in prompt.text, prompt.text


def test_a_focused_shot_follows_a_shot_of_this_turn_not_a_card_left_active() -> None:
    """R-31 on RB Focused Shot ("When a unit fires with a ranged weapon, it may fire an additional shot"):
    the shot must be of this turn; a Ranged Weapon left face up from the last round (a confused Agent's,
    RB Confuse: "the card remains active until the effect of Confuse has ended") does not count."""
    state = table(seats=3, focused_shot=True)
    place(state, p1="D4", p2="D6", p3="K4")
    state.walls = ["D5"]  # p2, the nearest, is out of sight
    hand(state, "p1", "light_weight", "med_patch")
    state = _hit(state, "play:card=light_weight.1,at=a3")
    state, _ = act(state, "p1", "end")
    state.agents["p1"].statuses.append(StatusOn(status="confuse", by="p2"))
    state = _next_round(state, "p2", "p3")
    assert IPA.prompts(state)[0].seat == "p1" and IPA.prompts(state)[0].kind == "turn"
    assert not any(i.kind == "focus" for i in IPA.legal(state, "p1"))
    assert not any(i.kind == "play" for i in IPA.legal(state, "p1"))


def test_a_force_fields_loss_is_taken_once_in_the_turn() -> None:
    """Gravitational Enforcer: "In the round in which a unit is within a force field, the unit loses 2
    movement points for the rest of the round"; Speed Boost: "You may move up to 2 squares additionally
    once in this round. You may take actions between your normal movement and the movement you receive from
    the Speed Boost." A field that took its 2 points in the normal move does not take them again from the
    Speed Boost's squares; a field first met in them does."""
    state = table()
    place(state, p1="L12", p2="X24")
    state.equipment["e1"] = EquipmentState(
        unit="e1", kind="gravitational_enforcer", owner="p2", cell="L14", life=6, placed=0, armed=True
    )
    state.agents["p1"].credits = 4
    state, _ = act(state, "p1", "move:unit=a1,to=L11")  # 1 of its 3 squares, still in the field
    state, _ = act(state, "p1", "buy:item=speed_boost")
    assert _offers(state, "p1", "move:unit=a1,to=L9")  # the Speed Boost's 2 squares
    state, _ = act(state, "p1", "move:unit=a1,to=L9")
    state, _ = act(state, "p1", "buy:item=speed_boost")
    state.equipment["e2"] = EquipmentState(
        unit="e2", kind="gravitational_enforcer", owner="p2", cell="L4", life=6, placed=0, armed=True
    )
    assert _offers(state, "p1", "move:unit=a1,to=L8")  # outside both fields: the 2 squares stand
    assert not _offers(state, "p1", "move:unit=a1,to=L7")  # into a second field: 1 square in all, moved 3


def test_two_fields_allow_one_square_in_the_whole_turn() -> None:
    """Gravitational Enforcer: "If a unit is trapped in 2 force fields, that unit can move only 1 square"
    (the Speed Boost's squares included)."""
    state = table()
    place(state, p1="L12", p2="X24")
    for unit, cell in (("e1", "L14"), ("e2", "L10")):
        state.equipment[unit] = EquipmentState(
            unit=unit, kind="gravitational_enforcer", owner="p2", cell=cell, life=6, placed=0, armed=True
        )
    state.agents["p1"].credits = 2
    state, _ = act(state, "p1", "move:unit=a1,to=K12")
    state, _ = act(state, "p1", "buy:item=speed_boost")
    assert not any(i.kind == "move" and i.get("unit") == "a1" for i in IPA.legal(state, "p1"))


def test_a_sentry_taken_over_in_the_round_it_was_placed_does_not_fire_in_it() -> None:
    """Sentry: "It cannot fire in the round in which it was placed"; RB Takeover: "Field equipment that you
    take over may be used in the same round in which you found it" (unless that rule stops it)."""
    state = table(seats=3)
    place(state, p1="D4", p2="F4", p3="F12")
    state.agents["p1"].credits = 3
    state.agents["p1"].life = 1
    state, _ = act(state, "p1", "buy:item=sentry,at=E4")
    state, _ = act(state, "p1", "end")
    hand(state, "p2", "thunderbolt")
    state.agents["p2"].credits = 4
    state, _ = act(state, "p2", "buy:item=action_boost")
    with dice(1, 2):
        state, _ = act(state, "p2", "play:card=thunderbolt.1,at=a1")
        state = answer_all(state)
    assert not state.agents["p1"].alive
    state, _ = act(state, "p2", "takeover:unit=e1")
    assert state.equipment["e1"].owner == "p2"
    assert not any(i.kind == "shoot" for i in IPA.legal(state, "p2"))
    state = _next_round(state, "p2", "p3")
    assert _offers(state, "p2", "shoot:unit=e1,at=a3")


def test_sale_credits_do_not_outlive_a_turn_the_agent_died_in() -> None:
    """RB Space Shop: "Credits you receive from selling items must be spent immediately, i.e. while you are
    still in turn"; R-39: a revived Agent has "the inventory it had", not its last turn's sale credits."""
    state = table(seats=3)
    place(state, p1="D4", p2="D6")
    state.agents["p1"].life = 1
    hand(state, "p1", "nerve_jolt", "thunderbolt")
    state, _ = act(state, "p1", "sell:card=nerve_jolt.1")
    assert state.agents["p1"].turn_credits == 2
    with dice(6, 6):  # the double 6 reflects 1 damage: p1 dies in its own turn
        state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
        state = answer_all(state)
    assert not state.agents["p1"].alive
    hand(state, "p2", "reboot_charge")
    state.agents["p2"].abilities["intellect"] = 5
    state, _ = act(state, "p2", "play:card=reboot_charge.1,at=a1")
    state = answer_all(state)
    assert state.agents["p1"].alive
    state = _next_round(state, "p2", "p3")
    assert IPA.prompts(state)[0].seat == "p1"
    assert state.agents["p1"].turn_credits == 0
    assert not any(i.kind == "buy" for i in IPA.legal(state, "p1"))


# --- the turn's header ---------------------------------------------------------------------------------


def test_the_turn_header_says_what_is_left_after_each_deed() -> None:
    """RB "Turns": "Each unit may be moved once per round and take one action". Issue 28: after "Ann's Agent
    moves to A6 (5 squares)." the header said "move available" while Move was no longer offered."""
    state = IPA.setup(["ann", "bo"], 7, {"battle_map": "standard_5"})
    state.walls, state.events = [], []
    hand(state, "ann", "pocket_pistol")
    state.agents["ann"].credits = 10
    prompt = IPA.prompts(state)[0]
    assert "move available (up to 5 squares)" in prompt.text and "actions left 1/1" in prompt.text
    state, texts = act(state, "ann", "move:unit=a1,to=A6")
    assert texts == ["ann's Agent moves from A1 to A6 (5 squares)."]
    prompt = IPA.prompts(state)[0]
    assert not any(i.kind == "move" and i.get("unit") == "a1" for i in IPA.legal(state, "ann"))
    assert "move used" in prompt.text and "move available" not in prompt.text
    assert "move used" in prompt.public and "move available" not in prompt.public
    state, _ = act(state, "ann", "buy:item=speed_boost")
    assert "Speed Boost: up to 2 more squares" in IPA.prompts(state)[0].text
    state, _ = act(state, "ann", "buy:item=ocular_precision")
    assert "Ocular Precision: +5 range for the next ranged attack" in IPA.prompts(state)[0].text
    state.agents["bo"].cell = "A12"
    state = answer_all(act(state, "ann", "play:card=pocket_pistol.1,at=a2")[0])
    text = IPA.prompts(state)[0].text
    assert "actions left 0/1" in text and "Ocular Precision" not in text, text
    state, _ = act(state, "ann", "move:unit=a1,to=A8")
    assert "Speed Boost" not in IPA.prompts(state)[0].text and "move used" in IPA.prompts(state)[0].text
    state, _ = act(state, "ann", "buy:item=action_boost")
    assert "actions left 1/2" in IPA.prompts(state)[0].text
