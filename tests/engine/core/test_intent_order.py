"""Issue 32, item 7: "A key with its arguments in another order (``move:to=A2,unit=a1``) is not equal to
the listed ``move:unit=a1,to=A2`` but ``apply`` accepts it: normalise keys on parsing so one intent has
one key." Every game reads a reordered key as the intent it lists, and the table logs that one key."""

from __future__ import annotations

import random

import pytest

from engine.core import Intent, MalformedIntent, registry
from engine.store import MemoryStore
from engine.table import Table


def _reordered(intent: Intent) -> str:
    return intent.kind + ":" + ",".join(f"{k}={v}" for k, v in reversed(intent.args))


def _first_with_two_args(game_id: str) -> tuple[object, object, str, Intent]:
    """A seeded game played at random until some seat is offered an intent of two or more arguments."""
    game = registry.get(game_id)
    rng = random.Random(7)
    state = game.setup([f"s{i}" for i in range(game.meta.min_seats)], 11)
    for _ in range(400):
        prompts = game.prompts(state)
        if state.result is not None or not prompts:
            break
        seat = prompts[0].seat
        legal = game.legal(state, seat)
        for intent in legal:
            if len(intent.args) >= 2:
                return game, state, seat, intent
        state, _ = game.apply(state, seat, rng.choice(legal))
    raise AssertionError(f"{game_id}: no intent with two arguments offered in 400 steps")


FIVE = ("gamedec", "infamy", "ipa_agents", "nakamura_tower", "virtual_revolution")


@pytest.mark.parametrize("game_id", FIVE)
def test_a_reordered_key_is_read_as_the_listed_intent(game_id: str) -> None:
    game, state, seat, listed = _first_with_two_args(game_id)
    key = _reordered(listed)
    assert key != listed.key()
    parsed = game.parse_intent(key)  # type: ignore[attr-defined]
    assert parsed == listed
    assert parsed.key() == listed.key()
    assert parsed in game.legal(state, seat)  # type: ignore[attr-defined]


def test_a_key_naming_an_argument_twice_is_refused() -> None:
    with pytest.raises(MalformedIntent, match="twice"):
        Intent.parse("move:unit=a1,unit=a2")
    with pytest.raises(MalformedIntent, match="twice"):
        Intent.parse("move:unit=a1,to=A2,unit=a1")


async def test_the_table_logs_one_key_for_a_reordered_intent() -> None:
    """An intent built in another order (not a key the table parses) is logged as the game lists it."""
    table = Table(MemoryStore())
    gid = (await table.create("ipa_agents", "u1", "Ann", seats=2, seed=4)).record.id
    await table.join(gid, "u2", "Bo")
    await table.start(gid, "u1")
    offered: list[Intent] = []
    for _ in range(200):  # the first choices: played as listed until a two-argument intent is offered
        legal = {user: [i for i, _ in await table.legal(gid, user)] for user in ("u1", "u2")}
        user = next((u for u, found in legal.items() if found), "")
        assert user, "nobody is asked"
        offered = [i for i in legal[user] if len(i.args) >= 2]
        if offered:
            break
        await table.submit(gid, user, legal[user][0])
    assert offered, "no two-argument intent offered in 200 moves"
    listed = offered[0]
    await table.submit(gid, user, Intent(listed.kind, tuple(reversed(listed.args))))
    logged = [entry.key for entry in await table.store.intents(gid)]
    assert logged[-1] == listed.key()
