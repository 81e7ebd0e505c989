"""Two small runtime additions: ``Intent.parse`` remembers the keys it read, and ``FlowGame.log_kept``."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.core import Intent, MalformedIntent
from engine.core.flowgame import LOG_KEPT, FlowGame
from engine.core.model import public


def test_parse_gives_the_same_intent_for_the_same_key() -> None:
    first = Intent.parse("bid:to=3")
    assert first == Intent.of("bid", to=3)
    assert Intent.parse("bid:to=3") is first  # read once, then remembered
    assert Intent.parse(" bid:to=3 ") == first


def test_parse_still_refuses_a_bad_key_every_time() -> None:
    for _ in range(2):  # a refused key is never remembered as an intent
        with pytest.raises(MalformedIntent):
            Intent.parse("bid:to=")
    with pytest.raises(MalformedIntent):
        Intent.parse(3)  # type: ignore[arg-type]


def test_log_kept_bounds_the_public_log() -> None:
    class State:
        log: list[str] = []

    state, game = State(), SimpleNamespace(log_kept=3)  # the method reads only ``log_kept``
    FlowGame._log(game, state, [public("x", f"line {i}") for i in range(10)])  # type: ignore[arg-type]
    assert state.log == ["line 7", "line 8", "line 9"]
    assert FlowGame.log_kept == LOG_KEPT
