"""The rulebook's Example Game (pages 14-19), its six rounds played through the engine.

The rulebook gives the moves, cards and dice but no squares: ours are chosen so that every distance, range
and line of sight it states holds (P1 starts on D4, P2 on H21; three walls on B8-B10 hide P1 in round 2).
The cards P1 and P2 sell are house cards of the right price (two Combat Knives for 1, a Nerve Jolt for 2);
the round-end draws are rigged so that P1 holds the two Uzis by round 6. Every other number is the
rulebook's; each round's block quotes its passage.
"""

from __future__ import annotations

from engine.ipa_agents.game import IPA
from engine.ipa_agents.state import EventToken, IpaState

from .helpers import act, dice, hand, place, table


def _turn_of(state: IpaState) -> str:
    prompts = IPA.prompts(state)
    assert [p.kind for p in prompts] == ["turn"], [(p.seat, p.kind) for p in prompts]
    return prompts[0].seat


def _hit(state: IpaState, defender: str, faces: tuple[int, ...], roll: bool = True) -> IpaState:
    """The defender rolls (or forgoes) with the dice ``faces``; nobody plays a Rift."""
    with dice(*faces):
        state, _ = act(state, defender, f"defend:roll={'yes' if roll else 'no'}")
    return _no_rift(state)


def _no_rift(state: IpaState) -> IpaState:
    while any(p.kind == "rift" for p in IPA.prompts(state)):
        p = next(p for p in IPA.prompts(state) if p.kind == "rift")
        state, _ = act(state, p.seat, "pass")
    return state


def _round_end(state: IpaState, p1_point: str, p2_point: str, p1_draw: str, p2_draw: str) -> IpaState:
    """'The round is complete and each player draws 1 new Item Card and advances 1 rank.'"""
    assert {p.kind for p in IPA.prompts(state)} == {"round_end"}
    for card in (p2_draw, p1_draw):  # p1 draws first: its card on top
        if card in state.deck:
            state.deck.remove(card)
        state.deck.append(card)
    state, _ = act(state, "p1", f"ready:draw=yes,point={p1_point}")
    state, _ = act(state, "p2", f"ready:draw=yes,point={p2_point}")
    return state


def _setup() -> IpaState:
    state = table()
    place(state, p1="D4", p2="H21")
    state.walls = ["B8", "B9", "B10"]
    state.events = [
        EventToken(cell="D11", kind="debris"),
        EventToken(cell="A9", kind="aliens"),
        EventToken(cell="H18", kind="ue"),
    ]
    hand(
        state,
        "p1",
        "combat_knife.1",
        "combat_knife.2",
        "brain_juicer",
        "electrocute",
        "nerve_jolt.1",
        "damage_converter",
        "light_weight",
    )
    hand(
        state,
        "p2",
        "thunderbolt",
        "multitasking",
        "destroy_field_equipment",
        "artifact_of_stunning",
        "enhanced_sun_rays",
        "bright_light",
        "damnation",
    )
    held = set(state.agents["p1"].hand) | set(state.agents["p2"].hand)
    state.deck = [c for c in state.deck if c not in held]
    return state


def _round_1(state: IpaState) -> IpaState:
    """Round 1: "Player 1: Moves 5 squares. In the space shop he buys the injection "Speed Boost" ... Speed
    Boost costs 2 credits, which he pays with two of his Item Cards. Player 1 comes onto an Event. He uses an
    action to pick up the Event and receives 2 SP from it"; "Player 2: Moves 5 squares and activates the
    Artifact "Thunderbolt" against Player 1. Thunderbolt can deal 4 energy damage ... rolls a 5 and a 3.
    Player 1 loses 4 life. Player 2 places his Artifact on the recycle pile"."""
    assert _turn_of(state) == "p1"
    state, _ = act(state, "p1", "move:unit=a1,to=D9")
    state, _ = act(state, "p1", "sell:card=combat_knife.1")
    state, _ = act(state, "p1", "sell:card=combat_knife.2")
    state, _ = act(state, "p1", "buy:item=speed_boost")
    state, _ = act(state, "p1", "move:unit=a1,to=D11")
    state, _ = act(state, "p1", "pickup")
    assert state.agents["p1"].sp == 2 and state.agents["p1"].turn_credits == 0
    state, _ = act(state, "p1", "end")
    assert _turn_of(state) == "p2"
    state, _ = act(state, "p2", "move:unit=a2,to=H16")
    state, _ = act(state, "p2", "play:card=thunderbolt.1,at=a1")
    state = _hit(state, "p1", (5, 3))
    assert state.agents["p1"].life == 16
    state, _ = act(state, "p2", "end")
    return _round_end(state, "intellect", "strength", "uzi.1", "nerve_jolt.2")


def _round_2(state: IpaState) -> IpaState:
    """Round 2: "Activates his Construct "Brain Juicer", which gives his Agent +4 Intellect. He now has enough
    Intellect to activate his Space Manipulation "Electrocute", which requires 5 Intellect ... He rolls a 6,
    so Electrocute can deal 3 energy damage. Player 2 ... rolls a 4 and a 6 ... not hit"; "Player 1 moves his
    Agent 5 squares and ends his movement on an Event. He cannot pick the Event up, because he has already
    used his action"; "Player 2: Player 1 is no longer in Player 2's line of sight. Player 2 decides to move 2
    squares to the square on which an Event token lies ... It is a UE ... rolls a 1, which lets him move up
    to 6 squares"."""
    assert state.rank == 2
    state, _ = act(state, "p1", "play:card=brain_juicer.1")
    with dice(6):
        state, texts = act(state, "p1", "play:card=electrocute.1,at=a2")
    assert "p1 rolls 6 for Electrocute: 3 damage." in texts
    with dice(4, 6):
        state, texts = act(state, "p2", "defend:roll=yes")
    assert state.agents["p2"].life == 20 and any("dodges" in t for t in texts)
    assert any(a.card == "electrocute.1" for a in state.agents["p1"].active)  # it stays face up
    state, _ = act(state, "p1", "move:unit=a1,to=A9")
    assert not any(i.kind == "pickup" for i in IPA.legal(state, "p1"))
    state, _ = act(state, "p1", "end")
    assert "thunderbolt.1" in state.recycle  # face up until its owner's next turn
    assert not any(i.kind == "play" and i.get("at") == "a1" for i in IPA.legal(state, "p2"))  # out of sight
    state, _ = act(state, "p2", "move:unit=a2,to=H18")
    with dice(1):
        state, _ = act(state, "p2", "pickup")
    assert state.agents["p2"].ue == "speed"
    state, _ = act(state, "p2", "end")
    state = _round_end(state, "precision", "strength", "uzi.2", "combat_knife.3")
    assert len(state.agents["p2"].hand) == 8  # "drawn a card even though he had 7 inactive Item Cards"
    return state


def _round_3(state: IpaState) -> IpaState:
    """Round 3: "First he deactivates his Item Card "Electrocute" ... He uses 1 action to pick up the Event
    ... He receives 2 credits ... he buys a Sentry ... places it on one of the 8 adjoining squares ... He uses
    one of the credits he received from an Event and sells 1 card worth 2 credits ... A Sentry has 4 life";
    "Player 2: Moves 6 squares ... buys "Speed Boost" ... activates his Artifact "Multitasking", which lets
    his Agent activate 2 further Artifacts ... "Destroy Field Equipment" against Player 1's Sentry and
    "Artifact of Stunning" against Player 1's Agent. Player 1's Sentry is destroyed, because it receives no
    defensive roll ... rolls a 1 and a 2. The Agent is hit and is stunned"."""
    p1 = state.agents["p1"]
    assert "electrocute.1" in p1.hand and p1.abilities == {"precision": 2, "strength": 1, "intellect": 2}
    state, _ = act(state, "p1", "pickup")
    state, _ = act(state, "p1", "sell:card=nerve_jolt.1")
    state, _ = act(state, "p1", "buy:item=sentry,at=A10")
    assert state.agents["p1"].credits == 1 and state.equipment["e1"].life == 4
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "move:unit=a2,to=C17")  # 6 squares
    state, _ = act(state, "p2", "sell:card=nerve_jolt.2")
    state, _ = act(state, "p2", "buy:item=speed_boost")
    state, _ = act(state, "p2", "play:card=multitasking.1")
    state, _ = act(state, "p2", "play:card=destroy_field_equipment.1,at=e1")
    assert [p.kind for p in IPA.prompts(state)] == ["rift"]  # no defensive roll for the Sentry
    state = _no_rift(state)
    assert "e1" not in state.equipment
    state, _ = act(state, "p2", "play:card=artifact_of_stunning.1,at=a1")
    state = _hit(state, "p1", (1, 2))
    assert state.agents["p1"].statuses[0].status == "stun"
    state, _ = act(state, "p2", "end")
    return _round_end(state, "precision", "strength", "combat_knife.4", "combat_knife.5")


def _round_4(state: IpaState) -> IpaState:
    """Round 4: "Player 1: Is stunned (under shock) and has no field equipment, so he can do nothing this
    round"; "Player 2: Player 1 is no longer stunned ... moves 6 squares towards Player 1. He activates his
    Artifact "Enhanced Sun Rays", which deals 4 energy damage ... rolls a 1 and a 1 ... Player 1 loses 6
    life"."""
    assert {i.kind for i in IPA.legal(state, "p1")} <= {"discard", "end", "permit"}
    state, _ = act(state, "p1", "end")
    assert not state.agents["p1"].statuses
    assert {"multitasking.1", "destroy_field_equipment.1", "artifact_of_stunning.1"} <= set(state.recycle)
    state, _ = act(state, "p2", "move:unit=a2,to=A13")  # 6 squares
    state, _ = act(state, "p2", "play:card=enhanced_sun_rays.1,at=a1")
    state = _hit(state, "p1", (1, 1))
    assert state.agents["p1"].life == 10
    state, _ = act(state, "p2", "end")
    return _round_end(state, "precision", "strength", "combat_knife.6", "combat_knife.7")


def _round_5(state: IpaState) -> IpaState:
    """Round 5: "Activates his Construct "Damage Converter", which for payment of 1 credit can convert any
    damage into fire damage and adds +1 ... activates his Ranged Weapon "Light Weight" ... On a hit, Player 2
    takes 3 fire damage. Light Weight has a maximum range of 11 ... Player 2 rolls a 2 and a 5 ... But Player
    2 activates his Rift "Bright Light", and so no damage is dealt to him"; "Player 2: Moves his Agent 6
    squares and stands next to Player 1's Agent (diagonally). He activates his Melee Weapon "Damnation",
    which deals 4 physical damage ... Player 1 forgoes his defensive roll and loses 4 life"."""
    state, _ = act(state, "p1", "play:card=damage_converter.1")
    state, _ = act(state, "p1", "convert:card=light_weight.1")
    assert state.agents["p1"].credits == 0
    state, texts = act(state, "p1", "play:card=light_weight.1,at=a2")
    assert any("(3 fire)" in p.text for p in IPA.prompts(state))
    with dice(2, 5):
        state, _ = act(state, "p2", "defend:roll=yes")
    state, texts = act(state, "p2", "rift:card=bright_light.1")
    assert state.agents["p2"].life == 20 and "bright_light.1" in state.recycle
    state, _ = act(state, "p1", "move:unit=a1,to=D11")
    state, _ = act(state, "p1", "end")
    state, _ = act(state, "p2", "move:unit=a2,to=E12")
    state, _ = act(state, "p2", "play:card=damnation.1,at=a1")
    state = _hit(state, "p1", (), roll=False)
    assert state.agents["p1"].life == 6
    state, _ = act(state, "p2", "end")
    return _round_end(state, "precision", "strength", "combat_knife.8", "combat_knife.9")


def _round_6(state: IpaState) -> IpaState:
    """Round 6: "Deactivates his Ranged Weapon "Light Weight" ... activates two Ranged Weapons (2 Uzis) ...
    for only 1 action. Player 2 receives a defensive roll against each Uzi. With the first defensive roll he
    rolls a 4 and a 4; with the second he rolls a 1 and a 3. Player 2 loses 4 life (2 + 2 = 4)"; "Player 2: At
    the start of his round, deactivates "Damnation". He moves his Agent 5 squares and activates "Damnation"
    again. Player 1 rolls a 1 and a 1 ... a total of 6 life ... Player 1 is dead and has lost the game. Player
    2 has won the game."."""
    assert "light_weight.1" in state.agents["p1"].hand
    state, texts = act(state, "p1", "play:card=uzi.1,at=a2")
    assert "p1 fires the second Uzi with the same action." in texts
    state = _hit(state, "p2", (4, 4))
    state = _hit(state, "p2", (1, 3))
    assert state.agents["p2"].life == 16
    state, _ = act(state, "p1", "move:unit=a1,to=I11")
    state, _ = act(state, "p1", "end")
    assert "damnation.1" in state.agents["p2"].hand
    state, _ = act(state, "p2", "move:unit=a2,to=J12")  # 5 squares
    state, _ = act(state, "p2", "play:card=damnation.1,at=a1")
    state = _hit(state, "p1", (1, 1))
    return state


def test_the_rulebooks_example_game() -> None:
    state = _setup()
    for play in (_round_1, _round_2, _round_3, _round_4, _round_5, _round_6):
        state = play(state)
    assert not state.agents["p1"].alive and state.agents["p1"].life == 0
    assert state.result is not None and state.result.winners == ("p2",) and state.round == 6
    assert IPA.prompts(state) == []
