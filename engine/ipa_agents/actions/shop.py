"""The Space Shop: ``sell:card=x``, ``buy:item=speed_boost`` or ``buy:item=sentry,at=D7``,
``upgrade:item=sentry_legs``.

RB "Space Shop": "Agents may sell Item Cards, but the Item Cards must be inactive"; "If the sale price is
higher than 1, you must show the card to the other players (only when selling)"; "Credits you receive from
selling items must be spent immediately"; "Using the space shop costs no action"; field equipment "is placed
on the battle map next to your Agent. The square ... must be in the Agent's line of sight"; upgrades cost
SP, "You may buy each upgrade only once".
"""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.actions import Action
from engine.core.args import word
from engine.core.board import Cell

from ..names import card_named, item_named, upgrade_named
from ..pack import pack
from ..rules import (
    RULES,
    able,
    adjacent8,
    card_of,
    draw_card,
    heal_text,
    named_card,
    not_in_hand,
    occupied,
    offered,
    plural,
    recycle_from_hand,
    sees,
)
from ..state import EquipmentState, IpaState
from .play import credits, pay

INJECTIONS_PLAYED = (
    "life_boost",
    "modified_gene_structuring",
    "molecular_manipulation",
    "ocular_precision",
    "sixth_sense_enhancer",
    "action_boost",
    "speed_boost",
    "modified_krono_blood",
)
"""Every Injection of page 25."""
EQUIPMENT_PLAYED = ("sentry", "gravitational_enforcer", "scary_mary", "space_tunnel")


SHOP_OPEN = "The Space Shop is open to the Agent in turn, unless it is stunned"


def shop_open(state: IpaState, seat: str) -> bool:
    return able(state, seat) is not None


@RULES.action
class Sell(Action[IpaState]):
    kind = "sell"
    family = "trade"
    summary = "Sell an inactive card"
    args = (word("card", card_named),)
    when = SHOP_OPEN

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        if not shop_open(state, seat):
            return []
        return [offered("sell", card=c) for c in sorted(state.agents[seat].hand)]

    def refusal(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        return not_in_hand(state, seat, intent)

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        card = recycle_from_hand(state, seat, intent.word("card"))
        state.agents[seat].turn_credits += card.price
        if card.price > 1:
            return [public("sell", f"{seat} sells {card.name} for {plural(card.price, 'credit')}.")]
        return [
            public("sell", f"{seat} sells a card for {plural(card.price, 'credit')}."),
            private(seat, "sell", f"You sold {card.name}."),
        ]

    def label(self, state: IpaState, intent: Intent) -> str:
        card = named_card(intent)
        return f"Sell {card.name} ({card.price} cr)" if card is not None else "Sell a card"


def _placements(state: IpaState, seat: str) -> list[str]:
    """RB: "next to your Agent" (the example: "one of the 8 adjoining squares"), in line of sight, not on a
    terrain token; A-44: nor on a unit, field equipment or an Event."""
    agent = state.agents[seat]
    here = Cell.parse(agent.cell)
    taken = set(occupied(state)) | set(state.walls) | {e.cell for e in state.events}
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            c = Cell(here.col + dx, here.row + dy)
            if (
                0 <= c.col < state.size
                and 0 <= c.row < state.size
                and c.label not in taken
                and adjacent8(agent.cell, c.label)
                and sees(state, agent.cell, c.label)
            ):
                out.append(c.label)
    return out


@RULES.action
class Buy(Action[IpaState]):
    kind = "buy"
    family = "trade"
    summary = "Buy an Injection or Field Equipment"
    args = (word("item", item_named), word("at", optional=True))
    when = SHOP_OPEN

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        if not shop_open(state, seat):
            return []
        money = credits(state.agents[seat])
        kept = pack()
        injections, equipment = kept.injections, kept.equipment
        out = [offered("buy", item=i) for i in INJECTIONS_PLAYED if injections[i].price <= money]
        spots: list[str] | None = None  # worked out for the first piece of equipment there is money for
        for kind in EQUIPMENT_PLAYED:
            spec = equipment[kind]
            if spec.price > money or sum(1 for e in state.equipment.values() if e.kind == kind) >= spec.stock:
                continue
            if spots is None:
                spots = _placements(state, seat)
            out += [offered("buy", item=kind, at=c) for c in spots]
        return out

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        item = intent.word("item")
        agent = state.agents[seat]
        if item in pack().equipment:
            spec = pack().equipment[item]
            pay(agent, spec.price)
            state.serial += 1
            unit = f"e{state.serial}"
            life = spec.life
            if life is not None:
                life += sum(
                    pack().upgrades[u].amount
                    for u in agent.upgrades
                    if pack().upgrades[u].equipment == item and pack().upgrades[u].effect == "life"
                )
            state.equipment[unit] = EquipmentState(
                unit=unit, kind=item, owner=seat, cell=intent.word("at"), life=life, placed=state.round
            )
            return [
                public(
                    "buy",
                    f"{seat} buys a {spec.name} and places it on {intent.word('at')}.",
                    at=intent.word("at"),
                )
            ]
        injection = pack().injections[item]
        pay(agent, injection.price)
        return [public("buy", f"{seat} buys the injection {injection.name}.")] + _inject(state, seat, item)

    def label(self, state: IpaState, intent: Intent) -> str:
        item = intent.get("item")
        if isinstance(item, str) and item in pack().equipment:
            at = intent.get("at")
            where = f" on {at}" if isinstance(at, str) else ""
            return f"Buy {pack().equipment[item].name} ({pack().equipment[item].price} cr){where}"
        if isinstance(item, str) and item in pack().injections:
            return f"Buy {pack().injections[item].name} ({pack().injections[item].price} cr)"
        return "Buy something"


def _inject(state: IpaState, seat: str, item: str) -> list[Event]:
    """RB Injections: "The effect lasts only in the round in which the injection was bought, and it works
    only once per purchase" (A-42: until the end of the buyer's turn)."""
    agent = state.agents[seat]
    effect = pack().injections[item].effect
    if effect == "heal":
        healed = min(3, agent.max_life - agent.life)
        agent.life += healed
        return [public("heal", heal_text(seat, healed), seat=seat, amount=healed)]
    if effect == "draw_recycled":
        card = state.recycle.pop() if state.recycle else draw_card(state)
        if card is None:
            return []
        agent.hand.append(card)
        return [private(seat, "draw", f"You take {card_of(card).name}.")]
    counter = {
        "action": "bonus_action",
        "speed": "speed",
        "range": "ocular",
        "melee_bonus": "krono",
        "pass_unit": "molecular",
        "tunnel": "gene",
    }[effect]
    state.turn.use(counter)
    return []


@RULES.action
class Upgrade(Action[IpaState]):
    kind = "upgrade"
    family = "trade"
    summary = "Buy a field equipment upgrade with SP"
    args = (word("item", upgrade_named),)
    when = SHOP_OPEN

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        if not shop_open(state, seat):
            return []
        return [
            Intent.of("upgrade", item=u.id)
            for u in pack().upgrades.values()
            if u.id not in agent.upgrades and u.sp <= agent.sp
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        upgrade = pack().upgrades[intent.word("item")]
        agent.sp -= upgrade.sp
        agent.upgrades.append(upgrade.id)
        if upgrade.effect == "life":
            for fe in state.equipment.values():
                if fe.owner == seat and fe.kind == upgrade.equipment and fe.life is not None:
                    fe.life += upgrade.amount
        return [public("upgrade", f"{seat} buys the upgrade {upgrade.name} for {upgrade.sp} SP.")]

    def label(self, state: IpaState, intent: Intent) -> str:
        item = intent.get("item")
        if isinstance(item, str) and item in pack().upgrades:
            return f"Upgrade: {pack().upgrades[item].name} ({pack().upgrades[item].sp} SP)"
        return "Buy an upgrade"
