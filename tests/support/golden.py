"""Seeded games as fingerprints: does a refactor leave every game move for move as it was?

``python -m tests.support.golden record FILE`` plays seeded games of every game (every seat count, random
table options, random and heuristic agents) and writes, per game, digests of what happened:

- ``moves``: at every decision, the seat asked, the prompts open (seat, kind, ref, default), every legal
  key in order, and the key chosen; then the outcome. A change here is a change of the rules.
- ``events``: the text of every event, per audience. Words may change on purpose (issue 30).
- ``views``: every seat's view and the public one after each move.

``python -m tests.support.golden check FILE`` plays the same games and prints, per game, which digests
differ. It is a tool for refactors, not a test: a deliberate rule change re-records the file.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import engine
from engine.core import RandomAgent
from engine.core.agents import decide, make_agent
from engine.core.playout import next_decision

GAMES_PER_SEATING = 4
MAX_STEPS = 20_000


def _options(game: Any, rng: random.Random) -> dict[str, Any]:
    from tests.engine.test_conformance import random_options

    return random_options(game.meta.options, rng)


def _digests(game: Any, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, str]:
    moves, events, views = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    agents = {
        s: (make_agent(game, "heuristic", seed + i) if i % 2 else RandomAgent(seed + i))
        for i, s in enumerate(seats)
    }
    state = game.setup(seats, seed, options)
    for n in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        seat = next_decision(game, state, agents, n)
        if seat is None:
            moves.update(b"stalled")
            break
        prompts = [(p.seat, p.kind, p.ref, p.default.key()) for p in game.prompts(state)]
        legal = game.legal(state, seat)
        intent = decide(agents[seat], game, state, seat, legal)
        moves.update(json.dumps([seat, prompts, [i.key() for i in legal], intent.key()]).encode())
        state, applied = game.apply_chosen(state, seat, intent, legal)
        events.update(json.dumps([[e.kind, e.text, sorted(e.audience or ())] for e in applied]).encode())
        for viewer in [None, *seats]:
            views.update(json.dumps(game.view(state, viewer), sort_keys=True, default=str).encode())
    outcome = game.outcome(state)
    moves.update(repr(outcome).encode())
    return {"moves": moves.hexdigest(), "events": events.hexdigest(), "views": views.hexdigest()}


def fingerprints(only: str | None = None) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for gid, game in sorted(engine.games().items()):
        if type(game).__module__.startswith("tests.") or (only and gid != only):
            continue
        rng = random.Random(f"golden-{gid}")
        for n in range(game.meta.min_seats, game.meta.max_seats + 1):
            seats = [f"p{i + 1}" for i in range(n)]
            for k in range(GAMES_PER_SEATING):
                seed = rng.randrange(1 << 30)
                options = _options(game, rng)
                found = _digests(game, seats, seed, options)
                out[f"{gid}/{n}/{k}"] = found | {"options": json.dumps(options)}
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("record", "check"):
        print("usage: python -m tests.support.golden record|check FILE [GAME]")
        return 2
    path = Path(argv[1])
    found = fingerprints(argv[2] if len(argv) > 2 else None)
    if argv[0] == "record":
        path.write_text(json.dumps(found, indent=1))
        print(f"recorded {len(found)} games in {path}")
        return 0
    kept = json.loads(path.read_text())
    bad = 0
    for name, digests in found.items():
        old = kept.get(name)
        if old is None:
            continue
        diff = [k for k in ("moves", "events", "views") if old[k] != digests[k]]
        if diff:
            bad += "moves" in diff
            print(f"{name}: {', '.join(diff)} differ (options {digests['options']})")
    print(f"checked {len(found)} games: {bad} with different moves")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
