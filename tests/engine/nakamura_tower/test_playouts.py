"""Seeded playouts of Nakamura Tower to the end: random agents with random table options in every mode, the
heuristic agent against random, and (slow) 1,000 games of the 2-player and solo missions."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from engine.core import Agent, RandomAgent
from engine.core.playout import next_decision, step
from engine.nakamura_tower.agent import HeuristicAgent
from engine.nakamura_tower.game import NAKAMURA as G
from engine.nakamura_tower.state import NtOptions, NtState
from tests.engine.test_conformance import random_options


def play(
    seats: list[str], seed: int, options: dict[str, object], agents: dict[str, Agent]
) -> tuple[NtState, int]:
    state = G.setup(seats, seed, options)
    steps = 0
    while G.outcome(state) is None:
        seat = next_decision(G, state)
        assert seat is not None
        state, _, _ = step(G, state, seat, agents[seat])
        steps += 1
        assert steps < 5_000, "no end"
    return state, steps


@pytest.mark.parametrize("seed", range(6))
def test_random_tables_end_with_a_ranking(seed: int) -> None:
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(1, 1 + seed % 3 + 1)]
    options = random_options(NtOptions, rng)
    state, _ = play(seats, seed, options, {s: RandomAgent(seed + i) for i, s in enumerate(seats)})
    outcome = G.outcome(state)
    assert outcome is not None
    assert sorted(s for group in outcome.ranking for s in group) == sorted(seats)
    assert set(outcome.scores) == set(seats)
    assert state.round <= state.turns


def test_the_same_seed_plays_the_same_game() -> None:
    seats = ["p1", "p2"]
    a, _ = play(seats, 11, {}, {s: RandomAgent(i) for i, s in enumerate(seats)})
    b, _ = play(seats, 11, {}, {s: RandomAgent(i) for i, s in enumerate(seats)})
    assert G.dump(a) == G.dump(b)


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
def test_the_heuristic_agent_beats_random() -> None:
    wins = 0
    for seed in range(8):
        seats = ["p1", "p2"]
        me = seats[seed % 2]
        agents: dict[str, Agent] = {s: HeuristicAgent(seed) if s == me else RandomAgent(seed) for s in seats}
        state, _ = play(seats, seed, {}, agents)
        outcome = G.outcome(state)
        assert outcome is not None
        wins += me in outcome.winners and not outcome.draw
    assert wins >= 6, wins


@pytest.mark.sim
@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("seats", [["p1", "p2"], ["p1"]])
def test_a_thousand_seeded_games_end(seats: list[str]) -> None:
    results: Counter[str] = Counter()
    lengths: list[int] = []
    start = time.perf_counter()
    for seed in range(1000):
        agents: dict[str, Agent] = {s: HeuristicAgent(seed + i) for i, s in enumerate(seats)}
        state, steps = play(seats, seed, {}, agents)
        outcome = G.outcome(state)
        assert outcome is not None
        lengths.append(steps)
        results["draw" if outcome.draw else ",".join(outcome.winners) or "none"] += 1
    took = time.perf_counter() - start
    print(
        f"\n{len(seats)} seat(s): {dict(results)}; intents per game {min(lengths)}-{max(lengths)}, "
        f"mean {sum(lengths) / len(lengths):.0f}; {took:.0f} s"
    )
    assert sum(results.values()) == 1000
