"""Rules scenarios for Confuse and Mind Control, each quoting the passage it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.ipa_agents.game import IPA

from .helpers import act, answer_all, dice, hand, inflict, place, table


def test_a_confused_unit_first_attacks_the_nearest_target_friend_or_enemy() -> None:
    """RB Confuse: "The first thing a confused unit does when it is next in turn is an attack on the nearest
    target (friend or enemy). After the attack the unit may move. ... Otherwise the target itself determines
    which item is used." Here the nearest is p3 (2 squares), not p1 who confused it (8)."""
    state = table(seats=3)
    place(state, p1="D4", p2="D12", p3="D14")
    state.agents["p2"].hand = ["thunderbolt.1", "enhanced_sun_rays.1", "med_patch.1"]
    state = inflict(state, "static_haze")
    prompts = IPA.prompts(state)
    assert [p.kind for p in prompts] == ["confused"] and prompts[0].seat == "p2"
    assert IPA.legal(state, "p2") == [
        Intent.parse("confused:card=enhanced_sun_rays.1"),
        Intent.parse("confused:card=thunderbolt.1"),
    ]
    with dice(2, 3):
        state, texts = act(state, "p2", "confused:card=thunderbolt.1")
    assert IPA.prompts(state)[0].seat == "p3" and IPA.prompts(state)[0].kind == "defend"  # p3 is attacked
    with dice(2, 3):
        state, _ = act(state, "p3", "defend:roll=yes")
    state = answer_all(state)
    assert state.agents["p3"].life == 13
    assert not any(i.kind == "play" for i in IPA.legal(state, "p2"))  # the action is used
    assert any(i.kind == "move" for i in IPA.legal(state, "p2"))  # "After the attack the unit may move"
    assert not state.agents["p2"].statuses


def test_a_confused_unit_without_a_weapon_shows_its_hand_and_loses_the_action() -> None:
    """RB Confuse: "If the target has no items with which it can attack, it must show all its cards to the
    other players. The action is nevertheless lost/used.\""""
    state = table()
    place(state, p1="D4", p2="D12")
    state.agents["p2"].hand = ["med_patch.1"]
    state = inflict(state, "static_haze")
    assert IPA.prompts(state)[0].kind == "turn" and IPA.prompts(state)[0].seat == "p2"
    assert any("shows the hand: Med Patch" in line for line in state.log)
    assert not any(i.kind == "pickup" or i.kind == "play" for i in IPA.legal(state, "p2"))


def test_mind_control_plays_the_targets_next_turn_with_two_random_cards() -> None:
    """RB Mind Control: "You take control of the target when it is next in turn. If the target is an Agent,
    you may draw two random cards from its inventory, which you may activate against someone if the
    abilities of the target allow it ... Any type of credits required ... must be paid by you"; "You may not
    sell the Agent's Item Cards"; "You may not use the Agent's field equipment"."""
    state = table(seats=3)
    place(state, p1="D4", p2="D12", p3="M12")
    state.agents["p2"].hand = ["thunderbolt.1", "combat_knife.1"]
    state = inflict(state, "puppet_thread")
    assert state.control is not None and sorted(state.control.cards) == ["combat_knife.1", "thunderbolt.1"]
    prompts = IPA.prompts(state)
    assert [(p.seat, p.kind) for p in prompts] == [("p1", "turn")]
    assert IPA.view(state, None)["controlled_by"] == "p1"
    kinds = {i.kind for i in IPA.legal(state, "p1")}
    assert kinds <= {"steer", "wield", "release"} and "sell" not in kinds and not IPA.legal(state, "p2")
    assert Intent.parse("wield:card=thunderbolt.1,at=a3") in IPA.legal(state, "p1")
    with dice(2, 3):
        state, _ = act(state, "p1", "wield:card=thunderbolt.1,at=a3")
        state, _ = act(state, "p3", "defend:roll=yes")
    state = answer_all(state)
    assert state.agents["p3"].life == 13 and "thunderbolt.1" not in state.agents["p2"].hand
    state, _ = act(state, "p1", "steer:to=D15")
    assert state.agents["p2"].cell == "D15"
    state, _ = act(state, "p1", "release")
    assert state.control is None and IPA.prompts(state)[0].seat == "p3"


def test_the_cards_mind_control_draws_are_named_only_to_the_controller_and_the_target() -> None:
    """Hidden information: the two random cards are named to the controller (who uses them) and to the
    target's
    player (whose hand they come from), never to a third player nor in the public view."""
    state = table(seats=3)
    place(state, p1="D4", p2="D12", p3="M12")
    state.agents["p2"].hand = ["thunderbolt.1", "combat_knife.1", "uzi.1"]
    state.agents["p3"].hand = []  # its own hand is its to see
    state.agents["p1"].abilities["intellect"] = 9
    hand(state, "p1", "puppet_thread")
    with dice(2, 3):
        state, _ = act(state, "p1", "play:card=puppet_thread.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    state, events = IPA.apply(state, "p1", Intent("end"))
    assert state.control is not None and len(state.control.cards) == 2
    drawn = state.control.cards
    names = {c.split(".")[0].replace("_", " ") for c in drawn}
    for viewer, told in ((None, False), ("p3", False), ("p1", True), ("p2", True)):
        seen = " ".join(e.text for e in events if e.visible_to(viewer)).lower()
        assert all((n in seen) is told for n in names), (viewer, seen)
    assert not any(n in str(IPA.view(state, "p3")).lower() for n in names)
