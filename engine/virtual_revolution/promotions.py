"""Promotion abilities as data (each card's ``promotion`` op). "You may promote an Agent on Duty at any time
during your Turn, whether it is turned or not ... you may choose to use the Agent's Promotion Ability. NOTE:
Level 1 Agents Promotion Ability always makes you draw 1 Corruption card if you choose to use it."

``use`` in ``promote:agent=x,use=...,to=retire|boost`` is ``no``, ``yes`` or the ability's target (a Borough,
``add_b5``/``rem_b5``, an Agent for Pixel, a player, a Verse)."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from engine.core import Event, Intent, private, public
from engine.core.rules import NoPayload
from engine.core.waiting import CHOOSE, ChooseManyFrame, parse_pick

from .actions.main import open_for
from .cardtext import plural
from .control import add_it, can_add, remove_it
from .least_loss import worth
from .pack import ACTION_NAMES
from .picks import PICK
from .raids import harm
from .rules import (
    RULES,
    P,
    agent,
    corruption_label,
    design,
    discard_corruption,
    draw_corruption,
    free_asides,
)
from .state import VrState
from .verses import go_online

ARM_ACTION = {
    "verse_refresh_all": "verse",
    "server_ec3": "server",
    "verse_ec3": "verse",
    "server_no_it": "server",
    "recruit_range2": "recruit",
    "recruit_ec4": "recruit",
}
NOT_COPIED = ("copy_promotion", "choose_type")
"""Pixel cannot copy itself, and copying Mme Tropovicz has no effect (ruling A31): neither is offered."""
TARGET = "."
"""Pixel's ``use`` names the copied Agent and, for a promotion with a target, the target: ``yoshida.b13``."""


def here(state: VrState) -> str:
    assert state.ctx.borough is not None
    return state.ctx.borough


def _yes(state: VrState, seat: str, agent_id: str) -> list[str]:
    return ["yes"]


def _in_districts(state: VrState, seat: str, agent_id: str) -> list[str]:
    districts = agent(agent_id).districts
    pack_now = P()
    return [b for b in pack_now.boroughs if pack_now.district_of(b) in districts and b in state.owner]


def _add_or_remove(state: VrState, seat: str, agent_id: str) -> list[str]:
    districts = agent(agent_id).districts
    pack_now = P()
    pool = [b for b in pack_now.boroughs if pack_now.district_of(b) in districts]
    return [f"rem_{b}" for b in pool if b in state.owner] + [
        f"add_{b}" for b in pool if can_add(state, seat, b)
    ]


def _arm(state: VrState, seat: str, agent_id: str) -> list[str]:

    arm = agent(agent_id).promotion.arm
    return ["yes"] if open_for(state, seat, ARM_ACTION[arm]) and arm not in state.ctx.armed else []


def _pixel(state: VrState, seat: str, agent_id: str) -> list[str]:
    """Every on-Duty Agent's promotion (anyone's), with the targets it would have for the copier."""
    out: set[str] = set()
    for player in state.players.values():
        for d in player.duty:
            op = agent(d.agent).promotion.op
            if d.agent == agent_id or op in NOT_COPIED:
                continue
            for use in USES[op](state, seat, d.agent):
                out.add(d.agent if use == "yes" else f"{d.agent}{TARGET}{use}")
    return sorted(out)


def _others(state: VrState, seat: str, agent_id: str) -> list[str]:
    return [s for s in state.order if s != seat]


def _give_to(state: VrState, seat: str, agent_id: str) -> list[str]:
    return _others(state, seat, agent_id) if state.p(seat).hand else []


def _adjacent(state: VrState, seat: str, agent_id: str) -> list[str]:
    return [b for b in P().graph.neighbours(here(state)) if can_add(state, seat, b)]


def _loading(state: VrState, seat: str, agent_id: str) -> list[str]:
    return [h.verse for h in state.p(seat).verses if not h.online]


USES: dict[str, Callable[[VrState, str, str], list[str]]] = {
    "remove_in_districts": _in_districts,
    "add_or_remove_in_districts": _add_or_remove,
    "extra": _yes,
    "arm": _arm,
    "copy_promotion": _pixel,
    "income": _yes,
    "immunity": _yes,
    "swap_corruption": _others,
    "add_adjacent": _adjacent,
    "discard_corruption": _yes,
    "online_free": _loading,
    "refresh_agents": _yes,
    "give_corruption": _give_to,
    "choose_type": _yes,
}


def uses(state: VrState, seat: str, agent_id: str) -> list[str]:
    return ["no", *USES[agent(agent_id).promotion.op](state, seat, agent_id)]


def promote(state: VrState, seat: str, agent_id: str, use: str, source: str = "") -> list[Event]:
    """Carry out ``agent_id``'s promotion ability for ``seat`` (``source``: Pixel copying it)."""
    card = agent(agent_id)
    events = draw_corruption(state, seat) if card.level == 1 else []
    return events + DO[card.promotion.op](state, seat, agent_id, use)


def _remove(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    return remove_it(state, use, by=seat)


def _add_remove(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    how, _, borough = use.partition("_")
    return remove_it(state, borough, by=seat) if how == "rem" else add_it(state, seat, borough)


def _extra(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    action = agent(agent_id).promotion.action
    state.ctx.extras.append(action)
    named = ACTION_NAMES.get(action, "Recruit an Agent (from the discard pile)")
    return [public("extra", f"{seat} may perform an extra {named} Action this turn.")]


def _arm_do(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    state.ctx.armed.append(agent(agent_id).promotion.arm)
    return []


def _copy(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    """Ruling A31: the copied text in full, including its own Corruption draw if it is a Level 1 card."""
    copied, _, target = use.partition(TARGET)
    events = [public("copy", f"{seat} copies {agent(copied).name}'s promotion.")]
    return events + promote(state, seat, copied, target or "yes")


def _income(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    state.p(seat).income += agent(agent_id).promotion.n
    return []


def _immunity(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    state.p(seat).imm += agent(agent_id).promotion.n
    return []


class CardPayload(BaseModel):
    other: str = ""


def _clarisse(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    """ "Choose another Player and look at their Corruption cards. Take one then give them one of yours."
    (Ruling A32: take if possible; give if you have a card.)"""
    events = [public("clarisse", f"{seat} looks at {use}'s Corruption cards.")]
    return events + _ask_take(state, seat, use)


def _ask_take(state: VrState, seat: str, other: str) -> list[Event]:
    hand = state.p(other).hand
    if not hand:
        return _ask_give(state, seat, other, "clarisse_give")
    seen = private(seat, "peek_hand", f"{other}'s cards: {', '.join(corruption_label(c) for c in hand)}.")
    offer = [(Intent.of("pick", card=c), f"Take {corruption_label(c)}") for c in sorted(hand)]
    return [seen] + RULES.ask(
        state,
        seat,
        "clarisse_take",
        f"Take one of {other}'s cards.",
        offer,
        default=Intent.of("pick", card=by_harm(state, seat, hand, least_first=True)[0]),
        payload=CardPayload(other=other),
        asides=free_asides(state, seat),
        public=f"{seat} takes one of {other}'s Corruption cards.",
    )


def _ask_give(state: VrState, seat: str, other: str, topic: str) -> list[Event]:
    hand = state.p(seat).hand
    if not hand:
        return []
    # every card is offered (not one per design): whether a question is asked at all then depends only on the
    # hand's size, which is public, never on what the hand holds
    offer = [(Intent.of("pick", card=c), f"Give {corruption_label(c)}") for c in sorted(hand)]
    return RULES.ask(
        state,
        seat,
        topic,
        f"Give {other} one of your cards.",
        offer,
        default=Intent.of("pick", card=by_harm(state, seat, hand)[0]),
        payload=CardPayload(other=other),
        asides=free_asides(state, seat),
        public=f"{seat} chooses a Corruption card to give {other}.",
    )


@RULES.answers("clarisse_take", CardPayload, takes=[PICK])
def clarisse_take(state: VrState, seat: str, intent: Intent, payload: CardPayload) -> list[Event]:
    card = intent.word("card")
    if card not in state.p(payload.other).hand:  # changed while the question was open (ruling V-15)
        return _ask_take(state, seat, payload.other)
    state.p(payload.other).hand.remove(card)
    state.p(seat).hand.append(card)
    events = [
        private(
            [seat, payload.other], "taken", f"{seat} takes {corruption_label(card)} from {payload.other}."
        )
    ]
    return events + _ask_give(state, seat, payload.other, "clarisse_give")


@RULES.answers("clarisse_give", CardPayload, takes=[PICK])
def card_given(state: VrState, seat: str, intent: Intent, payload: CardPayload) -> list[Event]:
    card = intent.word("card")
    if card not in state.p(seat).hand:  # discarded while the question was open (ruling V-15): ask again
        return _ask_give(state, seat, payload.other, "clarisse_give")
    state.p(seat).hand.remove(card)
    state.p(payload.other).hand.append(card)
    return [
        public("give", f"{seat} gives a Corruption card to {payload.other}."),
        private([seat, payload.other], "given", f"The card given: {corruption_label(card)}."),
    ]


def _add_adjacent(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    return add_it(state, seat, use)


def _weasel(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    """ "Discard 2 Corruption cards of your choice. You can discard the card you just drew." """
    return ask_discard(state, seat, 2)


def ask_discard(state: VrState, seat: str, count: int) -> list[Event]:
    """Discard ``count`` Corruption cards of the seat's choice (The Weasel, the Marais Title)."""
    hand = state.p(seat).hand
    offer = [(Intent.of(c), corruption_label(c)) for c in sorted(hand)]
    n = min(count, len(hand))
    if n == 0:
        return []
    events = RULES.choose_many(
        state,
        seat,
        "weasel",
        f"Discard {n} of your Corruption cards.",
        offer,
        least=n,
        most=n,
        public=f"{seat} discards {plural(n, 'Corruption card')}.",
    )
    top = state.waiting.top()
    if isinstance(top, ChooseManyFrame) and top.topic == "weasel":
        # Rules.choose_many takes neither asides nor a default: they are set on the frame it opened (rulings
        # V-15, V-16: the deadline discards the cards that would cost most in a raid)
        top.asides = free_asides(state, seat)
        top.default = ChooseManyFrame.answer(sorted(by_harm(state, seat, hand)[:n])).key()  # as offered
    return events


def by_harm(state: VrState, seat: str, cards: list[str], least_first: bool = False) -> list[str]:
    """Corruption cards, the one that would cost ``seat`` most in a raid first (or least, ruling V-16; among
    equals in the order offered)."""
    now = worth(state, seat)
    cost: dict[str, int] = {}
    for card in cards:
        if design(card) not in cost:
            cost[design(card)] = harm(state, seat, card, now)[0]
    sign = 1 if least_first else -1
    return sorted(sorted(cards), key=lambda c: sign * cost[design(c)])


@RULES.answers("weasel", takes=[CHOOSE])
def weasel_discards(state: VrState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:

    cards = parse_pick(intent)
    hand = list(state.p(seat).hand)
    for card in cards:
        if card not in hand:  # the hand changed while the question was open (ruling V-15): ask again
            return ask_discard(state, seat, len(cards))
        hand.remove(card)
    discard_corruption(state, seat, cards)
    return [public("discard", f"{seat} discards {plural(len(cards), 'Corruption card')}.")]


def _online(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    held = next(h for h in state.p(seat).verses if h.verse == use)
    return go_online(state, seat, held)


def _upright(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    for d in state.p(seat).duty:
        d.turned = False
    return [public("upright", f"{seat} turns all their Agents on Duty upright.")]


def _give(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    return _ask_give(state, seat, use, "clarisse_give")


def _type(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    state.p(seat).tropovicz = "diplomat"  # chosen before the scoring (see scoring.best_tropovicz)
    return []


def _none(state: VrState, seat: str, agent_id: str, use: str) -> list[Event]:
    return []


DO: dict[str, Callable[[VrState, str, str, str], list[Event]]] = {
    "remove_in_districts": _remove,
    "add_or_remove_in_districts": _add_remove,
    "extra": _extra,
    "arm": _arm_do,
    "copy_promotion": _copy,
    "income": _income,
    "immunity": _immunity,
    "swap_corruption": _clarisse,
    "add_adjacent": _add_adjacent,
    "discard_corruption": _weasel,
    "online_free": _online,
    "refresh_agents": _upright,
    "give_corruption": _give,
    "choose_type": _type,
    "none": _none,
}
