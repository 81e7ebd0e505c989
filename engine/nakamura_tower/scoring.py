"""Mission scoring and the end of the game (RB: "The standard missions have a predefined number of turns,
specific victory conditions or game end conditions"; the house missions' conditions are in missions.json).

Cooperative play (option ``cooperative``): the Teams play together against the tower. RB: "Model bases of
the same Team (or friendly Teams in cooperative play) may pass through one another" (:func:`.board.allied`).
Ruling P1: allies neither block each other's Line of Sight nor react to each other's Moves; putting out an
ally scores nothing; the Teams share one result: they all win when their scores together reach the
mission's ``victory.cooperative``, else the tower wins; a character attacking an ally takes a Cybershock
test (:func:`.infection.against_ally`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Event, public
from engine.core.flowgame import FlowGame

from .loading import pack
from .naming import plural, team, team_of
from .pack import Victory
from .sharing import rank, team_seat
from .state import Model, NtState
from .stats import name


def playing_together(state: NtState) -> bool:
    return state.opts.cooperative and len(state.teams) > 1


def _victory(state: NtState) -> Victory:
    return pack().missions[state.mission].victory


def knocked_out(state: NtState, target: Model, by: Model | None) -> list[Event]:
    """A character of one Team put out of the game by a model of another Team scores for that Team."""
    if by is None or by.team == "ai" or by.team == target.team or by.team not in state.teams:
        return []
    if playing_together(state) and target.team in state.teams:
        return []  # ruling P1: an ally put out scores nothing
    points = _victory(state).knockout
    led = state.teams.get(target.team)
    if led is not None and led.leader == target.id:
        points += _victory(state).leader  # ruling S7 (house): the enemy Team Leader is worth more
    team = state.teams[by.team]
    team.knockouts += 1
    team.score += points
    if not points:
        return []
    scored = f"{team_of(state, by.team)} scores {plural(points, 'point')} for putting {name(target)} out."
    return [public("score", scored)]


def secure(state: NtState, model: Model) -> list[Event]:
    """A character ending its activation on an objective square secures it (house missions)."""
    if model.cell not in state.objectives or model.team not in state.teams:
        return []
    state.objectives.remove(model.cell)
    team = state.teams[model.team]
    team.secured += 1
    team.score += _victory(state).objective
    points = plural(_victory(state).objective, "point")
    return [
        public("secured", f"{team_of(state, model.team)} secures the objective at {model.cell} ({points}).")
    ]


def escape(state: NtState, model: Model) -> list[Event]:
    team = state.teams[model.team]
    here = model.cell
    model.status, model.cell = "escaped", None
    team.escaped += 1
    team.score += _victory(state).escape
    return [public("escaped", f"{name(model)} leaves the tower by the Exit at {here}.")]


def final_scores(state: NtState) -> dict[str, int]:
    held = {seat: sum(1 for t in state.terminals.values() if t.controller == seat) for seat in state.teams}
    return {seat: team.score + held[seat] * _victory(state).terminal for seat, team in state.teams.items()}


def in_play(state: NtState, seat: str) -> bool:
    return any(m.active and m.team == seat for m in state.models.values())


def check_end(state: NtState) -> list[Event]:
    """Checked in the Clean-Up phase (RB: "Check the victory conditions"): the turn limit, or no Team left
    with a character in play."""
    alive = [s for s in state.sides if in_play(state, s)]
    if state.round < state.turns and alive:
        return []
    scores = final_scores(state)
    when = "by the end of the last turn" if alive else "when no character was left in the tower"
    values = sorted(set(scores.values()), reverse=True)
    ranking = rank(state, [[s for s in state.sides if scores[s] == v] for v in values])
    as_float = {s: float(scores[team_seat(state, s)]) for s in state.seats}
    victory = _victory(state)
    if playing_together(state):
        together = sum(scores.values())
        won = list(state.seats) if together >= victory.cooperative else []
        who = _and([team(state, s) for s in state.sides])
        reason = f"{who} scored {together} of the {victory.cooperative} points needed together {when}"
        return [_finish(state, won, reason, [list(state.seats)], as_float)]
    if victory.kind == "target":
        won = [s for s in state.seats if scores[team_seat(state, s)] >= victory.target]
        reason = "; ".join(
            f"{team(state, s)} scored {scores[s]} of the {victory.target} points needed {when}"
            for s in state.sides
        )
        return [_finish(state, won, reason, ranking, as_float)]
    top = ranking[0]
    draw = len([s for s in top if s in state.teams]) > 1
    why = "The last turn is over" if alive else "No Team has a character left in the tower"
    reason = f"{why}: " + ", ".join(f"{team(state, s)} {plural(scores[s], 'point')}" for s in state.sides)
    event = FlowGame.finish(state, top, reason, draw=draw, ranking=ranking, scores=as_float)
    head = "A draw" if draw else f"{_and([team(state, s) for s in top if s in state.teams])} won"
    return [replace(event, text=f"{head}. {reason}.")]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _finish(
    state: NtState, won: list[str], reason: str, ranking: list[list[str]], scores: dict[str, float]
) -> Event:
    """A mission played against the tower (solo, or together): the reason says whether it was completed or
    the tower won, and by how much ("The tower wins: p1 scored 4 of the 10 points needed by the end of the
    last turn"); lost, nobody won, and the announcement is that reason, not "Everyone lost"."""
    reason = ("Mission complete: " if won else "The tower wins: ") + reason
    event = FlowGame.finish(state, won, reason, ranking=ranking, scores=scores)
    return replace(event, text=reason + ".")
