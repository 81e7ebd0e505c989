"""Helpers for Virtual Revolution's rules tests: a game at its first turn, with the board arranged by hand."""

from __future__ import annotations

from engine.core import Intent
from engine.core.flow import Step
from engine.virtual_revolution.game import VIRTUAL_REVOLUTION as GAME
from engine.virtual_revolution.state import VrState

__all__ = ["GAME", "act", "cleared", "default_of", "fresh", "intent", "keys", "mover", "run", "turn_in"]


def fresh(seats: int = 3, seed: int = 1, **options: object) -> VrState:
    return GAME.setup([f"p{i}" for i in range(1, seats + 1)], seed, dict(options))


def mover(state: VrState) -> str:
    prompts = GAME.prompts(state)
    assert prompts, "the game is waiting on nobody"
    return prompts[0].seat


def act(state: VrState, key: str, seat: str | None = None) -> VrState:
    seat = seat or mover(state)
    new, _ = GAME.apply(state, seat, GAME.parse_intent(key))
    return new


def cleared(state: VrState) -> VrState:
    """The same game with an empty map (no Influence, Servers or Titles): each test lays out what it needs."""
    for seat, player in state.players.items():
        player.reserve += sum(n for b, n in state.tokens.items() if state.owner.get(b) == seat)
    state.tokens = {}
    state.owner = {}
    state.servers = {}
    state.titles = {}
    return state


def turn_in(state: VrState, borough: str) -> VrState:
    """The seat to move places its Director in ``borough``."""
    return act(state, f"director:to={borough}")


def keys(state: VrState, seat: str | None = None, kind: str = "") -> list[str]:
    seat = seat or mover(state)
    return [i.key() for i in GAME.legal(state, seat) if not kind or i.kind == kind]


def intent(key: str) -> Intent:
    return Intent.parse(key)


def run(state: VrState, *steps: Step) -> VrState:
    """The same game, its procedure replaced by ``steps`` (an end of Round reached directly)."""
    state.waiting.frames = []
    state.steps = list(steps)  # type: ignore[arg-type]
    return GAME.start(state)


def default_of(state: VrState, seat: str) -> str:
    """The answer ``seat``'s open question takes when its deadline passes (a legal one, checked)."""
    default = next(p for p in GAME.prompts(state) if p.seat == seat).default
    assert default in GAME.legal(state, seat), f"the default {default.key()} is not legal"
    return default.key()
