"""What the last move changed, for the boards to mark (issue 31): the table is noted when a turn begins (its
Director placed) and when a Round ends, and the view tells what differs since: the Boroughs whose Influence or
Server changed, each player's counts that moved, and at the end of a Round the Necro card with the Immunity
each player spent against it once the spending is revealed. Only public things are noted."""

from __future__ import annotations

from .cardtext import necro_text
from .control import on_map, servers_of
from .rules import P
from .state import Mark, VrState
from .view import LastView, NecroView

COUNTS = {
    "ec": "EC",
    "income": "Income",
    "imm": "Immunity",
    "plus2": "+2 VP token",
    "corruption": "Corruption card",
    "on_map": "Influence on the map",
    "servers": "Server",
    "verses": "Verse",
    "agents": "Agent on Duty",
}
"""The counts compared, as a change names them ("+5 EC", "+1 Corruption card")."""
PLURALS = {
    "+2 VP token": "+2 VP tokens",
    "Corruption card": "Corruption cards",
    "Server": "Servers",
    "Verse": "Verses",
    "Agent on Duty": "Agents on Duty",
}


def counts(state: VrState, seat: str, influence: int | None = None) -> dict[str, int]:
    """The seat's public counts; ``influence``: its tokens on the map, when the caller has counted them."""
    player = state.p(seat)
    return {
        "ec": player.ec,
        "income": player.income,
        "imm": player.imm,
        "plus2": player.plus2,
        "corruption": len(player.hand),
        "on_map": on_map(state, seat) if influence is None else influence,
        "servers": len(servers_of(state, seat)),
        "verses": len(player.verses),
        "agents": len(player.duty),
    }


def mark(state: VrState, seat: str = "", director: str | None = None) -> None:
    """Note the table now: a turn of ``seat`` begins (``director``: where it placed its Director), or with no
    seat, a Round ends."""
    influence = tokens_by_seat(state)
    state.mark = Mark(
        seat=seat,
        round=state.round,
        director=director,
        tokens=dict(state.tokens),
        owner=dict(state.owner),
        servers=dict(state.servers),
        counts={s: counts(state, s, influence.get(s, 0)) for s in state.seats},
    )


def tokens_by_seat(state: VrState) -> dict[str, int]:
    """Each seat's Influence tokens on the map (:func:`.control.on_map` for every seat in one pass)."""
    owner = state.owner
    out: dict[str, int] = {}
    for b, n in state.tokens.items():
        seat = owner.get(b)
        if seat is not None:
            out[seat] = out.get(seat, 0) + n
    return out


def _change(key: str, delta: int) -> str:
    name = COUNTS[key]
    if abs(delta) != 1:
        name = PLURALS.get(name, name)
    return f"{delta:+d} {name}"


def changed_boroughs(state: VrState) -> list[str]:
    then = state.mark
    return [
        b
        for b in P().boroughs
        if (state.owner.get(b), state.tokens.get(b, 0), state.servers.get(b))
        != (then.owner.get(b), then.tokens.get(b, 0), then.servers.get(b))
    ]


def last_view(state: VrState) -> LastView | None:
    then = state.mark
    if not then.counts and then.necro is None:
        return None  # nothing noted yet: the set-up
    changes: dict[str, list[str]] = {}
    for seat in state.seats if then.counts else []:
        before, now = then.counts.get(seat, {}), counts(state, seat)
        moved = [_change(k, now[k] - before.get(k, 0)) for k in COUNTS if now[k] != before.get(k, 0)]
        if moved:
            changes[seat] = moved
    necro = None
    if then.necro is not None:
        card = P().necro[then.necro]
        necro = NecroView(
            name=card.name, text=necro_text(card), low=then.low, high=then.high, spent=dict(then.spent)
        )
    return LastView(
        seat=then.seat or None,
        round=then.round,
        director=then.director,
        boroughs=changed_boroughs(state) if then.counts else [],
        changes=changes,
        necro=necro,
    )
