"""Every game declares the arguments of every intent it offers (issue 29, item 1), and keys them one way.

Seeded random games of every game at every seat count: at each decision, every legal intent's kind has a
declared :class:`~engine.core.args.Shape` (an action's ``args``, a topic's ``takes`` or ``Rules.takes``),
the intent fits it with its arguments already in the declared order (so the key a person types, in any
order, parses back to the very intent offered), and the same key read back with its arguments reversed is
the same intent.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.core import RandomAgent
from engine.core.agents import decide
from engine.core.intent import Intent
from engine.core.playout import next_decision

GAMES = sorted(g for g, game in engine.games().items() if not type(game).__module__.startswith("tests."))
STEPS = 300


def _reversed_key(intent: Intent) -> str:
    return intent.kind + ":" + ",".join(f"{k}={v}" for k, v in reversed(intent.args))


@pytest.mark.parametrize("gid", GAMES)
def test_every_offered_intent_has_its_declared_shape(gid: str) -> None:
    game = engine.get(gid)
    rng = random.Random(f"shapes-{gid}")
    for seats in range(game.meta.min_seats, game.meta.max_seats + 1):
        names = [f"p{i + 1}" for i in range(seats)]
        state = game.setup(names, rng.randrange(1 << 30))
        agents = {s: RandomAgent(rng.randrange(1 << 30)) for s in names}
        for n in range(STEPS):
            seat = next_decision(game, state, agents, n) if game.outcome(state) is None else None
            if seat is None:
                break
            legal = game.legal(state, seat)
            for intent in legal:
                shape = game.rules.shapes.get(intent.kind)
                assert shape is not None, f"{gid}: '{intent.kind}' is offered but has no declared shape"
                assert shape.check(intent) is intent, f"{gid}: {intent.key()} is not in the declared order"
                if len(intent.args) > 1:
                    assert game.parse_intent(_reversed_key(intent)) == intent
            state, _ = game.apply_chosen(state, seat, decide(agents[seat], game, state, seat, legal), legal)


def test_a_key_in_another_order_is_the_same_intent() -> None:
    """Issue 32, item 7: ``move:to=A2,unit=a1`` and ``move:unit=a1,to=A2`` are one intent with one key."""
    from engine.core.args import Shape, word

    shape = Shape("move", (word("unit"), word("to")))
    assert shape.check(Intent.parse("move:to=A2,unit=a1")).key() == "move:unit=a1,to=A2"
    listed = Intent.parse("move:unit=a1,to=A2")
    assert shape.check(listed) is listed
