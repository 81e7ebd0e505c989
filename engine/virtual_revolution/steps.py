"""The procedure: five Rounds of three turns each in Turn Order, then the end of the Round (or of the game).

"Starting with the 1st player, then following the Turn Order Track, each player plays a Turn. Each player
will perform 3 Turns in a Round, one for each of their Directors."
"""

from __future__ import annotations

from engine.core import Event, Intent, public

from .marks import mark
from .rules import RULES, P
from .state import (
    WAITS_FOR,
    EndRoundStep,
    IncomeStep,
    MaintenanceStep,
    NecroStep,
    ObjectiveStep,
    OrderStep,
    RaidStep,
    RoundStep,
    ScoreStep,
    TurnCtx,
    TurnStep,
    VrState,
)

TURN_ACTIONS = [
    "director",
    "influence",
    "work",
    "recruit",
    "recruit_discard",
    "server",
    "refresh",
    "swap_verse",
    "verse",
    "donate",
    "activate",
    "promote",
    "title",
    "collect",
    "online",
    "trade",
    "end",
]
RAID_LIMIT = 5
""""If a player has 5 or more Corruption cards, they have drawn the attention of Interpol." """


@RULES.step("round")
def open_round(state: VrState, step: RoundStep) -> list[Event]:
    state.later(*[TurnStep(seat=seat) for _ in range(3) for seat in state.order], EndRoundStep())
    return [public("round", f"Round {state.round} begins. Turn Order: {', '.join(state.order)}.")]


def may_end_alone(state: VrState, seat: str) -> bool:
    """Whether ending may be all the turn has left: not before its Director and its Action (until then a
    Director, or Work, is always possible), so the legal moves are not listed to find that out."""
    return state.ctx.seat == seat and state.ctx.borough is not None and state.ctx.action_done


RULES.ends_alone("turn", when=may_end_alone)
"""A turn whose only move left is to end it ends by itself (issue 30: no question with one answer). What
else a player could do there is public: their money, Agents, Verses, Titles, Recycle tokens and the number
of their Corruption cards."""


@RULES.step("turn")
def open_turn(state: VrState, step: TurnStep) -> list[Event]:
    state.turn.begin(step.seat)
    state.ctx = TurnCtx(seat=step.seat)
    RULES.turn(
        state,
        step.seat,
        "turn",
        f"Round {state.round}: {step.seat}, place a Director.",
        TURN_ACTIONS,
        default=Intent.of("director", to=default_borough(state, step.seat)),
        waits_for=WAITS_FOR,
        public=f"{step.seat} places a Director (Round {state.round}).",
    )
    return []


def default_borough(state: VrState, seat: str) -> str:
    """The deadline's Director: on the seat's first Borough with its Influence, else the first Borough."""

    boroughs = P().boroughs
    return next((b for b in boroughs if state.owner.get(b) == seat), boroughs[0])


@RULES.step("end_round")
def end_round(state: VrState, step: EndRoundStep) -> list[Event]:
    final = state.round >= state.opts.rounds
    state.final = final
    mark(state)
    raided = [s for s in state.order if final or len(state.p(s).hand) >= RAID_LIMIT]
    state.later(*[RaidStep(seat=s, final=final) for s in raided], NecroStep())
    if final:
        state.later(ObjectiveStep(), ScoreStep())
    else:
        state.later(OrderStep(), IncomeStep(), MaintenanceStep())
    title = "End of the game" if final else f"End of Round {state.round}"
    who = ", ".join(raided) if raided else "nobody"
    return [public("end_round", f"{title}: Interpol raids {who}.")]
