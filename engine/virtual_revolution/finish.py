"""End of Game: the Objective kept ("Each Player chooses 1 of their 2 Objective cards ... The other Objective
card is discarded"), chosen in secret and revealed together, then the scoring and the Outcome."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.flowgame import FlowGame
from engine.core.kits.ranking import rank
from engine.core.rules import NoPayload

from .rules import RULES, P
from .scoring import agent_types, best_tropovicz, breakdown, objective_points
from .state import ObjectiveStep, ScoreStep, VrState

OBJECTIVE_TEXT = {
    "income_pairs": "3 VP per 2 Income",
    "servers": "5 VP per Server",
    "verses": "5 VP per Verse",
    "genres": "7 VP per Verse type",
    "one_genre": "7 VP per Verse of one type",
    "boroughs": "VP per Borough controlled",
    "empty_districts": "VP per District without Influence",
    "titles": "VP per Title",
    "agent_type": "Agents of one type",
    "money": "1 VP per 2 EC + Income",
}


def objective_offer(state: VrState, seat: str) -> list[tuple[Intent, str]]:
    offer = []
    for objective in state.p(seat).objectives:
        card = P().objectives[objective]
        points, _ = objective_points(
            state, seat, card, agent_types(state.p(seat), best_tropovicz(state, seat, None))
        )
        offer.append(
            (Intent.of("objective", id=objective), f"Keep '{OBJECTIVE_TEXT[card.op]}' ({points} VP)")
        )
    return offer


@RULES.step("objective")
def choose_objectives(state: VrState, step: ObjectiveStep) -> list[Event]:
    offers = {s: objective_offer(state, s) for s in state.order}
    best = {s: max(offers[s], key=lambda o: int(o[1].rsplit("(", 1)[1].split()[0]))[0] for s in state.order}
    return RULES.secret(
        state,
        state.order,
        "objective",
        "Choose the Objective you keep.",
        offers,
        defaults=best,
        announce="{seat} has chosen an Objective.",
    )


@RULES.revealed("objective")
def objectives_revealed(state: VrState, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
    events = []
    for seat in state.order:
        kept = choices[seat].word("id")
        state.p(seat).kept = kept
        events.append(
            public("objective", f"{seat} keeps the Objective '{OBJECTIVE_TEXT[P().objectives[kept].op]}'.")
        )
    return events


@RULES.step("score")
def score(state: VrState, step: ScoreStep) -> list[Event]:
    events: list[Event] = []
    for seat in state.order:
        player = state.p(seat)
        choice = best_tropovicz(state, seat, player.kept)
        if choice:
            player.tropovicz = choice
        player.breakdown = breakdown(state, seat, player.kept, choice)
        player.score = sum(player.breakdown.values())
        parts = ", ".join(f"{k} {v}" for k, v in player.breakdown.items() if v)
        events.append(public("score", f"{seat}: {player.score} VP ({parts})."))
    ranking = rank(state.seats, lambda s: (state.p(s).score or 0, state.p(s).ec))
    scores = {s: float(state.p(s).score or 0) for s in state.seats}
    winners = ranking[0]
    reason = f"{' and '.join(winners)} {'share the victory' if len(winners) > 1 else 'wins'} with {scores[winners[0]]:.0f} VP"
    return events + [FlowGame.finish(state, winners, reason, ranking=ranking, scores=scores)]
