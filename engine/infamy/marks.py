"""What the latest move changed, for the boards to mark (issue 31): after every move the public table is
noted (:class:`~.state.Noted`), and what differs from the note the move before left is kept as the view's
``last``: who moved, the move's public lines, each freelancer's counts that moved, the zones where a pawn
was placed or a Hazard added or removed, the sectors whose Watchdogs changed, the Contacts won or bid on and
the missions completed. Only public things are noted (a hand's size, never its cards)."""

from __future__ import annotations

from engine.core import Event

from . import rules as R
from .pack import FACTIONS, RESOURCES
from .state import InfamyState, Noted
from .view import FACTION_NAMES, LastView

COUNTS: dict[str, tuple[str, str]] = {
    "infamy": ("Infamy", "Infamy"),
    **{f: (f"Rep in {FACTION_NAMES[f]}", f"Rep in {FACTION_NAMES[f]}") for f in FACTIONS},
    "weapon": ("Weapon", "Weapons"),
    "data": ("Data", "Data"),
    "compound": ("Compound", "Compound"),
    "henchman": ("Henchman", "Henchmen"),
    "favor": ("Favor", "Favors"),
    "bribe": ("available Bribe", "available Bribes"),
    "scheme": ("Scheme in hand", "Schemes in hand"),
}
"""The counts compared, as a change names them: one and many ("+1 Henchman", "+2 Henchmen")."""
LINES_KEPT = 12
"""The latest move's public lines kept (the end of a Round tells the most: its last lines are kept)."""


EMPTY: dict[str, object] = {"changes": {}, "zones": [], "sectors": [], "contacts": [], "missions": []}
"""What a move that changed nothing public leaves (besides who moved)."""


def counts(state: InfamyState, seat: str) -> dict[str, int]:
    p = state.players[seat]
    return {
        "infamy": p.infamy,
        **{f: p.rep[f] for f in FACTIONS},
        **{r: state.held(seat, r) for r in (*RESOURCES, "henchman", "favor")},
        "bribe": p.avail,
        "scheme": len(p.hand),
    }


def table(state: InfamyState, asked: list[str]) -> Noted:
    a = state.auction
    return Noted(
        asked=list(asked),
        counts={s: counts(state, s) for s in state.seats},
        missions={s: list(state.players[s].missions) for s in state.seats},
        pawns=dict(state.pawns),
        hazards=list(state.hazards),
        watchdogs=list(state.watchdogs),
        winners=list(state.winners),
        bid_on=a.pos if a is not None else None,
        bids=dict(a.bids) if a is not None else {},
    )


def change(key: str, delta: int) -> str:
    one, many = COUNTS[key]
    return f"{delta:+d} {one if abs(delta) == 1 else many}"


def _changes(before: Noted, now: Noted) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    names = R.pack().missions
    for seat, counted in now.counts.items():
        then = before.counts.get(seat, {})
        moved = [change(k, counted[k] - then.get(k, 0)) for k in COUNTS if counted[k] != then.get(k, 0)]
        done = [m for m in now.missions[seat] if m not in before.missions.get(seat, [])]
        moved += [f"completed {names[m].name}" for m in done]
        if moved:
            out[seat] = moved
    return out


def _zones(before: Noted, now: Noted) -> list[str]:
    placed = [z for z, pawn in now.pawns.items() if before.pawns.get(z) != pawn]
    hazards = sorted(set(before.hazards) ^ set(now.hazards))
    return sorted(set(placed + hazards))


def _contacts(before: Noted, now: Noted) -> list[int]:
    """Positions (1-5) won this move, or bid on (a bid changed on the Contact being auctioned)."""
    won = {
        i + 1
        for i, w in enumerate(now.winners)
        if w is not None and (i >= len(before.winners) or before.winners[i] != w)
    }
    if now.bid_on is not None and now.bids and (now.bid_on, now.bids) != (before.bid_on, before.bids):
        won.add(now.bid_on + 1)
    return sorted(won)


def last_move(before: Noted, now: Noted, lines: list[str]) -> LastView:
    names = R.pack().missions
    return LastView(
        seat=before.asked[0] if len(before.asked) == 1 else None,
        lines=lines[-LINES_KEPT:],
        changes=_changes(before, now),
        zones=_zones(before, now),
        sectors=[n for n in range(1, 7) if before.watchdogs.count(n) != now.watchdogs.count(n)],
        contacts=_contacts(before, now),
        missions=[
            names[m].name for s in now.missions for m in now.missions[s] if m not in before.missions[s]
        ],
    )


def note(state: InfamyState, events: list[Event], asked: list[str]) -> None:
    """After a move (or the set-up): keep what it changed, and note the table for the next one. A move
    nobody else sees (the first of the Accomplice controller's two sector cards) leaves ``last`` as it was:
    that the view changed would tell it."""
    now = table(state, asked)
    if state.noted is not None:
        lines = [e.text for e in events if e.audience is None and e.text]
        last = last_move(state.noted, now, lines)
        if lines or last.model_dump(exclude={"seat", "lines"}) != EMPTY:
            state.last = last
    state.noted = now
