"""What the last move changed, for the boards to mark (issue 31: "every board marks what the last move (or
last turn) changed: moved pieces, placed tokens, changed scores"; "after a secret choice is revealed shows
what each seat chose").

The table is noted when a move begins: a character's action (:func:`.activation.start`), a door set by a
Team, the AI Operations phase (every drone's activation, then the Clean-Up and the next turn's first
phases until another move), the Cyberwarfare reveal. The view tells what differs since: the models moved
(from, to), hurt or changed in state, the Teams' points, the doors, the Terminals' holders and the Mine
tokens, and what the seats chose in secret once it is revealed. Only public facts are noted (with the house
option ``hidden_mines``, another Team's Mine tokens stay out of a seat's view).
"""

from __future__ import annotations

from typing import Any

from . import board
from .naming import cap, door, plural, team_of, terminal
from .state import Mark, Model, NtState
from .stats import name
from .view import LastView, MovedView


def _health(model: Model) -> str:
    flags = " crippled" if model.crippled else ""
    flags += " stunned" if model.stunned else ""
    flags += " psychotic" if model.psychotic else ""
    return f"{model.wounds} {model.status}{flags}"


def _mine(owner: str, cell: str) -> str:
    return f"{owner}@{cell}"


def mark(state: NtState, what: str) -> None:
    """Note the table now: a move (``what``, in words) begins."""
    models = state.models.values()
    state.mark = Mark(
        what=what,
        cells={m.id: m.cell or "" for m in models},
        health={m.id: _health(m) for m in models},
        scores={s: t.score for s, t in state.teams.items()},
        doors={e: d.state for e, d in state.doors.items()},
        terminals={t: held.controller or "" for t, held in state.terminals.items()},
        mines=[_mine(m.owner, m.cell) for m in state.mines],
        objectives=list(state.objectives),
    )


def reveal(state: NtState, line: str, what: str) -> None:
    """What the seats chose in secret, now revealed (a line everyone reads); ``what`` names the move when
    none was noted yet (the first turn's initiative bids come before any move)."""
    if not state.mark.what:
        mark(state, what)
    state.mark.revealed.append(line)


def _hurt_words(before: str, model: Model) -> str:
    """ "+2 wounds, crippled" (what a model's state became since the mark)."""
    wounds, status, *flags = before.split(" ")
    words = []
    if model.status != status:
        words.append(
            {"unconscious": "falls unconscious", "destroyed": "destroyed", "escaped": "escapes"}.get(
                model.status, model.status
            )
        )
    if model.crippled and "crippled" not in flags:
        words.append("crippled")
    elif model.wounds != int(wounds) and model.status == status:
        gained = model.wounds - int(wounds)
        words.append(f"{'+' if gained > 0 else ''}{plural(gained, 'wound')}")
    words += ["stunned"] if model.stunned and "stunned" not in flags else []
    words += ["gets up"] if not model.stunned and "stunned" in flags else []
    words += ["lost to Cyberpsychosis"] if model.psychotic and "psychotic" not in flags else []
    return ", ".join(words)


def _models(state: NtState, then: Mark, out: dict[str, Any]) -> None:
    for model in state.models.values():
        start, end = then.cells.get(model.id), model.cell or ""
        if start is None or start != end:
            out["moved"].append(MovedView(id=model.id, start=start or None, end=end or None))
            if start and end:
                out["changes"].append(f"{name(model)}: {start} to {end}")
            elif end:
                out["changes"].append(f"{name(model)} enters at {end}")
        before = then.health.get(model.id)
        if before is not None and before != _health(model):
            out["hurt"].append(model.id)
            words = _hurt_words(before, model)
            if words:
                out["changes"].append(f"{name(model)}: {words}")


def _table(state: NtState, then: Mark, out: dict[str, Any], seat: str | None) -> None:
    for team, t in state.teams.items():
        points = t.score - then.scores.get(team, t.score)
        if points:
            out["scores"][team] = points
            out["changes"].append(
                f"{team_of(state, team)}: {'+' if points > 0 else ''}{plural(points, 'point')}"
            )
    for edge, d in state.doors.items():
        if then.doors.get(edge, d.state) != d.state:
            out["doors"].append(edge)
            out["changes"].append(f"{cap(door(state, edge))}: {d.state}")
    for spec in board.mission(state).terminals:
        holder = state.terminals[spec.id].controller or ""
        if then.terminals.get(spec.id, holder) != holder:
            out["terminals"].append(spec.cell)
            who = f"taken by {holder}" if holder else "no longer held"
            out["changes"].append(f"{cap(terminal(state, spec.id))}: {who}")
    for mine in state.mines:
        visible = not state.opts.hidden_mines or mine.owner == seat
        if visible and _mine(mine.owner, mine.cell) not in then.mines:
            out["mines"].append(mine.cell)
            out["changes"].append(f"Mine token placed on {mine.cell}")


def last_view(state: NtState, seat: str | None) -> LastView | None:
    """What changed since the last move began, as ``seat`` may see it (None before the first move)."""
    then = state.mark
    if not then.what:
        return None
    out: dict[str, Any] = {k: [] for k in ("moved", "hurt", "doors", "terminals", "mines", "changes")}
    out["scores"] = {}
    _models(state, then, out)
    _table(state, then, out, seat)
    return LastView(what=then.what, revealed=list(then.revealed), **out)


__all__ = ["last_view", "mark", "reveal"]
