"""Picking up Events (``pickup``), Spoils of War (``loot:corpse=a2,card=x``), taking over field equipment
(``takeover:unit=e3``), placing a bonus ability point (``train:stat=strength``), discarding
(``discard:card=x``) and ending the turn (``end``)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, private, public
from engine.core.actions import Action
from engine.core.args import Shape, word

from ..names import ability_named, card_named, unit_named, words
from ..pack import ABILITIES, pack
from ..rules import (
    RULES,
    adjacent8,
    card_of,
    equipment_name,
    named_card,
    not_in_hand,
    offered,
    recycle_from_hand,
    stunned,
)
from ..state import EndTurnStep, IpaState
from .play import actions_left


@RULES.action
class Pickup(Action[IpaState]):
    """RB "Events": "An Event is started when the Agent stands on a square on which an Event token lies.
    You need one action to pick up an Event token"."""

    kind = "pickup"
    summary = "Pick up the Event you stand on"
    args = ()
    when = "An Event is picked up in your own turn, by an Agent standing on it, with an action"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        if not agent.alive or stunned(agent) or actions_left(state) <= 0:
            return []
        return [Intent("pickup")] if any(e.cell == agent.cell for e in state.events) else []

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        token = next(e for e in state.events if e.cell == agent.cell)
        state.events.remove(token)
        state.turn.use("action")
        kind = pack().events[token.kind]
        if token.kind == "aliens":
            agent.credits += kind.reward
            return [
                public(
                    "event",
                    f"{seat} picks up an Event: Aliens, {kind.reward} credits (saved).",
                    at=agent.cell,
                )
            ]
        if token.kind == "debris":
            agent.sp += kind.reward
            return [public("event", f"{seat} picks up an Event: Debris, {kind.reward} SP.", at=agent.cell)]
        face = state.rng.roll(1)[0]
        entity = pack().entities[face]
        events = [
            public(
                "event",
                f"{seat} picks up an Event: an Unknown Entity (UE). The die shows {face}: {entity.name}.",
                at=agent.cell,
            )
        ]
        if agent.ue is None:
            agent.ue = entity.id
            return events + [public("ue", f"{seat}'s Agent gains {entity.name}: {entity.text}")]
        old = next(e for e in pack().entities.values() if e.id == agent.ue)
        sale = f"{pack().numbers.ue_sale} credits"
        offer = [
            (Intent.of("keep", which="old"), f"Keep {old.name}, sell {entity.name} for {sale}"),
            (Intent.of("keep", which="new"), f"Keep {entity.name}, sell {old.name} for {sale}"),
        ]
        return events + RULES.ask(
            state,
            seat,
            "keep",
            "You may own only 1 Unknown Entity (UE): which do you keep?",
            offer,
            payload=KeepPayload(new=entity.id),
            public=f"{seat} may own only 1 Unknown Entity (UE) and chooses which to keep.",
        )

    def label(self, state: IpaState, intent: Intent) -> str:
        return "Pick up the Event"


class KeepPayload(BaseModel):
    new: str


KEEP = Shape(
    "keep",
    (word("which", words({"old": "Keep the UE you had", "new": "Keep the new UE"})),),
    title="Keep a UE",
    asks="the UE you keep",
)
"""An Agent that finds a second Unknown Entity keeps one of the two."""


@RULES.answers("keep", KeepPayload, takes=[KEEP])
def keep_entity(state: IpaState, seat: str, intent: Intent, payload: KeepPayload) -> list[Event]:
    """RB: "If you find another UE, you may sell this one or the old one in the space shop for 3 credits"
    (A-32: sale credits, to spend this turn)."""
    agent = state.agents[seat]
    if intent.get("which") == "new":
        agent.ue = payload.new
    agent.turn_credits += pack().numbers.ue_sale
    kept = next(e for e in pack().entities.values() if e.id == agent.ue)
    return [
        public("ue", f"{seat} keeps {kept.name} and sells the other UE for {pack().numbers.ue_sale} credits.")
    ]


@RULES.action
class Loot(Action[IpaState]):
    """RB "Spoils of War": "you may look into the Inventory of the dead Agent once and steal 1 item ... your
    Agent automatically receives 2 SP ... your Agent must stand next to the dead Agent" (A-31: no action)."""

    kind = "loot"
    summary = "Take the Spoils of War"
    args = (word("corpse", unit_named), word("card", card_named))
    when = "Spoils of War are taken in your own turn, once per dead Agent, by an Agent standing next to it"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        if not agent.alive or stunned(agent):
            return []
        out = []
        for dead in state.agents.values():
            if (
                dead.alive
                or dead.unit in agent.looted
                or not (adjacent8(agent.cell, dead.cell) or agent.cell == dead.cell)
            ):
                continue
            cards = sorted(dead.hand)
            out += [Intent.of("loot", corpse=dead.unit, card=c) for c in cards] or [
                Intent.of("loot", corpse=dead.unit, card="none")
            ]
        return out

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        dead = next(a for a in state.agents.values() if a.unit == intent.word("corpse"))
        agent.looted.append(dead.unit)
        agent.sp += pack().numbers.spoils_sp
        events = [
            public(
                "loot", f"{seat} looks into {dead.seat}'s inventory and gains {pack().numbers.spoils_sp} SP."
            )
        ]
        instance = intent.word("card")
        if instance in dead.hand:
            dead.hand.remove(instance)
            agent.hand.append(instance)
            events += [
                public("loot", f"{seat} takes a card from {dead.seat}'s corpse."),
                private(seat, "loot", f"You take {card_of(instance).name}."),
            ]
        return events

    def label(self, state: IpaState, intent: Intent) -> str:
        card = named_card(intent)
        return f"Loot {card.name} from a corpse" if card is not None else "Loot a corpse"


@RULES.action
class Takeover(Action[IpaState]):
    """RB: "You may take over the field equipment of dead Agents. To do so, you place your Agent next to it
    (including diagonally) and declare it as your possession. The takeover costs one action.\""""

    kind = "takeover"
    summary = "Take over a dead Agent's field equipment"
    args = (word("unit", unit_named),)
    when = "A dead Agent's field equipment is taken over in your own turn, next to it, with an action"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        if not agent.alive or stunned(agent) or actions_left(state) <= 0:
            return []
        return [
            Intent.of("takeover", unit=e.unit)
            for e in state.equipment.values()
            if e.owner is None and adjacent8(agent.cell, e.cell)
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        fe = state.equipment[intent.word("unit")]
        name = equipment_name(fe)
        fe.owner = seat
        fe.fired = -1
        state.turn.use("action")
        return [public("takeover", f"{seat} takes over {name}.", at=fe.cell)]

    def label(self, state: IpaState, intent: Intent) -> str:
        unit = intent.get("unit")
        fe = state.equipment.get(unit) if isinstance(unit, str) else None
        return f"Take over {equipment_name(fe)}" if fe is not None else "Take over field equipment"


@RULES.action
class Train(Action[IpaState]):
    """The double-6 bonus: "Your Agent also receives 1 additional ability point" (A-10: placed by its owner
    in his turn)."""

    kind = "train"
    summary = "Place a bonus ability point"
    args = (word("stat", ability_named),)
    when = "A bonus ability point (from a double 6) is placed in your own turn"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        return [Intent.of("train", stat=a) for a in ABILITIES] if agent.alive and agent.points > 0 else []

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        stat = intent.word("stat")
        agent.points -= 1
        agent.abilities[stat] += 1  # type: ignore[index]
        return [public("train", f"{seat} places an ability point on {stat}.")]

    def label(self, state: IpaState, intent: Intent) -> str:
        stat = intent.get("stat")
        return f"+1 {stat.capitalize()}" if isinstance(stat, str) else "Place an ability point"


@RULES.action
class Discard(Action[IpaState]):
    """RB "Discarding": "You may, whenever you are in turn, place Item Cards freely on the draw pile" (A-1:
    the recycle pile)."""

    kind = "discard"
    family = "discard"
    summary = "Discard an inactive card"
    args = (word("card", card_named),)
    when = "Inactive cards are discarded in your own turn"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        return [offered("discard", card=c) for c in sorted(agent.hand)] if agent.alive else []

    def refusal(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        return not_in_hand(state, seat, intent)

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        card = recycle_from_hand(state, seat, intent.word("card"))
        return [
            public("discard", f"{seat} discards a card."),
            private(seat, "discard", f"You discard {card.name}."),
        ]

    def label(self, state: IpaState, intent: Intent) -> str:
        card = named_card(intent)
        return f"Discard {card.name}" if card is not None else "Discard a card"


@RULES.action
class End(Action[IpaState]):
    kind = "end"
    family = "end"
    summary = "End your turn"
    args = ()
    when = "A turn is ended by the player in turn"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        return [Intent("end")]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        state.now(EndTurnStep(seat=seat))
        return [public("end", f"{seat} ends the turn.")]

    def label(self, state: IpaState, intent: Intent) -> str:
        return "End the turn"
