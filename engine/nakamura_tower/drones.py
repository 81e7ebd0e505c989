"""Phase 6, AI Operations: the Security Protocol, the alarm level of every room and hallway, and the
drones (and characters lost to Cyberpsychosis) moving and attacking by the rulebook's algorithm. The drones
are rules, not an agent: nobody is asked anything except the reactions of their targets.

RB: "Drones move taking the shortest route to the place with the most Alarm tokens in it. They move at their
maximum speed." FAQ: "If two rooms have exactly the same number of Alarm tokens, the drone moves to the room
that is nearest. Can Do cards are drawn for both rooms, and the drone moves to the room with the higher
score, only if both rooms are also equidistant." RB: "Drones that are in a room or hallway with one or more
characters at the moment of establishing the alarm level do not move towards the room with the highest
alarm level but attack the characters in the current room immediately, first moving closer to effective
range if required."
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, word
from engine.core.board import OPEN, Cell, Passage

from . import board, mines
from .marks import mark
from .naming import room
from .rules import RULES, draw
from .setup import add_drone, mission_of
from .state import AiStep, AttackStep, DroneStep, Model, NtState, PickDroneStep
from .stats import called, name, ranged_weapon, speed


def security_protocol(state: NtState) -> list[Event]:
    """RB: "Check the Security Protocol for the number of drones on the board, putting additional drones on
    the board ... new drones are placed at random in places marked as 'Drone Entry Point'. Use CanDo cards
    to pick the locations." Ruling D3: CanDo values are spread evenly over the entry points; an occupied
    entry point puts the drone on the nearest free square."""
    wanted = mission_of(state).security_protocol + state.opts.security_boost
    entries = mission_of(state).entry_points
    events: list[Event] = []
    while sum(1 for m in board.on_board(state) if m.kind == "drone") < wanted:
        card = draw(state)
        entry = board.square(entries[(card - 1) * len(entries) // 10])
        cell = _free_near(state, entry)
        if cell is None:
            break
        drone = add_drone(state, cell.label)
        events.append(
            public("drone", f"Security Protocol: {name(drone)} enters at {cell.label} (CanDo {card}).")
        )
    return events


def _free_near(state: NtState, cell: Cell) -> Cell | None:
    g, taken = board.grid(state), board.occupied(state)
    candidates = [c for c in g.cells() if c not in taken and c not in g.blocked]
    if not candidates:
        return None
    return min(candidates, key=lambda c: (g.distance(cell, c), c.row, c.col))


def alarm_levels(state: NtState) -> dict[str, int]:
    """The tokens generated this turn, plus RB "+1 For every character in the room or hallway" (ruling G15:
    every conscious character model on the board, drones not counted)."""
    levels = {a: state.alarms.get(a, 0) for a in board.grid(state).areas}
    for model in board.on_board(state):
        if model.kind == "character" and model.cell is not None:
            levels[board.area(state, model.cell)] = levels.get(board.area(state, model.cell), 0) + 1
    return levels


def alarm_text(state: NtState) -> str:
    """ "Alarm levels: Laboratory 5, Cross hallway 2." (the rooms by name, the highest first)."""
    levels = sorted(((n, room(state, a)) for a, n in state.alarms.items() if n), key=lambda x: (-x[0], x[1]))
    shown = ", ".join(f"{where} {n}" for n, where in levels)
    return f"Alarm levels: {shown}." if shown else "No alarm anywhere."


@RULES.step("ai")
def ai_phase(state: NtState, step: AiStep) -> list[Event]:
    state.phase = step.op
    return ai_operations(state)


def ai_operations(state: NtState) -> list[Event]:
    mark(state, "the AI Operations phase")
    mines.arm(state)  # RB: Mines "become active in the next Player phase ... or AI Operations Phase"
    events = security_protocol(state)
    state.alarms = alarm_levels(state)
    events.append(public("alarms", alarm_text(state)))
    # Ruling D1: by default the engine activates the AI's models in the order of their ids (the issue lets
    # the engine choose the drone order); with drone_order "players" they pick in turn (RB: "The Player
    # with the initiative chooses one drone and moves it ... The next drone is chosen by the next Player").
    order = sorted(
        (m for m in board.on_board(state) if m.team == "ai"), key=lambda m: (m.kind != "drone", m.id)
    )
    if state.opts.drone_order == "players":
        state.now(PickDroneStep(remaining=[m.id for m in order]))
    else:
        state.now(*(DroneStep(model=m.id) for m in order))
    return events


class PickPayload(BaseModel):
    remaining: list[str]
    turn: int


@RULES.step("pick_drone")
def pick_drone(state: NtState, step: PickDroneStep) -> list[Event]:
    left = [m for m in step.remaining if state.models[m].active]
    if not left:
        return []
    seats = state.order or state.sides
    chooser = seats[step.turn % len(seats)]
    offer = [(Intent.of("drone", unit=m), f"{name(state.models[m])} at {state.models[m].cell}") for m in left]
    return RULES.ask(
        state,
        chooser,
        "drone",
        "Which of the tower's models activates next?",
        offer,
        public=f"{chooser} chooses which of the tower's models activates next.",
        payload=PickPayload(remaining=left, turn=step.turn),
    )


@RULES.answers(
    "drone",
    PickPayload,
    takes=[
        Shape(
            "drone",
            (word("unit", called),),
            title="Choose the tower's next model",
            asks="the tower's model to activate next",
        )
    ],
)
def drone_picked(state: NtState, seat: str, intent: Intent, payload: PickPayload) -> list[Event]:
    unit = str(intent.get("unit"))
    rest = [m for m in payload.remaining if m != unit]
    state.now(DroneStep(model=unit), PickDroneStep(remaining=rest, turn=payload.turn + 1))
    return [public("drone_pick", f"{seat} picks {name(state.models[unit])} to activate.")]


def _prey(state: NtState, drone: Model) -> list[Model]:
    return [m for m in board.on_board(state) if m.kind == "character" and m.team != "ai"]


def _reach(drone: Model) -> int:
    ranged = ranged_weapon(drone)
    return ranged.effective if ranged is not None else 1


def in_sight(state: NtState, drone: Model, lines: Callable[[str, str], bool] | None = None) -> list[Model]:
    """The closest characters in Line of Sight within the weapon's Effective Range (RB: "If it is impossible
    to establish which character in a room is closest to the drone then it will attack all characters at
    the disputed range at the same time"). ``lines``: the drone's :func:`board.sight_lines`, when it
    looks again after each step."""
    assert drone.cell is not None
    g, here, reach = board.grid(state), board.square(drone.cell), _reach(drone)
    sees = lines or board.sight_lines(state, drone)
    seen: list[tuple[int, Model]] = []
    for m in _prey(state, drone):
        if m.cell is None:
            continue
        far = g.distance(here, board.square(m.cell))
        if far <= reach and sees(drone.cell, m.cell):
            seen.append((far, m))
    near = min((far for far, _ in seen), default=0)
    return [m for far, m in seen if far == near]


@RULES.step("drone")
def drone_acts(state: NtState, step: DroneStep) -> list[Event]:
    """RB: "Move-Move or Move-Attack or a single action of Attack"; "Drones move until they reach the
    effective range of their weapons, then they perform an Attack Action if able"."""
    drone = state.models[step.model]
    if not drone.able or step.actions <= 0:
        return []
    targets = in_sight(state, drone)
    if targets:
        state.now(*(AttackStep(attacker=drone.id, target=t.id) for t in targets))
        return []
    goal = _goals(state, drone)
    if not goal:
        return []
    events = _advance(state, drone, goal)
    state.now(DroneStep(model=drone.id, actions=step.actions - 1))
    return events


def _passage(state: NtState) -> Passage:
    """RB: "Drones possess the master code to all doors ... they automatically open all doors they need to
    ... These doors are returned to their original state after the passage of the drone" (ruling D4: no
    door blocks a drone and none changes)."""
    return OPEN


def _goals(state: NtState, drone: Model) -> list[Cell]:
    """The squares the drone heads for: next to the characters of its own area, else the free squares of
    the area with the most alarms (none when every level is 0: ruling D2)."""
    assert drone.cell is not None
    g, taken = board.grid(state), board.occupied(state)
    home = board.area(state, drone.cell)
    near = [m for m in _prey(state, drone) if m.cell is not None and board.area(state, m.cell) == home]
    if near:
        around = {n for m in near for n in g.neighbours(board.square(str(m.cell)))}
        return sorted(
            (c for c in around if c not in taken or c == board.square(drone.cell)), key=Cell.reading
        )
    levels = state.alarms
    top = max(levels.values(), default=0)
    if top <= 0:
        return []
    best = [a for a in sorted(levels) if levels[a] == top]
    area = _tie_break(state, drone, best) if len(best) > 1 else best[0]
    return [c for c in g.areas[area].cells if c not in taken or c == board.square(drone.cell)]


def _tie_break(state: NtState, drone: Model, areas: list[str]) -> str:
    """The nearest of the areas (one search towards all their squares: the areas with a square at the
    least distance tie), then CanDo cards between the tied ones."""
    assert drone.cell is not None
    g = board.grid(state)
    found = g.nearest(
        board.square(drone.cell),
        [c for a in areas for c in g.areas[a].cells],
        may_pass=_may_pass(state, drone),
        passage=_passage(state),
    )
    nearest = set(found[1]) if found is not None else None  # None: none reachable, all tie
    tied = [a for a in areas if nearest is None or not nearest.isdisjoint(g.areas[a].cells)]
    while len(tied) > 1:
        score = {a: draw(state) for a in tied}
        best = max(score.values())
        tied = [a for a in tied if score[a] == best]
    return tied[0]


def _may_pass(state: NtState, drone: Model, taken: dict[Cell, Model] | None = None) -> Callable[[Cell], bool]:
    """Drones pass their friends' squares, nobody else's (``taken``: :func:`board.occupied`, if read)."""
    taken = board.occupied(state) if taken is None else taken

    def may_pass(cell: Cell) -> bool:
        other = taken.get(cell)
        return other is None or board.friends(other, drone)

    return may_pass


def _advance(state: NtState, drone: Model, goals: list[Cell]) -> list[Event]:
    """Move at most Speed squares along the shortest route, stopping as soon as a character is in sight
    within Effective Range (ruling G16)."""
    assert drone.cell is not None
    g, here = board.grid(state), board.square(drone.cell)
    taken = board.occupied(state)
    route = g.nearest_route(
        here,
        goals,
        may_enter=lambda c: c not in taken,
        may_pass=_may_pass(state, drone, taken),
        passage=_passage(state),
    )
    if route is None or route.steps == 0:
        return []
    path = [here.label]
    blast: list[Event] = []
    lines = board.sight_lines(state, drone)
    for cell in route.cells[1 : speed(drone) + 1]:
        if cell in taken:
            continue
        path.append(cell.label)
        blast = mines.enter(state, drone, cell.label)
        if blast or in_sight(state, drone, lines):
            break
    state.last_path = path
    return [public("drone_move", f"{name(drone)} goes to {path[-1]}.", unit=drone.id, path=path)] + blast
