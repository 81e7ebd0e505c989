"""What passes between players, and the field equipment an Agent moves: ``permit:seat=p2,allow=yes``,
``give:card=x,to=p2`` (gifts and bribes), ``transfer:to=p2,sp=2``, ``relocate:unit=e1,to=D7`` (UE 5) and
``tunnel:via=e2,to=D7`` (Space Tunnels with Modified Gene Structuring)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, private, public
from engine.core.actions import Action
from engine.core.args import Shape, number, word
from engine.core.board import Cell

from ..names import card_named, seat_named, unit_named, words
from ..rules import (
    RULES,
    able,
    adjacent8,
    card_of,
    equipment_name,
    named_card,
    not_in_hand,
    occupied,
    offered,
)
from ..state import AgentState, IpaState
from .play import actions_left, credits, pay


def _others(state: IpaState, seat: str) -> list[AgentState]:
    return [state.agents[s] for s in state.seats if s != seat and state.agents[s].alive]


def _free_around(state: IpaState, here: str) -> list[str]:
    """The squares next to ``here`` (8 around) that hold no wall, unit, field equipment nor Event."""
    c = Cell.parse(here)
    taken = set(occupied(state)) | set(state.walls) | {e.cell for e in state.events}
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            n = Cell(c.col + dx, c.row + dy)
            if (dx or dy) and 0 <= n.col < state.size and 0 <= n.row < state.size and n.label not in taken:
                out.append(n.label)
    return out


@RULES.action
class Permit(Action[IpaState]):
    """RB Physics: "Your units may only move through other units if the owner of the unit through which your
    unit is to move allows it." House (R-26): a standing permission, given or withdrawn in one's own turn,
    public, until changed."""

    kind = "permit"
    family = "trade"
    summary = "Let a player's units pass through yours (or no longer)"
    args = (word("seat", seat_named), word("allow", words({"yes": "Let them pass", "no": "No longer"})))
    when = "Permissions to pass are given or withdrawn in your own turn"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        if not agent.alive:
            return []
        return [
            offered("permit", seat=o.seat, allow="no" if o.seat in agent.permits else "yes")
            for o in _others(state, seat)
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent, other = state.agents[seat], intent.word("seat")
        if intent.word("allow") == "yes":
            agent.permits.append(other)
            return [public("permit", f"{seat} lets {other}'s units move through {seat}'s units.")]
        agent.permits.remove(other)
        return [public("permit", f"{seat} no longer lets {other}'s units move through {seat}'s units.")]

    def label(self, state: IpaState, intent: Intent) -> str:
        other, allow = intent.get("seat"), intent.get("allow")
        if not isinstance(other, str):
            return "Let a player pass through your units (or no longer)"
        return f"Let {other} pass through your units" if allow == "yes" else f"Stop letting {other} pass"


class GiftPayload(BaseModel):
    giver: str
    card: str
    fee: bool


@RULES.action
class Give(Action[IpaState]):
    """RB "Bribes and Gifts": "Per round you may give away only 1 Item Card, and only if you yourself are in
    turn. If the Agent to whom you want to give the card does not stand on an adjoining square (including
    diagonally), either the giver or the recipient must pay 1 credit at the shop so that the item can be
    handed over. You may accept items at any time." A-33: the recipient is asked at once; a declined card
    stays with the giver and is not counted. A bribe is a gift: what it buys is agreed at the table."""

    kind = "give"
    family = "trade"
    summary = "Give an inactive card to another Agent"
    args = (word("card", card_named), word("to", seat_named))
    when = (
        "An inactive card is given in the giver's own turn, one a round, next to the other Agent or for 1 "
        "credit"
    )

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = able(state, seat)
        if agent is None or agent.gifts >= 1:
            return []
        out = []
        for other in _others(state, seat):
            if adjacent8(agent.cell, other.cell) or credits(agent) >= 1 or other.credits >= 1:
                out += [offered("give", card=c, to=other.seat) for c in sorted(agent.hand)]
        return out

    def refusal(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        return not_in_hand(state, seat, intent)

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent, to, instance = state.agents[seat], intent.word("to"), intent.word("card")
        fee = not adjacent8(agent.cell, state.agents[to].cell)
        offer: list[tuple[Intent, str]] = []
        if not fee or credits(agent) >= 1:
            offer.append(
                (Intent.of("gift", take="yes"), "Accept it" + (f" ({seat} pays 1 credit)" if fee else ""))
            )
        if fee and state.agents[to].credits >= 1:
            offer.append((Intent.of("gift", take="pay"), "Accept it and pay the 1 credit yourself"))
        offer.append((Intent.of("gift", take="no"), "Decline it"))
        events = [
            public("gift", f"{seat} offers {to} a card."),
            private(to, "gift", f"{seat} offers you {card_of(instance).name}."),
        ]
        text = f"{seat} offers you an Item Card (named in your private messages). Do you accept it?"
        return events + RULES.ask(
            state,
            to,
            "gift",
            text,
            offer,
            default=Intent.of("gift", take="no"),
            payload=GiftPayload(giver=seat, card=instance, fee=fee),
            pace="quick",
            public=f"{to} decides whether to accept the Item Card {seat} offers.",
        )

    def label(self, state: IpaState, intent: Intent) -> str:
        card, to = named_card(intent), intent.get("to")
        name = card.name if card is not None else "a card"
        return f"Give {name} to {to}" if isinstance(to, str) else f"Give {name} to another Agent"


GIFT = Shape(
    "gift",
    (
        word(
            "take",
            words({"yes": "Accept it", "pay": "Accept it and pay the 1 credit yourself", "no": "Decline it"}),
        ),
    ),
    title="Accept a card",
    asks="an answer to a card offered to you",
)
"""The recipient of a gift accepts it (and who pays the fee) or declines it."""


@RULES.answers("gift", GiftPayload, takes=[GIFT])
def gift_answered(state: IpaState, seat: str, intent: Intent, payload: GiftPayload) -> list[Event]:
    take = intent.get("take")
    giver = state.agents[payload.giver]
    if take == "no" or payload.card not in giver.hand:
        return [public("gift", f"{seat} declines the card.")]
    if payload.fee:
        pay(giver if take == "yes" else state.agents[seat], 1)
    giver.hand.remove(payload.card)
    giver.gifts += 1
    state.agents[seat].hand.append(payload.card)
    who = payload.giver if take == "yes" else seat
    paid = f" ({who} pays 1 credit at the shop)" if payload.fee else ""
    return [public("gift", f"{seat} accepts the card from {payload.giver}{paid}.")]


@RULES.action
class Transfer(Action[IpaState]):
    """RB Space Shop: "You may hand SP from one Agent to another Agent. Such a transaction costs 1 credit,
    and it may only be carried out when the giver is in turn.\""""

    kind = "transfer"
    family = "trade"
    summary = "Hand Science Points to another Agent (1 credit)"
    args = (word("to", seat_named), number("sp", lambda state, n: f"{n} SP"))
    when = "Science Points are handed over in the giver's own turn, for 1 credit"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = able(state, seat)
        if agent is None or agent.sp < 1 or credits(agent) < 1:
            return []
        return [
            Intent.of("transfer", to=o.seat, sp=n)
            for o in _others(state, seat)
            for n in range(1, agent.sp + 1)
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent, to, sp = state.agents[seat], intent.word("to"), intent.num("sp")
        pay(agent, 1)
        agent.sp -= sp
        state.agents[to].sp += sp
        return [public("transfer", f"{seat} hands {sp} SP to {to} (1 credit).")]

    def label(self, state: IpaState, intent: Intent) -> str:
        sp, to = intent.get("sp"), intent.get("to")
        if not isinstance(sp, int) or not isinstance(to, str):
            return "Hand SP to another Agent (1 cr)"
        return f"Hand {sp} SP to {to} (1 cr)"


@RULES.action
class Relocate(Action[IpaState]):
    """UE 5: "The Agent may move its field equipment. The Agent must stand next to the field equipment and to
    the square to which the Agent wants to move the field equipment (including diagonally). Moving a piece
    of field equipment costs 1 action.\""""

    kind = "relocate"
    summary = "Move your field equipment (UE 5)"
    args = (word("unit", unit_named), word("to"))
    when = "With UE 5, field equipment next to your Agent is moved in your own turn, with an action"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = able(state, seat)
        if agent is None or agent.ue != "move_equipment" or actions_left(state) <= 0:
            return []
        spots = _free_around(state, agent.cell)
        return [
            Intent.of("relocate", unit=fe.unit, to=c)
            for fe in state.equipment.values()
            if fe.owner == seat and adjacent8(agent.cell, fe.cell)
            for c in spots
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        fe = state.equipment[intent.word("unit")]
        name = equipment_name(fe)
        fe.cell = intent.word("to")
        state.turn.use("action")
        return [public("relocate", f"{seat} moves {name} to {fe.cell}.", at=fe.cell)]

    def label(self, state: IpaState, intent: Intent) -> str:
        unit, to = intent.get("unit"), intent.get("to")
        if not isinstance(unit, str) or not isinstance(to, str):
            return "Move your field equipment"
        fe = state.equipment.get(unit)
        return f"Move {equipment_name(fe) if fe is not None else 'the field equipment'} to {to}"


@RULES.action
class Tunnel(Action[IpaState]):
    """Modified Gene Structuring: "Ensures your body can withstand the strain of using a Space Tunnel once.
    (You must buy this injection if you want to use a Space Tunnel.)" House (R-27; the Space Tunnel's page
    is not in the text): standing next to one of its Space Tunnels, the Agent steps out next to another of
    them; no action, no movement points; each injection carries it once."""

    kind = "tunnel"
    family = "move"
    summary = "Go through your Space Tunnels"
    args = (word("via", unit_named), word("to"))
    when = (
        "The Space Tunnels are used in your own turn, next to one of them, once per Modified Gene "
        "Structuring bought"
    )

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = able(state, seat)
        if agent is None or state.turn.used("gene") <= state.turn.used("gene_spent"):
            return []
        mouths = [fe for fe in state.equipment.values() if fe.owner == seat and fe.kind == "space_tunnel"]
        if not any(adjacent8(agent.cell, m.cell) for m in mouths):
            return []
        return [
            Intent.of("tunnel", via=m.unit, to=c)
            for m in mouths
            if not adjacent8(agent.cell, m.cell)
            for c in _free_around(state, m.cell)
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        start, agent.cell = agent.cell, intent.word("to")
        state.turn.use("gene_spent")
        state.last_path = [start, agent.cell]
        return [
            public(
                "tunnel",
                f"{seat}'s Agent goes through the Space Tunnels to {agent.cell}.",
                path=state.last_path,
            )
        ]

    def label(self, state: IpaState, intent: Intent) -> str:
        via, to = intent.get("via"), intent.get("to")
        if not isinstance(via, str) or not isinstance(to, str):
            return "Go through your Space Tunnels"
        mouth = state.equipment.get(via)
        return f"Through the Space Tunnel on {mouth.cell if mouth is not None else '?'} to {to}"
