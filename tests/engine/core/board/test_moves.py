"""A test game whose only action is ``move:unit=u1,to=D7``, on the runtime (MoveAction, TurnFrame)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core import GameMeta, Intent, public
from engine.core.board import Cell, GridSpec, MoveAction, Movement, Route, grid_of
from engine.core.board.grid import Grid
from engine.core.flow import Step
from engine.core.flowgame import FlowGame, FlowState
from engine.core.model import Event, NoOptions
from engine.core.rules import Rules

SPEC = GridSpec(width=6, height=4, metric="manhattan4", blocked=("C1", "C2", "C3"))
RULES: Rules[WalkState] = Rules()


class WalkStep(Step):
    op: Literal["walk"] = "walk"


class WalkState(FlowState):
    steps: list[WalkStep] = Field(default_factory=list)
    opts: NoOptions = Field(default_factory=NoOptions)
    units: dict[str, str]
    """unit -> cell label (labels keep the snapshot small and readable)"""
    owner: dict[str, str]
    seat_index: int = 0


@RULES.step("walk")
def walk(state: WalkState, step: WalkStep) -> list[Event]:
    RULES.turn(
        state,
        state.seats[state.seat_index % len(state.seats)],
        "walk",
        "Move a unit.",
        ["move"],
        default=Intent.of("move", unit="none", to="A1"),
    )
    return []


@RULES.action
class Walk(MoveAction[WalkState]):
    def grid(self, state: WalkState) -> Grid:
        return grid_of(SPEC)

    def movers(self, state: WalkState, seat: str) -> list[str]:
        return [u for u in state.units if state.owner[u] == seat]

    def where(self, state: WalkState, unit: str) -> Cell:
        return Cell.parse(state.units[unit])

    def movement(self, state: WalkState, unit: str) -> Movement:
        taken = {Cell.parse(c) for u, c in state.units.items() if u != unit}
        enemies = {Cell.parse(c) for u, c in state.units.items() if state.owner[u] != state.owner[unit]}
        return Movement(budget=3, may_enter=lambda c: c not in taken, may_pass=lambda c: c not in enemies)

    def carry_out(self, state: WalkState, seat: str, unit: str, route: Route) -> list[Event]:
        state.units[unit] = route.cells[-1].label
        RULES.end_turn(state)
        state.seat_index += 1
        state.later(WalkStep())
        return [
            public(
                "move", f"{unit} moves to {route.cells[-1].label} by {' '.join(c.label for c in route.cells)}"
            )
        ]


class WalkGame(FlowGame[WalkState]):
    meta = GameMeta(
        id="walk", title="Walk", min_seats=2, max_seats=2, options=NoOptions, summary="", rules=""
    )
    state_type = WalkState
    rules = RULES
    intent_kinds = frozenset({"move"})

    def _setup(self, seats: list[str], seed: int, options: Any) -> WalkState:
        state = WalkState(
            game="walk",
            seats=seats,
            rng=self.new_rng(seed),
            steps=[WalkStep()],
            units={"u1": "A1", "u2": "A2", "e1": "F4"},
            owner={"u1": seats[0], "u2": seats[0], "e1": seats[1]},
        )
        return self.start(state)

    def view_model(self, state: WalkState, seat: str | None) -> Any:
        raise NotImplementedError


GAME = WalkGame()


def test_legal_moves_are_unit_then_destination() -> None:
    state = GAME.setup(["ann", "bo"], seed=1)
    legal = GAME.legal(state, "ann")
    assert Intent.parse("move:unit=u1,to=B3") in legal
    assert Intent.parse("move:unit=u1,to=A2") not in legal  # a friend stands there
    assert all(i.get("to") not in ("C1", "C2", "C3") for i in legal)
    units = GAME.choices(state, "ann", "move")
    assert [c.key for c in units] == ["move:unit=u1", "move:unit=u2"] and not units[0].complete
    dests = GAME.choices(state, "ann", "move:unit=u1")
    assert all(c.complete for c in dests) and "move:unit=u1,to=B1" in [c.key for c in dests]


def test_is_legal_explains_without_listing() -> None:
    state = GAME.setup(["ann", "bo"], seed=1)
    assert GAME.is_legal(state, "ann", Intent.parse("move:unit=u1,to=B3"))
    assert "D1 is 9 moves away for u1, who has 3" in (
        GAME.why_not(state, "ann", Intent.parse("move:unit=u1,to=D1")) or ""
    )
    assert "not a square" in (GAME.why_not(state, "ann", Intent.parse("move:unit=u1,to=Q")) or "")
    assert "off the board" in (GAME.why_not(state, "ann", Intent.parse("move:unit=u1,to=H1")) or "")
    assert "cannot end its move on A2" in (
        GAME.why_not(state, "ann", Intent.parse("move:unit=u1,to=A2")) or ""
    )
    assert "Units you can move: u1, u2" in (
        GAME.why_not(state, "ann", Intent.parse("move:unit=e1,to=F3")) or ""
    )
    assert "already on A1" in (GAME.why_not(state, "ann", Intent.parse("move:unit=u1,to=A1")) or "")
    assert "no way to C2" in (GAME.why_not(state, "ann", Intent.parse("move:unit=u1,to=C2")) or "")


def test_apply_takes_the_shortest_route_and_every_legal_intent_passes_is_legal() -> None:
    state = GAME.setup(["ann", "bo"], seed=1)
    for intent in GAME.legal(state, "ann"):
        assert GAME.is_legal(state, "ann", intent)
    state, events = GAME.apply(state, "ann", Intent.parse("move:unit=u1,to=B3"))
    assert state.units["u1"] == "B3" and "by A1 B1 B2 B3" in events[0].text
    assert GAME.load(GAME.dump(state)).units == state.units


FIELD = Cell.parse("B2")
"""A square holding a marker that a unit passing over it picks up (an Event token, say): two routes of the
same cost, one over it and one around it, differ for the rules, so the mover is asked which."""
FIELD_RULES: Rules[WalkState] = Rules()


@FIELD_RULES.step("walk")
def _field_walk(state: WalkState, step: WalkStep) -> list[Event]:
    FIELD_RULES.turn(
        state,
        state.seats[0],
        "walk",
        "Move a unit.",
        ["move"],
        default=Intent.of("move", unit="none", to="A1"),
    )
    return []


@FIELD_RULES.action
class FieldWalk(Walk):
    def movement(self, state: WalkState, unit: str) -> Movement:
        return Movement(budget=4)

    def route_choices(self, state: WalkState, unit: str, to: Cell) -> list[tuple[str, Route]]:
        grid, start = self.grid(state), self.where(state, unit)
        cheapest = grid.path(start, to, budget=4)
        around = grid.path(start, to, may_pass=lambda c: c != FIELD, budget=4)
        first, second = grid.path(start, FIELD), grid.path(FIELD, to)
        assert cheapest is not None
        if first and second and around and first.cost + second.cost == around.cost == cheapest.cost:
            through = Route(first.cells + second.cells[1:], first.cost + second.cost)
            return [("over the marker on B2", through), ("around the marker", around)]
        return [("", cheapest)]

    def carry_out(self, state: WalkState, seat: str, unit: str, route: Route) -> list[Event]:
        state.units[unit] = route.cells[-1].label
        FIELD_RULES.end_turn(state)
        return [
            public("move", f"{unit} moves by {' '.join(c.label for c in route.cells)} (cost {route.cost})")
        ]


class FieldGame(WalkGame):
    rules = FIELD_RULES


def test_the_mover_is_asked_which_way_only_when_it_matters() -> None:
    game = FieldGame()
    state = game.setup(["ann", "bo"], seed=1)
    state.units = {"u1": "A2", "u2": "D4", "e1": "F4"}
    # A2 to A4: the cheapest way (A3) does not pass the marker, and no route over it costs as little
    after, events = game.apply(state, "ann", Intent.parse("move:unit=u1,to=A4"))
    assert "A2 A3 A4" in events[0].text and not game.prompts(after)
    # A2 to B3: over B2 or by A3, both 2 moves: asked, and only the two ways are possible answers
    asked, events = game.apply(state, "ann", Intent.parse("move:unit=u1,to=B3"))
    assert events == [] and [p.kind for p in game.prompts(asked)] == ["route"]
    assert [game.describe(asked, i) for i in game.legal(asked, "ann")] == [
        "over the marker on B2",
        "around the marker",
    ]
    done, events = game.apply(asked, "ann", Intent.of("route", n=1))
    assert done.units["u1"] == "B3" and "A2 B2 B3 (cost 2)" in events[0].text
    assert GAME.load(GAME.dump(asked)).waiting.top() is not None  # the question survives a restart
