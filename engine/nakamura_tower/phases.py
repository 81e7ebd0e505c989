"""The turn: its seven phases in order, one step each, each in the module of its phase; and phases 2 (System
Resources) and 3 (Initiative).

RB "Phase Sequence in a Game Turn": "1. Virus/Worm Infection and Cybershock Test Phase" (:mod:`.infection`),
"2. Check System Resources Phase", "3. Initiative Determination Phase" (here), "4. Cyberwarfare Phase"
(:mod:`.declare`, then :mod:`.cyber`), "5. Real World Phase" (:mod:`.activation`), "6. AI Operations Phase"
(:mod:`.drones`), "7. Clean-Up Phase" (:mod:`.keeping`).
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, number, word

from . import board
from .cyber import upkeep
from .marks import reveal
from .naming import plural, team_of
from .rules import RULES, draw
from .state import (
    AiStep,
    CleanUpStep,
    CyberwarfareStep,
    InfectionStep,
    InitiativeStep,
    NtState,
    RealWorldStep,
    ResourcesStep,
    TurnStep,
)
from .stats import system_resources


@RULES.step("turn")
def begin_turn(state: NtState, step: TurnStep) -> list[Event]:
    state.round += 1
    state.later(
        InfectionStep(),
        ResourcesStep(),
        InitiativeStep(),
        CyberwarfareStep(),
        RealWorldStep(),
        AiStep(),
        CleanUpStep(),
    )
    return [public("turn", f"Turn {state.round} of {state.turns} begins.")]


@RULES.step("resources")
def resources_phase(state: NtState, step: ResourcesStep) -> list[Event]:
    state.phase = step.op
    return resources(state)


def resources(state: NtState) -> list[Event]:
    """RB: SR from every conscious character on the Tactical Network; then "remove the SRs required to run
    these programmes in background" (hostile ones are paid by their victim, ruling G09)."""
    events: list[Event] = []
    for seat, team in state.teams.items():
        team.sr = sum(
            system_resources(m)
            for m in board.on_board(state)
            if m.team == seat and m.kind == "character" and not m.stunned  # stunned: "unconscious" (G26)
        )
        events.append(public("sr", f"{team_of(state, seat)} has {plural(team.sr, 'System Resource')}."))
        events += upkeep(state, seat)
    return events


@RULES.step("initiative")
def initiative_phase(state: NtState, step: InitiativeStep) -> list[Event]:
    state.phase = step.op
    return initiative(state)


class OrderPayload(BaseModel):
    winner: str


def initiative(state: NtState) -> list[Event]:
    """RB: "Each Player secretly chooses the SR tokens ... that they wish to assign to gaining the
    initiative for this turn. Each Player then declares the number of SRs assigned and draws a CanDo card"."""
    if len(state.sides) == 1:
        state.order = state.cw_order = list(state.sides)
        return []
    offers = {
        s: [(Intent.of("bid", sr=n), f"Bid {n} SR") for n in range(state.teams[s].sr + 1)]
        for s in state.sides
    }
    return RULES.secret(
        state,
        state.sides,
        "bid",
        "How many System Resources do you bid for the initiative?",
        offers,
        defaults={s: Intent.of("bid", sr=0) for s in state.sides},
        public="Each player bids System Resources for the initiative, in secret.",
        lone=state.sides,  # SR pools are public: a Team without SR bids 0 unasked
    )


BID = Shape("bid", (number("sr", lambda state, n: f"Bid {n} SR"),), asks="your bid for the initiative")
ORDER = Shape(
    "order",
    (
        word("cw", lambda state, seat: f"{seat} first in Cyberwarfare"),
        word("rw", lambda state, seat: f"{seat} first in the Real World"),
    ),
    title="Choose who goes first",
    asks="who goes first",
)


@RULES.revealed("bid", takes=[BID])
def bids(state: NtState, choices: dict[str, Intent], payload: object) -> list[Event]:
    """FAQ: the score is the CanDo card plus the bid. RB: "On a tie, each player draws another CanDo card
    until there is a winner, keeping the same number of SRs as originally chosen"."""
    bid = {s: choices[s].num("sr") for s in state.sides}
    for seat, n in bid.items():
        state.teams[seat].sr -= n
    events = [public("bids", "Initiative bids: " + ", ".join(f"{s} {n} SR" for s, n in bid.items()) + ".")]
    reveal(state, events[0].text, "the initiative bids")
    contenders = list(state.sides)
    while len(contenders) > 1:
        score = {s: bid[s] + draw(state) for s in contenders}
        shown = ", ".join(f"{s} {v}" for s, v in score.items())
        events.append(public("initiative", f"Initiative (bid and CanDo card): {shown}."))
        best = max(score.values())
        contenders = [s for s in contenders if score[s] == best]
    winner = contenders[0]
    offer = [
        (Intent.of("order", cw=a, rw=b), f"{a} first in Cyberwarfare, {b} first in the Real World")
        for a in state.sides
        for b in state.sides
    ]
    events.append(public("initiative_won", f"{winner} wins the initiative."))
    return events + RULES.ask(
        state,
        winner,
        "order",
        "You have the initiative: who goes first?",
        offer,
        public=f"{winner} has the initiative and chooses who goes first.",
        default=Intent.of("order", cw=winner, rw=winner),
        payload=OrderPayload(winner=winner),
    )


def _from(seats: list[str], first: str) -> list[str]:
    i = seats.index(first)
    return seats[i:] + seats[:i]


@RULES.answers("order", OrderPayload, takes=[ORDER])
def ordered(state: NtState, seat: str, intent: Intent, payload: OrderPayload) -> list[Event]:
    state.cw_order = _from(state.sides, str(intent.get("cw")))
    state.order = _from(state.sides, str(intent.get("rw")))
    return [
        public(
            "order",
            f"Cyberwarfare order: {', '.join(state.cw_order)}; Real World order: {', '.join(state.order)}.",
        )
    ]
