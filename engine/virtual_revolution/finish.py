"""End of Game: the Objective kept ("Each Player chooses 1 of their 2 Objective cards ... The other Objective
card is discarded"), chosen in secret and revealed together, then the scoring and the Outcome."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.args import Shape, word
from engine.core.flowgame import FlowGame
from engine.core.kits.ranking import rank
from engine.core.rules import NoPayload

from .cardtext import objective_name
from .pack import AGENT_TYPES, GENRES
from .picks import PICK, TYPE_NAMES
from .rules import RULES, P
from .scoring import (
    agent_types,
    best_tropovicz,
    breakdown,
    breakdown_text,
    objective_points,
    tropovicz_types,
)
from .state import ObjectiveStep, ScoreStep, VrState


def objective_named(state: VrState, objective: str) -> str:
    """An Objective's short name ("3 VP per Borough controlled": some count the players)."""
    return objective_name(P().objectives[objective].op, len(state.seats))


TYPED = {"one_genre": GENRES, "agent_type": AGENT_TYPES}
"""The two Objectives that name a type: "Choose a type of Verse" and "Choose a type of Agent"."""


def kept_points(state: VrState, seat: str, objective: str, param: str) -> int:
    """What the Objective would grant: "Objective cards can not grant more than 30 VPs" (Johann's example:
    "he has 7, which should grant 35 VPs, but ... The 1st would grant him 30 VPs")."""
    trop = best_tropovicz(state, seat, objective, param)
    player = state.p(seat)
    points = objective_points(state, seat, P().objectives[objective], agent_types(player, trop), param)[0]
    return min(points, player.end.objective_cap)


def objective_offer(state: VrState, seat: str) -> list[tuple[Intent, str]]:
    """Each Objective, and on a typed one each type: the kept card and its type are one secret answer, so
    every player answers one question (a second part only for a promoted Mme Tropovicz, which is public)."""
    offer = []
    for objective in state.p(seat).objectives:
        card = P().objectives[objective]
        for param in TYPED.get(card.op, ("",)):
            points = kept_points(state, seat, objective, param)
            named = f": {TYPE_NAMES[param]}" if param else ""
            intent = (
                Intent.of("objective", id=objective, param=param)
                if param
                else Intent.of("objective", id=objective)
            )
            offer.append((intent, f"Keep '{objective_named(state, objective)}'{named} ({points} VP)"))
    return offer


def _best(state: VrState, seat: str, offer: list[tuple[Intent, str]]) -> Intent:
    return max(offer, key=lambda o: kept_points(state, seat, o[0].word("id"), str(o[0].get("param") or "")))[
        0
    ]


def tropovicz_offer(state: VrState, seat: str, default: Intent) -> list[tuple[Intent, str]]:
    """ "At the end of the game, before the scoring, choose which type of Agent this is": the best type for
    the
    default Objective first (a deadline's answer)."""
    best = best_tropovicz(state, seat, default.word("id"), str(default.get("param") or ""))
    kinds = sorted(tropovicz_types(state, seat), key=lambda t: t != best)
    return [(Intent.of("pick", trop=t), f"Mme Tropovicz is a {TYPE_NAMES[t]}") for t in kinds]


@RULES.step("objective")
def choose_objectives(state: VrState, step: ObjectiveStep) -> list[Event]:
    offers = {s: objective_offer(state, s) for s in state.order}
    best = {s: _best(state, s, offers[s]) for s in state.order}
    more = {
        s: [("Which type of Agent is Mme Tropovicz?", tropovicz_offer(state, s, best[s]))]
        for s in state.order
        if tropovicz_types(state, s)
    }
    return RULES.secret(
        state,
        state.order,
        "objective",
        "Choose the Objective you keep (and the type it names).",
        offers,
        defaults=best,
        more=more,
        announce="{seat} has chosen an Objective.",
        public="Each player chooses in secret the Objective to keep.",
    )


OBJECTIVE = Shape(
    "objective",
    (
        word("id", lambda state, v: objective_named(state, str(v))),
        word("param", lambda state, v: TYPE_NAMES[str(v)], optional=True),
        word("trop", lambda state, v: TYPE_NAMES[str(v)], optional=True),
    ),
    title="Keep an Objective",
    asks="the Objective you keep",
)
"""The secret Objective kept at the end (with Mme Tropovicz's type when she is promoted)."""


@RULES.revealed("objective", takes=[OBJECTIVE, PICK])
def objectives_revealed(state: VrState, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
    events = []
    for seat in state.order:
        player, choice = state.p(seat), choices[seat]
        player.kept = choice.word("id")
        player.kept_param = str(choice.get("param") or "")
        named = f" ({TYPE_NAMES[player.kept_param]})" if player.kept_param else ""
        text = objective_named(state, player.kept)
        events.append(public("objective", f"{seat} keeps the Objective '{text}'{named}."))
        if choice.get("trop") is not None:
            player.tropovicz = choice.word("trop")
            events.append(
                public("objective", f"{seat} declares Mme Tropovicz a {TYPE_NAMES[player.tropovicz]}.")
            )
    return events


@RULES.step("score")
def score(state: VrState, step: ScoreStep) -> list[Event]:
    events: list[Event] = []
    for seat in state.order:
        player = state.p(seat)
        player.breakdown = breakdown(state, seat, player.kept, player.tropovicz, player.kept_param)
        player.score = sum(player.breakdown.values())
        parts = breakdown_text(player.breakdown)
        events.append(public("score", f"{seat}: {player.score} VP" + (f" ({parts})." if parts else ".")))
    ranking = rank(state.seats, lambda s: (state.p(s).score or 0, state.p(s).ec))
    scores = {s: float(state.p(s).score or 0) for s in state.seats}
    winners = ranking[0]
    verb = "share the victory" if len(winners) > 1 else "wins"
    reason = f"{' and '.join(winners)} {verb} with {scores[winners[0]]:.0f} VP"
    return events + [FlowGame.finish(state, winners, reason, ranking=ranking, scores=scores)]
