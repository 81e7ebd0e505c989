"""Pace presets: how long each decision may take before its default is applied.

A game's pace preset gives a base time per decision; a prompt's pace hint scales it (a quick
reaction gets less, a long plan more). A reminder goes out when most of the time has passed.
"""

from __future__ import annotations

from .core.errors import MalformedIntent
from .core.model import Pace

PRESETS: dict[str, int] = {
    "blitz": 5 * 60,
    "standard": 24 * 3600,
    "relaxed": 3 * 24 * 3600,
}
"""Seconds for a normal decision under each preset."""

HINT_FACTOR: dict[str, float] = {"quick": 0.5, "normal": 1.0, "long": 2.0}
REMIND_AT = 0.75
"""A reminder is due once this fraction of the time has passed."""
MISSED_BEFORE_AGENT = 3
"""After this many deadlines missed in a row, an agent plays the seat until its player returns."""


def check_preset(name: str) -> str:
    if name not in PRESETS:
        raise MalformedIntent(f"Unknown pace '{name}'. Paces: {', '.join(PRESETS)}.")
    return name


def decision_seconds(preset: str, hint: Pace = "normal") -> float:
    return PRESETS[check_preset(preset)] * HINT_FACTOR.get(hint, 1.0)


def describe(preset: str) -> str:
    seconds = PRESETS[check_preset(preset)]
    if seconds < 3600:
        return f"{preset} ({seconds // 60} minutes per decision)"
    if seconds < 48 * 3600:
        return f"{preset} ({seconds // 3600} hours per decision)"
    return f"{preset} ({seconds // 86400} days per decision)"
