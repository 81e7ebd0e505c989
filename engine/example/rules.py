"""High Card's rules: the procedure's steps, the answers to its questions and the leader's actions."""

from __future__ import annotations

from engine.core import Event, Intent, next_seat, public
from engine.core.actions import Action
from engine.core.args import Shape, number
from engine.core.flowgame import FlowGame
from engine.core.rules import NoPayload, Rules

from .state import HighCardState, LeaderStep, RoundStep

RULES: Rules[HighCardState] = Rules()

PICKS = (1, 2, 3)


@RULES.step("round")
def open_round(state: HighCardState, step: RoundStep) -> list[Event]:
    offer = [(Intent.of("pick", n=n), f"Pick {n}") for n in PICKS]
    return RULES.secret(
        state,
        state.seats,
        "pick",
        "Pick 1, 2 or 3 in secret.",
        {s: offer for s in state.seats},
        defaults={s: Intent.of("pick", n=1) for s in state.seats},
        public="Everyone picks 1, 2 or 3 in secret.",
    )


@RULES.step("leader")
def leader_decides(state: HighCardState, step: LeaderStep) -> list[Event]:
    RULES.turn(
        state, state.leader, "double", "Double the next round?", ["double", "keep"], default=Intent.of("keep")
    )
    return []


@RULES.revealed("pick", takes=[Shape("pick", (number("n"),))])
def score(state: HighCardState, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
    picks = {seat: intent.num("n") for seat, intent in choices.items()}
    events = [public("reveal", "Revealed: " + ", ".join(f"{s}={n}" for s, n in picks.items()))]
    best = max(picks.values())
    top = [s for s, n in picks.items() if n == best]
    if len(top) == 1:
        state.scores[top[0]] += best * (2 if state.doubled else 1)
    state.doubled = False
    return events + next_round(state)


def next_round(state: HighCardState) -> list[Event]:
    # ``finish`` is static: the rules end the game without importing the game module that wires them
    winners = [s for s, v in state.scores.items() if v >= state.opts.target]
    ranking = ranked(state)
    scores = {s: float(v) for s, v in state.scores.items()}
    if winners:
        return [
            FlowGame.finish(
                state, winners, f"reached {state.opts.target} points", ranking=ranking, scores=scores
            )
        ]
    if state.round >= state.opts.max_rounds:
        return [
            FlowGame.finish(state, [], "no one reached the target", draw=True, ranking=ranking, scores=scores)
        ]
    state.round += 1
    state.leader = next_seat(state.seats, state.leader)
    state.later(LeaderStep(), RoundStep())
    return []


def ranked(state: HighCardState) -> list[list[str]]:
    """Seats grouped by score, highest first (equal scores share a place)."""
    values = sorted(set(state.scores.values()), reverse=True)
    return [[s for s in state.seats if state.scores[s] == v] for v in values]


@RULES.closed("object", takes=[Shape("object"), Shape("pass")])
def objections(state: HighCardState, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    objected = any(intent.kind == "object" for _, intent in answers)
    state.doubled = not objected
    return [public("objection", "The doubling was refused." if objected else "The next round is doubled.")]


@RULES.action
class Double(Action[HighCardState]):
    kind = "double"
    args = ()

    def options(self, state: HighCardState, seat: str) -> list[Intent]:
        return [Intent.of("double")]

    def apply(self, state: HighCardState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        others = [s for s in state.seats if s != seat]
        events = [public("double", f"{seat} proposes to double the next round.")]
        offer = [(Intent.of("object"), "Object")]
        return events + RULES.window(
            state,
            others,
            "object",
            "Object to doubling?",
            {s: offer for s in others},
            public=f"The others may object, in secret, to {seat}'s doubling.",
        )

    def label(self, state: HighCardState, intent: Intent) -> str:
        return "Double"


@RULES.action
class Keep(Action[HighCardState]):
    kind = "keep"
    family = "end"
    args = ()

    def options(self, state: HighCardState, seat: str) -> list[Intent]:
        return [Intent.of("keep")]

    def apply(self, state: HighCardState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        return [public("keep", f"{seat} keeps the next round normal.")]

    def label(self, state: HighCardState, intent: Intent) -> str:
        return "Keep"
