"""Phase 5, the Real World: each Team's activation in the Real World order, whose activation it is, and what
ends it.

RB: "Team members are activated in the order decided by the Player, with each Team member completing all
of their actions before activating another Team member." A character's first action starts its activation
(``state.current``); it ends when its Action Points are spent, when it attacks ("Using an Attack action ...
ends that model's activation"), or when the player says so. The Team's turn ends when nobody is left.
"""

from __future__ import annotations

from engine.core import Event, Intent, public

from .cyber import turn_up
from .listing import once
from .marks import mark
from .mines import arm
from .naming import team_of
from .rules import RULES
from .scoring import secure
from .sharing import ACTIVATION
from .state import Model, NtState, RealWorldStep, TeamStep
from .stats import name

ACTION_POINTS = 2
"""RB: "Each model normally has two Action Points"."""
REAL_WORLD = "Characters act in their Team's activation, in the Real World phase"
"""When the Real World's actions are possible (a refusal at another moment says so)."""


@once
def actors(state: NtState, seat: str) -> list[Model]:
    """The characters ``seat`` may act with now."""
    if state.current is not None:
        model = state.models[state.current]
        return [model] if model.able and model.team == seat and model.ap > 0 else []
    return [
        m
        for m in state.models.values()
        if m.team == seat and m.kind == "character" and m.able and not m.activated and m.ap > 0
    ]


def start(state: NtState, model: Model, cost: int) -> None:
    """A character's action begins (its activation, when it is the first): the boards mark what it changes."""
    mark(state, f"{name(model)}'s action")
    state.current = model.id
    model.ap -= cost


def finish(state: NtState, model: Model) -> list[Event]:
    """End ``model``'s activation (an objective under it is secured)."""
    model.activated = True
    model.trail, model.dragging = [], None
    if state.current == model.id:
        state.current = None
    return secure(state, model) if model.active else []


def settle(state: NtState, seat: str) -> list[Event]:
    """After an action: a spent character's activation ends, and the Team's turn when nobody can act."""
    events: list[Event] = []
    if state.current is not None:
        model = state.models[state.current]
        if not model.able or model.ap <= 0:
            events += finish(state, model)
    if state.phase == "real" and not actors(state, seat) and state.waiting.find("turn") is not None:
        top = state.waiting.top()
        if top is not None and top.kind == "turn":
            RULES.end_turn(state)
    return events


TURN_ACTIONS = [
    "move",
    "attack",
    "throw",
    "mine",
    "drag",
    "aid",
    "swap",
    "door",
    "force",
    "escape",
    "standing",
    "done",
    "end",
]


def _orders_impossible(state: NtState, seat: str) -> bool:
    """Whether no character of ``seat``'s Team stands on the board: while one does, it may be given another
    standing order, so ending the activation is never all the Team can do (and the whole list of its
    intents need not be drawn after every action to find that out)."""
    return not any(m.team == seat and m.kind == "character" and m.active for m in state.models.values())


RULES.ends_alone(ACTIVATION, when=_orders_impossible)
"""A Team's activation whose only move left is to end it ends by itself: everything a Team could do in the
Real World is public (issue 30: a question with one answer is not asked). It seldom happens: a Team's turn
already ends when none of its characters can act (:func:`settle`), and standing orders stay possible."""


@RULES.step("real")
def real_world(state: NtState, step: RealWorldStep) -> list[Event]:
    """One activation per Team, in the Real World order; first the end of the Cyberwarfare phase: the
    face-down cards are declared (ruling C22)."""
    state.phase = step.op
    state.now(*(TeamStep(seat=s) for s in state.order))
    return turn_up(state)


@RULES.step("team")
def team_turn(state: NtState, step: TeamStep) -> list[Event]:
    """RB: "Teams are activated in the order decided by the Player with the initiative. Each Team completes
    its activation before another Team is activated." """
    state.current = None
    arm(state)
    if not actors(state, step.seat):
        return []
    RULES.turn(
        state,
        step.seat,
        ACTIVATION,
        "Your Team's activation: act with your characters one at a time.",
        TURN_ACTIONS,
        default=Intent.of("end"),
        public=f"{team_of(state, step.seat)} activates: the characters act one at a time.",
    )
    return [public("team", f"{team_of(state, step.seat)} activates.")]
