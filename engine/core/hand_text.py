"""A seat's private view as short text a person reads (``/hand``, "My hand"), for every game alike.

A game's view is the dump of its typed view model; what only that seat sees is what its view holds and the
public view (seat ``None``) does not (:func:`private_part`). That part is written out generically: a headed
section per field, each card (a record with a ``name``) as a bullet line with its effect and its numbers,
counts beside the headings, identifiers in plain words. Records the public view shows too (a seat's own
public row, repeated in its private part) are left out: the board shows them.

A game may write its own text: a ``hand_lines(view, public)`` method on the game returning the lines (or
None to fall back to this one). Only the seat's own view and the public view are read, so nothing another
seat may not show can appear here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

HOOK = "hand_lines"
"""The optional method of a game that writes its own private text."""
SKIP = frozenset({"game", "version", "schema", "seat", "format"})
"""Top-level fields that name the view, not what is in it."""
INLINE = frozenset({"me", "mine", "private", "you", "own"})
"""Fields that hold the seat's own part: their contents are shown as top-level sections."""
NAME_KEYS = ("name", "title", "label")
TEXT_KEYS = ("text", "effect", "ability", "description", "short", "reward", "rule")
QUIET_KEYS = frozenset({"id", "ref", "key", "index"})
LABELS = {"my_choice": "Your secret choice", "hand": "Your hand"}
_INTENT_KEY = re.compile(
    r"(?P<kind>[a-z][a-z0-9_]*):(?P<args>[a-z0-9_]+=[A-Za-z0-9_.-]+(,[a-z0-9_]+=[A-Za-z0-9_.-]+)*)"
)
LINES_MAX = 80
VALUE_MAX = 160


def private_part(own: Any, public: Any) -> Any:
    """What ``own`` holds that ``public`` does not: the keys whose values differ, recursively; None when
    nothing differs. Lists are compared whole."""
    if isinstance(own, dict) and isinstance(public, dict):
        out = {}
        for key, value in own.items():
            if key not in public:
                out[key] = value
                continue
            part = private_part(value, public[key])
            if part is not None:
                out[key] = part
        return out or None
    return None if own == public else own


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _public_records(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, dict):
        out.add(_canon(value))
        for item in value.values():
            _public_records(item, out)
    elif isinstance(value, list):
        for item in value:
            _public_records(item, out)
    return out


def label(key: str) -> str:
    if key in LABELS:
        return LABELS[key]
    words = key.strip("_").replace("_", " ")
    if words.startswith("my "):
        words = "your " + words[3:]
    return words[:1].upper() + words[1:]


def plain(value: Any) -> str:
    """A scalar in words: yes/no, identifiers with spaces (``paradise_beach`` -> ``paradise beach``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    text = str(value)
    key = _INTENT_KEY.fullmatch(text)
    if key is not None:  # a secret choice kept as its intent key: ``pick:n=1`` -> ``pick (n 1)``
        args = ", ".join(a.replace("=", " ") for a in key["args"].split(","))
        return f"{plain(key['kind'])} ({args})"[:VALUE_MAX]
    if text.replace("_", "").isalnum() and "_" in text:
        text = text.replace("_", " ")
    return text[:VALUE_MAX]


def _scalars(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{plain(k)} {plain(v)}" for k, v in value.items() if v is not None) or "none"
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or "none"
    return plain(value)


def is_card(value: Any) -> bool:
    return isinstance(value, dict) and any(isinstance(value.get(k), str) and value.get(k) for k in NAME_KEYS)


def card_line(card: Mapping[str, Any]) -> str:
    """``**Name** (world paradise beach, dl 10, skills empathy, discretion) — its effect``."""
    name = next(str(card[k]) for k in NAME_KEYS if isinstance(card.get(k), str) and card.get(k))
    texts = [plain(card[k]) for k in TEXT_KEYS if isinstance(card.get(k), str) and card.get(k)]
    details = []
    for key, value in card.items():
        if key in NAME_KEYS or key in TEXT_KEYS or key in QUIET_KEYS or value is None or value is False:
            continue
        if value is True:
            details.append(plain(key))
        elif isinstance(value, dict | list) and not _scalars(value):
            continue  # deeper records belong to the board image
        elif value not in ([], {}):
            details.append(f"{plain(key)} {_flat(value)}")
    line = f"**{name}**" + (f" ({', '.join(details)})" if details else "")
    return line + (f" — {' '.join(texts)}" if texts else "")


def _section(key: str, value: Any, seen: set[str], pad: str) -> list[str]:
    head = f"{pad}**{label(key)}**"
    if isinstance(value, list):
        shown = [v for v in value if _canon(v) not in seen or not isinstance(v, dict)]
        if not shown:
            return [f"{head}: none"] if not value else []
        if _scalars(shown):
            return [f"{head} ({len(shown)}): {_flat(shown)}"]
        lines = [f"{head} ({len(shown)}):"]
        for item in shown:
            if is_card(item):
                lines.append(f"{pad}• {card_line(item)}")
            elif isinstance(item, dict) and _scalars(item):
                lines.append(f"{pad}• {_flat(item)}")
            else:
                lines.append(f"{pad}•")
                lines += _body(item, seen, pad + "  ")
        return lines
    if isinstance(value, dict):
        if _canon(value) in seen or not value:
            return []
        if is_card(value):
            return [f"{head}: {card_line(value)}"]
        if _scalars(value):
            return [f"{head}: {_flat(value)}"]
        body = _body(value, seen, pad + "  ")
        return [f"{head}:", *body] if body else []
    return [f"{head}: {plain(value)}"]


def _body(value: Any, seen: set[str], pad: str = "") -> list[str]:
    if not isinstance(value, dict):
        return [f"{pad}{_flat(value)}"] if _scalars(value) else []
    lines: list[str] = []
    for key, item in value.items():
        if item is None:
            continue
        if key in INLINE and isinstance(item, dict):
            lines += _body(item, seen, pad)
        else:
            lines += _section(str(key), item, seen, pad)
    return lines


def hand_lines(
    own: Mapping[str, Any], public: Mapping[str, Any] | None = None, limit: int = LINES_MAX
) -> list[str]:
    """The private part of ``own`` (a seat's view) as readable lines; [] when it holds nothing private."""
    part = private_part(dict(own), dict(public or {})) if public is not None else dict(own)
    if not isinstance(part, dict):
        return []
    part = {k: v for k, v in part.items() if not (k in SKIP or (k in INLINE and not isinstance(v, dict)))}
    seen = _public_records(dict(public or {}), set())
    lines = _body(part, seen)
    if len(lines) > limit:
        lines = [*lines[:limit], f"… and {len(lines) - limit} more lines (the image shows everything)"]
    return lines


def game_hand_lines(game: Any, own: Mapping[str, Any], public: Mapping[str, Any] | None) -> list[str]:
    """The game's own text (its :data:`HOOK` method) when it has one and it answers, else
    :func:`hand_lines`."""
    hook = getattr(game, HOOK, None)
    if callable(hook):
        lines = hook(dict(own), dict(public or {}))
        if lines is not None:
            return [str(line) for line in lines]
    return hand_lines(own, public)
