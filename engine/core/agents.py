"""Agents: programs that choose an intent for a seat through the contract alone.

They fill empty seats, play for a player who is away, and drive tests and simulations. Every game gets
:class:`RandomAgent`; a game may register a stronger one under ``"heuristic"`` in its ``agents``
mapping (see :func:`make_agent`). Agents keep their own seeded ``random.Random``: they are not rules,
but a simulation with a fixed seed must still be repeatable.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .game import Game, GameState
from .intent import Intent

S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


class Agent(Protocol[S_contra]):
    """Chooses for a seat of a game whose states are ``S_contra`` (``Agent[Any]``: of any game)."""

    def choose(self, game: Game[Any], state: S_contra, seat: str, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` (never empty) for ``seat``."""
        ...


def takes_standing(agent: Agent[Any] | None) -> bool:
    """Whether ``agent`` may be handed a standing offer (``Prompt.standing``) in a playout: an agent says
    so with a true ``takes_standing`` attribute. Others are asked only what the game waits for."""
    return bool(getattr(agent, "takes_standing", False))


class RandomAgent:
    """Chooses uniformly among the legal intents; in playouts it also takes standing offers now and then
    (see :data:`~.playout.STANDING_EVERY`), so seeded random games exercise them."""

    name = "random"
    takes_standing = True

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Game[Any], state: GameState, seat: str, legal: list[Intent]) -> Intent:
        return legal[self.random.randrange(len(legal))]


class NoisyAgent:
    """Another agent that, with probability ``noise``, plays a random legal intent instead: agents of
    known, graded strength (0 plays as well as ``inner``; 1 is random) for rating simulations."""

    name = "noisy"

    def __init__(self, inner: Agent[Any], noise: float, seed: int = 0) -> None:
        self.inner, self.noise = inner, noise
        self.random = random.Random(seed)

    def choose(self, game: Game[Any], state: GameState, seat: str, legal: list[Intent]) -> Intent:
        if self.random.random() < self.noise:
            return legal[self.random.randrange(len(legal))]
        return self.inner.choose(game, state, seat, legal)


AgentFactory = Callable[[int], Agent[Any]]


def make_agent(game: Game[Any], kind: str = "heuristic", seed: int = 0) -> Agent[Any]:
    """The game's agent of ``kind`` ("heuristic" or "random"); random when the game has no such kind."""
    factories: dict[str, AgentFactory] = getattr(game, "agents", {}) or {}
    factory = factories.get(kind) or factories.get("random") or RandomAgent
    return factory(seed)
