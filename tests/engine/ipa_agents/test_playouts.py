"""Seeded agent games of IPA: The Agents: every one ends; the heuristic agent beats random agents.

``pytest -m slow`` runs the figures the issue asks for (1,000 heuristic games; 300 against random); the
default run keeps a small sample of the second.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest

import engine
from engine.core.agents import make_agent
from engine.core.playout import play_out

GAME = "ipa_agents"
SEATS = ["p1", "p2"]


def _game(seed: int, kinds: list[str]) -> tuple[tuple[str, ...], int, int]:
    """(winners, rounds, intents) of the game seeded ``seed`` (seeds as ``arbiter simulate`` gives them)."""
    game = engine.get(GAME)
    state = game.setup(SEATS, seed, {})
    agents = {s: make_agent(game, kinds[i], seed * 31 + i) for i, s in enumerate(SEATS)}
    result = play_out(game, state, agents)
    outcome = game.outcome(result.state)
    assert outcome is not None and game.prompts(result.state) == []
    return outcome.winners, result.state.round, result.steps


def _heuristic_wins(games: int) -> int:
    """The heuristic agent against a random one, seats alternating."""
    wins = 0
    for n in range(games):
        seat = n % 2
        kinds = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        winners, _, _ = _game(1 + n, kinds)
        wins += SEATS[seat] in winners and len(winners) == 1
    return wins


def test_the_heuristic_agent_beats_random_agents() -> None:
    assert _heuristic_wins(8) >= 7


@pytest.mark.sim
@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_the_heuristic_agent_beats_random_agents_over_300_games() -> None:
    wins = _heuristic_wins(300)
    print(f"\nheuristic against random: {wins}/300 won ({wins / 3:.1f}%)")
    assert wins >= 240


@pytest.mark.sim
@pytest.mark.slow
@pytest.mark.timeout(7200)
def test_a_thousand_seeded_heuristic_games_end() -> None:
    wins: Counter[str] = Counter()
    rounds: list[int] = []
    intents: list[int] = []
    start = time.perf_counter()
    for seed in range(1, 1001):
        winners, length, steps = _game(seed, ["heuristic", "heuristic"])
        wins[",".join(winners) or "draw"] += 1
        rounds.append(length)
        intents.append(steps)
    ordered = sorted(rounds)
    print(
        f"\n1000 heuristic games: wins {dict(sorted(wins.items()))}; rounds mean {sum(rounds) / 1000:.1f}, "
        f"median {ordered[500]}, min {ordered[0]}, max {ordered[-1]}; "
        f"intents mean {sum(intents) / 1000:.0f}; "
        f"{time.perf_counter() - start:.0f} s"
    )
    assert sum(wins.values()) == 1000
    assert sum(1 for r in rounds if r >= 40) <= 10  # the house round limit (40) ends at most a few
