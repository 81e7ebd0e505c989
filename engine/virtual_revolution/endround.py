"""End of Rounds 1 to 4 after the raids and the Necro attack: [3] Determining the Turn Order, [4] Income and
[5] Maintenance."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public

from .agents_row import age_verses, deal_agents, discard_unrecruited
from .picks import PICK
from .rules import RULES
from .state import IncomeStep, MaintenanceStep, OrderStep, RoundStep, VrState


class OrderPayload(BaseModel):
    priority: list[str]
    chosen: dict[str, int]


def priority(state: VrState) -> list[str]:
    """ "The Player with the most Influence tokens on their Player board chooses their position in the Turn
    Order ... In case of a tie, the Player with the lowest Income chooses first. If there's still a tie, the
    Player with the least Eurocredits chooses." (Still tied: the previous order, ruling A41.)"""
    return sorted(
        state.order,
        key=lambda s: (-state.p(s).reserve, state.p(s).income, state.p(s).ec, state.order.index(s)),
    )


@RULES.step("order")
def choose_order(state: VrState, step: OrderStep) -> list[Event]:
    ranked = priority(state)
    events = [public("order", f"The Turn Order is chosen in this order: {', '.join(ranked)}.")]
    return events + _ask_next(state, OrderPayload(priority=ranked, chosen={}))


def _ask_next(state: VrState, payload: OrderPayload) -> list[Event]:
    waiting = [s for s in payload.priority if s not in payload.chosen]
    if not waiting:
        state.order = sorted(payload.chosen, key=lambda s: payload.chosen[s])
        return [public("order", f"New Turn Order: {', '.join(state.order)}.")]
    seat = waiting[0]
    free = [n for n in range(1, len(state.order) + 1) if n not in payload.chosen.values()]
    offer = [(Intent.of("pick", pos=n), f"Position {n}") for n in free]
    return RULES.ask(
        state,
        seat,
        "turn_order",
        "Choose your position in the Turn Order.",
        offer,
        payload=payload,
        pace="quick",
        public=f"{seat} chooses a position in the Turn Order.",
    )


@RULES.answers("turn_order", OrderPayload, takes=[PICK])
def order_chosen(state: VrState, seat: str, intent: Intent, payload: OrderPayload) -> list[Event]:
    payload.chosen[seat] = intent.num("pos")
    return [public("order", f"{seat} takes position {intent.num('pos')}.")] + _ask_next(state, payload)


@RULES.step("income")
def income(state: VrState, step: IncomeStep) -> list[Event]:
    """ "Each Player gets as many Eurocredits as their Income level." """
    for seat in state.order:
        state.p(seat).ec += state.p(seat).income
    return [public("income", "Income: " + ", ".join(f"{s} +{state.p(s).income}" for s in state.order) + ".")]


@RULES.step("maintenance")
def maintenance(state: VrState, step: MaintenanceStep) -> list[Event]:
    """A. Update the Verse cards. B. Update the Agent cards. C. Player's maintenance: Directors home, Agents
    and Titles upright, "remove any Necro marker from the previous Round" (ruling A21: the markers set at this
    Round's end apply next Round)."""
    events = age_verses(state)
    discard_unrecruited(state)
    state.round += 1
    events += deal_agents(state)
    state.directors = []
    state.turned_titles = []
    for player in state.players.values():
        for duty in player.duty:
            duty.turned = False
        player.markers = dict(player.next_markers)
        player.next_markers = {}
    state.later(RoundStep())
    return events
