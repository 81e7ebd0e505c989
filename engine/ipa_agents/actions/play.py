"""Activating Item Cards (``play:card=uzi.1,at=a2``), the Damage Converter's payment
(``convert:card=uzi.1``) and a Sentry's shot (``shoot:unit=e1,at=a2``).

RB "Item Types": Artifact ("costs one action", once, "The target must be in the Agent's line of sight"),
Construct ("costs no action"), Melee Weapon ("The target must stand on an adjoining square (diagonal also
works)"), Ranged Weapon ("must have a "clear shot" ... a minimum and/or maximum range"), Space
Manipulation ("costs one action"); Multiple Activations: "If an Agent receives a further action while it
is in turn, that Agent may ... activate an already activated Item Card once more."
"""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.actions import Action
from engine.core.args import word

from .. import undo
from ..effects import card_hit, equipment_hit, queue_hits, reveal, shot_line
from ..inventories import plant, revive, special_targets
from ..names import card_named, unit_named
from ..pack import Card, pack
from ..rules import (
    RULES,
    actions_left,
    adjacent8,
    agent_of_unit,
    cap,
    card_of,
    clear_shot,
    distance,
    equipment_name,
    heal_text,
    meets,
    missing,
    named_card,
    plural,
    sees,
    stunned,
    unit_name,
)
from ..state import Active, AgentState, IpaState


def free_artifacts(state: IpaState) -> int:
    return state.turn.used("multitask") - state.turn.used("multitask_spent")


def credits(agent: AgentState) -> int:
    return agent.credits + agent.turn_credits


def pay(agent: AgentState, amount: int) -> None:
    """A-7: sale credits first, then saved ones."""
    from_turn = min(agent.turn_credits, amount)
    agent.turn_credits -= from_turn
    agent.credits -= amount - from_turn


OCULAR_RANGE = 5
"""Ocular Precision: "Your ranged weapons receive +5 to range for your next attack"."""
KRONO_DAMAGE = 1
"""Modified Krono Blood: "Gives your melee weapons +1 damage for your next attack"."""


def boosted(state: IpaState, injection: str) -> bool:
    """Whether an injection of this turn waits for the attack it is for (``ocular``, ``krono``): RB "it
    works only once per purchase"."""
    return state.turn.used(injection) > state.turn.used(f"{injection}_spent")


def next_attack(state: IpaState, card: Card) -> int:
    """An attack with ``card`` is declared: the injection waiting for it is spent on it (Ocular Precision
    on a Ranged Weapon's attack, Modified Krono Blood on a Melee Weapon's: "for your next attack"; Krono
    Blood "only once per action"). Returns the damage Krono Blood adds to the attack's first hit."""
    if card.type == "ranged" and boosted(state, "ocular"):
        state.turn.use("ocular_spent")
    if card.type == "melee" and boosted(state, "krono"):
        state.turn.use("krono_spent")
        return KRONO_DAMAGE
    return 0


def _range_ok(state: IpaState, agent: AgentState, card: Card, there: str) -> bool:
    d = distance(agent.cell, there)
    if card.type == "melee":
        return adjacent8(agent.cell, there) and sees(state, agent.cell, there)
    if not sees(state, agent.cell, there):
        return False
    if card.range is not None:
        bonus = OCULAR_RANGE if card.type == "ranged" and boosted(state, "ocular") else 0
        if d > card.range + bonus:
            return False
    if d < card.min_range:
        return False
    return card.type != "ranged" or clear_shot(state, agent.unit, agent.cell, there)


def targets(state: IpaState, agent: AgentState, card: Card, own_equipment: bool = False) -> list[str]:
    """The units and field equipment ``card`` may aim at now, by its target type (RB "Target Types");
    its own field equipment too with ``own_equipment`` (a confused Agent's nearest target)."""
    out: list[str] = []
    if card.target in ("target", "units", "agent"):
        out += [a.unit for a in state.agents.values() if a.alive and a.seat != agent.seat]
    if card.target in ("target", "equipment"):
        out += [e.unit for e in state.equipment.values() if e.owner != agent.seat or own_equipment]
    cells = {a.unit: a.cell for a in state.agents.values()} | {
        e.unit: e.cell for e in state.equipment.values()
    }
    return [u for u in out if _range_ok(state, agent, card, cells[u])]


def playable(state: IpaState, agent: AgentState, instance: str, again: bool) -> bool:
    return _playable(state, agent, card_of(instance), again)


def _playable(state: IpaState, agent: AgentState, card: Card, again: bool) -> bool:
    if not meets(state, agent, card) or credits(agent) < card.cost or card.type == "rift":
        return False
    if card.type == "construct":
        return not again
    if again and card.type == "artifact":
        return False
    if card.type == "artifact" and free_artifacts(state) > 0:
        return True
    return actions_left(state) > 0


@RULES.action
class Play(Action[IpaState]):
    kind = "play"
    summary = "Activate an Item Card"
    args = (
        word("card", card_named),
        word("at", unit_named, optional=True),
        word("also", unit_named, optional=True),
    )
    when = "Item Cards are activated in your own turn, with an action left (a Construct needs none)"

    def _cards(self, state: IpaState, seat: str) -> list[tuple[str, Card]]:
        """The cards ``seat`` may activate now: one of each kind in hand, then the active weapons and
        Space Manipulations to activate again (instance and card)."""
        agent = state.agents[seat]
        if not agent.alive or stunned(agent):
            return []
        cards = pack().cards
        listed: list[tuple[str, Card]] = []
        seen: set[str] = set()
        for instance in sorted(agent.hand):
            kind = instance.split(".")[0]
            if kind in seen:
                continue  # copies of one card play alike: offer one
            if _playable(state, agent, cards[kind], again=False):
                seen.add(kind)
                listed.append((instance, cards[kind]))
        for act in agent.active:
            card = cards[act.card.split(".")[0]]
            if card.type in ("melee", "ranged", "space") and _playable(state, agent, card, True):
                listed.append((act.card, card))
        return listed

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        out: list[Intent] = []
        for instance, card in self._cards(state, seat):
            special = special_targets(state, agent, card)
            if special is not None:  # a planted Construct or a revival
                out += [Intent.of("play", card=instance, at=unit) for unit in special]
                continue
            if not card.aims():
                out.append(Intent.of("play", card=instance))
                continue
            aims = targets(state, agent, card)
            for unit in aims:
                out.append(Intent.of("play", card=instance, at=unit))
            if card.double_for is not None and credits(agent) >= card.double_for + card.cost:
                out += [Intent.of("play", card=instance, at=a, also=b) for a in aims for b in aims]
        return out

    def refusal(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        agent = state.agents[seat]
        instance = intent.get("card")
        if not isinstance(instance, str) or (
            instance not in agent.hand and all(a.card != instance for a in agent.active)
        ):
            return "That card is not in your inventory."
        card = card_of(instance)
        if stunned(agent):
            return "Your Agent is stunned: it cannot activate Item Cards."
        if not meets(state, agent, card):
            return f"{card.name} needs {', '.join(missing(state, agent, card))}."
        if card.type == "rift":
            return "Rifts are played as reactions, when a hit lands."
        if card.type != "construct" and actions_left(state) <= 0:
            return "You have no action left this turn."
        return f"{card.name} cannot reach that target now (line of sight, range, clear shot or target type)."

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        return self.activate(state, seat, intent)

    def activate(
        self, state: IpaState, seat: str, intent: Intent, payer: AgentState | None = None
    ) -> list[Event]:
        """``seat``'s Agent activates the card; ``payer`` pays its credits (Mind Control: "must be paid by
        you and not by the target")."""
        agent = state.agents[seat]
        payer = payer or agent
        instance = intent.word("card")
        card = card_of(instance)
        if card.planted or card.revives():
            return self._elsewhere(state, seat, instance, intent.word("at"), payer)
        again = instance not in agent.hand
        twin = self._twin(agent, card, instance) if not again else None
        self._spend(state, card)
        if card.cost:
            pay(payer, card.cost)
        reveal(state, seat, instance)
        events = [public("play", f"{seat} activates {card.name}.", card=card.id)]
        events += self._self_effects(state, agent, card)
        at = intent.get("at")
        if not isinstance(at, str):
            return events
        hits = [card_hit(state, seat, instance, at)]
        hits[0].bonus = next_attack(state, card)
        also = intent.get("also")
        if isinstance(also, str) and card.double_for is not None:
            pay(payer, card.double_for)
            hits.append(card_hit(state, seat, instance, also))
        if twin is not None:
            reveal(state, seat, twin)
            hits.append(card_hit(state, seat, twin, at))
            events.append(public("play", f"{seat} fires the second {card.name} with the same action."))
        if card.type == "ranged":
            shot_line(state, agent.cell, _cell(state, at), True)
        RULES.end_turn(state)
        undo.record(state, seat, agent.unit, instance, [h.target for h in hits])
        queue_hits(state, hits, seat)
        return events

    def _elsewhere(
        self, state: IpaState, seat: str, instance: str, at: str, payer: AgentState
    ) -> list[Event]:
        """A Construct planted in ``at``'s inventory (no action) or a revival of the corpse ``at``. Neither
        aims at a living unit's life: no defensive roll, no reaction window, nothing a Rift undoes (R-38,
        R-39)."""
        card = card_of(instance)
        self._spend(state, card)
        if card.cost:
            pay(payer, card.cost)
        if card.planted:
            return plant(state, seat, instance, at)
        reveal(state, seat, instance)
        events = [public("play", f"{seat} activates {card.name}.", card=card.id)]
        return events + revive(state, seat, instance, at)

    @staticmethod
    def _twin(agent: AgentState, card: Card, instance: str) -> str | None:
        if not card.twin:
            return None
        return next((c for c in agent.hand if c != instance and c.split(".")[0] == card.id), None)

    @staticmethod
    def _spend(state: IpaState, card: Card) -> None:
        if card.type == "construct":
            return
        if card.type == "artifact" and free_artifacts(state) > 0:
            state.turn.use("multitask_spent")
            return
        state.turn.use("action")

    @staticmethod
    def _self_effects(state: IpaState, agent: AgentState, card: Card) -> list[Event]:
        events: list[Event] = []
        for effect in card.effects:
            if effect.op == "heal":
                healed = min(effect.amount, agent.max_life - agent.life)
                agent.life += healed
                events.append(public("heal", heal_text(agent.seat, healed), seat=agent.seat, amount=healed))
            elif effect.op == "gain":
                if effect.what == "credits":
                    agent.credits += effect.amount
                else:
                    agent.sp += effect.amount
                what = plural(effect.amount, "credit") if effect.what == "credits" else f"{effect.amount} SP"
                events.append(public("gain", f"{agent.seat} gains {what}."))
            elif effect.op == "extra_artifacts":
                state.turn.use("multitask", effect.count)
                events.append(
                    public(
                        "gain",
                        f"{agent.seat} may activate {effect.count} more "
                        f"{'Artifact' if effect.count == 1 else 'Artifacts'} this turn.",
                    )
                )
        return events

    def label(self, state: IpaState, intent: Intent) -> str:
        card = named_card(intent)
        name = card.name if card is not None else "a card"
        at, also = intent.get("at"), intent.get("also")
        text = f"Activate {name}"
        if isinstance(at, str):
            text += f" on {unit_name(state, at)}"
        if isinstance(also, str):
            text += f" and {unit_name(state, also)}"
        return text


def _cell(state: IpaState, unit: str) -> str:
    agent = agent_of_unit(state, unit)
    return agent.cell if agent is not None else state.equipment[unit].cell


@RULES.action
class Convert(Action[IpaState]):
    """Damage Converter: "for payment of 1 credit can convert any damage into fire damage and adds +1 to
    fire damage"; A-38: per weapon card, for the rest of the turn."""

    kind = "convert"
    summary = "Pay the Damage Converter for a weapon"
    args = (word("card", card_named),)
    when = "The Damage Converter is paid in your own turn, while it is active and you have the credits"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        if not agent.active:
            return []  # no Damage Converter
        conv = [e for a in agent.active for e in card_of(a.card).effects if e.op == "convert"]
        if not agent.alive or stunned(agent) or not conv or credits(agent) < conv[0].cost:
            return []
        return [
            Intent.of("convert", card=a.card)
            for a in agent.active
            if card_of(a.card).type in ("melee", "ranged") and not a.converted
        ] + [
            Intent.of("convert", card=c)
            for c in sorted(agent.hand)
            if card_of(c).type in ("melee", "ranged") and meets(state, agent, card_of(c))
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        instance = intent.word("card")
        conv = next(e for a in agent.active for e in card_of(a.card).effects if e.op == "convert")
        pay(agent, conv.cost)
        if instance in agent.hand:
            agent.hand.remove(instance)

            agent.active.append(Active(card=instance, uses=0, converted=True))
        else:
            next(a for a in agent.active if a.card == instance).converted = True
        return [
            public("convert", f"{seat} pays the Damage Converter: {card_of(instance).name} deals fire, +1.")
        ]

    def label(self, state: IpaState, intent: Intent) -> str:
        card = named_card(intent)
        return f"Convert {card.name if card is not None else 'a weapon'} to fire (+1)"


@RULES.action
class Shoot(Action[IpaState]):
    """A Sentry: "receives 1 shot per round (when the buyer is in turn)", "A shot costs no action", "It
    cannot fire in the round in which it was placed", "counts in the same way as a shot from a ranged
    weapon"."""

    kind = "shoot"
    summary = "Fire a Sentry"
    args = (word("unit", unit_named), word("at", unit_named))
    when = (
        "A Sentry fires once a round, in its owner's turn, from the round after it was placed, at an Agent "
        "in its range and sight"
    )

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        if all(fe.owner != seat for fe in state.equipment.values()):
            return []
        out = []
        kept = pack()
        equipment, upgrades = kept.equipment, kept.upgrades
        for fe in state.equipment.values():
            spec = equipment[fe.kind]
            if (
                fe.owner != seat
                or not spec.damage
                or fe.fired == state.round
                or fe.placed == state.round  # "It cannot fire in the round in which it was placed"
            ):
                continue
            rng = (spec.range or 0) + sum(
                upgrades[u].amount
                for u in state.agents[seat].upgrades
                if upgrades[u].equipment == fe.kind and upgrades[u].effect == "range"
            )
            for agent in state.agents.values():
                if (
                    agent.alive
                    and agent.seat != seat
                    and distance(fe.cell, agent.cell) <= rng
                    and sees(state, fe.cell, agent.cell)
                    and clear_shot(state, fe.unit, fe.cell, agent.cell)
                ):
                    out.append(Intent.of("shoot", unit=fe.unit, at=agent.unit))
        return out

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        fe = state.equipment[intent.word("unit")]
        fe.fired = state.round
        at = intent.word("at")
        shot_line(state, fe.cell, _cell(state, at), True)
        RULES.end_turn(state)
        undo.record(state, seat, fe.unit, "", [at])
        queue_hits(state, [equipment_hit(state, fe.unit, at)], seat)
        return [
            public(
                "shoot",
                f"{cap(equipment_name(fe))} fires at {unit_name(state, at)}.",
            )
        ]

    def label(self, state: IpaState, intent: Intent) -> str:
        unit, at = intent.get("unit"), intent.get("at")
        target = unit_name(state, at) if isinstance(at, str) else "a target"
        sentry = state.equipment.get(unit) if isinstance(unit, str) else None
        return f"Fire the {'Sentry' if sentry is None else 'Sentry on ' + sentry.cell} at {target}"


__all__ = ["Play", "Convert", "Shoot", "actions_left", "credits", "pay", "playable", "targets"]
