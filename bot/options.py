"""Game options typed by a person: JSON (``{"target": 7}``) or key=value pairs (``target=7 variant=short``).

Both the terminal (``--options``) and Discord (``/game new options:``) read options this way; the game's
options model then validates the values. The text is bounded before it is decoded: its length, how deeply
its brackets nest (a few thousand ``[`` made the JSON decoder exceed Python's recursion limit) and how many
values it holds. Every game's options are flat, so the bounds are generous and never refuse a real table.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.errors import MalformedIntent

TEXT_MAX = 2000
"""Characters in the whole options text."""
DEPTH_MAX = 4
"""Nesting of brackets (``{"a": [1]}`` is 2)."""
VALUES_MAX = 100
"""Keys, list items and values counted together."""
NAME_MAX = 64
"""Characters in one option's name."""


def _depth(text: str) -> int:
    """The deepest bracket nesting of JSON text, read without recursion (strings are skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _count(value: Any) -> int:
    """How many values ``value`` holds, itself included (its depth is already bounded)."""
    if isinstance(value, dict):
        return 1 + sum(1 + _count(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_count(v) for v in value)
    return 1


def _decode(text: str, what: str) -> Any:
    if _depth(text) > DEPTH_MAX:
        raise MalformedIntent(f"{what} nest too deeply: at most {DEPTH_MAX} levels of brackets.")
    return json.loads(text)


def _value(text: str) -> Any:
    try:
        return _decode(text, "The option values")
    except json.JSONDecodeError:
        return text


def _checked(options: dict[str, Any]) -> dict[str, Any]:
    for name in options:
        if len(name) > NAME_MAX:
            raise MalformedIntent(f"An option name is {len(name)} characters long; at most {NAME_MAX}.")
    if _count(options) > VALUES_MAX:
        raise MalformedIntent(f"The options hold too many values: at most {VALUES_MAX}.")
    return options


def parse_options(text: str | None) -> dict[str, Any]:
    """Game options as JSON (``{"target": 7}``) or key=value pairs (``target=7 variant=short``)."""
    text = (text or "").strip()
    if not text:
        return {}
    if len(text) > TEXT_MAX:
        raise MalformedIntent(f"The options are {len(text)} characters long; at most {TEXT_MAX}.")
    if text.startswith("{"):
        try:
            raw = _decode(text, "The options")
        except json.JSONDecodeError as exc:
            raise MalformedIntent(
                f"The options are not valid JSON: {exc.msg} at character {exc.pos}."
            ) from None
        if not isinstance(raw, dict):
            raise MalformedIntent('The options must be a JSON object, like {"target": 7}.')
        return _checked(raw)
    out: dict[str, Any] = {}
    for part in text.replace(";", ",").replace(",", " ").split():
        name, eq, value = part.partition("=")
        if not eq or not name:
            raise MalformedIntent(f"'{part}' should look like name=value (or give the options as JSON).")
        out[name.strip()] = _value(value.strip())
    return _checked(out)
