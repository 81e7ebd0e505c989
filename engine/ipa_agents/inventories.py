"""Two card families the rulebook names without printing one of them (R-38, R-39 in RULINGS.md).

RB Construct: "Some Constructs are activated in the inventory of another Agent. The activating Agent must
fulfil the ability requirements. The other Agent becomes the new owner of the Construct." and "The target
must be in the Agent's line of sight."

RB Death: "Some items can bring dead players back to life."; "You may stand on squares on which dead units
lie."
"""

from __future__ import annotations

from engine.core import Event, public

from .pack import Card
from .rules import agent_of_unit, card_of, distance, occupied, sees
from .state import Active, AgentState, IpaState


def _in_reach(state: IpaState, agent: AgentState, card: Card, there: str) -> bool:
    if not sees(state, agent.cell, there):
        return False
    return card.range is None or distance(agent.cell, there) <= card.range


def plant_targets(state: IpaState, agent: AgentState, card: Card) -> list[str]:
    """The other living Agents in sight (and range, if the card has one) whose inventory may take it."""
    return [
        a.unit
        for a in state.agents.values()
        if a.alive and a.seat != agent.seat and _in_reach(state, agent, card, a.cell)
    ]


def corpses(state: IpaState, agent: AgentState, card: Card) -> list[str]:
    """Dead Agents in sight and range whose square no living unit or field equipment holds (R-39)."""
    taken = occupied(state)
    return [
        a.unit
        for a in state.agents.values()
        if not a.alive and a.cell not in taken and _in_reach(state, agent, card, a.cell)
    ]


def special_targets(state: IpaState, agent: AgentState, card: Card) -> list[str] | None:
    """Where a planted Construct or a reviving card may go; None for every other card."""
    if card.planted:
        return plant_targets(state, agent, card)
    if card.revives():
        return corpses(state, agent, card)
    return None


def plant(state: IpaState, seat: str, instance: str, unit: str) -> list[Event]:
    """The card leaves the activator's hand face up into the other Agent's active cards: that Agent owns
    it from now on (its effects are the owner's; it ends only with the owner's death, RB Construct)."""
    owner = agent_of_unit(state, unit)
    assert owner is not None and owner.alive  # options() made sure
    state.agents[seat].hand.remove(instance)
    owner.active.append(Active(card=instance))
    card = card_of(instance)
    return [
        public(
            "plant",
            f"{seat} activates {card.name} in {owner.seat}'s inventory; {owner.seat}'s Agent owns it now.",
            card=card.id,
        )
    ]


def revive(state: IpaState, seat: str, instance: str, unit: str) -> list[Event]:
    """The dead Agent rises on its corpse's square with the card's life (at most its maximum). It keeps
    the inventory it had (less any Spoils of War), no statuses and no field equipment (R-39)."""
    dead = agent_of_unit(state, unit)
    effect = card_of(instance).revives()
    assert dead is not None and not dead.alive and effect is not None  # options() made sure
    dead.alive = True
    dead.life = min(effect.life, dead.max_life)
    if dead.seat in state.dead:
        state.dead.remove(dead.seat)
    for other in state.agents.values():
        if unit in other.looted:
            other.looted.remove(unit)  # a later death leaves a new corpse to look into
    return [
        public(
            "revive",
            f"{seat} brings {dead.seat}'s Agent back to life on {dead.cell} with {dead.life} life.",
            unit=unit,
            at=dead.cell,
            seat=dead.seat,
            amount=dead.life,
        )
    ]
