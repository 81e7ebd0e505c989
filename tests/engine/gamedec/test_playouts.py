"""Seeded playouts to the end for 2-6 players, replay equality, dump/load round trips, agents."""

from __future__ import annotations

import pytest

from engine.core import RandomAgent
from engine.core.playout import play_out, replay
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


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playouts_end_and_replay(n: int) -> None:
    for seed in range(4):
        seats = _seats(n)
        state = GAME.setup(seats, seed)
        result = play_out(GAME, state, {s: RandomAgent(seed * 7 + i) for i, s in enumerate(seats)})
        final = result.state
        assert final.result is not None
        assert GAME.prompts(final) == []
        again = replay(GAME, seats, seed, {}, result.log)
        assert GAME.dump(again) == GAME.dump(final)
        assert GAME.dump(GAME.load(GAME.dump(final))) == GAME.dump(final)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "basic")
def test_playouts_with_each_option(options: dict[str, bool]) -> None:
    for n, seed in ((2, 1), (4, 2), (6, 3)):
        seats = _seats(n)
        state = GAME.setup(seats, seed, options)
        agents = {s: (HeuristicAgent(i) if i % 2 else RandomAgent(i)) for i, s in enumerate(seats)}
        result = play_out(GAME, state, agents)
        assert result.state.result is not None
        again = replay(GAME, seats, seed, options, result.log)
        assert GAME.dump(again) == GAME.dump(result.state)


def test_every_prompt_has_a_legal_default_and_labels_fit() -> None:
    """Walk a few games checking the contract at every step: defaults legal, labels <= 80 characters,
    legal empty for seats without a prompt."""
    option_sets = (
        {"online_trade": True, "less_randomness": True},
        {"scenarios": True, "choose_detectives": True, "play_on": True},
    )
    for (n, seed), options in zip(((3, 11), (5, 12), (4, 13)), (*option_sets, option_sets[1]), strict=True):
        seats = _seats(n)
        state = GAME.setup(seats, seed, options)
        agents = {s: RandomAgent(seed + i) for i, s in enumerate(seats)}
        steps = 0
        while state.result is None and steps < 3000:
            prompts = GAME.prompts(state)
            assert prompts
            asked = {p.seat for p in prompts}
            for p in prompts:
                legal = GAME.legal(state, p.seat)
                assert p.default in legal
                for intent in legal:
                    label = GAME.describe(state, intent)
                    assert len(label) <= 80 and label != intent.key(), label
                    assert GAME.parse_intent(intent.key()) == intent
            for s in seats:
                if s not in asked:
                    assert GAME.legal(state, s) == []
            seat = prompts[0].seat
            state, _ = GAME.apply(
                state, seat, agents[seat].choose(GAME, state, seat, GAME.legal(state, seat))
            )
            steps += 1


def test_defaults_alone_finish_a_game() -> None:
    """Every deadline applies the default: a game of absent players still ends."""
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
