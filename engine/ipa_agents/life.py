"""Life: damage with its types and reductions, the destruction of field equipment, death with its kill
reward, and the end of the game (the last Agent standing)."""

from __future__ import annotations

from engine.core import Event, public
from engine.core.flowgame import FlowGame

from .pack import DamageType
from .rules import P, agent_of_unit, cap, card_of, equipment_name, unit_cell, unit_name
from .sides import allied, sides
from .state import IpaState


def destroy(state: IpaState, unit: str) -> list[Event]:
    fe = state.equipment.pop(unit, None)
    if fe is None:
        return []
    return [public("destroyed", f"{cap(equipment_name(fe))} is destroyed.", at=fe.cell)]


def reduction(state: IpaState, unit: str, amount: int, kind: DamageType) -> int:
    """RB Water Shield: "All fire damage is reduced by 50%. It does not stack ... 3 fire damage will only
    deal 1" (A-22: floor of half; the best reduction of a type applies, not their sum)."""
    target = agent_of_unit(state, unit)
    if target is None:
        fe = state.equipment[unit]
        return 0 if kind in P().equipment[fe.kind].immune else amount
    best = amount
    for act in target.active:
        for effect in card_of(act.card).effects:
            if effect.op == "immune" and effect.type == kind:
                return 0
            if effect.op == "reduce" and effect.type == kind:
                best = min(best, amount // 2 if effect.half else max(0, amount - effect.amount))
    return best


def damage(
    state: IpaState, unit: str, amount: int, kind: DamageType, by: str | None, typed: bool = True
) -> list[Event]:
    """Subtract damage from a unit's life; ``by`` is the attacking seat (None: self-inflicted); untyped
    life loss (``typed=False``) is not reduced."""
    if amount <= 0:
        return []
    dealt = reduction(state, unit, amount, kind) if typed else amount
    name = cap(unit_name(state, unit))
    if dealt <= 0:
        return [public("damage", f"{name} takes no damage ({kind} is stopped).")]
    events = [
        public(
            "damage",
            f"{name} loses {dealt} life ({kind}).",
            unit=unit,
            amount=dealt,
            at=unit_cell(state, unit),
        )
    ]
    target = agent_of_unit(state, unit)
    if by is not None and state.opts.sandmen and by in state.agents and state.agents[by].alive:
        state.agents[by].credits += 1
    if target is None:
        fe = state.equipment[unit]
        fe.life = (fe.life or 0) - dealt
        if fe.life <= 0:
            events += destroy(state, unit)
        return events
    target.life -= dealt
    if by is not None and by != target.seat:
        target.statuses = [
            s for s in target.statuses if s.status != "stun"
        ]  # RB Stun: damage from an enemy ends it
    if target.life <= 0:
        events += die(state, target.seat, by)
    return events


def die(state: IpaState, seat: str, by: str | None) -> list[Event]:
    """RB: "When a unit's life falls to 0 or below, the unit dies. If an Agent dies, its "corpse" remains
    on the battle map." "If an Agent dies, all Item Cards are deactivated and their effect ends (including
    constructs)." "If your Agent or its field equipment kills another Agent (the fatal attack), you receive
    2 credits, which you may save"."""
    agent = state.agents[seat]
    agent.alive = False
    agent.hand += [a.card for a in agent.active]
    agent.active = []
    agent.statuses, agent.over_time = [], []
    state.dead.append(seat)
    for fe in state.equipment.values():
        if fe.owner == seat:
            fe.owner = None
    for other in state.agents.values():
        other.statuses = [s for s in other.statuses if s.by != seat]
        other.over_time = [o for o in other.over_time if o.by != seat]
    events = [public("death", f"{seat}'s Agent dies; the corpse stays on {agent.cell}.", at=agent.cell)]
    if by is not None and by in state.agents and state.agents[by].alive and not allied(state, by, seat):
        state.agents[by].credits += P().numbers.kill_credits
        events.append(public("kill", f"{by} receives {P().numbers.kill_credits} credits for the kill."))
    return events


def check_end(state: IpaState) -> list[Event]:
    """The last Agent (or team) standing wins (A-48); everyone dead at once is a draw. The ranking: the
    winners, then the others, last to die first."""
    if state.result is not None:
        return []
    standing = [side for side in sides(state) if any(state.agents[s].alive for s in side)]
    if len(standing) > 1:
        return []
    if not standing:
        return [FlowGame.finish(state, [], "every Agent is dead", draw=True, ranking=[list(state.seats)])]
    winners = standing[0]
    order = [[s] for s in reversed(state.dead) if s not in winners]
    reason = "the last team standing" if len(winners) > 1 else "the last Agent standing"
    scores = {s: float(state.agents[s].life) for s in state.seats}
    return [FlowGame.finish(state, winners, reason, ranking=[winners, *order], scores=scores)]
