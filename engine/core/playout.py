"""Driving a game with agents: simulations, tests, the benchmark and agent seats all use this."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .agents import Agent, decide, takes_standing
from .intent import Intent
from .lone import Replayer
from .model import Event


class Stalled(Exception):
    """A playout exceeded its step limit: a bug in a game (it should always end)."""


@dataclass
class Playout:
    state: Any
    steps: int = 0
    log: list[tuple[str, str]] = field(default_factory=list)
    """(seat, intent key) for every applied intent, in order: what a replay needs."""
    events: list[Event] = field(default_factory=list)


STANDING_EVERY = 8
"""A playout hands a standing offer (``Prompt.standing``) to an agent that takes them at most once every 8
intents: often enough that seeded games exercise acting out of turn, rarely enough that the decisions the
game waits for still make at least 7 intents in 8, so every game still ends."""


def next_decision(
    game: Any, state: Any, agents: Mapping[str, Agent] | None = None, steps: int = 0
) -> str | None:
    """The seat an agent-driven loop should ask next: the first open prompt's seat; with ``agents`` and
    the count of intents played so far, every :data:`STANDING_EVERY`-th one goes to a seat with a standing
    offer whose agent takes them (in turn among such seats), if there is one."""
    prompts = game.prompts(state)
    if not prompts:
        return None
    if agents is not None and steps % STANDING_EVERY == STANDING_EVERY - 1:
        offers = [p.seat for p in game.standing(state) if takes_standing(agents.get(p.seat))]
        if offers:
            return str(offers[(steps // STANDING_EVERY) % len(offers)])
    return str(prompts[0].seat)


def step(game: Any, state: Any, seat: str, agent: Agent) -> tuple[Any, Intent, list[Event]]:
    """Let ``agent`` choose for ``seat`` and apply it (to a copy: ``state`` is left as it was)."""
    intent, legal = choose(game, state, seat, agent)
    state, events = game.apply_chosen(state, seat, intent, legal)
    return state, intent, events


def choose(game: Any, state: Any, seat: str, agent: Agent) -> tuple[Intent, list[Intent]]:
    """``agent``'s pick for ``seat``, with the legal list it was picked from."""
    legal = game.legal(state, seat)
    if not legal:
        raise Stalled(f"{seat} has a prompt but no legal intent (step {state.step})")
    return decide(agent, game, state, seat, legal), legal


def advance(game: Any, state: Any, agents: Mapping[str, Agent], steps: int) -> Any:
    """Play at most ``steps`` intents (fewer if the game ends): a game in mid-play, for tests and benches."""
    for n in range(steps):
        seat = next_decision(game, state, agents, n) if game.outcome(state) is None else None
        if seat is None:
            break
        state, _, _ = step(game, state, seat, agents[seat])
    return state


def play_out(
    game: Any,
    state: Any,
    agents: Mapping[str, Agent],
    max_steps: int = 100_000,
    keep_events: bool = False,
) -> Playout:
    """Play until the game ends, every seat's decisions made by its agent. ``state`` is left as it was:
    the playout changes a copy of its own in place (no copy per intent; nobody sees the states between)."""
    result = Playout(state=game.copy(state))
    while game.outcome(result.state) is None:
        seat = next_decision(game, result.state, agents, result.steps)
        if seat is None:
            raise Stalled(f"no prompt and no outcome at step {result.state.step}")
        if result.steps >= max_steps:
            raise Stalled(f"no end after {max_steps} steps")
        intent, legal = choose(game, result.state, seat, agents[seat])
        events = game.apply_in_place(result.state, seat, intent, legal)
        result.steps += 1
        result.log.append((seat, intent.key()))
        if keep_events:
            result.events.extend(events)
    return result


def replay(
    game: Any, seats: list[str], seed: int, options: dict[str, Any], log: list[tuple[str, str]]
) -> Any:
    """Rebuild a state from its seed, options and intent log."""
    state = game.setup(seats, seed, options)
    replayer = Replayer(game)  # an older log's moves the game now makes alone
    for seat, key in log:
        state, _ = replayer.apply(state, seat, key)
    return state
