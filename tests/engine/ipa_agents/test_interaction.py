"""Rules scenarios for the rules between players: the Rift in its owner's turn, passing through units,
gifts and bribes, SP transfers; each quoting the passage it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.ipa_agents.game import IPA

from .helpers import act, answer_all, dice, hand, place, table


def _thunderbolt(state, defence=(2, 3)):  # type: ignore[no-untyped-def]
    hand(state, "p1", "thunderbolt")
    with dice(*defence):
        state, _ = act(state, "p1", "play:card=thunderbolt.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    return state


def test_a_rift_in_its_owners_turn_cancels_the_previous_players_last_action() -> None:
    """RB Rift: "The rift can cancel the last action of the previous player (not the last action of the game
    round), and thereby annul its effect on the target." "Using this card costs one action.\""""
    state = table()
    place(state, p1="D4", p2="D9")
    state = _thunderbolt(state)
    assert state.agents["p2"].life == 16
    hand(state, "p2", "bright_light")
    state, _ = act(state, "p1", "end")
    assert Intent.parse("rift:card=bright_light.1") in IPA.legal(state, "p2")
    state, texts = act(state, "p2", "rift:card=bright_light.1")
    assert state.agents["p2"].life == 20 and "bright_light.1" in state.recycle
    assert any("last action is cancelled" in t for t in texts)
    assert not any(i.kind == "play" for i in IPA.legal(state, "p2"))  # the action is spent


def test_the_rift_reaches_only_the_previous_players_action() -> None:
    """RB Rift: "the last action of the previous player (not the last action of the game round)": once
    another player's turn has passed, the action can no longer be cancelled."""
    state = table(seats=3)
    place(state, p1="D4", p2="D9", p3="D14")
    state = _thunderbolt(state)
    hand(state, "p3", "bright_light")
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "end")
    assert not any(i.kind == "rift" for i in IPA.legal(state, "p3"))


def test_space_vacuum_only_undoes_a_space_manipulation() -> None:
    """RB: Space Vacuum: "Target Space Manipulation (and its effect) is sucked into the rift and is placed on
    the recycle pile"; "can only be used against a Space Manipulation, if it is active"."""
    state = table()
    place(state, p1="D4", p2="D9")
    state = _thunderbolt(state)
    hand(state, "p2", "space_vacuum")
    state.agents["p2"].abilities.update(precision=12, strength=12, intellect=12)
    state, _ = act(state, "p1", "end")
    assert not any(i.kind == "rift" for i in IPA.legal(state, "p2"))  # Thunderbolt is an Artifact
    state = table()
    place(state, p1="D4", p2="D9")
    hand(state, "p1", "electrocute")
    state.agents["p1"].abilities["intellect"] = 5
    with dice(6, 2, 3):
        state, _ = act(state, "p1", "play:card=electrocute.1,at=a2")
        state, _ = act(state, "p2", "defend:roll=yes")
        state = answer_all(state)
    assert state.agents["p2"].life == 17
    hand(state, "p2", "space_vacuum")
    state.agents["p2"].abilities.update(precision=12, strength=12, intellect=12)
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "rift:card=space_vacuum.1")
    assert state.agents["p2"].life == 20 and "electrocute.1" in state.recycle
    assert not state.agents["p1"].active


# --- passing through units ------------------------------------------------------------------------------


def test_a_unit_passes_another_only_with_its_owners_permission() -> None:
    """RB Physics: "Your units may only move through other units if the owner of the unit through which your
    unit is to move allows it. Units normally cannot stand on squares that are already occupied"."""
    state = table()
    place(state, p1="D4", p2="D5")
    state.walls = ["C5", "E5"]
    through = Intent.parse("move:unit=a1,to=D7")
    assert not IPA.is_legal(state, "p1", through)
    state.agents["p2"].permits = ["p1"]
    assert IPA.is_legal(state, "p1", through)
    assert not IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=D5"))  # never to stop on it
    state2 = table()
    place(state2, p1="D4", p2="D9")
    state2, texts = act(state2, "p1", "permit:seat=p2,allow=yes")
    assert state2.agents["p1"].permits == ["p2"] and "lets p2's units move through" in texts[0]
    assert IPA.view(state2, None)["agents"][0]["permits"] == ["p2"]


def test_molecular_manipulation_passes_one_unit_once_without_permission() -> None:
    """RB Injections: Molecular Manipulation: "Price 3 credits. In this round you may pass through one unit
    once without its permission.\""""
    state = table(seats=3)
    place(state, p1="D4", p2="D5", p3="D6")
    state.walls = ["C5", "E5", "C6", "E6"]
    state.agents["p1"].credits = 3
    state, _ = act(state, "p1", "buy:item=molecular_manipulation")
    assert state.agents["p1"].credits == 0
    assert not IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=D7"))  # two units in the way
    state.agents["p3"].cell = "X1"
    assert IPA.is_legal(state, "p1", Intent.parse("move:unit=a1,to=D7"))
    state, _ = act(state, "p1", "move:unit=a1,to=D7")
    assert state.turn.used("molecular_spent") == 1


# --- gifts, bribes and SP -------------------------------------------------------------------------------


def test_a_gift_next_to_the_recipient_is_free_and_once_a_round() -> None:
    """RB "Bribes and Gifts": "Per round you may give away only 1 Item Card, and only if you yourself are in
    turn." "You may accept items at any time.\""""
    state = table()
    place(state, p1="D4", p2="E5")
    hand(state, "p1", "uzi", "combat_knife")
    hand(state, "p2")
    state, texts = act(state, "p1", "give:card=uzi.1,to=p2")
    assert texts == ["p1 offers p2 a card."]
    assert [p.seat for p in IPA.prompts(state)] == ["p2"] and "Uzi" not in IPA.prompts(state)[0].text
    assert IPA.view(state, "p2")["offered"] == "Uzi"
    assert IPA.view(state, None)["offered"] is None and IPA.view(state, "p1")["offered"] is None
    state, _ = act(state, "p2", "gift:take=yes")
    assert state.agents["p2"].hand == ["uzi.1"] and state.agents["p1"].hand == ["combat_knife.1"]
    assert not any(i.kind == "give" for i in IPA.legal(state, "p1"))


def test_a_gift_from_afar_costs_one_credit_paid_by_either() -> None:
    """RB: "If the Agent to whom you want to give the card does not stand on an adjoining square (including
    diagonally), either the giver or the recipient must pay 1 credit at the shop so that the item can be
    handed over.\""""
    state = table()
    place(state, p1="D4", p2="D9")
    hand(state, "p1", "uzi")
    assert not any(i.kind == "give" for i in IPA.legal(state, "p1"))  # nobody can pay
    state.agents["p2"].credits = 1
    state, _ = act(state, "p1", "give:card=uzi.1,to=p2")
    assert Intent.parse("gift:take=yes") not in IPA.legal(state, "p2")  # the giver cannot pay
    state, texts = act(state, "p2", "gift:take=pay")
    assert state.agents["p2"].credits == 0 and state.agents["p2"].hand[-1] == "uzi.1"
    assert "p2 pays 1 credit" in texts[0]


def test_a_declined_gift_stays_with_the_giver() -> None:
    """A-33: the card offered stays with the giver when the recipient declines, and the gift is not
    counted."""
    state = table()
    place(state, p1="D4", p2="E5")
    hand(state, "p1", "uzi")
    state, _ = act(state, "p1", "give:card=uzi.1,to=p2")
    state, _ = act(state, "p2", "gift:take=no")
    assert state.agents["p1"].hand == ["uzi.1"] and state.agents["p1"].gifts == 0


def test_sp_transfers_cost_one_credit_in_the_givers_turn() -> None:
    """RB Space Shop: "You may hand SP from one Agent to another Agent. Such a transaction costs 1 credit,
    and it may only be carried out when the giver is in turn.\""""
    state = table()
    state.agents["p1"].sp, state.agents["p1"].credits = 3, 1
    assert Intent.parse("transfer:to=p2,sp=3") in IPA.legal(state, "p1")
    state, _ = act(state, "p1", "transfer:to=p2,sp=2")
    assert (state.agents["p1"].sp, state.agents["p2"].sp, state.agents["p1"].credits) == (1, 2, 0)
    assert not any(i.kind == "transfer" for i in IPA.legal(state, "p1"))
    assert not IPA.legal(state, "p2")


# --- field equipment an Agent moves ---------------------------------------------------------------------


def test_ue5_moves_own_field_equipment_for_an_action() -> None:
    """UE 5: "The Agent may move its field equipment. The Agent must stand next to the field equipment and to
    the square to which the Agent wants to move the field equipment (including diagonally). Moving a piece
    of field equipment costs 1 action.\""""
    from engine.ipa_agents.state import EquipmentState

    state = table()
    place(state, p1="D4", p2="X24")
    state.equipment["e1"] = EquipmentState(unit="e1", kind="sentry", owner="p1", cell="E4", life=4, placed=0)
    assert not any(i.kind == "relocate" for i in IPA.legal(state, "p1"))
    state.agents["p1"].ue = "move_equipment"
    assert Intent.parse("relocate:unit=e1,to=C3") in IPA.legal(state, "p1")
    assert Intent.parse("relocate:unit=e1,to=F4") not in IPA.legal(state, "p1")  # not next to the Agent
    state, _ = act(state, "p1", "relocate:unit=e1,to=C3")
    assert state.equipment["e1"].cell == "C3" and state.turn.used("action") == 1


def test_space_tunnels_need_modified_gene_structuring() -> None:
    """RB Injections: Modified Gene Structuring: "Ensures your body can withstand the strain of using a Space
    Tunnel once. (You must buy this injection if you want to use a Space Tunnel.)\""""
    from engine.ipa_agents.state import EquipmentState

    state = table()
    place(state, p1="D4", p2="X24")
    for unit, cell in (("e1", "E4"), ("e2", "P16")):
        state.equipment[unit] = EquipmentState(
            unit=unit, kind="space_tunnel", owner="p1", cell=cell, life=None, placed=0
        )
    assert not any(i.kind == "tunnel" for i in IPA.legal(state, "p1"))
    state.agents["p1"].credits = 2
    state, _ = act(state, "p1", "buy:item=modified_gene_structuring")
    assert Intent.parse("tunnel:via=e2,to=P17") in IPA.legal(state, "p1")
    state, _ = act(state, "p1", "tunnel:via=e2,to=P17")
    assert state.agents["p1"].cell == "P17"
    assert not any(i.kind == "tunnel" for i in IPA.legal(state, "p1"))  # once per injection
    assert any(i.kind == "move" for i in IPA.legal(state, "p1"))  # the move is still to come
