"""Movement as intents: ``move:unit=u1,to=D7``.

A game subclasses :class:`MoveAction` and says which units a seat may move, where each stands, how it
moves now (:class:`Movement`: budget, costs, who may pass and stop where, the passage) and what a move
does. It gets, from the base:

- ``options``: every (unit, destination) pair, complete and finite: the generic menus in parts
  (:mod:`engine.core.menus`) then ask the unit first and the destination second, because the unit is the
  intent's first argument;
- ``why_not``: a check of one intent by a single bounded search to its destination, without listing the
  options, with a reason a player reads (unknown unit, unreadable square, off the board, too far, no way
  through, may not stop there);
- ``apply``: the cheapest route (deterministic, see :meth:`~.grid.Grid.path`) handed to :meth:`carry_out`.
  Where the route matters beyond its cost (IPA's force fields, reactions along a path), the game returns
  the routes that differ for the rules from :meth:`route_choices`; with more than one, the mover is asked
  which (an ask frame, topic ``route``, whose answer this action registers) — and only then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ..actions import Action
from ..args import Shape, number
from ..intent import Intent
from ..labels import listing
from ..model import Event
from .cell import Cell, LabelError
from .grid import OPEN, Allow, Cost, Grid, Passage, Route

S = TypeVar("S")


@dataclass(frozen=True)
class Movement:
    """How one unit may move now."""

    budget: int
    cost: Cost | None = None
    may_enter: Allow | None = None
    may_pass: Allow | None = None
    passage: Passage = field(default=OPEN)


ROUTE = Shape(
    "route", (number("n", lambda state, n: f"Way {n}", low=1),), title="Which way", asks="the way to go"
)
"""The answer to "which way?": the number of the route offered (1 first)."""


class RoutePayload(BaseModel):
    """The routes a mover was asked to choose between (cell labels, start first)."""

    unit: str
    routes: list[list[str]]


class MoveAction(Action[S], Generic[S]):
    kind = "move"
    family = "move"
    summary = "Move a unit"

    # --- what a game implements ----------------------------------------------------------------

    def grid(self, state: S) -> Grid:
        raise NotImplementedError

    def movers(self, state: S, seat: str) -> list[str]:
        """The units ``seat`` may move now, in the order menus show them."""
        raise NotImplementedError

    def where(self, state: S, unit: str) -> Cell:
        raise NotImplementedError

    def movement(self, state: S, unit: str) -> Movement:
        raise NotImplementedError

    def carry_out(self, state: S, seat: str, unit: str, route: Route) -> list[Event]:
        """Move ``unit`` along ``route`` (already checked) and return the events."""
        raise NotImplementedError

    def unit_label(self, state: S, unit: str) -> str:
        return unit

    def route_choices(self, state: S, unit: str, to: Cell) -> list[tuple[str, Route]]:
        """The routes to ``to`` that differ for the rules, each with a label ("through the force field at
        E5", "around it"); the default is the cheapest alone, so nothing is asked."""
        route = self.route(state, unit, to)
        return [("", route)] if route is not None else []

    # --- given ---------------------------------------------------------------------------------

    def destinations(self, state: S, unit: str) -> dict[Cell, int]:
        how = self.movement(state, unit)
        return self.grid(state).reachable(
            self.where(state, unit), how.budget, how.cost, how.may_enter, how.may_pass, how.passage
        )

    def route(self, state: S, unit: str, to: Cell) -> Route | None:
        how = self.movement(state, unit)
        return self.grid(state).path(
            self.where(state, unit), to, how.cost, how.may_enter, how.may_pass, how.passage, budget=how.budget
        )

    def options(self, state: S, seat: str) -> list[Intent]:
        out: list[Intent] = []
        for unit in self.movers(state, seat):
            for cell in sorted(self.destinations(state, unit), key=Cell.reading):
                out.append(Intent.of(self.kind, unit=unit, to=cell.label))
        return out

    def _read(self, state: S, seat: str, intent: Intent) -> tuple[str, Cell] | str:
        unit, to = intent.get("unit"), intent.get("to")
        movers = self.movers(state, seat)
        if not isinstance(unit, str) or unit not in movers:
            names = listing([self.unit_label(state, u) for u in movers]) if movers else "none"
            return (
                f"{unit if unit is not None else 'That unit'} cannot move now. Units you can move: {names}."
            )
        if not isinstance(to, str):
            return f"Say where {self.unit_label(state, unit)} goes, like to=D7."
        try:
            return unit, self.grid(state).cell(to)
        except LabelError as exc:
            return str(exc)

    def why_not(self, state: S, seat: str, intent: Intent) -> str | None:
        read = self._read(state, seat, intent)
        if isinstance(read, str):
            return read
        unit, to = read
        name = self.unit_label(state, unit)
        start = self.where(state, unit)
        if to == start:
            return f"{name} is already on {to.label}."
        how = self.movement(state, unit)
        if how.may_enter is not None and not how.may_enter(to):
            return f"{name} cannot end its move on {to.label}."
        if self.route(state, unit, to) is not None:
            return None
        unbounded = self.grid(state).path(start, to, how.cost, how.may_enter, how.may_pass, how.passage)
        if unbounded is None:
            return f"{name} has no way to {to.label}: walls, doors or units are in the way."
        return f"{to.label} is {unbounded.cost} moves away for {name}, who has {how.budget}."

    def apply(self, state: S, seat: str, intent: Intent) -> list[Event]:
        read = self._read(state, seat, intent)
        assert not isinstance(read, str)  # checked by why_not
        unit, to = read
        choices = self.route_choices(state, unit, to)
        assert choices, "why_not found a route"
        if len(choices) == 1:
            return self.carry_out(state, seat, unit, choices[0][1])
        payload = RoutePayload(unit=unit, routes=[[c.label for c in r.cells] for _, r in choices])
        offer = [
            (Intent.of("route", n=i), label or " ".join(c.label for c in r.cells))
            for i, (label, r) in enumerate(choices, start=1)
        ]
        name = self.unit_label(state, unit)
        question = f"Which way does {name} go to {to.label}?"
        events: list[Event] = self._rules.ask(state, seat, "route", question, offer, payload=payload)
        return events

    def register(self, rules: Any) -> None:
        self._rules = rules
        rules.answers("route", RoutePayload, takes=[ROUTE])(self._route_chosen)

    def _route_chosen(self, state: S, seat: str, intent: Intent, payload: RoutePayload) -> list[Event]:
        cells = tuple(Cell.parse(label) for label in payload.routes[intent.num("n") - 1])
        how = self.movement(state, payload.unit)
        cost = sum(how.cost(c) if how.cost else 1 for c in cells[1:])
        return self.carry_out(state, seat, payload.unit, Route(cells, cost))

    def label(self, state: S, intent: Intent) -> str:
        unit = intent.get("unit")
        name = self.unit_label(state, unit) if isinstance(unit, str) else "a unit"
        return f"Move {name} to {intent.get('to')}"
