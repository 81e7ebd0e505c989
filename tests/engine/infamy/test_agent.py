"""The heuristic agent against random agents, and the 1,000-game simulation."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from engine.core import RandomAgent, make_agent
from engine.core.agents import decide
from engine.core.playout import play_out
from engine.infamy import GAME
from engine.infamy.agent import HeuristicAgent


def hero_games(n: int) -> int:
    wins = 0
    for g in range(n):
        seats = ["ann", "bo", "cy", "di"][: 3 + g % 2]
        hero = seats[g % len(seats)]
        agents = {
            s: (HeuristicAgent(g) if s == hero else RandomAgent(g * 5 + i)) for i, s in enumerate(seats)
        }
        result = play_out(GAME, GAME.setup(seats, 500 + g), agents).state.result
        wins += hero in result.winners and not result.draw
    return wins


def test_heuristic_agent_is_registered_and_legal() -> None:
    agent = make_agent(GAME, "heuristic", 3)
    assert isinstance(agent, HeuristicAgent)
    state = GAME.setup(["ann", "bo", "cy"], 4)
    seat = GAME.prompts(state)[0].seat
    assert decide(agent, GAME, state, seat, GAME.legal(state, seat)) in GAME.legal(state, seat)


def test_heuristic_beats_random_agents() -> None:
    assert hero_games(16) >= 12  # measured: 200 of 200 over 200 games


@pytest.mark.sim
@pytest.mark.slow
def test_thousand_agent_games() -> None:
    rounds: list[int] = []
    how: Counter[str] = Counter()
    for g in range(1000):
        seats = ["ann", "bo", "cy", "di"][: 3 + g % 2]
        agents = {s: HeuristicAgent(g * 5 + i) for i, s in enumerate(seats)}
        state = play_out(GAME, GAME.setup(seats, g), agents).state
        rounds.append(state.round)
        reason = state.result.reason
        how["draw" if state.result.draw else ("Rep" if reason.startswith("Rep") else "Infamy")] += 1
    assert 6 <= statistics.median(rounds) <= 14
    assert how["Infamy"] > 200 and how["Rep"] > 200
    assert hero_games(200) >= 150
