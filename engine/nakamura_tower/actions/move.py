"""Move: up to Speed squares for one Action Point, 8-way, orthogonal through doorways and past corners, not
through enemy models; closed doors on the way are opened for free, locked ones only by who may unlock them.

A Move is submitted as a whole path (rules-notes 8 #13). The Reactive Players are asked only when one of
their models could Fast Attack the mover at some step of it, or Take Cover the instant the mover comes into
its Line of Sight; otherwise the move happens at once. After a reaction the mover goes on along the rest
of its path as far as it is still free (ruling M1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache, partial
from itertools import repeat

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, word
from engine.core.board import Cell, Edge, Grid, MoveAction, Movement, Passage, Route

from .. import board, mines
from ..activation import REAL_WORLD, actors, settle, start
from ..combat import REACT, cover_squares, fast_attack, may_react, weapon_for
from ..intents import move_to
from ..reach import Search, search
from ..rules import RULES
from ..sharing import controller_of
from ..state import Model, NtState
from ..stats import called, gear, name, speed, weapons, who
from ..summed import Summed

DRAG, DRAG_CYBERLEGS = 2, 3
"""RB: a drag "is limited to 2 squares normally per Move Action or 3 squares if the dragging character has
cyberlegs"."""


def dragged(state: NtState, mover: Model) -> Model | None:
    """The character ``mover`` drags with this Move, if it is still beside it."""
    other = state.models.get(mover.dragging or "")
    if other is None or other.status not in ("ok", "unconscious") or other.cell is None or mover.cell is None:
        return None
    return other if board.distance(state, mover.cell, other.cell) == 1 else None


def budget(state: NtState, mover: Model) -> int:
    if dragged(state, mover) is None:
        return speed(mover)
    legs = any(g.slot == "cyberleg" for g in gear(mover))
    return min(speed(mover), DRAG_CYBERLEGS if legs else DRAG)


def _blocking(state: NtState, mover: Model, taken: dict[Cell, Model]) -> frozenset[Cell]:
    """The squares ``mover`` may not pass, ``taken`` being :func:`board.occupied`: every one but its allies'
    (all of them while it drags someone: the dragged character follows into each square the mover
    leaves)."""
    hauling = dragged(state, mover) is not None
    return frozenset(c for c, other in taken.items() if hauling or not board.allied(state, other, mover))


def _movement(state: NtState, mover: Model, taken: dict[Cell, Model]) -> Movement:
    """How ``mover`` may move now: through the squares :func:`_blocking` leaves, ending on a free one."""
    blocking = _blocking(state, mover, taken)
    return Movement(
        budget=budget(state, mover),
        may_enter=lambda cell: cell not in taken,
        may_pass=lambda cell: cell not in blocking,
        passage=board.passage(state, mover, taken),
    )


def _search(
    state: NtState, mover: Model, taken: dict[Cell, Model], passage: Callable[[Model], Passage]
) -> Search:
    """``mover``'s Move search (:func:`.reach.search`), ``taken`` being :func:`board.occupied` and
    ``passage`` :func:`board.passages`. Only the squares within its budget of its own square (no step goes
    farther than one square in either direction) can be reached or passed, so only who stands there goes
    into the search's key: an activation's next listing, and the move chosen from it, find most characters
    where they were (a standing order, a door, an attack moves nobody)."""
    assert mover.cell is not None  # an actor stands on the board
    start, reach = board.square(mover.cell), budget(state, mover)
    col, row = start.col, start.row
    near = {c: m for c, m in taken.items() if abs(c.col - col) <= reach and abs(c.row - row) <= reach}
    blocking = _blocking(state, mover, near)  # who stands there decides: only they go into the key
    return search(board.grid(state), start, reach, blocking, frozenset(near), passage(mover))


@lru_cache(maxsize=1024)
def _moves(unit: str, squares: tuple[Cell, ...]) -> tuple[Intent, ...]:
    """The moves of ``unit`` to ``squares``, made once (an immutable value of its inputs)."""
    return tuple(map(move_to, repeat(unit, len(squares)), squares))


@RULES.action
class Move(Summed, MoveAction[NtState]):
    summary = "Move a character"
    args = (word("unit", called), word("to"))
    when = REAL_WORLD

    def grid(self, state: NtState) -> Grid:
        return board.grid(state)

    def movers(self, state: NtState, seat: str) -> list[str]:
        return [m.id for m in actors(state, seat)]

    def where(self, state: NtState, unit: str) -> Cell:
        cell = state.models[unit].cell
        assert cell is not None
        return board.square(cell)

    def movement(self, state: NtState, unit: str) -> Movement:
        return _movement(state, state.models[unit], board.occupied(state))

    def options(self, state: NtState, seat: str) -> list[Intent]:
        """Every (character, square) pair, the characters in turn and each one's squares in reading order
        (the order the search gives them: :func:`_search`); who stands where is read once for all
        the characters."""
        taken = board.occupied(state)
        passage = board.passages(state, taken)
        out: list[Intent] = []
        for mover in actors(state, seat):
            out += _moves(mover.id, _search(state, mover, taken, passage).squares)
        return out

    def route(self, state: NtState, unit: str, to: Cell) -> Route | None:
        """The way :meth:`Grid.path` takes, from the search that listed the move (:func:`_search`)."""
        taken = board.occupied(state)
        return _search(state, state.models[unit], taken, board.passages(state, taken)).route(to)

    def unit_label(self, state: NtState, unit: str) -> str:
        model = state.models.get(unit)
        return name(model) if model is not None else unit

    def why_not(self, state: NtState, seat: str, intent: Intent) -> str | None:
        unit = intent.get("unit")
        if unit not in self.movers(state, seat):
            model = state.models.get(str(unit))
            return f"{name(model) if model is not None else 'That character'} cannot move now."
        to = intent.get("to")
        if isinstance(to, str) and to != to.strip().upper():
            return f"Write the square as it is printed, in capitals: {to.strip().upper()}."
        return super().why_not(state, seat, intent)

    def label(self, state: NtState, intent: Intent) -> str:
        unit, to = intent.get("unit"), intent.get("to")
        if not isinstance(unit, str) or unit not in state.models or not isinstance(to, str):
            return "Move a character"
        return f"Move {name(state.models[unit])} to {to}"

    def carry_out(self, state: NtState, seat: str, unit: str, route: Route) -> list[Event]:
        mover = state.models[unit]
        start(state, mover, 1)
        cells = [c.label for c in route.cells]
        _open_doors(state, cells)
        asked, auto = standing(state, reactions(state, mover, cells))
        if not asked:
            return _finish_move(state, mover, cells, seat, auto)
        text = f"{who(state, mover)} moves {' '.join(cells)}: react?"
        return RULES.window(
            state,
            list(asked),
            "moved",
            text,
            asked,
            public=f"{who(state, mover)} moves {' '.join(cells)}: the characters who see it may react.",
            pass_as=(Intent("pass"), "No reaction"),
            payload=MovePayload(unit=unit, cells=cells, seat=seat, auto=[i.key() for i in auto]),
        )


def _open_doors(state: NtState, cells: list[str]) -> None:
    """RB: "Closed doors may be opened by any character, requiring no action points"."""
    for a, b in zip(cells, cells[1:], strict=False):
        ca, cb = board.square(a), board.square(b)
        if abs(ca.col - cb.col) + abs(ca.row - cb.row) == 1:
            door = state.doors.get(_edge_label(ca, cb))
            if door is not None:
                door.state = "open"


@lru_cache(maxsize=4096)
def _edge_label(a: Cell, b: Cell) -> str:
    """The label of the edge between two orthogonal neighbours (a door's key), written once per pair."""
    return Edge(a, b).label


def walk(state: NtState, mover: Model, cells: list[str]) -> list[Event]:
    """Move along ``cells`` (start first) as far as the squares are still free, stopping on an active enemy
    mine; a dragged character follows into the square the mover left last."""
    taken = board.occupied(state)
    reached = 0
    for i, label in enumerate(cells[1:], start=1):
        other = taken.get(board.square(label))
        if other is not None and not board.allied(state, other, mover):
            break
        if other is None:
            reached = i
            if mines.hostile(state, mover, label) is not None:
                break
    if not reached:
        return [public("move", f"{who(state, mover)} stays on {mover.cell}.", unit=mover.id, path=cells[:1])]
    hauled = dragged(state, mover)
    mover.trail += [c for c in cells[:reached] if c not in mover.trail]
    state.last_path = cells[: reached + 1]
    text = f"{who(state, mover)} moves to {cells[reached]}" + (
        f", dragging {who(state, hauled)}." if hauled else "."
    )
    events = [public("move", text, unit=mover.id, path=cells[: reached + 1])]
    events += mines.enter(state, mover, cells[reached])
    if hauled is not None:
        hauled.cell = cells[reached - 1]
    return events


@contextmanager
def _at(mover: Model, cell: str | None) -> Iterator[None]:
    """The mover as if it stood on ``cell`` (what a reactor would see at that step of the path); None: off
    the board."""
    was = mover.cell
    mover.cell = cell
    try:
        yield
    finally:
        mover.cell = was


def reactions(state: NtState, mover: Model, cells: list[str]) -> dict[str, list[tuple[Intent, str]]]:
    """Every (reactor, step) at which a Reactive model may Fast Attack the mover (RB: "at any point during a
    Move action by the Active player's model, choosing the most favourable moment"), and the step at which
    the mover first enters its Line of Sight, for Take Cover ("the instant the Active Player's model enters
    his Line of Sight")."""
    offers: dict[str, list[tuple[Intent, str]]] = {}
    for reactor in [m for m in board.on_board(state) if may_react(m) and not board.allied(state, m, mover)]:
        seen_before = reactor.cell is not None and board.sees(state, reactor, cells[0])
        with _at(mover, None):  # the mover stands at the far end of each look: it never blocks that line
            lines = board.sight_lines(state, reactor)
        assert reactor.cell is not None  # on the board
        look, arms = partial(lines, reactor.cell), weapons(reactor)  # its weapons read once for the path
        for i, cell in enumerate(cells[1:], start=1):
            with _at(mover, cell):
                if board.at(state, cell) is not mover:
                    continue
                if weapon_for(state, reactor, mover, look, arms) is not None:
                    offers.setdefault(controller_of(state, reactor), []).append(
                        (
                            Intent.of("react", unit=reactor.id, at=i),
                            f"{who(state, reactor)}: Fast Attack at {cell}",
                        )
                    )
                if seen_before:  # only the first step in sight offers to Take Cover
                    continue
                seen_before = look(cell)
                if seen_before and cover_squares(state, reactor, mover):
                    offers.setdefault(controller_of(state, reactor), []).append(
                        (
                            Intent.of("react", unit=reactor.id, at=i, how="cover"),
                            f"{who(state, reactor)}: Take Cover when seen at {cell}",
                        )
                    )
    return offers


def standing(
    state: NtState, offers: dict[str, list[tuple[Intent, str]]]
) -> tuple[dict[str, list[tuple[Intent, str]]], list[Intent]]:
    """Split the offers by the reactors' standing orders (ruling M7): a model told to ``ask`` is asked; one
    told to ``fire`` (or ``cover``) takes its first chance along the path without a prompt; ``dodge`` never
    reacts. Returns the offers still to ask, by seat, and the reactions decided in advance."""
    asked: dict[str, list[tuple[Intent, str]]] = {}
    auto: list[Intent] = []
    for seat, options in offers.items():
        for intent, label in options:
            order = state.models[str(intent.get("unit"))].standing
            how = str(intent.get("how") or "fire")
            if order == "ask":
                asked.setdefault(seat, []).append((intent, label))
            elif order == how and not any(a.get("unit") == intent.get("unit") for a in auto):
                auto.append(intent)
    return asked, auto


class MovePayload(BaseModel):
    unit: str
    cells: list[str]
    seat: str
    auto: list[str] = []


@RULES.closed("moved", MovePayload, takes=[REACT, Shape("pass", title="Pass", asks="a pass")])
def move_reacted(state: NtState, answers: list[tuple[str, Intent]], payload: MovePayload) -> list[Event]:
    """The earliest reaction along the path happens (ties: in seat order); the mover goes on afterwards."""
    given = [i for _, i in answers if i.kind == "react"] + [Intent.parse(k) for k in payload.auto]
    return _finish_move(state, state.models[payload.unit], payload.cells, payload.seat, given)


def _finish_move(
    state: NtState, mover: Model, cells: list[str], seat: str, given: list[Intent]
) -> list[Event]:
    def key(intent: Intent) -> tuple[int, int]:
        team = state.models[str(intent.get("unit"))].team
        return intent.num("at"), state.sides.index(team) if team in state.sides else 0

    chosen = sorted(given, key=key)
    if not chosen:
        events = walk(state, mover, cells)
        mover.dragging = None
        return events + settle(state, seat)
    intent = chosen[0]
    step = intent.num("at")
    events = walk(state, mover, cells[: step + 1])
    reactor = state.models[str(intent.get("unit"))]
    if mover.cell == cells[step] and reactor.active:
        events += _react(state, reactor, mover, str(intent.get("how") or "fire"))
    if mover.active and mover.cell == cells[step]:
        events += walk(state, mover, cells[step:])
    mover.dragging = None
    return events + settle(state, seat)


def _react(state: NtState, reactor: Model, mover: Model, how: str) -> list[Event]:
    if how == "cover":
        squares = cover_squares(state, reactor, mover)
        reactor.reacted = True
        if not squares:
            return []
        assert mover.cell is not None
        best = max(squares, key=lambda c: (board.distance(state, c, str(mover.cell)), c))
        return [public("cover", f"{who(state, reactor)} takes cover to {best}.")] + mines.enter(
            state, reactor, best
        )
    return fast_attack(state, reactor, mover)
