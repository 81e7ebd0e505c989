"""What the last turn changed, for the boards and the board text to mark (issue 31): the public table is
noted when a turn begins, and the view tells what differs since (each detective's IP, Credits, Reputation,
Wounds, Lag token, Equipment, position, Clues and Obligations, and the spaces whose tokens or pawns
changed). Once a turn has changed nothing yet, the view tells what the turn before changed. Only public
things are noted."""

from __future__ import annotations

from typing import Any

from .board import NAMES, REP_NAMES
from .state import GamedecState, Mark
from .view import LastView


def table(state: GamedecState) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for seat in state.seats:
        p = state.players[seat]
        out[seat] = {
            "ip": p.ip,
            "credits": state.credits.of(seat),
            "rep": p.rep,
            "bio": p.bio,
            "neuro": p.neuro,
            "lag": p.lag,
            "equipment": len(p.equipment),
            "pos": "" if p.left_board else p.pos,
            "clues": sorted(p.clues),
            "obligations": sorted(p.obligations),
        }
    return out


def _count(delta: int, word: str) -> str:
    return f"{delta:+d} {word if abs(delta) == 1 else word + 's'}"


def _listed(now: list[str], then: list[str], what: str) -> list[str]:
    added = [f"{what} on {NAMES.get(s, s)}" for s in now if s not in then]
    removed = [f"{what} removed from {NAMES.get(s, s)}" for s in then if s not in now]
    return added + removed


def _wounds(now: dict[str, Any], then: dict[str, Any]) -> list[str]:
    out = []
    for kind in ("bio", "neuro"):
        if now[kind] != then.get(kind, False):
            out.append(f"{kind.capitalize()} Wound" + ("" if now[kind] else " healed"))
    return out


def changes(now: dict[str, Any], then: dict[str, Any]) -> list[str]:
    """One detective's changes in words."""
    if not then:
        return []
    out = [f"{now['ip'] - then['ip']:+d} IP"] if now["ip"] != then["ip"] else []
    out += [_count(now["credits"] - then["credits"], "Credit")] if now["credits"] != then["credits"] else []
    if now["rep"] != then["rep"]:
        out.append(f"Reputation {REP_NAMES.get(now['rep'], now['rep'])} ({now['rep'] - then['rep']:+d})")
    out += _wounds(now, then)
    if now["lag"] != then["lag"]:
        out.append("a Lag token" if now["lag"] else "Lag token spent")
    if now["equipment"] != then["equipment"]:
        out.append(_count(now["equipment"] - then["equipment"], "Equipment card"))
    if now["pos"] != then["pos"]:
        out.append(f"moved to {NAMES.get(now['pos'], now['pos'])}" if now["pos"] else "left the board")
    return (
        out
        + _listed(now["clues"], then["clues"], "Clue")
        + _listed(now["obligations"], then["obligations"], "Obligation")
    )


def _spaces(state: GamedecState, mark: Mark, now: dict[str, dict[str, Any]]) -> list[str]:
    touched: set[str] = set()
    for seat, row in now.items():
        then = mark.table.get(seat, {})
        if not then:
            continue
        if row["pos"] != then["pos"]:
            touched |= {row["pos"], then["pos"]} - {""}
        for key in ("clues", "obligations"):
            touched |= set(row[key]) ^ set(then[key])
    touched |= set(state.lags) ^ set(mark.lags)
    if state.target_lag != mark.target_lag and state.target:
        touched.add(state.target)
    return [s for s in NAMES if s in touched]


def since(state: GamedecState) -> dict[str, Any]:
    """The changes since the mark: {"changes": {seat: [...]}, "spaces": [...]}."""
    mark = state.mark
    now = table(state)
    moved = {s: c for s in state.seats if (c := changes(now[s], mark.table.get(s, {})))}
    return {"changes": moved, "spaces": _spaces(state, mark, now)}


def mark(state: GamedecState, seat: str) -> None:
    """Note the table now: ``seat``'s turn begins (the turn before's changes are kept)."""
    done = None
    if state.mark.table:
        found = since(state)
        done = {"seat": state.mark.seat, "round": state.mark.round, **found} if found["changes"] else None
    state.mark = Mark(
        seat=seat,
        round=state.round,
        table=table(state),
        lags=list(state.lags),
        target_lag=state.target_lag,
        done=done,
    )


def last_view(state: GamedecState) -> LastView | None:
    m = state.mark
    if not m.table:
        return None
    found = since(state)
    if found["changes"] or found["spaces"]:
        return LastView(seat=m.seat, round=m.round, done=False, **found)
    if m.done is not None:
        return LastView(done=True, **m.done)
    return None
