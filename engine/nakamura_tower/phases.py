"""The turn and its phases 1 (infection and Cybershock), 2 (System Resources), 3 (Initiative), 5 (the
Real World, one step per Team) and 7 (Clean-Up). Cyberwarfare is :mod:`.cyber`, AI Operations :mod:`.drones`.

RB "Phase Sequence in a Game Turn": "1. Virus/Worm Infection and Cybershock Test Phase", "2. Check System
Resources Phase", "3. Initiative Determination Phase", "4. Cyberwarfare Phase", "5. Real World Phase",
"6. AI Operations Phase", "7. Clean-Up Phase".
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, number, word

from . import board
from .cando import draw
from .loading import pack
from .rules import RULES
from .scoring import check_end
from .shock import cybershock_test
from .state import NtState, PhaseStep, TeamStep, TurnStep
from .stats import system_resources
from .stun import recover

PHASES = ("infection", "resources", "initiative", "cyber", "real", "ai", "cleanup")
"""RB: "When a character's Cybershock Level reaches 10 the character has succumbed to Cyberpsychosis and is
taken over by the AI"."""


@RULES.step("turn")
def begin_turn(state: NtState, step: TurnStep) -> list[Event]:
    state.round += 1
    state.later(*(PhaseStep(phase=p) for p in PHASES))
    return [public("turn", f"Turn {state.round} of {state.turns} begins.")]


@RULES.step("phase")
def run_phase(state: NtState, step: PhaseStep) -> list[Event]:
    state.phase = step.phase
    if step.phase == "infection":
        return infection(state)
    if step.phase == "resources":
        return resources(state)
    if step.phase == "initiative":
        return initiative(state)
    if step.phase == "cyber":
        from .cwphase import cyberwarfare

        return cyberwarfare(state)
    if step.phase == "real":
        from .cyber import turn_up

        state.now(*(TeamStep(seat=s) for s in state.order))
        return turn_up(state)  # the end of the Cyberwarfare phase: face-down cards are declared
    if step.phase == "ai":
        from .drones import ai_operations

        return ai_operations(state)
    return cleanup(state)


def infection(state: NtState) -> list[Event]:
    """FAQ (a): "make a Cybershock Test for every hostile Virus/Worm in your Tactical Network for all your
    team members"; the mission's own tests (the tower's nanovirus) follow; then (b) and (c), the viruses'
    special abilities (:mod:`.viruses`)."""
    from .viruses import phase_one

    events: list[Event] = []
    tests = pack().missions[state.mission].cybershock_tests
    for seat, team in state.teams.items():
        hostile = sum(1 for s in team.tn if s.owner != seat)
        for model in [m for m in board.on_board(state) if m.team == seat and m.kind == "character"]:
            for _ in range(hostile + tests):
                if model.team == seat:
                    events += cybershock_test(state, model.id)
    return events + phase_one(state)


def resources(state: NtState) -> list[Event]:
    """RB: SR from every conscious character on the Tactical Network; then "remove the SRs required to run
    these programmes in background" (hostile ones are paid by their victim, ruling G09)."""
    from .cyber import upkeep

    events: list[Event] = []
    for seat, team in state.teams.items():
        team.sr = sum(
            system_resources(m)
            for m in board.on_board(state)
            if m.team == seat and m.kind == "character" and not m.stunned  # stunned: "unconscious" (G26)
        )
        events.append(public("sr", f"{seat} has {team.sr} System Resources."))
        events += upkeep(state, seat)
    return events


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
    events = [public("bids", "Initiative bids: " + ", ".join(f"{s} {n} SR" for s, n in bid.items()))]
    contenders = list(state.sides)
    while len(contenders) > 1:
        score = {s: bid[s] + draw(state) for s in contenders}
        events.append(public("initiative", "Initiative: " + ", ".join(f"{s} {v}" for s, v in score.items())))
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
            f"Cyberwarfare order {', '.join(state.cw_order)}; Real World order {', '.join(state.order)}.",
        )
    ]


def cleanup(state: NtState) -> list[Event]:
    """RB Clean-Up: "Check the victory conditions ... Close all doors that can be closed. Remove all Alarm
    tokens from the board. Remove any 'Activated' tokens and one 'Reacted' token" (all of them, R16);
    FAQ: "System Resources cannot be kept for future turns"."""
    events = check_end(state)
    if state.result is not None:
        return events
    taken = board.occupied(state)
    for edge_label, door in state.doors.items():
        edge = board.edge_of(edge_label)
        if door.forced or edge.a in taken or edge.b in taken:
            continue  # RB: "Characters standing in the doorway ... can prevent a door from becoming closed"
        door.state = "locked" if door.locked else "closed"
    state.alarms, state.alarm_types = {}, []
    for model in state.models.values():
        model.activated = model.reacted = False
        model.ap = 2
    state.current, state.last_path, state.last_sight = None, [], []
    events += recover(state)
    from .keeping import housekeeping  # the Tactical Networks and hands; then the SR tokens go

    events += housekeeping(state)
    state.later(TurnStep())
    return events
