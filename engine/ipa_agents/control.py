"""Confuse and Mind Control: a turn its Agent does not fully decide.

RB Confuse: "The first thing a confused unit does when it is next in turn is an attack on the nearest
target (friend or enemy). After the attack the unit may move. If an Item Card is active, you must use that
Item Card for the attack. Otherwise the target itself determines which item is used. If using an item costs
credits, the target must pay the credits itself, but never more than 4 credits. ... If the target has no
items with which it can attack, it must show all its cards to the other players. The action is nevertheless
lost/used. If you do not know whom to hit, you may roll a die ... If a unit activated an Item Card in the
last round that can be used several times, the card remains active until the effect of Confuse has ended."

RB Mind Control: "You take control of the target when it is next in turn. If the target is an Agent, you
may draw two random cards from its inventory, which you may activate against someone if the abilities of
the target allow it to use the item. The rules on the number of actions still apply. Any type of credits
required ... must be paid by you and not by the target. You may not sell the Agent's Item Cards. You must
return the items to the Agent, unless the item is an Artifact or a Rift. You may not use the Agent's field
equipment or decide over it." (A-34, A-35; R-36, R-37.)
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, private, public
from engine.core.actions import Action
from engine.core.args import Shape, word

from .actions.play import Play, actions_left, credits, free_artifacts, targets
from .inventories import special_targets
from .names import card_named, unit_named
from .pack import ATTACKS
from .rules import RULES, card_of, distance, meets, named_card, stunned, unit_cell, unit_name
from .state import AgentState, ConfuseStep, Control, EndTurnStep, IpaState, ResumeStep

CONFUSE_CREDITS = 4
"""RB: "the target must pay the credits itself, but never more than 4 credits"."""
CONTROL_ACTIONS = ["steer", "wield", "release"]
CONTROLLED = "Only the player who controls another Agent's turn (Mind Control) does that"


def has(agent: AgentState, status: str) -> bool:
    return any(s.status == status for s in agent.statuses)


def consume(agent: AgentState, status: str) -> str | None:
    """Take the status off (its effect is this turn's); the seat that put it on."""
    found = next((s for s in agent.statuses if s.status == status), None)
    if found is None:
        return None
    agent.statuses.remove(found)
    return found.by


# --- Confuse ---------------------------------------------------------------------------------------


class ConfusePayload(BaseModel):
    target: str


def _nearest(state: IpaState, agent: AgentState) -> list[str]:
    """The nearest other living units and field equipment, friend or enemy (Manhattan distance)."""
    found = [(a.unit, a.cell) for a in state.agents.values() if a.alive and a.seat != agent.seat]
    found += [(e.unit, e.cell) for e in state.equipment.values()]
    if not found:
        return []
    best = min(distance(agent.cell, c) for _, c in found)
    return sorted(u for u, c in found if distance(agent.cell, c) == best)


def _weapons(state: IpaState, agent: AgentState, unit: str) -> list[str]:
    """The active card that can hit ``unit`` (it must be used), else the cards of the hand that can."""
    active = [
        a.card for a in agent.active if a.uses >= 1 and card_of(a.card).type in ("melee", "ranged", "space")
    ]
    reach = [
        c
        for c in active
        if meets(state, agent, card_of(c)) and unit in targets(state, agent, card_of(c), True)
    ]
    if reach:
        return reach
    out = []
    for instance in sorted(agent.hand):
        card = card_of(instance)
        if card.type in ("rift", "construct") or not any(e.op in ATTACKS for e in card.effects):
            continue
        if not meets(state, agent, card) or card.cost > min(CONFUSE_CREDITS, credits(agent)):
            continue
        if unit in targets(state, agent, card, own_equipment=True):
            out.append(instance)
    return out


@RULES.step("confuse")
def confused_turn(state: IpaState, step: ConfuseStep) -> list[Event]:
    seat = step.seat
    agent = state.agents[seat]
    consume(agent, "confuse")
    if not agent.alive or stunned(agent) or state.result is not None:
        state.now(ResumeStep(seat=seat))
        return []
    nearest = _nearest(state, agent)
    if not nearest:
        state.now(ResumeStep(seat=seat))
        return []
    target = nearest[state.rng.below(len(nearest))] if len(nearest) > 1 else nearest[0]
    events = [
        public(
            "confuse",
            f"{seat}'s Agent is confused and attacks the nearest target, "
            f"{unit_name(state, target)}" + (" (by the die)." if len(nearest) > 1 else "."),
        )
    ]
    cards = _weapons(state, agent, target)
    if not cards:
        state.turn.use("action")  # "The action is nevertheless lost/used"
        shown = ", ".join(card_of(c).name for c in sorted(agent.hand)) or "no cards"
        state.now(ResumeStep(seat=seat))
        return events + [public("confuse", f"{seat} has nothing to attack with and shows the hand: {shown}.")]
    offer = [(Intent.of("confused", card=c), f"Attack with {card_of(c).name}") for c in cards]
    return events + RULES.ask(
        state,
        seat,
        "confused",
        f"Confused: attack {unit_name(state, target)} with?",
        offer,
        payload=ConfusePayload(target=target),
        pace="quick",
    )


CONFUSED = Shape(
    "confused",
    (word("card", card_named),),
    title="Attack while confused",
    asks="the card a confused Agent attacks with",
)


@RULES.answers("confused", ConfusePayload, takes=[CONFUSED])
def confused_attack(state: IpaState, seat: str, intent: Intent, payload: ConfusePayload) -> list[Event]:
    return Play().activate(state, seat, Intent.of("play", card=intent.word("card"), at=payload.target))


# --- Mind Control ----------------------------------------------------------------------------------


def take_control(state: IpaState, seat: str) -> list[Event]:
    """At the start of ``seat``'s turn: its controller draws two random cards of its inventory."""
    agent = state.agents[seat]
    by = consume(agent, "mind_control")
    if by is None or not state.agents[by].alive:
        return []
    pool = sorted(agent.hand)
    cards = [pool.pop(state.rng.below(len(pool))) for _ in range(min(2, len(pool)))]
    state.control = Control(controller=by, target=seat, cards=cards)
    names = ", ".join(card_of(c).name for c in cards) or "no cards"
    return [
        public("control", f"{by} takes control of {seat}'s Agent for this turn."),
        private(by, "control", f"You draw from {seat}'s inventory: {names}."),
        private(seat, "control", f"{by} draws from your inventory: {names}."),
    ]


def controlled(state: IpaState, seat: str) -> bool:
    """Whether ``seat``'s turn is being played by its controller (then the controller is asked)."""
    control = state.control
    if control is None or control.target != seat:
        return False
    if not state.agents[control.controller].alive:
        state.control = None
        state.now(EndTurnStep(seat=seat))
        return True
    RULES.turn(
        state,
        control.controller,
        "turn",
        f"You control {seat}'s Agent this turn.",
        CONTROL_ACTIONS,
        default=Intent("release"),
        public=f"{control.controller} controls {seat}'s Agent this turn.",
    )
    return True


def _control(state: IpaState, seat: str) -> Control | None:
    control = state.control
    return control if control is not None and control.controller == seat else None


@RULES.action
class Steer(Action[IpaState]):
    kind = "steer"
    family = "move"
    summary = "Move the Agent you control"
    args = (word("to"),)
    when = CONTROLLED

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        control = _control(state, seat)
        if control is None:
            return []
        unit = state.agents[control.target].unit
        return [
            Intent.of("steer", to=i.word("to"))
            for i in RULES.actions["move"].options(state, control.target)
            if i.get("unit") == unit
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        control = _control(state, seat)
        assert control is not None  # options() made sure
        unit = state.agents[control.target].unit
        return RULES.actions["move"].apply(
            state, control.target, Intent.of("move", unit=unit, to=intent.word("to"))
        )

    def label(self, state: IpaState, intent: Intent) -> str:
        to = intent.get("to")
        return f"Move the controlled Agent to {to}" if isinstance(to, str) else "Move the controlled Agent"


@RULES.action
class Wield(Action[IpaState]):
    kind = "wield"
    summary = "Activate a drawn card of the Agent you control"
    args = (word("card", card_named), word("at", unit_named, optional=True))
    when = CONTROLLED

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        control = _control(state, seat)
        if control is None:
            return []
        agent = state.agents[control.target]
        if stunned(agent) or (actions_left(state) <= 0 and free_artifacts(state) <= 0):
            return []
        out = []
        for instance in control.cards:
            card = card_of(instance)
            if instance not in agent.hand or card.type == "rift" or not meets(state, agent, card):
                continue
            if card.cost > credits(state.agents[seat]) or (
                card.type != "artifact" and actions_left(state) <= 0
            ):
                continue
            special = special_targets(state, agent, card)
            if special is not None:
                out += [Intent.of("wield", card=instance, at=u) for u in special]
            elif card.aims():
                out += [Intent.of("wield", card=instance, at=u) for u in targets(state, agent, card)]
            else:
                out.append(Intent.of("wield", card=instance))
        return out

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        control = _control(state, seat)
        assert control is not None  # options() made sure
        at = intent.get("at")
        play = Intent.of("play", card=intent.word("card"), **({"at": at} if isinstance(at, str) else {}))
        return Play().activate(state, control.target, play, payer=state.agents[seat])

    def label(self, state: IpaState, intent: Intent) -> str:
        card, at = named_card(intent), intent.get("at")
        text = f"Activate {card.name if card is not None else 'a drawn card'}"
        return text + (f" on {unit_name(state, at)}" if isinstance(at, str) and unit_cell(state, at) else "")


@RULES.action
class Release(Action[IpaState]):
    kind = "release"
    family = "end"
    summary = "End the controlled turn"
    args = ()
    when = CONTROLLED

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        return [Intent("release")] if _control(state, seat) is not None else []

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        control = _control(state, seat)
        assert control is not None  # options() made sure
        state.control = None
        RULES.end_turn(state)
        state.now(EndTurnStep(seat=control.target))
        return [public("control", f"{seat} ends the controlled turn of {control.target}'s Agent.")]

    def label(self, state: IpaState, intent: Intent) -> str:
        return "End the controlled turn"
