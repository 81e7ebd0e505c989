"""Gamedec's own playouts: the heuristic agent under each optional rule, absent players, the agent against
random play, and 1,000 agent games (slow). Playouts to the end, replay, round trips, defaults and labels at
every step are the conformance suite's (tests/engine/test_conformance.py), for every game."""

from __future__ import annotations

import pytest

from engine.core import RandomAgent
from engine.core.playout import play_out
from engine.gamedec import GAME
from engine.gamedec.agent import HeuristicAgent

OPTION_SETS = [
    {},
    {"longer_game": True},
    {"tasks_immediately": True},
    {"less_randomness": True},
    {"online_trade": True},
    {"variable_start": True},
    {"terror": True},
    {"scenarios": True},
    {"choose_detectives": True},
    {"play_on": True},
    {"play_on": True, "scenarios": True},
]


def _seats(n: int) -> list[str]:
    return [f"p{i}" for i in range(1, n + 1)]


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "basic")
def test_the_heuristic_agent_plays_each_option_to_the_end(options: dict[str, bool]) -> None:
    """The heuristic agent (the conformance suite plays random agents only) finishes a game under each
    optional rule, and every seat is placed."""
    for n, seed in ((2, 1), (4, 2), (6, 3)):
        seats = _seats(n)
        state = GAME.setup(seats, seed, options)
        agents = {s: (HeuristicAgent(i) if i % 2 else RandomAgent(i)) for i, s in enumerate(seats)}
        outcome = play_out(GAME, state, agents).state.result
        assert outcome is not None
        assert sorted(s for group in outcome.ranking for s in group) == sorted(seats)


def test_absent_players_all_lose() -> None:
    """A game of absent players (every deadline applies the default: the conformance suite checks that it
    ends) lets the Commission deck run out: "All players are considered to have lost"."""
    seats = _seats(4)
    state = GAME.setup(seats, 5)
    steps = 0
    while state.result is None:
        prompt = GAME.prompts(state)[0]
        state, _ = GAME.apply(state, prompt.seat, prompt.default)
        steps += 1
        assert steps < 20_000
    assert state.result.winners == ()


def test_heuristic_beats_random() -> None:
    wins = 0
    games = 0
    for n in (2, 3, 4):
        for seed in range(6):
            seats = _seats(n)
            hero = seats[seed % n]
            agents = {
                s: (HeuristicAgent(seed) if s == hero else RandomAgent(seed * 10 + i))
                for i, s in enumerate(seats)
            }
            result = play_out(GAME, GAME.setup(seats, seed), agents)
            games += 1
            wins += hero in result.state.result.winners  # type: ignore[union-attr]
    assert wins / games > 0.3


@pytest.mark.sim
@pytest.mark.slow
def test_thousand_agent_games() -> None:
    outcomes = {"win": 0, "lose": 0}
    for g in range(1000):
        n = 2 + g % 5
        seats = _seats(n)
        agents = {s: HeuristicAgent(g * 10 + i) for i, s in enumerate(seats)}
        result = play_out(GAME, GAME.setup(seats, g), agents)
        outcomes["win" if result.state.result.winners else "lose"] += 1  # type: ignore[union-attr]
    assert outcomes["win"] > 600
