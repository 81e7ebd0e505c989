"""Malformed Infamy intents are refused in plain words before any rule or label reads them."""

from __future__ import annotations

import pytest

from engine.core import Intent, MalformedIntent
from engine.infamy import GAME

KINDS = {
    *("allow", "bid", "cancel", "deck", "discard", "favor", "hazard", "liaison", "pass", "place", "play"),
    *(
        "rep",
        "resolve",
        "resource",
        "sabotage",
        "sector",
        "smuggle",
        "steal",
        "target",
        "unhazard",
        "watchdog",
    ),
}
"""Every intent kind Infamy offers (its actions and the answers to its questions)."""


def test_every_kind_has_a_shape() -> None:
    """Every kind is declared (an action's ``args``, a topic's ``takes``), and nothing else is but the
    runtime's own choose-many answer, which Infamy never asks."""
    assert GAME.rules.shapes.kinds == KINDS | {"choose"}


@pytest.mark.parametrize(
    ("key", "words"),
    [
        # "bid" alone reads (its amount is optional in the shape) and is refused by the rules with "A bid
        # needs an
        # amount" (test_refusals.py)
        ("bid:to=lots", "needs a whole number for 'to'"),
        ("bid:to=99999999999", "out of range"),
        # "steal:rival=p2" is legal: it steals a random Scheme ("steals a random Scheme from a rival"), so the
        # missing argument here is the rival
        ("steal:type=weapon", "'steal' needs 'rival'"),
        ("place:pawn=own,zone=s1a,zone=s1b", "twice"),
        ("sector:own=s1,colour=red", "has no 'colour'"),
    ],
)
def test_malformed_keys_are_refused_with_what_is_wrong(key: str, words: str) -> None:
    """The Contact phase: "Each freelancer may bid ... or pass" - a bid needs its amount, a number."""
    state = GAME.setup(["ann", "bo", "cy"], 1)
    with pytest.raises(MalformedIntent) as parsed:
        GAME.parse_intent(key)
    assert words in str(parsed.value)
    before = GAME.dump(state)
    seat = GAME.prompts(state)[0].seat
    with pytest.raises(MalformedIntent):
        GAME.apply(state, seat, Intent.parse(key))
    assert GAME.dump(state) == before
