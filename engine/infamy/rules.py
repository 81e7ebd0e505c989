"""Infamy's rules registry (``RULES``: steps, actions and answers register into it) and the small rules
helpers on the state: tokens, Bribes, Rep, zones, Contact Order and the winner."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.core import Event, Intent, clockwise, private, public
from engine.core.kits.ranking import best, rank
from engine.core.kits.resources import Resources
from engine.core.rules import Rules

from .pack import FACTIONS, RESOURCES, Effect, Pack, Requirements, default_pack
from .state import InfamyState
from .view import FACTION_NAMES as FACTION_NAMES

RULES: Rules[InfamyState] = Rules()
WHAT_NAMES = {
    "weapon": "Weapon",
    "data": "Data",
    "compound": "Compound",
    "henchman": "Henchman",
    "favor": "Favor",
    "infamy": "Infamy",
    "resource": "resource",
    "scheme": "Scheme",
    "bribe": "Bribe",
}
TOKENS = (*RESOURCES, "henchman", "favor")
"""The counted tokens a player holds (resources, Henchmen, Favors), kept by the resources kit."""
BOX = {"weapon": 18, "data": 18, "compound": 18, "henchman": 20, "favor": 6, "hazard": 4, "watchdog": 2}


def pack() -> Pack:
    return default_pack()


@lru_cache(maxsize=4096)
def _interned(kind: str, args: tuple[tuple[str, int | str, type], ...]) -> Intent:
    return Intent(kind, tuple((name, value) for name, value, _ in args))


def intent(kind: str, /, **args: int | str) -> Intent:
    """``Intent.of``, built once per distinct intent: the options of a turn are rebuilt for every ``legal``
    and
    every check, and intents are immutable. (The type is part of the key, so ``True`` never passes for 1.)"""
    return _interned(kind, tuple((name, value, type(value)) for name, value in args.items()))


def say(state: InfamyState, text: str, kind: str = "info", **data: Any) -> Event:
    """A public event (the runtime keeps the recent ones in ``state.log`` for the board)."""
    return public(kind, text, **data)


PLURALS = {
    "weapon": "Weapons",
    "data": "Data",
    "compound": "Compound",
    "henchman": "Henchmen",
    "favor": "Favors",
    "infamy": "Infamy",
    "resource": "resources",
    "scheme": "Schemes",
    "bribe": "Bribes",
}


def plural(n: int, what: str) -> str:
    return f"{n} {WHAT_NAMES[what] if n == 1 else PLURALS[what]}"


def count(state: InfamyState, seat: str, what: str) -> int:
    if what in state.tokens:
        return state.held(seat, what)
    p = state.players[seat]
    return {"infamy": p.infamy, "bribe": p.avail, "scheme": len(p.hand)}.get(what, 0)


def tokens(seats: Sequence[str], finite: bool) -> dict[str, Resources]:
    """The counted tokens at set-up: each player starts with one of each resource; the rest are in the
    General Supply (the box counts when ``finite``, else endless)."""
    return {
        what: Resources(
            name=what,
            box=BOX[what] if finite else None,
            held={s: 1 if what in RESOURCES else 0 for s in seats},
        )
        for what in TOKENS
    }


def supply_left(state: InfamyState, what: str) -> int:
    """What the General Supply shows of ``what``: the box less what the players hold (none below 0)."""
    return max(0, BOX[what] - sum(state.tokens[what].held.values()))


def gain(state: InfamyState, seat: str, what: str, n: int) -> int:
    """Give ``seat`` up to ``n`` of ``what`` from the General Supply; returns how many were given."""
    if what == "infamy":
        state.players[seat].infamy += n
        return n
    if what not in state.tokens or n <= 0:
        return 0
    return state.tokens[what].gain(seat, n)


def lose(state: InfamyState, seat: str, what: str, n: int) -> int:
    """Return up to ``n`` of ``what`` from ``seat`` to the General Supply."""
    if what in state.tokens:
        return state.tokens[what].lose(seat, n)
    p = state.players[seat]
    n = min(n, count(state, seat, what))
    if n <= 0:
        return 0
    if what == "infamy":
        p.infamy -= n
        return n
    if what == "bribe":
        return spend(state, seat, n)
    return 0


def take_from(state: InfamyState, victim: str, thief: str, what: str) -> bool:
    """Steal one ``what`` (a resource or Henchman): it moves between players, never via the supply."""
    return what in state.tokens and state.tokens[what].move(victim, thief, 1) == 1


def spend(state: InfamyState, seat: str, n: int) -> int:
    p = state.players[seat]
    n = min(n, p.avail)
    p.avail -= n
    p.spent += n
    return n


def recover(state: InfamyState, seat: str, n: int) -> int:
    p = state.players[seat]
    n = min(n, p.spent)
    p.spent -= n
    p.avail += n
    return n


def can_pay(state: InfamyState, seat: str, req: Requirements) -> bool:
    return (
        all(state.held(seat, what) >= getattr(req, what) for what in TOKENS)
        and state.players[seat].avail >= req.bribe
    )


def pay(state: InfamyState, seat: str, req: Requirements) -> None:
    for what, n in req.items():
        if what == "bribe":
            spend(state, seat, n)
        else:
            lose(state, seat, what, n)


def draw_schemes(state: InfamyState, seat: str, faction: str, n: int) -> list[Event]:
    deck = state.schemes[faction]
    cards = deck.draw(state.rng, n)
    state.players[seat].hand.extend(cards)
    if not cards:
        return [say(state, f"{seat} could not draw: the {FACTION_NAMES[faction]} Scheme deck is empty.")]
    names = ", ".join(pack().schemes[c].name for c in cards)
    many = "Scheme" if len(cards) == 1 else "Schemes"
    return [
        say(state, f"{seat} draws {len(cards)} {FACTION_NAMES[faction]} {many}."),
        private(seat, "drew", f"You drew: {names}.", cards=cards),
    ]


def nonempty_decks(state: InfamyState) -> list[str]:
    return [f for f in FACTIONS if not state.schemes[f].empty]


def queue_front(state: InfamyState, seat: str, effects: Sequence[Effect], source: str) -> None:
    """Resolve ``effects`` for ``seat`` next, before anything already queued."""
    state.now(*state.effect_steps(seat, effects, source))


def add_rep(state: InfamyState, seat: str, faction: str, n: int) -> list[Event]:
    """Gain Rep (capped at 5). Refused while the Accomplice lock holds; new levels fire their "reach"
    benefits."""
    if seat in state.rep_locked:
        return [say(state, f"{seat} gains no Rep this Round (won the Accomplice).")]
    p = state.players[seat]
    before = p.rep[faction]
    after = min(5, before + n)
    p.rep[faction] = after
    events = [say(state, f"{seat} gains {after - before}r in {FACTION_NAMES[faction]} (now {after}).")]
    reached = [
        b
        for b in pack().benefits
        if b.faction == faction and b.trigger == "reach" and before < b.level <= after
    ]
    for b in reversed(reached):
        queue_front(state, seat, b.effects, f"benefit:{b.id}")
        events.append(say(state, f"{seat}'s {b.name} benefit: {b.text}"))
    return events


def benefits_for(state: InfamyState, seat: str, trigger: str, key: str | None = None) -> list[Any]:
    """Benefits of ``seat`` with ``trigger`` (contact: key=faction; resupply: zone kind; mission: type)."""
    p = state.players[seat]
    out = []
    for b in pack().benefits:
        if b.trigger != trigger or p.rep[b.faction] < b.level:
            continue
        if trigger == "contact" and b.faction != key:
            continue
        if trigger == "resupply" and b.resource != key:
            continue
        if trigger == "mission" and b.type != key:
            continue
        out.append(b)
    return out


# --- the board ----------------------------------------------------------------------------------


def zone_label(zone_id: str) -> str:
    if zone_id.endswith("m"):
        return f"sector {zone_id[1]} mission zone"
    z = pack().zone(zone_id)
    if z.kind == "hq":
        assert z.faction is not None
        what = f"{FACTION_NAMES[z.faction]} HQ"
    elif z.kind == "special":
        what = "special zone"
    else:
        what = f"{WHAT_NAMES[z.kind]} zone"
    return f"sector {zone_id[1]} {what}"


def sector_number(value: object) -> int | None:
    """``s3`` as 3; None for anything that is not a sector card's name."""
    if isinstance(value, str) and len(value) == 2 and value[0] == "s" and value[1] in "123456":
        return int(value[1])
    return None


def allowed_sectors(state: InfamyState, seat: str) -> list[int]:
    """The sectors ``seat`` may select: any for the Sector Chief's winner, else those without a Watchdog."""
    if seat == state.chief:
        return list(range(1, 7))
    return [n for n in range(1, 7) if n not in state.watchdogs]


def zone_known(zone: object) -> bool:
    """Whether ``zone`` is the id of a resupply zone of the board."""
    return isinstance(zone, str) and any(z.id == zone for s in pack().sectors.values() for z in s.zones)


def resupply_zones(sector: int) -> list[str]:
    return [z.id for z in pack().sectors[sector].zones]


def free_resupply(state: InfamyState, sector: int) -> list[str]:
    return [z for z in resupply_zones(sector) if z not in state.hazards and z not in state.pawns]


def hazard_targets(state: InfamyState, non_hq: bool = False, sector: int | None = None) -> list[str]:
    out = []
    for s in pack().sectors.values():
        if sector is not None and s.id != sector:
            continue
        for z in s.zones:
            if z.id in state.hazards or (non_hq and z.kind == "hq"):
                continue
            out.append(z.id)
    return out


def hazards_left(state: InfamyState) -> int:
    return BOX["hazard"] - len(state.hazards)


def watchdogs_left(state: InfamyState) -> int:
    return BOX["watchdog"] - len(state.watchdogs)


def payable_missions(state: InfamyState, seat: str, sector: int) -> list[str]:
    p = pack()
    return [
        m
        for m in state.available
        if p.missions[m].sector == sector and can_pay(state, seat, p.missions[m].requires)
    ]


def contact_order(state: InfamyState) -> list[str]:
    """Winners of Contacts 1..5 (first appearance), then the others clockwise from the Triggerman."""
    order: list[str] = []
    for w in state.winners:
        if w is not None and w not in order:
            order.append(w)
    for s in clockwise(state.seats, state.triggerman):
        if s not in order:
            order.append(s)
    return order


# --- winning ------------------------------------------------------------------------------------

CASE1 = ["infamy", "max_rep", "total_rep", "henchmen"]
"""Tiebreaks when 15 Infamy wins: most Infamy, most Rep in one faction, most Rep in all, most Henchmen."""
CASE2 = ["infamy", "total_rep", "henchmen", "missions"]
"""Tiebreaks when 5 Rep wins: most Infamy, most Rep in all factions, most Henchmen, most missions."""


def standing(state: InfamyState, keys: list[str]) -> Any:
    def key(seat: str) -> tuple[int, ...]:
        p = state.players[seat]
        values = {
            "infamy": p.infamy,
            "max_rep": max(p.rep.values()),
            "total_rep": sum(p.rep.values()),
            "henchmen": state.held(seat, "henchman"),
            "missions": len(p.missions),
        }
        return tuple(values[k] for k in keys)

    return key


def _rank(state: InfamyState, seats: list[str], keys: list[str]) -> list[str]:
    return best(seats, standing(state, keys))


def winners(state: InfamyState, threshold_i: int = 15, threshold_r: int = 5) -> tuple[list[str], str] | None:
    """The winner(s) at Scheme step 3, or None to play on. Several seats back means a draw."""
    ps = state.players
    qualified = [
        s for s in state.seats if ps[s].infamy >= threshold_i or max(ps[s].rep.values()) >= threshold_r
    ]
    if not qualified:
        return None
    over = [s for s in qualified if ps[s].infamy > threshold_i]
    if over:
        return _rank(state, over, CASE1), "Infamy"
    rep = [s for s in qualified if max(ps[s].rep.values()) >= threshold_r]
    if rep:
        return _rank(state, rep, CASE2), "Rep"
    return _rank(state, qualified, CASE1), "Infamy"


def ranking(state: InfamyState, first: list[str], how: str) -> list[list[str]]:
    """The finishing order: the winners (or the tied leaders), then everyone else by the tiebreaks of the
    victory that ended the game (case 2 for a Rep victory, else case 1)."""
    keys = CASE2 if how == "Rep" else CASE1
    rest = [s for s in state.seats if s not in first]
    return [list(first), *rank(rest, standing(state, keys))] if first else rank(rest, standing(state, keys))


def scores(state: InfamyState) -> dict[str, float]:
    """Infamy points."""
    return {s: float(state.players[s].infamy) for s in state.seats}
