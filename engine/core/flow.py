"""Steps and the procedure that runs them.

A game's procedure (rounds, phases, turns, the parts of a card effect) is a queue of small typed steps
kept in the state. Each game declares its steps as :class:`Step` subclasses with a literal ``op`` and
keeps them in a discriminated union, so a snapshot says exactly what is still to happen::

    class DealStep(Step):
        op: Literal["deal"] = "deal"
        count: int

    @RULES.step("deal")
    def deal(state: MyState, step: DealStep) -> list[Event]: ...

:meth:`Procedure.run` pops steps and runs their handlers until the game waits on a player (a frame is
open, see :mod:`.waiting`), the queue is empty, or the game is over. "Each seat in order takes a go" is
one step per seat queued at once, never a cursor field in the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from .model import Event, Outcome

RUN_LIMIT = 10_000
"""Steps one run may take: a procedure that never waits nor ends is a bug, never the rules."""


class Step(BaseModel):
    """One thing the procedure will do. Subclasses narrow ``op`` to a literal."""

    model_config = ConfigDict(extra="forbid")
    op: str


class ProcedureStuck(RuntimeError):
    """The procedure did not settle: it ran :data:`RUN_LIMIT` steps without waiting or ending, or met a
    step nobody handles. Always a bug in a game's steps."""


class Runnable(Protocol):
    """What the procedure needs of a state."""

    steps: list[Any]
    result: Outcome | None

    def blocked(self) -> bool: ...


S = TypeVar("S", bound=Runnable)
StepHandler = Callable[[Any, Any], list[Event]]


def now(steps: list[Any], *new: Step) -> None:
    """Run ``new`` next, in the order given, before anything already queued."""
    steps[0:0] = list(new)


def later(steps: list[Any], *new: Step) -> None:
    """Run ``new`` after everything already queued."""
    steps.extend(new)


def skip_until(steps: list[Any], op: str) -> int:
    """Drop queued steps up to (not including) the first with ``op``; returns how many were dropped.
    With no such step the whole queue is dropped."""
    for index, step in enumerate(steps):
        if step.op == op:
            del steps[:index]
            return index
    dropped = len(steps)
    steps.clear()
    return dropped


class Procedure(Generic[S]):
    """One handler per step ``op``; :meth:`run` executes the queue until the game waits or ends."""

    def __init__(self) -> None:
        self._handlers: dict[str, StepHandler] = {}

    def on(self, op: str) -> Callable[[StepHandler], StepHandler]:
        def register(fn: StepHandler) -> StepHandler:
            if op in self._handlers:
                raise ValueError(f"step '{op}' has two handlers")
            self._handlers[op] = fn
            return fn

        return register

    @property
    def ops(self) -> frozenset[str]:
        return frozenset(self._handlers)

    def run(self, state: S) -> list[Event]:
        events: list[Event] = []
        for _ in range(RUN_LIMIT):
            if state.result is not None or state.blocked() or not state.steps:
                return events
            step = state.steps.pop(0)
            handler = self._handlers.get(step.op)
            if handler is None:
                raise ProcedureStuck(f"no handler for step '{step.op}'")
            events += handler(state, step)
        raise ProcedureStuck(f"the procedure ran {RUN_LIMIT} steps without waiting on anyone")
