"""Seeded Nakamura Tower games as fingerprints: a change meant to make the rules faster (issue 33) must leave
every game exactly as it was.

A game's fingerprint is a digest of every decision (the seat asked, the key of every legal intent in order,
the intent picked) and of the final snapshot. ``fingerprints.json`` holds those of 200 random games (1 to 3
seats, random table options in every other one) and 20 heuristic-against-random games, recorded with the
rules as they were before the speed work; the first ones play in the quick suite, all of them with
``-m slow``. A deliberate change of the rules changes them: record them again with
``python -m tests.engine.nakamura_tower.test_fingerprints`` (and say so in the commit)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from engine.core import Agent, RandomAgent
from engine.core.agents import decide
from engine.core.playout import next_decision
from engine.nakamura_tower.agent import HeuristicAgent
from engine.nakamura_tower.game import NAKAMURA as G
from engine.nakamura_tower.state import NtOptions
from tests.engine.test_conformance import random_options

RECORDED = Path(__file__).with_name("fingerprints.json")
RANDOM, HEURISTIC = range(1, 201), range(1, 21)
QUICK = {"r1", "r2", "r3", "r4", "r5", "r6", "h1", "h2"}


def fingerprint(seats: list[str], seed: int, options: dict[str, object], agents: dict[str, Agent]) -> str:
    digest = hashlib.sha256()
    state = G.setup(seats, seed, options)
    steps = 0
    while G.outcome(state) is None:
        seat = next_decision(G, state, agents, steps)
        assert seat is not None, "no prompt and no outcome"
        legal = G.legal(state, seat)
        intent = decide(agents[seat], G, state, seat, legal)
        digest.update(json.dumps([seat, [i.key() for i in legal], intent.key()]).encode())
        G.apply_in_place(state, seat, intent, legal)
        steps += 1
        assert steps < 20_000, "no end"
    digest.update(G.dump(state).encode())
    return digest.hexdigest()


def game(name: str) -> str:
    """The fingerprint of the game ``r<seed>`` (random agents) or ``h<seed>`` (heuristic against random)."""
    seed = int(name[1:])
    if name[0] == "r":
        seats = [f"p{i}" for i in range(1, 2 + seed % 3)]
        options = random_options(NtOptions, random.Random(seed)) if seed % 2 else {}
        return fingerprint(seats, seed, options, {s: RandomAgent(seed * 31 + i) for i, s in enumerate(seats)})
    seats = ["p1", "p2"]
    agents: dict[str, Agent] = {
        s: HeuristicAgent(seed + i) if i == seed % 2 else RandomAgent(seed + i) for i, s in enumerate(seats)
    }
    return fingerprint(seats, seed, {}, agents)


NAMES = [f"r{n}" for n in RANDOM] + [f"h{n}" for n in HEURISTIC]


@pytest.mark.parametrize(
    "name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in NAMES]
)
def test_a_seeded_game_plays_as_recorded(name: str) -> None:
    assert game(name) == json.loads(RECORDED.read_text())[name], (
        f"{name} no longer plays as recorded: a legal list, a pick or the final state changed"
    )


if __name__ == "__main__":  # record again, after a deliberate change of the rules
    RECORDED.write_text(json.dumps({n: game(n) for n in NAMES}, indent=0) + "\n")
    print(f"recorded {len(NAMES)} games in {RECORDED}", file=sys.stderr)
