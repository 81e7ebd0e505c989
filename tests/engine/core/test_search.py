"""The search agent (issue 35 item 4): deterministic with an iteration budget, judged by outcomes."""

from __future__ import annotations

import engine
from bot.tools.simulate import wilson
from engine.core.agents import make_agent
from engine.core.model import Outcome
from engine.core.playout import advance
from engine.core.search import SearchAgent, margin, outcome_reward


def test_a_fixed_iteration_budget_and_seed_give_the_same_game() -> None:
    """Issue 35: "deterministic with a fixed iteration budget and seed"."""
    game = engine.get("ipa_agents")

    def log() -> list[tuple[str, str]]:
        agents = {
            "p1": make_agent(game, "search", 4).budgeted(iterations=1),  # type: ignore[attr-defined]
            "p2": make_agent(game, "heuristic", 5),
        }
        state = advance(game, game.setup(["p1", "p2"], 21), agents, 40)
        return [(s, game.dump(state)) for s in ("p1",)] + [("step", str(state.step))]

    first = log()
    assert first == log() and first[-1] == ("step", "40")


def test_every_game_has_a_search_agent_that_answers() -> None:
    for gid in ("infamy", "gamedec", "virtual_revolution", "nakamura_tower", "ipa_agents"):
        game = engine.get(gid)
        agent = make_agent(game, "search", 1)
        assert isinstance(agent, SearchAgent)


def test_rewards() -> None:
    assert outcome_reward(Outcome(winners=("a",), reason="r"), "a") == 1.0
    assert outcome_reward(Outcome(winners=("a", "b"), reason="r"), "b") == 0.5
    assert outcome_reward(Outcome(winners=("a",), reason="r"), "b") == 0.0
    assert margin(5, [5], 3) == 0.5 and margin(10, [0], 3) > 0.99 and margin(0, [10], 3) < 0.01


def test_wilson_interval() -> None:
    """The 95 % Wilson interval of 27 wins in 40 (the heuristic against random in Gamedec)."""
    low, high = wilson(27, 40)
    assert round(low, 3) == 0.520 and round(high, 3) == 0.799
