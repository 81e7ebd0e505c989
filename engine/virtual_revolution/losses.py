"""Items a player must give up, chosen by that player (ruling A37), one at a time: a Verse, an Agent on Duty,
a Boost, Influence tokens (Necro cards), everything in a Borough (Shootout), a Server (Computer Virus), and
Dark Kingdom's "Each opponent chooses to discard 1 Agent on Duty, 1 Boost ... or 1 Immunity token".
Adding Influence where a card says (:class:`PlaceStep`) is here too: both are a Borough or an item picked.

Quartier Latin: "During an Interpol Raid or a Necro attack, you can keep 1 Agent on Duty or 1 Boost that
should be discarded" (once per Round, ruling A16)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.rules import NoPayload, Offer

from .agents_row import discard_verse
from .control import add_it, can_add, controls, remove_it, remove_server, servers_of
from .least_loss import least_losing
from .pack import ACTION_NAMES
from .picks import PICK, item_label
from .rules import RULES, P, agent_name, borough_name, free_asides, verse_name
from .state import LossStep, PlaceStep, Player, VrState

KINDS = {
    "verse": "Discard one of your Verses",
    "agent": "Discard one of your Agents on Duty",
    "boost": "Discard one of your Boosts",
    "it": "Remove one of your Influence tokens",
    "clear": "Discard all your Influence from a Borough",
    "server": "Remove one of your Servers",
    "dark": "Dark Kingdom: discard an Agent on Duty, a Boost or an Immunity token",
}
PUBLIC_KINDS = {
    "verse": "discards one of their Verses",
    "agent": "discards one of their Agents on Duty",
    "boost": "discards one of their Boosts",
    "it": "removes one of their Influence tokens",
    "clear": "discards all their Influence from a Borough",
    "server": "removes one of their Servers",
    "dark": "discards an Agent on Duty, a Boost or an Immunity token (Dark Kingdom)",
}
"""The same losses told to the others (``Prompt.public``)."""


class LossPayload(BaseModel):
    what: str


def boost_items(player: Player) -> list[tuple[str, str]]:
    return [(action, b) for action, ids in sorted(player.boosts.items()) for b in ids]


def offer_for(state: VrState, seat: str, what: str) -> list[tuple[Intent, str]]:
    player = state.p(seat)
    mine = [b for b in P().boroughs if state.owner.get(b) == seat]
    agents = [(Intent.of("pick", agent=d.agent), f"Discard {agent_name(d.agent)}") for d in player.duty]
    boosts = [
        (Intent.of("pick", boost=b), f"Discard the Boost {item_label(b)} ({ACTION_NAMES[a]})")
        for a, b in boost_items(player)
    ]
    if what == "verse":
        return [(Intent.of("pick", verse=h.verse), f"Discard {verse_name(h.verse)}") for h in player.verses]
    if what == "agent":
        return agents
    if what == "boost":
        return boosts
    if what in ("it", "clear"):
        return [
            (
                Intent.of("pick", at=b),
                f"Remove {'1' if what == 'it' else 'all your'} Influence from {borough_name(b)}",
            )
            for b in mine
        ]
    if what == "server":
        return [
            (Intent.of("pick", at=b), f"Remove the Server in {borough_name(b)}")
            for b in servers_of(state, seat)
        ]
    if what == "dark":
        # an Immunity token first: where it scores nothing, it is the item lost least by (ruling V-16)
        imm = [(Intent.of("pick", imm=1), "Discard 1 Immunity token")] if player.imm else []
        return imm + boosts + agents
    return []


def ql_ready(state: VrState, seat: str) -> bool:
    return state.titles.get("QL") == seat and "QL" not in state.turned_titles


@RULES.step("loss")
def next_loss(state: VrState, step: LossStep) -> list[Event]:
    player = state.p(step.seat)
    if not player.losses:
        return []
    what = player.losses.pop(0)
    offer = loss_offer(state, step.seat, what)
    if player.losses:
        state.now(LossStep(seat=step.seat))
    if not offer:
        return []
    payload = LossPayload(what=what)
    return RULES.ask(
        state,
        step.seat,
        "loss",
        f"{KINDS[what]}.",
        offer,
        default=least_losing_loss(state, step.seat, what, offer),
        payload=payload,
        public=f"{step.seat} {PUBLIC_KINDS[what]}.",
    )


def loss_offer(state: VrState, seat: str, what: str) -> Offer:
    """The items the seat may give up, and the Quartier Latin Title where it can keep one (ruling A16)."""
    offer = offer_for(state, seat, what)
    if offer and what in ("agent", "boost") and ql_ready(state, seat):
        offer = [*offer, (Intent.of("pick", keep="ql"), "Keep it: use the Quartier Latin Title")]
    return offer


def settle_losses(state: VrState, seat: str) -> None:
    """Give up the seat's pending losses as their deadlines would (to weigh what a Necro card costs)."""
    player = state.p(seat)
    while player.losses:
        what = player.losses.pop(0)
        offer = loss_offer(state, seat, what)
        if offer:
            loss_chosen(state, seat, least_losing_loss(state, seat, what, offer), LossPayload(what=what))


def least_losing_loss(state: VrState, seat: str, what: str, offer: Offer) -> Intent:
    payload = LossPayload(what=what)
    return least_losing(state, seat, offer, lambda s, i: loss_chosen(s, seat, i, payload))


@RULES.answers("loss", LossPayload, takes=[PICK])
def loss_chosen(state: VrState, seat: str, intent: Intent, payload: LossPayload) -> list[Event]:
    player = state.p(seat)
    if intent.get("keep") == "ql":
        state.turned_titles.append("QL")
        return [public("title", f"{seat} uses the Quartier Latin Title to keep an item.")]
    if intent.get("verse") is not None:
        verse = intent.word("verse")
        held = next(h for h in player.verses if h.verse == verse)
        player.verses.remove(held)
        discard_verse(state, verse)
        return [public("loss", f"{seat} discards the Verse {verse_name(verse)}.")]
    if intent.get("agent") is not None:
        return discard_agent(state, seat, intent.word("agent"))
    if intent.get("boost") is not None:
        return discard_boost(state, seat, intent.word("boost"))
    if intent.get("imm") is not None:
        player.imm -= 1
        return [public("loss", f"{seat} discards 1 Immunity token.")]
    borough = intent.word("at")
    if payload.what == "server":
        return remove_server(state, borough)
    events: list[Event] = []
    times = state.tokens.get(borough, 0) if payload.what == "clear" else 1
    for _ in range(times):
        events += remove_it(state, borough)
    return events


def discard_agent(state: VrState, seat: str, agent_id: str) -> list[Event]:
    player = state.p(seat)
    duty = next(d for d in player.duty if d.agent == agent_id)
    player.duty.remove(duty)
    state.agent_discard.append(agent_id)
    return [public("loss", f"{seat} discards the Agent {agent_name(agent_id)}.")]


def discard_boost(state: VrState, seat: str, boost: str) -> list[Event]:
    """A Boost card goes back to the available ones; an Agent-Boost to the Agent discard pile (ruling)."""
    player = state.p(seat)
    for ids in player.boosts.values():
        if boost in ids:
            ids.remove(boost)
            break
    if boost in P().agents:
        state.agent_discard.append(boost)
    else:
        state.boost_cards.append(boost)
        state.boost_cards.sort()
    return [public("loss", f"{seat} discards the Boost {item_label(boost)}.")]


def place_targets(state: VrState, step: PlaceStep) -> list[str]:
    seat = step.seat
    here = state.ctx.borough
    if step.scope == "adjacent" and here is not None:
        pool = list(P().graph.neighbours(here))
    elif step.scope == "districts":
        pack_now = P()
        pool = [b for b in pack_now.boroughs if pack_now.district_of(b) in step.districts]
    elif step.scope == "controlled":
        pool = [b for b in P().boroughs if controls(state, seat, b)]
    else:
        pool = P().boroughs
    return [b for b in pool if can_add(state, seat, b)]


@RULES.step("place")
def place(state: VrState, step: PlaceStep) -> list[Event]:
    """Add Influence where a card says, one token at a time; with an empty reserve it fizzles (ruling A19)."""
    targets = place_targets(state, step)
    if not targets:
        return [public("influence", f"{step.seat} has nowhere to add Influence (or no token left).")]
    if step.count > 1:
        state.now(PlaceStep(seat=step.seat, count=step.count - 1, scope=step.scope, districts=step.districts))
    offer = [(Intent.of("pick", at=b), f"Add Influence in {borough_name(b)}") for b in targets]
    return RULES.ask(
        state,
        step.seat,
        "place",
        "Where do you add an Influence token?",
        offer,
        default=least_losing(state, step.seat, offer, lambda s, i: add_it(s, step.seat, i.word("at"))),
        asides=free_asides(state, step.seat),
        public=f"{step.seat} chooses where to add an Influence token.",
    )


@RULES.answers("place", takes=[PICK])
def placed_token(state: VrState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return add_it(state, seat, intent.word("at"))
