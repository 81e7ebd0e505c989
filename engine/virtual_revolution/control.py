"""Neo Paris: Influence tokens, Servers, control and Titles.

"A player controls a Borough when they have at least one Influence token or Server on it." "As soon as a
player controls all the Boroughs in a District, they gain control of the District ... If they subsequently
lose control of two Boroughs in the District, they immediately lose control of the District and the
corresponding Title card." Every change of Influence or Servers here re-checks the Titles (the rulebook's
asterisk), and returns the public events.
"""

from __future__ import annotations

from engine.core import Event, public

from .pack import DISTRICTS, Pack
from .rules import P, borough_name
from .state import VrState


def controls(state: VrState, seat: str, borough: str) -> bool:
    return state.owner.get(borough) == seat or state.servers.get(borough) == seat


def controlled(state: VrState, seat: str, pack_now: Pack | None = None) -> list[str]:
    """The Boroughs ``seat`` controls, in the map's order (``pack_now``: the pack, when the caller has it)."""
    mine = {b for b, s in state.owner.items() if s == seat}
    mine.update(b for b, s in state.servers.items() if s == seat)
    if not mine:
        return []
    return [b for b in P(pack_now).boroughs if b in mine]


def on_map(state: VrState, seat: str) -> int:
    owner = state.owner
    count = 0
    for b, n in state.tokens.items():
        if owner.get(b) == seat:
            count += n
    return count


def can_add(state: VrState, seat: str, borough: str) -> bool:
    """ "They cannot be added to a Borough where opponent's Influence tokens are already present." """
    return state.p(seat).reserve > 0 and state.owner.get(borough, seat) == seat


def add_it(state: VrState, seat: str, borough: str, count: int = 1, source: str = "reserve") -> list[Event]:
    player = state.p(seat)
    if state.owner.get(borough, seat) != seat:
        return []
    if source == "reserve":
        count = min(count, player.reserve)
        player.reserve -= count
    if count <= 0:
        return []
    state.owner[borough] = seat
    state.tokens[borough] = state.tokens.get(borough, 0) + count
    pack_now = P()
    name = borough_name(borough, pack_now)
    return [public("influence", f"{seat} adds {count} Influence to {name}.")] + recheck(state, pack_now)


def take_it(state: VrState, borough: str) -> str | None:
    """Take one token off a Borough (no Title check): its owner, or None when it holds none."""
    seat = state.owner.get(borough)
    if seat is None:
        return None
    state.tokens[borough] -= 1
    if state.tokens[borough] <= 0:
        del state.tokens[borough]
        del state.owner[borough]
    return seat


def remove_it(state: VrState, borough: str, by: str = "") -> list[Event]:
    """ "When an Influence Token is removed ... it is ALWAYS placed in the Recycle Zone." """
    seat = take_it(state, borough)
    if seat is None:
        return []
    state.recycle[seat] = state.recycle.get(seat, 0) + 1
    pack_now = P()
    if not by:
        text = f"{seat} loses 1 Influence in {borough_name(borough, pack_now)}."
    else:
        whose = "their own" if by == seat else f"{seat}'s"
        text = f"{by} removes 1 of {whose} Influence from {borough_name(borough, pack_now)}."
    return [public("influence", text)] + recheck(state, pack_now)


def move_it(state: VrState, seat: str, source: str, borough: str) -> list[Event]:
    take_it(state, source)
    state.owner[borough] = seat
    state.tokens[borough] = state.tokens.get(borough, 0) + 1
    pack_now = P()
    there, here = borough_name(source, pack_now), borough_name(borough, pack_now)
    events = [public("influence", f"{seat} moves 1 Influence from {there} to {here}.")]
    return events + recheck(state, pack_now)


def place_server(state: VrState, seat: str, borough: str) -> list[Event]:
    state.servers[borough] = seat
    return recheck(state)


def remove_server(state: VrState, borough: str) -> list[Event]:
    """The Server goes back to its owner's reserve (ruling A23: Income and the +2VP token are kept)."""
    seat = state.servers.pop(borough, None)
    if seat is None:
        return []
    return [public("server", f"{seat}'s Server leaves {borough_name(borough)}.")] + recheck(state)


def servers_of(state: VrState, seat: str) -> list[str]:
    return [b for b, s in state.servers.items() if s == seat]


def server_district(state: VrState, seat: str, district: str, but: str = "") -> bool:
    return any(P().district_of(b) == district for b in servers_of(state, seat) if b != but)


def may_build(
    state: VrState, seat: str, borough: str, waive_it: bool, nation_rule: str = "own", moving: str = ""
) -> bool:
    """ "The Borough does not already contain another player's server, You have at least one Influence token
    in
    the Borough, You do not already have a Server in the same District." (Ruling: not where you have one.)"""
    if borough in state.servers and borough != moving:
        return False
    if server_district(state, seat, P().district_of(borough), but=moving):
        return False
    if waive_it:
        return nation_rule == "own" or borough not in state.owner
    return state.owner.get(borough) == seat


def recheck(state: VrState, pack_now: Pack | None = None) -> list[Event]:
    """Lose a Title at two Boroughs fewer (ruling A13: the holder keeps it while controlling n-1 of n), gain
    it
    on controlling them all (two at once: the first in Turn Order, ruling); a lost Title returns upright."""
    events: list[Event] = []
    graph = P(pack_now).graph  # read once: this runs after every change of the map
    for district in DISTRICTS:
        boroughs = graph.members(district)
        holder = state.titles.get(district)
        if holder is not None and _held(state, holder, boroughs) <= len(boroughs) - 2:
            del state.titles[district]
            if district in state.turned_titles:
                state.turned_titles.remove(district)
            events.append(public("title", f"{holder} loses the {P().district_names[district]} Title."))
            holder = None
        if holder is None:
            seat = _sole_controller(state, boroughs)
            if seat is not None:
                state.titles[district] = seat
                events.append(public("title", f"{seat} gains the {P().district_names[district]} Title."))
    return events


def _held(state: VrState, seat: str, boroughs: tuple[str, ...]) -> int:
    """How many of ``boroughs`` the seat controls."""
    owner, servers = state.owner, state.servers
    held = 0
    for b in boroughs:
        if owner.get(b) == seat or servers.get(b) == seat:
            held += 1
    return held


def _sole_controller(state: VrState, boroughs: tuple[str, ...]) -> str | None:
    """The first seat in Turn Order that controls every one of ``boroughs`` (none while one of them holds
    neither Influence nor a Server)."""
    owner, servers = state.owner, state.servers
    for b in boroughs:
        if b not in owner and b not in servers:
            return None
    for seat in state.order:
        for b in boroughs:
            if owner.get(b) != seat and servers.get(b) != seat:
                break
        else:
            return seat
    return None
