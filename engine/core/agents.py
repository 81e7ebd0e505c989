"""Agents: programs that choose an intent for a seat from what that seat may know.

They fill empty seats, play for a player who is away, and drive tests and simulations. An agent is never
handed the state: :meth:`Agent.choose` receives a :class:`SeatView`, the seat's own view
(``game.view(state, seat)``) together with :meth:`SeatView.sample`, a state *consistent with that view*
whose hidden parts (other hands, deck orders, secret choices not yet revealed, the game's generator) are
dealt afresh from the agent's own generator by the game's ``determinize`` hook (engine/<game>/determinize.py).
So what the seat may not know cannot change a choice (tests/engine/test_agent_fairness.py checks it).

Every game gets :class:`RandomAgent`; a game registers stronger ones under ``"heuristic"`` (and the search
agent of :mod:`.search` under ``"search"``) in its ``agents`` mapping (see :func:`make_agent`). Agents keep
their own seeded generator: they are not rules, but a simulation with a fixed seed must still be
repeatable.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from .game import Game, GameState
from .intent import Intent
from .rng import Rng

LEVELS = ("random", "heuristic", "search")
"""The agent levels, weakest first."""
LEVEL_WORDS = {"random": "easy", "heuristic": "steady", "search": "strong"}
"""Each level as a player reads it: easy plays at random, steady by rules of thumb, strong thinks ahead."""


def autopilot_level(shortest_answer: float) -> str:
    """The level of autopilot seats (away players, seats without a chosen level) at a pace whose shortest
    answer time is ``shortest_answer`` seconds: the heuristic. The search agent answers within every pace,
    but an away player's seat may play a whole turn of moves inside one member's command, and half a second
    a move kept ``/vacation`` waiting past Discord's patience; so search plays only where the host chose it
    ("strong")."""
    del shortest_answer  # every pace allows the heuristic
    return "heuristic"


class SeatView(Mapping[str, Any]):
    """What an agent is handed for one decision: the seat's view, as the mapping ``game.view(state, seat)``
    (built on first read), and :meth:`sample`. It holds no reference to the state itself: only the two
    functions the runtime gives it."""

    def __init__(self, build: Callable[[], dict[str, Any]], sample: Callable[[Rng], Any]) -> None:
        self._build, self._sample = build, sample
        self._view: dict[str, Any] | None = None

    def _data(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._build()
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())

    def sample(self, rng: Rng) -> Any:
        """A state this seat cannot tell from the real one: the public table and the seat's own hand as they
        are, everything else it may not know dealt from ``rng`` (a copy: change it freely)."""
        return self._sample(rng)


def seat_view(game: Game[Any], state: GameState, seat: str) -> SeatView:
    """The :class:`SeatView` of ``seat`` in ``state`` (what the runtime hands an agent)."""
    hook: Callable[[Any, str, Rng], Any] | None = getattr(game, "determinize", None)

    def sample(rng: Rng) -> Any:
        if hook is None:  # a game with no hidden information: only its generator is unknown
            world = game.copy(state)
            world.rng = Rng(seed=rng.next64())
            return world
        return hook(state, seat, rng)

    return SeatView(lambda: game.view(state, seat), sample)


class Agent(Protocol):
    """Chooses for a seat of a game from the seat's view."""

    def choose(self, game: Game[Any], view: SeatView, seat: str, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` (never empty) for ``seat``, knowing only ``view``."""
        ...


def decide(agent: Agent, game: Game[Any], state: GameState, seat: str, legal: list[Intent]) -> Intent:
    """``agent``'s choice for ``seat`` in ``state``: the runtime's one way to ask an agent (it hands it the
    seat's view, never the state)."""
    return agent.choose(game, seat_view(game, state, seat), seat, legal)


def takes_standing(agent: Agent | None) -> bool:
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

    def choose(self, game: Game[Any], view: SeatView, seat: str, legal: list[Intent]) -> Intent:
        return legal[self.random.randrange(len(legal))]


class SampledAgent:
    """An agent that reasons on one state sampled from its seat's view (:meth:`SeatView.sample`, dealt from
    its own generator): a game's heuristic agent subclasses it and writes :meth:`pick`, which may read the
    sampled state freely (it is the agent's guess, not the table). Search rollouts call :meth:`pick` on the
    worlds they sampled themselves."""

    def __init__(self, seed: int = 0) -> None:
        self.sampler = Rng(seed=seed * 2 + 1)

    def choose(self, game: Game[Any], view: SeatView, seat: str, legal: list[Intent]) -> Intent:
        if len(legal) == 1:
            return legal[0]
        return self.pick(game, view.sample(self.sampler), seat, legal)

    def pick(self, game: Game[Any], state: Any, seat: str, legal: list[Intent]) -> Intent:
        """Pick one of ``legal`` for ``seat`` in a sampled state ``state``."""
        raise NotImplementedError


class NoisyAgent:
    """Another agent that, with probability ``noise``, plays a random legal intent instead: agents of
    known, graded strength (0 plays as well as ``inner``; 1 is random) for rating simulations."""

    name = "noisy"

    def __init__(self, inner: Agent, noise: float, seed: int = 0) -> None:
        self.inner, self.noise = inner, noise
        self.random = random.Random(seed)

    def choose(self, game: Game[Any], view: SeatView, seat: str, legal: list[Intent]) -> Intent:
        if self.random.random() < self.noise:
            return legal[self.random.randrange(len(legal))]
        return self.inner.choose(game, view, seat, legal)


AgentFactory = Callable[[int], Agent]


class UnknownAgent(ValueError):
    """An agent level the game does not have."""


def known_agents(game: Game[Any]) -> list[str]:
    """The agent levels ``game`` offers, weakest first."""
    factories: dict[str, AgentFactory] = getattr(game, "agents", {}) or {}
    names = ["random", *factories]
    return sorted(set(names), key=lambda n: (LEVELS.index(n) if n in LEVELS else len(LEVELS), n))


def make_agent(game: Game[Any], kind: str = "heuristic", seed: int = 0) -> Agent:
    """The game's agent of level ``kind``. A name that is no level at all is refused with the list of
    known ones; a level the game lacks (a game in development with no heuristic) gives its strongest
    weaker one."""
    factories: dict[str, AgentFactory] = {"random": RandomAgent, **(getattr(game, "agents", {}) or {})}
    if kind not in factories and kind not in LEVELS:
        known = ", ".join(known_agents(game))
        raise UnknownAgent(f"There is no agent '{kind}' for {game.meta.title}; the agents are: {known}.")
    if kind in factories:
        return factories[kind](seed)
    weaker = [level for level in LEVELS[: LEVELS.index(kind)] if level in factories]
    return factories[weaker[-1]](seed)
