"""Malformed Gamedec intents are refused in plain words, never with a crash or a "None" label.

Issue 9 found 58 crashes in 42,010 hostile inputs, all in Gamedec's labels (``finale:id=x``,
``assist:...,n=x``, ``wound:type=zzz``), and labels reading "None" for a missing argument. The conformance
suite fuzzes every game; these pin down the reported keys.
"""

from __future__ import annotations

import re

import pytest

import engine
from engine.core import Intent, MalformedIntent, RuleError
from engine.gamedec import GAME
from engine.gamedec.answers import decide
from engine.gamedec.story import FinalePayload

from .helpers import SEATS, stage_turn, started

PLAIN = re.compile(r"\bNone\b|Traceback|KeyError|ValueError|AttributeError|object has no attribute")


def _window_state() -> engine.GameState:
    """A Task test's Assist window open (so assist/sabotage are the open kinds): the first detective plays
    a Realium Task card while another holds a set-aside card."""
    state = started()
    seat = state.active
    other = next(s for s in SEATS if s != seat)
    state.players[seat].hand = ["t073"]
    state.players[other].set_aside = ["t001"]
    state, _ = GAME.apply(state, seat, Intent.of("move", to="realium"))
    state, _ = GAME.apply(state, seat, Intent.of("play", card="t073"))
    assert state.window is not None
    return state


KINDS = sorted(GAME.known_kinds())


def test_every_kind_has_a_shape() -> None:
    """Every action declares its arguments (issue 29), and so does every answer of a question."""
    assert GAME.rules.actions.kinds <= GAME.rules.shapes.kinds
    assert {"skill", "wound", "corp", "pile", "finale", "detective", "give", "take", "send"} <= set(KINDS)


def _required(kind: str) -> bool:
    shape = GAME.rules.shapes.get(kind)
    return shape is not None and any(not a.optional for a in shape.args)


@pytest.mark.parametrize("key", ["finale", "finale:id=x", "finale:id=5", "finale:id=x,extra=1"])
def test_finale_with_a_bad_id_is_refused(key: str) -> None:
    state = started(options={"scenarios": True})
    seat = state.active
    decide(state, seat, "finale", "Choose your Finale card.", FinalePayload(options=["puppet_master"]))
    before = GAME.dump(state)
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, seat, GAME.parse_intent(key) if key != "finale" else Intent.of("finale"))
    assert not PLAIN.search(str(refused.value)) and str(refused.value)
    assert GAME.dump(state) == before


def test_a_finale_label_for_an_unknown_card_names_no_key() -> None:
    """Nobody asks for a Finale: the label of one naming no card is the kind's name, never a raw key."""
    state = started(options={"scenarios": True})
    assert GAME.describe(state, Intent.of("finale", id="x")) == "Finale"


@pytest.mark.parametrize(
    "key",
    ["assist:on=bo,n=x", "assist:on=bo", "sabotage:on=bo,n=-1", "assist:on=bo,n=99999999999", "assist:n=1"],
)
def test_assist_with_a_bad_count_is_refused_in_words(key: str) -> None:
    state = _window_state()
    seat = GAME.prompts(state)[0].seat
    before = GAME.dump(state)
    with pytest.raises(MalformedIntent) as parsed:
        GAME.parse_intent(key)
    assert not PLAIN.search(str(parsed.value))
    intent = Intent.parse(key)
    with pytest.raises(MalformedIntent):
        GAME.describe(state, intent)
    with pytest.raises(MalformedIntent) as refused:
        GAME.apply(state, seat, intent)
    assert (
        "assist" in str(refused.value)
        or "sabotage" in str(refused.value)
        or "out of range" in str(refused.value)
    )
    assert GAME.dump(state) == before


def test_wound_of_an_unknown_type_is_refused() -> None:
    """RB: the loser of a fight "chooses a Wound" - Bio or Neuro; anything else is refused."""
    state = started()
    stage_turn(state, "ann")
    decide(state, "bo", "wound", "Choose your Wound: Bio or Neuro.")
    before = GAME.dump(state)
    intent = GAME.parse_intent("wound:type=zzz")
    assert GAME.describe(state, intent) == "Wound"
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, "bo", intent)
    assert not PLAIN.search(str(refused.value))
    assert GAME.dump(state) == before


@pytest.mark.parametrize("kind", [k for k in KINDS if _required(k)])
def test_a_missing_argument_is_named_never_none(kind: str) -> None:
    state = started()
    with pytest.raises(MalformedIntent) as refused:
        GAME.describe(state, Intent.of(kind))
    text = str(refused.value)
    assert f"'{kind}' needs" in text and "None" not in text
    with pytest.raises(MalformedIntent):
        GAME.apply(state, SEATS[0], Intent.of(kind))
