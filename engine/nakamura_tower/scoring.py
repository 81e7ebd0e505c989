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
from .pack import Victory
from .sharing import rank, team_seat
from .state import Model, NtState


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
    return [public("score", f"{by.team} scores {points} for putting {target.id} out.")] if points else []


def secure(state: NtState, model: Model) -> list[Event]:
    """A character ending its activation on an objective square secures it (house missions)."""
    if model.cell not in state.objectives or model.team not in state.teams:
        return []
    state.objectives.remove(model.cell)
    team = state.teams[model.team]
    team.secured += 1
    team.score += _victory(state).objective
    return [public("secured", f"{model.team} secures the objective at {model.cell}.")]


def escape(state: NtState, model: Model) -> list[Event]:
    team = state.teams[model.team]
    here = model.cell
    model.status, model.cell = "escaped", None
    team.escaped += 1
    team.score += _victory(state).escape
    return [public("escaped", f"{model.id} leaves the tower by the Exit at {here}.")]


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
    why = "the last turn is over" if alive else "no Team has a character left in the tower"
    values = sorted(set(scores.values()), reverse=True)
    ranking = rank(state, [[s for s in state.sides if scores[s] == v] for v in values])
    as_float = {s: float(scores[team_seat(state, s)]) for s in state.seats}
    victory = _victory(state)
    if playing_together(state):
        together = sum(scores.values())
        won = list(state.seats) if together >= victory.cooperative else []
        verdict = "completed the mission together" if won else "lost the mission together"
        reason = f"{', '.join(state.seats)} {verdict}: {together} of the {victory.cooperative} points needed"
        reason += f" ({why})"
        return [_finish(state, won, reason, [list(state.seats)], as_float)]
    if victory.kind == "target":
        won = [s for s in state.seats if scores[team_seat(state, s)] >= victory.target]
        reason = "; ".join(
            f"{s} {'completed' if s in won else 'lost'} the mission: {scores[team_seat(state, s)]} of the "
            f"{victory.target} points needed"
            for s in state.seats
        )
        return [_finish(state, won, f"{reason} ({why})", ranking, as_float)]
    top = ranking[0]
    draw = len([s for s in top if s in state.teams]) > 1
    return [FlowGame.finish(state, top, why, draw=draw, ranking=ranking, scores=as_float)]


def _finish(
    state: NtState, won: list[str], reason: str, ranking: list[list[str]], scores: dict[str, float]
) -> Event:
    """A mission played against the tower (solo, or together): the reason says who completed it or lost it
    and by how much; lost, nobody won and the announcement is that reason, not "Everyone lost"."""
    event = FlowGame.finish(state, won, reason, ranking=ranking, scores=scores)
    return event if won else replace(event, text=reason + ".")
