"""Grenades. RB: "Grenades are a special type of ranged weapon and use an unopposed test. The character
throwing the grenade uses their Physical Skill plus any modifiers from Special Skills, Neurochips or gear
that affect Ranged Attacks. The target square must be in Line of Sight and within range of the thrower. The
value of a drawn CanDo card is added to the total. In order to hit the target square this total must be
greater than a score of 3 plus the distance to the target square plus one for each intervening square
occupied by a model."

A miss scatters: "draw another CanDo card to determine where the grenade lands instead. Draw an imaginary
line from the centre of the thrower's square to the centre of the target square and then identify the
square beyond the target square. Starting with that square and going clockwise around the target square
the CanDo numbers are in the sequence starting at 1 until 8. For numbers 9 and 10 these are in the square
that the count started from. When the square the grenade has landed on is identified again draw a line from
the thrower to this square. The grenade will not pass through walls or closed doors, instead the grenade
lands in the square in front of the intersection of the line with the wall or door."

The blast is on the grenade's card, which the rulebook does not print (rules-notes G23; ruling K1): every
model within the card's ``blast`` of where it lands, with no wall or closed door between, is hit, each with
a new CanDo card for its hit location, and cannot Dodge (the test is unopposed).
"""

from __future__ import annotations

import math
from functools import lru_cache

from engine.core import Event, public
from engine.core.board import Cell, Edge, Grid

from . import board, lines
from .board import raise_alarm
from .pack import Equipment
from .rules import draw
from .state import Model, NtState
from .stats import bonus, name, ph, spend
from .wounds import hurt, stun

TARGET_BASE = 3
"""RB: "greater than a score of 3 plus the distance to the target square plus one for each intervening
square occupied by a model"."""
AROUND: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight neighbours clockwise as seen from above (rows grow downwards), east first."""


def targets(
    state: NtState,
    thrower: Model,
    item: Equipment,
    blockers: frozenset[Cell] | None = None,
    closed: frozenset[Edge] | None = None,
) -> list[str]:
    """The squares ``thrower`` may throw ``item`` at: within its range and in Line of Sight (FAQ: "A
    character can ... throw a grenade without seeing an enemy"); who blocks and the closed doors are read,
    or given (:func:`board.blockers`, :func:`board.closed_edges`)."""
    assert thrower.cell is not None
    blockers = board.blockers(state, thrower) if blockers is None else blockers
    closed = board.closed_edges(state) if closed is None else closed
    return in_sight(board.grid(state), board.square(thrower.cell), item.maximum, blockers, closed)


def in_sight(
    g: Grid, here: Cell, reach: int, blockers: frozenset[Cell], closed: frozenset[Edge]
) -> list[str]:
    """The squares within ``reach`` of ``here`` (its own excepted) in Line of Sight, in reading order. A line
    to such a square stays within ``reach`` of ``here`` in both directions, so only who blocks and what
    is shut there is read (tests/engine/nakamura_tower/test_lines.py holds it to ``Grid.sees``)."""

    def near(cell: Cell) -> bool:
        return abs(cell.col - here.col) <= reach and abs(cell.row - here.row) <= reach

    near_blockers = frozenset(c for c in blockers if near(c))
    near_closed = frozenset(e for e in closed if near(e.a) or near(e.b))
    return list(_seen(g, here, reach, near_blockers, near_closed))


@lru_cache(maxsize=4096)
def _seen(
    g: Grid, here: Cell, reach: int, blockers: frozenset[Cell], closed: frozenset[Edge]
) -> tuple[str, ...]:
    """The squares of :func:`_in_reach` in Line of Sight, as labels: kept per thrower's square, reach and
    what stands and is shut within that reach (a Team's next listing finds most of it as it was)."""
    return tuple(c.label for c in _in_reach(g, here, reach) if lines.sees(g, here, c, blockers, closed))


@lru_cache(maxsize=4096)
def _in_reach(g: Grid, here: Cell, reach: int) -> tuple[Cell, ...]:
    """The squares within ``reach`` of ``here`` (its own excepted) that are not blocked and that the map
    lets a line reach, in reading order: the only ones a grenade could ever be thrown at from there."""
    around = g.around(here, reach)
    return tuple(c for c in around if c != here and c not in g.blocked and lines.clear_on_map(g, here, c))


def need(state: NtState, thrower: Model, cell: str) -> int:
    """The score the throw must beat."""
    assert thrower.cell is not None
    line = board.grid(state).line(board.square(thrower.cell), board.square(cell))
    taken = board.occupied(state)
    crowded = sum(1 for c in line.between if c in taken)
    return TARGET_BASE + board.distance(state, thrower.cell, cell) + crowded


def scatter(state: NtState, start: str, target: str, card: int) -> str:
    """Where a missed grenade lands: the square numbered ``card`` clockwise around the target, counting
    from the one beyond it (9 and 10: that one), then no further than the first wall or closed door on the
    line from the thrower (ruling K2: the board's edge and a blocked square, such as a hallway pillar, stop
    it likewise; models do not)."""
    a, t = board.square(start), board.square(target)
    beyond = round(math.atan2(t.row - a.row, t.col - a.col) / (math.pi / 4)) % len(AROUND)
    dx, dy = AROUND[(beyond + (card - 1 if card <= len(AROUND) else 0)) % len(AROUND)]
    return _stop(state, a, Cell(t.col + dx, t.row + dy)).label


def _stop(state: NtState, start: Cell, end: Cell) -> Cell:
    g, closed = board.grid(state), board.closed_edges(state)
    cells = g.line(start, end).cells
    for here, there in zip(cells, cells[1:], strict=False):
        if not g.inside(there) or there in g.blocked or not g.sees(here, there, closed=closed):
            return here
    return end


def caught(state: NtState, cell: str, radius: int) -> list[Model]:
    """The models within ``radius`` of ``cell`` with no wall or closed door between."""
    g, closed, centre = board.grid(state), board.closed_edges(state), board.square(cell)
    near = set(g.around(centre, radius))
    return [
        m
        for m in board.on_board(state)
        if m.cell is not None
        and board.square(m.cell) in near
        and g.sees(centre, board.square(m.cell), closed=closed)
    ]


def throw(state: NtState, thrower: Model, item: Equipment, cell: str) -> list[Event]:
    assert thrower.cell is not None
    # RB Alarm table: "+1 Use of Ranged Attack Weapons or Flash Bang grenades", "+2 ... grenades"
    raise_alarm(state, thrower.cell, "ranged" if item.damage == 0 else "heavy")
    card = draw(state)
    total = ph(thrower) + bonus(thrower, "ranged") + card
    wanted = need(state, thrower, cell)
    landing = cell if total > wanted else scatter(state, thrower.cell, cell, draw(state))
    state.last_sight = [thrower.cell, landing]
    verdict = "on target" if landing == cell else f"it misses and lands on {landing}"
    events = [
        public(
            "throw",
            f"{name(thrower)} throws {item.name} at {cell}: {total} against {wanted}, {verdict}.",
            unit=thrower.id,
            at=cell,
            landing=landing,
        )
    ]
    events += spend(thrower, item)
    for model in caught(state, landing, item.blast):
        if item.damage > 0:
            events += hurt(state, model, item.damage, item.pierce, draw(state), thrower, item.stun)
        elif item.stun:
            events += stun(state, model)
    return events
