"""Options typed by a person are bounded before they are decoded (issue 9: deeply nested options crashed
the parser with a RecursionError, in the terminal and in Discord alike)."""

from __future__ import annotations

import pytest

from bot.options import DEPTH_MAX, NAME_MAX, TEXT_MAX, VALUES_MAX, parse_options
from engine.core.errors import MalformedIntent


@pytest.mark.parametrize(
    "text",
    [
        '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}",
        "a=" + "[" * 100_000 + "]" * 100_000,
        '{"a": ' + "[" * 1500 + "]" * 1500 + "}",
    ],
)
def test_deep_nesting_is_refused_in_words(text: str) -> None:
    with pytest.raises(MalformedIntent) as refused:
        parse_options(text)
    message = str(refused.value)
    assert "characters long" in message or "nest too deeply" in message
    assert "Recursion" not in message


def test_nesting_within_the_bound_is_read() -> None:
    inner = "[" * (DEPTH_MAX - 1) + "1" + "]" * (DEPTH_MAX - 1)
    assert parse_options('{"a": ' + inner + "}") == {"a": [[[1]]]}
    with pytest.raises(MalformedIntent, match="nest too deeply"):
        parse_options('{"a": [' + inner + "]}")


def test_brackets_inside_strings_do_not_count() -> None:
    assert parse_options('{"a": "[[[[[[[[[[\\"{{{{{{{"}') == {"a": '[[[[[[[[[["{{{{{{{'}


def test_size_bounds() -> None:
    with pytest.raises(MalformedIntent, match="characters long"):
        parse_options("a=" + "1" * TEXT_MAX)
    with pytest.raises(MalformedIntent, match="too many values"):
        parse_options("{" + ",".join(f'"k{i}": 1' for i in range(VALUES_MAX)) + "}")
    with pytest.raises(MalformedIntent, match="too many values"):
        parse_options('{"a": [' + ",".join(["0"] * VALUES_MAX) + "]}")
    with pytest.raises(MalformedIntent, match="option name"):
        parse_options("x" * (NAME_MAX + 1) + "=1")


def test_ordinary_options_still_read() -> None:
    assert parse_options("scenarios=true play_on=false round_cap=3") == {
        "scenarios": True,
        "play_on": False,
        "round_cap": 3,
    }
    assert parse_options('{"round_cap": 5, "open_hands": true}') == {"round_cap": 5, "open_hands": True}
