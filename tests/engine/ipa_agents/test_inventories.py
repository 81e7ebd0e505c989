"""Constructs activated in another Agent's inventory, and items that bring the dead back to life (R-38,
R-39); the token-making cards are not a rulebook mechanic (R-40)."""

from __future__ import annotations

from engine.core import Intent
from engine.core.agents import decide
from engine.ipa_agents.effects import die
from engine.ipa_agents.game import IPA
from engine.ipa_agents.pack import pack
from engine.ipa_agents.rules import ability

from .helpers import act, hand, place, table


def test_a_construct_activated_in_another_agents_inventory() -> None:
    """RB Construct: "Activating a Construct costs no action"; "Some Constructs are activated in the
    inventory of another Agent. The activating Agent must fulfil the ability requirements. The other Agent
    becomes the new owner of the Construct."; "The target must be in the Agent's line of sight.\""""
    state = table()
    place(state, p1="D4", p2="D8")
    hand(state, "p1", "lead_collar")
    state.agents["p2"].abilities["strength"] = 5
    assert not any(i.kind == "play" and i.get("card") == "lead_collar.1" for i in IPA.legal(state, "p1"))
    state.agents["p1"].abilities["intellect"] = 3  # the activating Agent's requirement
    assert Intent.of("play", card="lead_collar.1", at="a2") in IPA.legal(state, "p1")
    assert Intent.of("play", card="lead_collar.1") not in IPA.legal(state, "p1")
    state, said = act(state, "p1", "play:card=lead_collar.1,at=a2")
    p1, p2 = state.agents["p1"], state.agents["p2"]
    assert "lead_collar.1" not in p1.hand and not p1.active
    assert [a.card for a in p2.active] == ["lead_collar.1"]  # the new owner, face up
    assert ability(state, p2, "strength") == 2 and ability(state, p1, "strength") == 1
    assert state.turn.used("action") == 0  # no action
    assert any("owns it now" in s for s in said)
    assert not any(p.kind == "defend" for p in IPA.prompts(state))  # an inventory gets no defensive roll


def test_a_planted_construct_needs_sight_and_ends_with_its_owner() -> None:
    """RB Construct: "The target must be in the Agent's line of sight"; "You may deactivate Constructs only
    when the Agent is dead"; "If an Agent dies, all Item Cards are deactivated and their effect ends
    (including constructs).\""""
    state = table()
    place(state, p1="D4", p2="D8")
    hand(state, "p1", "lead_collar")
    state.agents["p1"].abilities["intellect"] = 3
    state.walls = ["D6"]
    assert Intent.of("play", card="lead_collar.1", at="a2") not in IPA.legal(state, "p1")
    state.walls = []
    place(state, p2="D11")  # 7 squares: beyond the house range of 6
    assert Intent.of("play", card="lead_collar.1", at="a2") not in IPA.legal(state, "p1")
    place(state, p2="D10")
    state, _ = act(state, "p1", "play:card=lead_collar.1,at=a2")
    assert ability(state, state.agents["p2"], "strength") == 0  # a burden stops at 0
    die(state, "p2", None)
    assert "lead_collar.1" in state.agents["p2"].hand and not state.agents["p2"].active


def test_an_item_brings_a_dead_agent_back_to_life() -> None:
    """RB Death: "Some items can bring dead players back to life."; "If an Agent dies, its "corpse" remains
    on the battle map."; Artifact: "Activating this card costs one action"; "The target must be in the
    Agent's line of sight.\""""
    state = table(seats=3)
    place(state, p1="D4", p2="D6", p3="X24")
    hand(state, "p1", "reboot_charge")
    hand(state, "p2", "uzi")
    state.agents["p1"].abilities["intellect"] = 5
    die(state, "p2", None)
    assert Intent.of("play", card="reboot_charge.1", at="a2") in IPA.legal(state, "p1")
    assert Intent.of("play", card="reboot_charge.1", at="a3") not in IPA.legal(state, "p1")  # alive
    state, said = act(state, "p1", "play:card=reboot_charge.1,at=a2")
    p2 = state.agents["p2"]
    life = next(e.life for e in pack().cards["reboot_charge"].effects if e.op == "revive")
    assert p2.alive and p2.life == life and p2.cell == "D6" and p2.hand == ["uzi.1"]
    assert "p2" not in state.dead and state.result is None
    assert state.turn.used("action") == 1
    assert any("back to life" in s for s in said)


def test_a_corpse_under_a_unit_or_out_of_sight_is_not_revived() -> None:
    """RB Death: "You may stand on squares on which dead units lie"; Physics: "Units normally cannot stand
    on squares that are already occupied by another unit" (R-39: the corpse's square must be free)."""
    state = table(seats=3)
    place(state, p1="D4", p2="D6", p3="X24")
    hand(state, "p1", "reboot_charge")
    state.agents["p1"].abilities["intellect"] = 5
    die(state, "p2", None)
    place(state, p3="D6")
    assert Intent.of("play", card="reboot_charge.1", at="a2") not in IPA.legal(state, "p1")
    place(state, p3="X24")
    state.walls = ["D5"]
    assert Intent.of("play", card="reboot_charge.1", at="a2") not in IPA.legal(state, "p1")
    state.walls = []
    place(state, p2="D8")  # 4 squares: beyond the house range of 3
    assert Intent.of("play", card="reboot_charge.1", at="a2") not in IPA.legal(state, "p1")


def test_the_pack_carries_each_family() -> None:
    cards = pack().cards
    assert cards["lead_collar"].planted and cards["lead_collar"].provenance == "house"
    assert cards["reboot_charge"].revives() is not None and cards["reboot_charge"].provenance == "house"
    assert sum(c.copies for c in cards.values()) == 200


def test_a_revived_agent_plays_its_next_turn() -> None:
    """RB Death: "Some items can bring dead players back to life" (R-39: it plays its turns again in seat
    order)."""
    state = table(seats=3)
    place(state, p1="D4", p2="D6", p3="X24")
    hand(state, "p1", "reboot_charge")
    state.agents["p1"].abilities["intellect"] = 5
    die(state, "p2", None)
    state, _ = act(state, "p1", "play:card=reboot_charge.1,at=a2")
    state, _ = act(state, "p1", "end")
    assert [(p.seat, p.kind) for p in IPA.prompts(state)] == [("p2", "turn")]


def test_the_heuristic_agent_does_not_revive_an_enemy() -> None:
    from engine.ipa_agents.agent import HeuristicAgent

    state = table(seats=3)
    place(state, p1="D4", p2="D6", p3="X24")
    hand(state, "p1", "reboot_charge")
    state.agents["p1"].abilities["intellect"] = 5
    die(state, "p2", None)
    legal = IPA.legal(state, "p1")
    assert Intent.of("play", card="reboot_charge.1", at="a2") in legal
    assert decide(HeuristicAgent(1), IPA, state, "p1", legal) != Intent.of(
        "play", card="reboot_charge.1", at="a2"
    )
