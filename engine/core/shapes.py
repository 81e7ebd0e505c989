"""Argument shapes: which arguments each intent kind of a game takes, and of what type.

A key typed by a person or forged in a button id can name a known kind with missing, extra or mistyped
arguments. Checking the shape first lets a game refuse it in plain words before any label or rule reads
the arguments (which is where ``None`` labels and crashes came from)::

    SHAPES = {"assist": {"on": "word", "n": "number"}, "move": {"to": "word", "lose": "word?"}}
    check_shape(SHAPES, Intent.parse("assist:on=ann"))   # MalformedIntent: 'assist' needs a number for 'n'

A trailing ``?`` marks an optional argument. Numbers are whole numbers from 0 to ``NUMBER_MAX``: no game
here counts anything negative or in the millions, and a huge number must not reach arithmetic or a label.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import MalformedIntent
from .intent import Intent

Shapes = Mapping[str, Mapping[str, str]]
NUMBER_MAX = 9999


def check_shape(shapes: Shapes, intent: Intent) -> None:
    """Raise :class:`MalformedIntent` unless ``intent`` has exactly the arguments its kind takes."""
    spec = shapes.get(intent.kind)
    if spec is None:
        return  # a kind the game has not described: its rules check it
    takes = ", ".join(spec) or "no arguments"
    seen: set[str] = set()
    for name, value in intent.args:
        if name not in spec:
            raise MalformedIntent(f"'{intent.kind}' has no '{name}' (it takes {takes}).")
        if name in seen:
            raise MalformedIntent(f"'{intent.kind}' gives '{name}' twice.")
        seen.add(name)
        want = spec[name].rstrip("?")
        if want == "number" and not isinstance(value, int):
            raise MalformedIntent(f"'{intent.kind}' needs a whole number for '{name}'.")
        if want == "number" and isinstance(value, int) and not 0 <= value <= NUMBER_MAX:
            raise MalformedIntent(f"'{value}' is out of range for '{name}' (0 to {NUMBER_MAX}).")
        if want == "word" and not isinstance(value, str):
            raise MalformedIntent(f"'{intent.kind}' needs a name, not a number, for '{name}'.")
    missing = [name for name, want in spec.items() if not want.endswith("?") and name not in seen]
    if missing:
        raise MalformedIntent(
            f"'{intent.kind}' needs {' and '.join(repr(m) for m in missing)} (it takes {takes})."
        )
