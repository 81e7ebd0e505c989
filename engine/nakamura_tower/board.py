"""The tower floor as the rules read it: who stands where, what blocks sight and movement, doors and the
cameras of the Terminals, on the shared grid of engine/core/board (8-way moves, walls and doors on edges);
and the Alarm tokens raised in its rooms and hallways.

RB "Alarm Token Generators": "The Alarm tokens are generated just once for each type of action (ignore any
subsequent actions of the same type)": ruling G14, once per type, per area, per turn.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.board import OPEN, AreaGraph, Cell, Edge, Grid, GridSpec, Passage, grid_of

from . import lines
from .listing import once
from .loading import pack
from .pack import Mission, Pack
from .state import Model, NtState
from .stats import hacker


@lru_cache(maxsize=8192)
def square(label: str) -> Cell:
    """A square from its label (cached: the rules read labels at every step of a search)."""
    return Cell.parse(label)


@lru_cache(maxsize=4096)
def edge_of(label: str) -> Edge:
    return Edge.parse(label)


def mission(state: NtState) -> Mission:
    return pack().missions[state.mission]


def spec(state: NtState) -> GridSpec:
    return pack().maps[mission(state).map]


_GRIDS: dict[str, tuple[Pack, Grid]] = {}


def grid(state: NtState) -> Grid:
    """The grid of the mission's map, found once per mission of the pack in use (the rules ask for it at
    every look and every distance; a pack read again, as a test does, finds its own)."""
    p = pack()
    kept = _GRIDS.get(state.mission)
    if kept is None or kept[0] is not p:
        kept = (p, grid_of(p.maps[p.missions[state.mission].map]))
        _GRIDS[state.mission] = kept
    return kept[1]


_GRAPHS: dict[int, tuple[GridSpec, AreaGraph]] = {}


def area_graph(state: NtState) -> AreaGraph:
    """The areas touching at an edge or a corner (camera zones), built once per map."""
    s = spec(state)
    kept = _GRAPHS.get(id(s))
    if kept is None or kept[0] is not s:
        kept = (s, AreaGraph.from_grid(grid_of(s), touch="corner"))
        _GRAPHS[id(s)] = kept
    return kept[1]


def area(state: NtState, label: str) -> str:
    return grid(state).area_of(square(label)) or ""


@once
def on_board(state: NtState) -> list[Model]:
    """The models in play on the board (standing or stunned; not the unconscious lying there)."""
    return [m for m in state.models.values() if m.active]


@once
def present(state: NtState) -> list[Model]:
    """Every model on a square, the unconscious lying there included (ruling M6)."""
    return [m for m in state.models.values() if m.present]


def at(state: NtState, label: str) -> Model | None:
    return next((m for m in present(state) if m.cell == label), None)


@once
def occupied(state: NtState) -> dict[Cell, Model]:
    """Who fills each square: a lying unconscious character fills it too, blocks the way and the Line of
    Sight of other sides, and counts as an Intervening Model, as a stunned one does (ruling M6)."""
    return {square(m.cell): m for m in state.models.values() if m.cell is not None}  # as present() reads


def friends(a: Model, b: Model) -> bool:
    """Same side: a Team's own models, or the AI's (drones and psychotic characters)."""
    return a.team == b.team


def allied(state: NtState, a: Model, b: Model) -> bool:
    """Friends, or two Teams playing together (RB: "Model bases of the same Team (or friendly Teams in
    cooperative play) may pass through one another"; ruling P1: they do not block each other's sight)."""
    return _side(state, a) == _side(state, b)


def _side(state: NtState, model: Model) -> str:
    """Who the model plays with: its team, or all the Teams as one in cooperative play ("": no team or
    seat is named so)."""
    return "" if state.opts.cooperative and model.team in state.teams else model.team


def blockers(state: NtState, viewer: Model) -> frozenset[Cell]:
    """RB LoS: "Friendly models do not block the Line of Sight, but other models do"."""
    own = _side(state, viewer)  # the viewer's side read once: a drone asks at every look
    return frozenset(c for c, m in occupied(state).items() if _side(state, m) != own)


@once
def blockers_of(state: NtState) -> Callable[[Model], frozenset[Cell]]:
    """:func:`blockers` for many viewers at one moment (a listing of every character's attacks): who
    stands where is read once, and the blockers of each side once."""
    taken, kept = occupied(state), dict[str, frozenset[Cell]]()

    def of(viewer: Model) -> frozenset[Cell]:
        own = _side(state, viewer)
        found = kept.get(own)
        if found is None:
            found = kept[own] = frozenset(c for c, m in taken.items() if _side(state, m) != own)
        return found

    return of


@once
def closed_edges(state: NtState) -> frozenset[Edge]:
    return frozenset(edge_of(e) for e, d in state.doors.items() if d.state != "open")


def sees(state: NtState, viewer: Model, cell: str) -> bool:
    return sight(state, viewer)(cell)


def sight(
    state: NtState,
    viewer: Model,
    blocking: frozenset[Cell] | None = None,
    closed: frozenset[Edge] | None = None,
) -> Callable[[str], bool]:
    """:func:`sees` for many squares at one moment: who blocks and which doors are closed are read once
    (a drone looks for every character), or given (:func:`blockers`, :func:`closed_edges`)."""
    assert viewer.cell is not None
    lines, here = sight_lines(state, viewer, blocking, closed), viewer.cell
    return lambda cell: lines(here, cell)


def sight_lines(
    state: NtState,
    viewer: Model,
    blocking: frozenset[Cell] | None = None,
    closed: frozenset[Edge] | None = None,
) -> Callable[[str, str], bool]:
    """Whether ``viewer``, standing on the first square, would see the second, while nobody else moves
    and no door changes (a drone looks again at each square it moves through: the viewer never blocks its
    own sight, so who blocks is the same all along its way)."""
    g = grid(state)
    blocking = blockers(state, viewer) if blocking is None else blocking
    closed = closed_edges(state) if closed is None else closed
    return lambda a, b: lines.sees(g, square(a), square(b), blocking, closed)


def distance(state: NtState, a: str, b: str) -> int:
    return grid(state).distance(square(a), square(b))


def door_colour(state: NtState, edge: str) -> str:
    door = grid(state).door(edge_of(edge))
    return door.colour if door is not None else ""


def colour_controller(state: NtState, colour: str) -> str | None:
    """The seat whose Hacker controls the security Terminal of ``colour`` (RB: it controls "all doors
    (maximum of 6) of its own colour")."""
    return colour_holders(state).get(colour) if colour else None


@once
def colour_holders(state: NtState) -> dict[str, str | None]:
    """:func:`colour_controller` of every colour at once: the first security Terminal of each colour, and
    the seat that holds it (None: nobody)."""
    holders: dict[str, str | None] = {}
    for t in mission(state).terminals:
        if t.kind == "security" and t.colour and t.colour not in holders:
            holders[t.colour] = state.terminals[t.id].controller
    return holders


def may_unlock(state: NtState, model: Model, edge: str) -> bool:
    """RB: "Locked doors can only be opened by a character in control of the corresponding Terminal or by a
    character equipped with the "Door Breaker" Neurochip"; drones have the master code."""
    return unlocker(state, model)(edge)


def unlocker(state: NtState, model: Model) -> Callable[[str], bool]:
    """:func:`may_unlock` for many doors at one moment: the model's master code or Door Breaker and the
    colours its Team controls (:func:`colour_controller`: the first security Terminal of a colour) are read
    once."""
    breaker = any(pack().equipment[e].door_breaker for e in model.equipment)
    if model.kind == "drone" or model.psychotic or breaker:
        return lambda edge: True
    holders = colour_holders(state)
    if model.team not in holders.values():
        return lambda edge: False  # its Team holds no colour: no door's colour need be read
    return lambda edge: holders.get(door_colour(state, edge)) == model.team


def passage(state: NtState, mover: Model, taken: dict[Cell, Model] | None = None) -> Passage:
    """The doors ``mover`` may not pass and the open doorways someone else stands in (``taken``:
    :func:`occupied`, if read)."""
    return passages(state, occupied(state) if taken is None else taken)(mover)


def passages(state: NtState, taken: dict[Cell, Model]) -> Callable[[Model], Passage]:
    """:func:`passage` for many movers at one moment (``taken``: :func:`occupied`): the locked doors and
    the open doorways someone stands in are read once."""
    locked = [(e, edge_of(e)) for e, d in state.doors.items() if d.state == "locked"]
    doorways = [edge_of(e) for e, d in state.doors.items() if d.state == "open"]
    standing = [c for side in doorways for c in (side.a, side.b) if c in taken]

    def of(mover: Model) -> Passage:
        unlocks = unlocker(state, mover) if locked else None
        shut = frozenset(edge for e, edge in locked if unlocks is not None and not unlocks(e))
        pinned = frozenset(c for c in standing if taken[c].id != mover.id)
        if not shut and not pinned:
            return OPEN  # nothing shut nor pinned: the searches need not test each step
        return Passage(shut=shut, pinned=pinned)

    return of


def camera_zone(state: NtState, terminal_id: str) -> set[str]:
    """RB: a security Terminal "controls the cameras in all adjacent rooms and hallways, including those
    adjacent diagonally" (ruling G05: its own area and every area touching it at an edge or a corner)."""
    t = next(t for t in mission(state).terminals if t.id == terminal_id)
    home = area(state, t.cell)
    if t.kind != "security" or not home:
        return set()
    return {home, *area_graph(state).neighbours(home)}


def tac(state: NtState, attacker: Model, target_cell: str) -> int:
    """The TAC the attacker applies (ruling G03: the target's area). RB: it is 0 if "you control the
    Terminal controlling the room", and for drones in rooms whose Terminal no Faction has taken over (G04)."""
    assert attacker.cell is not None
    if distance(state, attacker.cell, target_cell) <= 1:
        return 0  # RB: "If the range is one square the TAC characteristic is ignored"
    where = area(state, target_cell)
    value = mission(state).tac.get(where, 0)
    covering = [t.id for t in mission(state).terminals if where in camera_zone(state, t.id)]
    holders = {state.terminals[t].controller for t in covering}
    if attacker.team in holders:
        return 0
    if attacker.team == "ai" and not (holders - {None}):
        return 0
    return value


def hackers(state: NtState, seat: str) -> list[Model]:
    """The Team's conscious Hackers on the board (RB: "Characters that can act as a Hacker ... are
    identified by the having the word "Hacker" on their character card")."""
    return [m for m in on_board(state) if m.team == seat and hacker(m) and not m.stunned]


def hacker_of(state: NtState, seat: str) -> Model | None:
    """RB: "Only one character in a Team can act as the Hacker in any turn": the one its player chose this
    turn while it can act, else (ruling C1) the first conscious Hacker of the Team on the board."""
    chosen = state.models.get(state.hackers.get(seat, ""))
    if chosen is not None and chosen.able and chosen.team == seat:
        return chosen
    return next(iter(hackers(state, seat)), None)


GENERATORS: dict[str, int] = {
    "takeover": 2,  # "+2 Direct Terminal takeover" (FAQ: only if successful)
    "hacking": 2,  # "+2 Use of hacking gear" (FAQ: a cyberdeck counts)
    "ranged": 1,  # "+1 Use of Ranged Attack Weapons or Flash Bang grenades"
    "heavy": 2,  # "+2 Use of Heavy Weapons or grenades"
    "close": 1,  # "+1 Close Combat without using Ranged Attack Weapons"
    "forced": 1,  # "+1 Forced door opening (Special Skill only)"
    "infection": 1,  # "+X Certain Cyberwarfare cards infecting Tactical Network" (house X = 1)
}


def raise_alarm(state: NtState, cell: str, kind: str) -> int:
    """Put the tokens of one generator in the area of ``cell``; returns how many were added (0 when that
    type was already raised there this turn)."""
    where = area(state, cell)
    key = f"{where}:{kind}"
    if not where or key in state.alarm_types:
        return 0
    state.alarm_types.append(key)
    state.alarms[where] = state.alarms.get(where, 0) + GENERATORS[kind]
    return GENERATORS[kind]
