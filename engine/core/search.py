"""The search agent: determinized Monte Carlo search over the seat's information set.

For one decision it samples states the seat cannot tell from the real one (:meth:`~.agents.SeatView.sample`,
the game's ``determinize`` hook dealing what the seat may not know from the agent's own generator), tries its
candidate intents in them and keeps the one whose playouts went best for its seat:

- *candidates*: the heuristic agent's own pick in the first sample, and up to ``width - 1`` (2) other legal
  intents drawn at random (every one when there are few);
- each *round* samples a fresh state and plays every candidate in a copy of it, each followed by the game's
  heuristic agent at every seat for at most ``horizon`` (16) intents (to the end when the game ends
  sooner), every candidate of a round with the same generator for the policy: paired playouts, so the
  differences between candidates come from the candidates more than from luck;
- the *reward* of a playout is 1 for a win, 0 for a loss, 1/k for a k-way shared win or a draw, and, for a
  playout stopped at its horizon, the game's ``estimate(state, seat)`` (a number in [0, 1]: how well the
  seat stands, from the scores the table shows);
- the *budget*: ``think`` seconds per decision (0.5 by default: a round starts only if the average round
  still ends within it), or a fixed number of rounds (``iterations``), which
  makes the agent deterministic for a given seed (the simulations and tests use it that way).

The heuristic's pick stays unless another candidate, tried about as often, did better by ``LEAD``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .agents import SeatView
from .errors import RuleError
from .game import Game
from .intent import Intent
from .rng import Rng

THINK = 0.5
"""Seconds per decision by default."""
LEAD = 0.05
"""How much better another candidate's mean reward must be to displace the heuristic's pick: with a few
playouts a decision, their noise should not undo what the heuristic knows."""


class Policy(Protocol):
    """What plays the seats in a playout: a heuristic agent's :meth:`~.agents.SampledAgent.pick`."""

    def pick(self, game: Game[Any], state: Any, seat: str, legal: list[Intent]) -> Intent: ...


Estimate = Callable[[Any, str], float]


@dataclass
class Tally:
    intent: Intent
    visits: int = 0
    total: float = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def outcome_reward(outcome: Any, seat: str) -> float:
    """A finished game's reward for ``seat``: 1 alone, 1/k shared by k (a draw shares among every seat that
    drew), 0 otherwise."""
    if outcome.draw:
        ranking = list(getattr(outcome, "ranking", None) or [])
        tied = ranking[0] if ranking else []
        return 1.0 / max(1, len(tied)) if not tied or seat in tied else 0.0
    winners = list(outcome.winners)
    return 1.0 / len(winners) if seat in winners else 0.0


def margin(own: float, others: list[float], scale: float) -> float:
    """An estimate in [0, 1] from scores: 1/2 when level with the best other seat, towards 1 ahead."""
    best = max(others) if others else 0.0
    return 0.5 + 0.5 * math.tanh((own - best) / scale)


class SearchAgent:
    """Determinized Monte Carlo search (see the module)."""

    name = "search"

    def __init__(
        self,
        seed: int,
        policy: Callable[[int], Policy],
        estimate: Estimate,
        think: float = THINK,
        iterations: int | None = None,
        width: int = 3,
        horizon: int = 16,
    ) -> None:
        self.rng = Rng(seed=seed * 2 + 7)
        self.policy_of = policy
        self.policy = policy(seed)
        self.estimate = estimate
        self.think, self.iterations, self.width, self.horizon = think, iterations, width, horizon
        self.last_iterations = 0
        """How many rounds of playouts the latest decision ran."""

    def budgeted(self, iterations: int | None = None, think: float | None = None) -> SearchAgent:
        """This agent with another budget: a fixed number of rounds (deterministic) or seconds."""
        self.iterations = iterations
        if think is not None:
            self.think = think
        return self

    def choose(self, game: Game[Any], view: SeatView, seat: str, legal: list[Intent]) -> Intent:
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        tallies = self._candidates(game, view.sample(self.rng), seat, legal)
        rounds = 0
        while len(tallies) > 1 and self._more(rounds, started):
            world = view.sample(self.rng)
            dice = self.rng.next64() >> 2  # every candidate of a round meets the same table and policy
            for tally in tallies:
                policy = self.policy_of(dice)
                tally.total += self._playout(game, game.copy(world), seat, tally.intent, policy)
                tally.visits += 1
            rounds += 1
        self.last_iterations = rounds
        return self._best(tallies).intent

    @staticmethod
    def _best(tallies: list[Tally]) -> Tally:
        """The best mean among the candidates tried at least half as often as the most tried one; the
        heuristic's pick (the first) keeps the place unless another beats it by ``LEAD``."""
        most = max(t.visits for t in tallies)
        tried = [t for t in tallies if t.visits * 2 >= most and t.visits > 0]  # all of them, in rounds
        favourite = tallies[0]
        rival = max(tried, key=lambda t: t.mean(), default=favourite)
        if favourite.visits == 0 or rival.mean() > favourite.mean() + LEAD:
            return rival
        return favourite

    def _more(self, done: int, started: float) -> bool:
        """Whether another round fits the budget: under a time budget, one more only when the average
        round so far would still end within ``think`` seconds (the first always runs)."""
        if self.iterations is not None:
            return done < self.iterations
        spent = time.perf_counter() - started
        return done < 1 or spent + spent / done <= self.think

    def _candidates(self, game: Game[Any], world: Any, seat: str, legal: list[Intent]) -> list[Tally]:
        favourite = self.policy.pick(game, world, seat, legal)
        others = [i for i in legal if i != favourite]
        if len(others) > self.width - 1:
            others = [others[n] for n in sorted(self.rng.shuffled(range(len(others)))[: self.width - 1])]
        return [Tally(favourite), *(Tally(i) for i in others)]

    def _playout(self, game: Game[Any], world: Any, seat: str, intent: Intent, policy: Policy) -> float:
        """Play ``intent`` in the sampled ``world``, then the heuristic everywhere, up to the horizon."""
        try:
            game.apply_in_place(world, seat, intent, game.legal(world, seat))
            for _ in range(self.horizon):
                if game.outcome(world) is not None:
                    break
                prompts = game.prompts(world)
                if not prompts:
                    break
                who = str(prompts[0].seat)
                options = game.legal(world, who)
                if not options:
                    break
                pick = options[0] if len(options) == 1 else policy.pick(game, world, who, options)
                game.apply_in_place(world, who, pick, options)
        except RuleError:  # the sample allows less than the real table: judge what was reached
            pass
        outcome = game.outcome(world)
        return outcome_reward(outcome, seat) if outcome is not None else self.estimate(world, seat)
