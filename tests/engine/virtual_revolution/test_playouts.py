"""Seeded playouts to the end (random agents with random table options, the heuristic agent), hidden
information in views, and the 1,000-game heuristic run (``-m slow``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core import RandomAgent
from engine.core.playout import play_out, replay
from engine.virtual_revolution.agent import HeuristicAgent

from .support import GAME


def _table(seed: int) -> tuple[list[str], dict[str, object]]:
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(1, rng.randint(2, 4) + 1)]
    return seats, {"rounds": rng.randint(1, 5), "nation": rng.choice(["own", "any"])}


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_end_with_scores_and_replay(seed: int) -> None:
    seats, options = _table(seed)
    result = play_out(
        GAME, GAME.setup(seats, seed, options), {s: RandomAgent(seed + i) for i, s in enumerate(seats)}
    )
    outcome = GAME.outcome(result.state)
    assert outcome is not None and set(outcome.scores) == set(seats)
    assert sorted(s for group in outcome.ranking for s in group) == sorted(seats)
    best = max(outcome.scores.values())
    assert all(outcome.scores[w] == best for w in outcome.winners)
    again = replay(GAME, seats, seed, options, result.log)
    assert GAME.dump(again) == GAME.dump(result.state)


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
def test_the_heuristic_agent_beats_random_agents() -> None:
    wins = 0
    games = 45
    for g in range(games):
        seats = [f"p{i}" for i in range(1, 2 + g % 3 + 1)]
        hero = seats[g % len(seats)]
        agents = {s: HeuristicAgent(g) if s == hero else RandomAgent(g * 7 + i) for i, s in enumerate(seats)}
        outcome = GAME.outcome(play_out(GAME, GAME.setup(seats, g), agents).state)
        assert outcome is not None
        wins += hero in outcome.winners
    assert wins >= 0.8 * games, f"the heuristic agent won {wins} of {games}"


def test_another_hand_changes_no_other_view() -> None:
    """ "Keep these cards without showing them to the other players": swapping a hand for other cards of the
    same count changes neither the public view nor another seat's; the owner's own view shows them."""
    seats = ["p1", "p2", "p3"]
    state = GAME.setup(seats, 4)
    agents = {s: HeuristicAgent(i) for i, s in enumerate(seats)}
    from engine.core.playout import advance

    state = advance(GAME, state, agents, 40)
    owner = next(s for s in seats if state.p(s).hand)
    other = GAME.copy(state)
    pool = [c for c in sorted(other.corruption.cards) if c not in state.p(owner).hand]
    other.p(owner).hand = pool[-len(state.p(owner).hand) :]
    for viewer in [None, *(s for s in seats if s != owner)]:
        assert GAME.view(state, viewer) == GAME.view(other, viewer)
    from engine.virtual_revolution.rules import corruption_label

    assert GAME.view(other, owner)["me"]["hand"] == [corruption_label(c) for c in other.p(owner).hand]
    assert GAME.view(other, None)["players"][seats.index(owner)]["corruption"] == len(state.p(owner).hand)


@pytest.mark.sim
@pytest.mark.slow
def test_a_thousand_heuristic_games() -> None:
    """1,000 seeded heuristic games end with a score for every seat; prints the mean score by seat position
    and
    how often each VP source decides the game (the winner's biggest lead over the runner-up)."""
    means: dict[int, list[float]] = {}
    decisive: Counter[str] = Counter()
    for g in range(1000):
        seats = [f"p{i}" for i in range(1, 2 + g % 3 + 1)]
        result = play_out(
            GAME, GAME.setup(seats, g), {s: HeuristicAgent(g * 5 + i) for i, s in enumerate(seats)}
        )
        outcome = GAME.outcome(result.state)
        assert outcome is not None and set(outcome.scores) == set(seats)
        for position, seat in enumerate(seats):
            means.setdefault(position, []).append(outcome.scores[seat])
        if len(outcome.ranking) > 1:
            win, second = outcome.ranking[0][0], outcome.ranking[1][0]
            a, b = result.state.p(win).breakdown, result.state.p(second).breakdown
            decisive[max(a, key=lambda k: a[k] - b.get(k, 0))] += 1
    print("mean score by seat:", {p + 1: round(sum(v) / len(v), 1) for p, v in means.items()})
    print("deciding VP source:", dict(decisive.most_common()))
    assert all(sum(v) / len(v) > 20 for v in means.values())


SECRET_EVENTS = {"corruption_drawn", "necro_peek", "dropped", "peek_hand", "taken", "given"}


@pytest.mark.parametrize("seed", range(3))
def test_secret_events_reach_only_those_involved(seed: int) -> None:
    """Drawn Corruption cards, Necro peeks, random discards and Clarisse's and Dina's cards are told only to
    the players involved; every other event is public, and only a raid (which "reveals all of their Corruption
    Cards") names the cards of a hand."""
    seats = ["p1", "p2", "p3"]
    result = play_out(
        GAME,
        GAME.setup(seats, seed),
        {s: HeuristicAgent(seed + i) for i, s in enumerate(seats)},
        keep_events=True,
    )
    secret = [e for e in result.events if e.kind in SECRET_EVENTS]
    assert secret, "the playout drew Corruption cards"
    assert all(e.audience is not None and len(e.audience) <= 2 for e in secret)
    assert all(e.audience is None for e in result.events if e.kind not in SECRET_EVENTS | {"your_choice"})
    from engine.virtual_revolution.pack import pack
    from engine.virtual_revolution.rules import corruption_label

    labels = {corruption_label(c) for c in pack().corruption}
    public = [e.text for e in result.events if e.audience is None and e.kind != "raid"]
    assert not [t for t in public if any(label in t for label in labels)], "only a raid reveals a hand"
