"""Helpers for Gamedec rules tests: start a game, stage a precise situation, force the dice."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Intent, Rng
from engine.core.flow import Step
from engine.gamedec import GAME
from engine.gamedec import procedure as P
from engine.gamedec.state import GamedecState
from engine.gamedec.steps import StartSkillStep, TurnStep

SEATS = ["ann", "bo", "cy"]


def started(
    seats: list[str] | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    detectives: list[str] | None = None,
) -> GamedecState:
    """A game past the starting-Skill choice, at the first detective's turn in round 1."""
    seats = seats or list(SEATS)
    state = GAME.setup(seats, seed, options or {})
    if detectives:
        for seat, det in zip(seats, detectives, strict=False):
            state.players[seat].detective = det
            state.players[seat].rep = 2 if det == "max_romanov" else 0
        # the starting-Skill question (its defaults) is asked again for the detectives staged here
        state.waiting.frames.clear()
        state.now(StartSkillStep())
        state = GAME.start(state)
    for seat in seats:
        state, _ = GAME.apply(
            state,
            seat,
            GAME.prompts(state)[0].default
            if GAME.prompts(state)[0].seat == seat
            else Intent.of("skill", id="contacts"),
        )
    return state


def stage_turn(state: GamedecState, seat: str, moves: int = 2) -> None:
    """Make ``seat`` the active detective with a fresh turn (edits the state directly)."""
    state.steps = [s for s in state.steps if not (isinstance(s, TurnStep) and s.seat == seat)]
    P.reset_turn(state, seat, moves)
    state.waiting.frames.clear()
    P.open_turn(state, seat)


def queue(state: GamedecState, *steps: Step) -> None:
    """Replace the steps still to come (edits the state directly). Steps the open turn does not wait for run
    at the next move, before it is asked again."""
    state.steps = list(steps)


def force_dice(state: GamedecState, *faces: int) -> None:
    """Move the generator to a position whose next rolls are ``faces`` (pairs of dice)."""
    for position in range(200_000):
        probe = Rng(seed=state.rng.seed, position=position)
        if all(probe.roll(1, 6)[0] == f for f in faces):
            state.rng.position = position
            return
    raise AssertionError(f"no position gives {faces}")


def do(state: GamedecState, seat: str, key: str) -> tuple[GamedecState, list[Event]]:
    return GAME.apply(state, seat, GAME.parse_intent(key))


def pass_window(state: GamedecState) -> tuple[GamedecState, list[Event]]:
    """Everyone asked in the open Assist/Sabotage window passes."""
    events: list[Event] = []
    while state.window is not None:
        seat = state.window.asked()[0]
        state, ev = do(state, seat, "pass")
        events += ev
    return state, events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
