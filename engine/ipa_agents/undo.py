"""A Rift played in its owner's own turn: "The rift can cancel the last action of the previous player (not
the last action of the game round), and thereby annul its effect on the target." (RB Rift.)

The last action aimed at units (a card's activation or a Sentry's shot) is recorded with what the targets
were before it; once it has resolved, what it did is settled (life lost, statuses and over-time effects
added, a square left, field equipment destroyed). When the next living player's turn begins, that record
becomes the one a Rift may undo in that turn (A-2; R-25 in RULINGS.md). Deaths are not undone.
"""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.actions import Action

from .effects import RIFT, swallow
from .rules import (
    RULES,
    actions_left,
    agent_of_unit,
    cap,
    card_of,
    equipment_name,
    meets,
    named_card,
    occupied,
    recycle_from_hand,
    sees,
    stunned,
    unit_cell,
)
from .state import IpaState, LastAction, Undone


def record(state: IpaState, seat: str, actor: str, instance: str, targets: list[str]) -> None:
    """Called as an action aimed at ``targets`` is declared, before any of its hits resolves."""
    units: list[Undone] = []
    for unit in dict.fromkeys(targets):
        agent = agent_of_unit(state, unit)
        if agent is not None:
            units.append(
                Undone(
                    unit=unit,
                    life=agent.life,
                    cell=agent.cell,
                    statuses=list(agent.statuses),
                    over_time=list(agent.over_time),
                )
            )
        elif unit in state.equipment:
            fe = state.equipment[unit]
            units.append(Undone(unit=unit, life=fe.life or 0, cell=fe.cell, before=fe.model_copy(deep=True)))
    state.last_action = LastAction(
        seat=seat, actor=actor, card=instance, type=card_of(instance).type if instance else None, units=units
    )


def settle(state: IpaState) -> None:
    """The action has resolved: keep what it did to each target."""
    last = state.last_action
    if last is None or last.settled:
        return
    last.settled = True
    for u in last.units:
        agent = agent_of_unit(state, u.unit)
        if agent is not None:
            u.lost = max(0, u.life - agent.life) if agent.alive else 0
            u.added = [s for s in agent.statuses if s not in u.statuses]
            u.added_over_time = [o for o in agent.over_time if o not in u.over_time]
            u.moved_from = u.cell if agent.cell != u.cell else None
        elif u.unit in state.equipment:
            fe = state.equipment[u.unit]
            u.lost = max(0, u.life - (fe.life or 0))
            u.moved_from = u.cell if fe.cell != u.cell else None
        else:
            u.destroyed = u.before
        u.statuses, u.over_time, u.before = [], [], None


def did_something(last: LastAction) -> bool:
    return any(u.lost or u.added or u.added_over_time or u.moved_from or u.destroyed for u in last.units)


def begin(state: IpaState, seat: str) -> None:
    """A living player's turn begins: the last action recorded is the previous player's."""
    last = state.last_action
    state.undoable = last if last is not None and last.seat != seat and did_something(last) else None
    state.last_action = None


def _cancels(card_id: str, last: LastAction) -> bool:
    """A hit-cancelling Rift (Bright Light) cancels any attack; a type-cancelling one (Space Vacuum) only an
    action of that type, whose card is still active (it is, until its owner is in turn again)."""
    cancel = next(e for e in card_of(card_id).effects if e.op == "cancel")
    return cancel.hit or (last.type is not None and last.type in cancel.against)


def _in_sight(state: IpaState, seat: str, last: LastAction) -> bool:
    """RB Rift: "The target must be in the Agent's line of sight" (A-49: the Rift's user is a target, or
    sees the acting unit or a target)."""
    agent = state.agents[seat]
    if any(u.unit == agent.unit for u in last.units):
        return True
    cells = [unit_cell(state, u.unit) or u.cell for u in last.units]
    actor = unit_cell(state, last.actor)
    return any(sees(state, agent.cell, c) for c in [*cells, *([actor] if actor else [])])


def _undo_unit(state: IpaState, u: Undone) -> list[Event]:
    agent = agent_of_unit(state, u.unit)
    if agent is not None:
        if not agent.alive:
            return []  # deaths are not undone
        agent.life = min(agent.max_life, agent.life + u.lost)
        agent.statuses = [s for s in agent.statuses if s not in u.added]
        agent.over_time = [o for o in agent.over_time if o not in u.added_over_time]
        if u.moved_from and u.moved_from not in occupied(state, but=u.unit):
            agent.cell = u.moved_from
        return [public("undo", f"{agent.seat}'s Agent: the action is undone (life {agent.life}).")]
    if u.destroyed is not None:
        if u.destroyed.cell in occupied(state) or u.destroyed.owner not in state.agents:
            return []
        state.equipment[u.unit] = u.destroyed
        return [public("undo", f"{cap(equipment_name(u.destroyed))} stands again.", at=u.destroyed.cell)]
    fe = state.equipment.get(u.unit)
    if fe is not None and fe.life is not None:
        fe.life += u.lost
        return [public("undo", f"{cap(equipment_name(fe))}: the damage is undone.")]
    return []


@RULES.action
class UndoRift(Action[IpaState]):
    """``rift:card=x`` in its owner's turn: costs one action (RB "Using this card costs one action"; A-3)."""

    kind = "rift"
    summary = "Play a Rift against the previous player's last action"
    args = RIFT.args
    when = RIFT.when

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent, last = state.agents[seat], state.undoable
        if last is None or not agent.alive or stunned(agent) or actions_left(state) <= 0:
            return []
        if not _in_sight(state, seat, last):
            return []
        return [
            Intent.of("rift", card=c)
            for c in sorted(agent.hand)
            if card_of(c).type == "rift" and meets(state, agent, card_of(c)) and _cancels(c, last)
        ]

    def refusal(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        if state.undoable is None:
            return "There is no action of the previous player for a Rift to cancel."
        return None

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        last = state.undoable
        assert last is not None  # options() made sure
        state.undoable = None
        state.turn.use("action")
        card = recycle_from_hand(state, seat, intent.word("card"))
        events = [
            public("rift", f"{seat} activates the Rift {card.name}: {last.seat}'s last action is cancelled.")
        ]
        for u in last.units:
            events += _undo_unit(state, u)
        if last.card and not any(e.op == "cancel" and e.hit for e in card.effects):
            events += swallow(state, last.seat, last.card)
        return events

    def label(self, state: IpaState, intent: Intent) -> str:
        card = named_card(intent)
        return f"Play {card.name} against the last action" if card is not None else "Play a Rift"
