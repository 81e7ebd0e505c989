"""Movement: ``move:unit=a1,to=D7`` for an Agent (one contiguous move a turn, plus the Speed Boost's extra
move) and for a Sentry (its own square a round); walls at set-up: ``wall:at=D7``.

RB "Movement": "Each Agent has 5 movement points ... distance is counted horizontally and vertically";
RB "Physics": "Your units may only move through other units if the owner of the unit through which your
unit is to move allows it. Units normally cannot stand on squares that are already occupied by another
unit." Gravitational Enforcer: "the unit loses 2 movement points for the rest of the round ... If a unit is
trapped in 2 force fields, that unit can move only 1 square" (A-15: the budget shrinks as fields are
entered; walls do not stop a field).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Intent, public
from engine.core.actions import Action
from engine.core.args import word
from engine.core.board import Cell, MoveAction, Movement, Passage, Route
from engine.core.board.grid import Grid
from engine.core.labels import listing

from ..move_search import Search, numbered, numbered_labels, obstacles, search_from
from ..names import unit_named
from ..pack import pack
from ..rules import RULES, grid, occupied, plural, seat_of_unit, stunned, walls
from ..setup import wall_squares
from ..state import EventsStep, GaiaStep, IpaState, RoundStep, SetupWallStep


def _fields(state: IpaState, unit: str) -> list[tuple[str, Cell, int]]:
    """The armed force fields that slow ``unit`` (none for a Sentry; UE 6: not its owner's own): each
    Gravitational Enforcer's id, square and radius."""
    seat = next((a.seat for a in state.agents.values() if a.unit == unit), None)
    if seat is None or all(fe.kind != "gravitational_enforcer" for fe in state.equipment.values()):
        return []
    radius = pack().equipment["gravitational_enforcer"].radius
    own_free = state.agents[seat].ue == "own_fields"
    out = []
    for fe in state.equipment.values():
        if fe.kind == "gravitational_enforcer" and fe.armed and fe.owner is not None:
            if own_free and fe.owner == seat:
                continue
            bonus = sum(
                pack().upgrades[u].amount
                for u in state.agents[fe.owner].upgrades
                if pack().upgrades[u].effect == "radius"
            )
            out.append((fe.unit, Cell.parse(fe.cell), radius + bonus))
    return out


FIELD_SEEN = "field:"
"""A turn counter's prefix: the force field of that Gravitational Enforcer has slowed the Agent in turn
(RB: "the unit loses 2 movement points for the rest of the round"; A-15)."""
MOVED = "squares"
"""The turn counter of the squares the Agent in turn has moved in its earlier moves of the turn."""


def _canonical(label: str) -> str | None:
    try:
        return Cell.parse(label).label
    except ValueError:
        return None


def _passable(state: IpaState, unit: str) -> set[Cell]:
    """RB Physics: "Your units may only move through other units if the owner of the unit through which your
    unit is to move allows it" (the owner's standing permission, ``permit``); a unit passes its own side's
    units and field equipment (A-16). Molecular Manipulation is the search's."""
    mover = seat_of_unit(state, unit)
    out = set()
    for cell, other in occupied(state, but=unit).items():
        owner = seat_of_unit(state, other)
        if (
            owner is not None
            and mover is not None
            and (owner == mover or mover in state.agents[owner].permits)
        ):
            out.add(Cell.parse(cell))
    return out


def _note_fields(state: IpaState, unit: str, route: Route) -> None:
    """The Agent in turn has moved along ``route``: its squares, and the force fields it has been in."""
    state.turn.use(MOVED, route.steps)
    g = grid(state)
    for enforcer, centre, radius in _fields(state, unit):
        seen = FIELD_SEEN + enforcer
        if seen not in state.turn.uses and any(g.distance(centre, c) <= radius for c in route.cells):
            state.turn.use(seen)


@lru_cache(maxsize=1024)
def _move_intents(unit: str, ends: tuple[str, ...]) -> tuple[Intent, ...]:
    """The moves of ``unit`` to ``ends`` (intents are immutable: a turn's lists offer the same again)."""
    return tuple(_move_intent(unit, to) for to in ends)


@lru_cache(maxsize=8192)
def _move_intent(unit: str, to: str) -> Intent:
    return Intent.of("move", unit=unit, to=to)


def _spare(state: IpaState, unit: str) -> bool:
    """Whether the Agent ``unit`` has Molecular Manipulation's pass through one unit still to use."""
    return unit.startswith("a") and state.turn.used("molecular") > state.turn.used("molecular_spent")


SPEED_BOOST = 2
"""Speed Boost: "You may move up to 2 squares additionally once in this round"."""


def agent_budget(state: IpaState, seat: str) -> int:
    """The squares the Agent in turn may still move in one move, before force fields: its normal move
    (5, 6 with UE 1), then a Speed Boost's 2 for each one bought and not used; none after a Focused Shot
    ("the unit may not move in the round in which a Focused Shot was fired")."""
    if state.turn.used("focused"):
        return 0
    if not state.turn.used("move"):
        return pack().numbers.movement + (1 if state.agents[seat].ue == "speed" else 0)
    if state.turn.used("speed") > state.turn.used("speed_spent"):
        return SPEED_BOOST
    return 0


@RULES.action
class Move(MoveAction[IpaState]):
    summary = "Move your Agent or a Sentry"
    args = (word("unit", unit_named), word("to"))
    when = (
        "Units move in their owner's own turn: the Agent once a turn (again with a Speed Boost), a Sentry "
        "once a round"
    )

    def grid(self, state: IpaState) -> Grid:
        return grid(state)

    def movers(self, state: IpaState, seat: str) -> list[str]:
        agent = state.agents[seat]
        if not agent.alive or stunned(agent):
            return []
        out = []
        if self._agent_budget(state, seat) > 0:
            out.append(agent.unit)
        owned = [fe for fe in state.equipment.values() if fe.owner == seat]
        if owned:
            equipment = pack().equipment
            out += [fe.unit for fe in owned if equipment[fe.kind].moves and fe.moved != state.round]
        return out

    def _agent_budget(self, state: IpaState, seat: str) -> int:
        return agent_budget(state, seat)

    def where(self, state: IpaState, unit: str) -> Cell:
        agent = next((a for a in state.agents.values() if a.unit == unit), None)
        return Cell.parse(agent.cell if agent is not None else state.equipment[unit].cell)

    def movement(self, state: IpaState, unit: str) -> Movement:
        taken = {Cell.parse(c) for c in occupied(state, but=unit)}
        passable = _passable(state, unit)
        return Movement(
            budget=self._budget(state, unit),
            may_enter=lambda c: c not in taken,
            may_pass=lambda c: c not in taken or c in passable,
            passage=Passage(blocked=walls(state)),
        )

    def _budget(self, state: IpaState, unit: str) -> int:
        """The squares ``unit`` may move in one move, before force fields."""
        agent = next((a for a in state.agents.values() if a.unit == unit), None)
        if agent is not None:
            return self._agent_budget(state, agent.seat)
        fe = state.equipment[unit]
        legs = (
            sum(
                pack().upgrades[u].amount
                for u in state.agents[fe.owner].upgrades
                if pack().upgrades[u].equipment == fe.kind and pack().upgrades[u].effect == "moves"
            )
            if fe.owner
            else 0
        )
        return pack().equipment[fe.kind].moves + legs

    # the force fields make the budget depend on the way taken: a search over (square, fields entered)

    def _search(self, state: IpaState, unit: str, goal: Cell | None) -> tuple[dict[Cell, int], Route | None]:
        """Breadth first over (square, fields entered and whether Molecular Manipulation's one pass is
        used: bit ``MOLECULAR``): the squares the unit may end on with the fewest steps to each, and with
        a ``goal`` the way found to it (the first reached, neighbours in :meth:`Grid.neighbours`'
        order)."""
        g = grid(state)
        search = self._searched(state, unit)
        cells = numbered(g)
        best = {cells[n]: d for n, d in search.best.items()}
        if goal is None or not g.inside(goal):
            return best, None
        return best, search.route(cells, goal.row * g.width + goal.col)

    def _searched(self, state: IpaState, unit: str) -> Search:
        """The search of :meth:`_search`, from its cache when nothing it reads has changed."""
        g = grid(state)
        fields = _fields(state, unit)
        seen_before = [k for k in state.turn.uses if k.startswith(FIELD_SEEN)] if fields else []
        before = sum(1 << i for i, (fe, _, _) in enumerate(fields) if FIELD_SEEN + fe in seen_before)
        gone = len(seen_before) - bin(before).count("1")  # fields met earlier whose Enforcer is destroyed
        moved = state.turn.used(MOVED) if fields else 0
        start = self.where(state, unit)
        taken, blocking = obstacles(state, unit)
        return search_from(
            g,
            walls(state),
            tuple((centre, r) for _, centre, r in fields),
            taken,
            blocking,
            _spare(state, unit),
            start.row * g.width + start.col,
            (self._budget(state, unit), before, gone, moved),
        )

    def why_not(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        unit, to = intent.get("unit"), intent.get("to")
        if isinstance(to, str) and _canonical(to) not in (None, to):
            return f"Name the square as it is written on the map's edges: {_canonical(to)}, not {to}."
        movers = self.movers(state, seat)
        if isinstance(unit, str) and unit not in movers:
            name = "Your Agent" if unit == state.agents[seat].unit else unit_named(state, unit) or "That unit"
            if not movers:
                return f"{name} cannot move now: no unit of yours can move"
            return (
                f"{name} cannot move now: you can move {listing([self.unit_label(state, u) for u in movers])}"
            )
        reason = super().why_not(state, seat, intent)
        return reason[:1].upper() + reason[1:] if reason else None  # "your Agent ..." opens a sentence

    def destinations(self, state: IpaState, unit: str) -> dict[Cell, int]:
        start = self.where(state, unit)
        reach, _ = self._search(state, unit, None)
        return {c: d for c, d in reach.items() if c != start}

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        """Each unit's moves, its destinations in reading order (:meth:`destinations`)."""
        out: list[Intent] = []
        for unit in self.movers(state, seat):
            out += _move_intents(unit, self._searched(state, unit).ends(numbered_labels(grid(state))))
        return out

    def route(self, state: IpaState, unit: str, to: Cell) -> Route | None:
        g = grid(state)
        if to in {Cell.parse(c) for c in occupied(state, but=unit)} or not g.inside(to):
            return None
        return self._searched(state, unit).route(numbered(g), to.row * g.width + to.col)

    def carry_out(self, state: IpaState, seat: str, unit: str, route: Route) -> list[Event]:
        dest = route.cells[-1].label
        agent = state.agents[seat]
        _, blocking = obstacles(state, unit)
        width = grid(state).width
        if any(c.row * width + c.col in blocking for c in route.cells[1:-1]):  # a unit passed through
            state.turn.use("molecular_spent")
        name = "Agent" if unit == agent.unit else pack().equipment[state.equipment[unit].kind].name
        start = route.cells[0].label
        if unit == agent.unit:
            if state.turn.used("move"):
                state.turn.use("speed_spent")
            state.turn.use("move")
            _note_fields(state, unit, route)
            agent.cell = dest
        else:
            fe = state.equipment[unit]
            fe.cell = dest
            fe.moved = state.round
        state.last_path = [c.label for c in route.cells]
        return [
            public(
                "move",
                f"{seat}'s {name} moves from {start} to {dest} ({plural(route.steps, 'square')}).",
                path=state.last_path,
            )
        ]

    def unit_label(self, state: IpaState, unit: str) -> str:
        fe = state.equipment.get(unit)
        return f"your {pack().equipment[fe.kind].name} on {fe.cell}" if fe is not None else "your Agent"

    def label(self, state: IpaState, intent: Intent) -> str:
        unit, to = intent.get("unit"), intent.get("to")
        name = self.unit_label(state, unit) if isinstance(unit, str) else "a unit"
        return f"Move {name} to {to}" if isinstance(to, str) else f"Move {name}"


# --- walls at set-up -------------------------------------------------------------------------------------


@RULES.action
class PlaceWall(Action[IpaState]):
    """One answer per wall: its square (``wall:at=D7``). RB set-up 6: "The players place the terrain tokens
    onto the battle map one after the other" (each token is one square)."""

    kind = "wall"
    summary = "Place a wall"
    args = (word("at", title="Which square for the wall?"),)
    when = "Walls are placed at set-up, each player in turn"

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        return list(_wall_intents(wall_squares(state, seat)))

    def refusal(self, state: IpaState, seat: str, intent: Intent) -> str | None:
        given = intent.word("at")
        square = _canonical(given)
        if square is None or not grid(state).inside(Cell.parse(square)):
            return f"{given} is not a square of the map: name a column A-X and a row 1-24, as in D7"
        if square != given:
            return f"Name the square as it is written on the map's edges: {square}, not {given}"
        return (
            f"A wall cannot stand on {square}: it is taken, in an opponent's starting corner, would make a "
            "group of more than 5 walls, or would cut off part of the map"
        )

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        square = intent.word("at")
        state.walls.append(square)
        return [public("wall", f"{seat} places a wall on {square}.", at=square)]

    def label(self, state: IpaState, intent: Intent) -> str:
        at = intent.get("at")
        return f"Wall on {at}" if isinstance(at, str) else "Place a wall"


@lru_cache(maxsize=16)
def _wall_intents(squares: tuple[str, ...]) -> tuple[Intent, ...]:
    """The wall answers for ``squares`` (intents are immutable: the menu and every check of one wall ask
    for the same list, and the next wall's list offers most of the same squares again)."""
    return tuple(map(_wall_intent, squares))


@lru_cache(maxsize=4096)
def _wall_intent(square: str) -> Intent:
    return Intent.of("wall", at=square)


def wall_steps(state: IpaState) -> list[SetupWallStep | GaiaStep | EventsStep | RoundStep]:
    """RB: "All players divide the 40 terrain tokens fairly between themselves" (A-53: 13 each with 3);
    with Gaia's Helpers everyone then agrees to the map."""
    each = pack().numbers.walls // len(state.seats)
    steps: list[SetupWallStep | GaiaStep | EventsStep | RoundStep] = []
    for n in range(each):
        for seat in state.seats:
            steps.append(SetupWallStep(seat=seat, left=each - n))
    gaia: list[GaiaStep] = [GaiaStep()] if state.opts.gaia_helpers else []
    return [*steps, *gaia, EventsStep(), RoundStep()]
