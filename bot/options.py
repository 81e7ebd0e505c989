"""Game options typed by a person: JSON (``{"target": 7}``) or key=value pairs (``target=7 variant=short``).

Both the terminal (``--options``) and Discord (``/game new options:``) read options this way; the game's
options model then validates the values.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.errors import MalformedIntent


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_options(text: str | None) -> dict[str, Any]:
    """Game options as JSON (``{"target": 7}``) or key=value pairs (``target=7 variant=short``)."""
    text = (text or "").strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MalformedIntent(f"The options are not valid JSON: {exc.msg} at character {exc.pos}.") from None
        if not isinstance(raw, dict):
            raise MalformedIntent("The options must be a JSON object, like {\"target\": 7}.")
        return raw
    out: dict[str, Any] = {}
    for part in text.replace(";", ",").replace(",", " ").split():
        name, eq, value = part.partition("=")
        if not eq or not name:
            raise MalformedIntent(f"'{part}' should look like name=value (or give the options as JSON).")
        out[name.strip()] = _value(value.strip())
    return out
