"""Pace presets: how long a player's turn and a reaction may take before the default is applied.

A player's clock covers their whole turn (every decision they make in a row), not each click; a reaction
window on someone else's turn (a prompt with the ``quick`` hint) gets a short fixed time of its own. A
preset is either a fixed time per turn or, like Board Game Arena's turn-based mode and Lichess
correspondence, a *time bank* per player: the turn may use the whole bank; what is left when the turn
ends, plus an increment, is the next turn's bank, never above a cap. A reminder goes out when most of
the time has passed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core.errors import MalformedIntent
from .core.model import Pace

HOUR = 3600
DAY = 24 * HOUR


@dataclass(frozen=True)
class PacePlan:
    """One preset. ``turn`` is the time per turn (a fixed clock) or the starting bank (``bank`` True)."""

    name: str
    turn: int
    reaction: int
    """Seconds for a reaction window on another player's turn (a ``quick`` prompt); never from the bank."""
    bank: bool = False
    increment: int = 0
    """Seconds added to the bank when a turn ends (bank presets)."""
    cap: int = 0
    """The most a bank may hold (bank presets)."""
    grace: int = 0
    """What a player's one-time ``/game extend`` (and a passed extend vote) adds to a deadline."""

    def describe(self) -> str:
        if self.bank:
            return (
                f"{self.name} (a time bank of {span(self.turn)}, +{span(self.increment)} per turn, "
                f"at most {span(self.cap)}; reactions {span(self.reaction)})"
            )
        return f"{self.name} ({span(self.turn)} per turn, reactions {span(self.reaction)})"


PLANS: dict[str, PacePlan] = {
    "blitz": PacePlan("blitz", 5 * 60, 60, grace=5 * 60),
    "standard": PacePlan("standard", DAY, 2 * HOUR, grace=DAY),
    "relaxed": PacePlan("relaxed", 3 * DAY, 6 * HOUR, grace=2 * DAY),
    "bank": PacePlan("bank", 3 * DAY, 4 * HOUR, bank=True, increment=DAY, cap=5 * DAY, grace=DAY),
    "bank-blitz": PacePlan("bank-blitz", 10 * 60, 60, bank=True, increment=60, cap=15 * 60, grace=5 * 60),
}

PRESETS: dict[str, int] = {name: plan.turn for name, plan in PLANS.items()}
"""Seconds for a normal turn (the starting bank of a bank preset), by preset name."""

HINT_FACTOR: dict[str, float] = {"quick": 0.5, "normal": 1.0, "long": 2.0}
"""Kept for callers that scale a turn by its hint; a ``quick`` prompt uses the preset's reaction time."""
REMIND_AT = 0.75
"""A reminder is due once this fraction of the time has passed."""
MISSED_BEFORE_AGENT = 3
"""After this many turns missed in a row, an agent plays the seat until its player returns."""


def check_preset(name: str) -> str:
    if name not in PLANS:
        raise MalformedIntent(f"Unknown pace '{name}'. Paces: {', '.join(PLANS)}.")
    return name


def plan(name: str) -> PacePlan:
    return PLANS[check_preset(name)]


def decision_seconds(preset: str, hint: Pace = "normal") -> float:
    """The time a new clock gets under a fixed preset: a reaction's, or a turn's (doubled when long)."""
    chosen = plan(preset)
    if hint == "quick":
        return float(chosen.reaction)
    return chosen.turn * (2.0 if hint == "long" else 1.0)


def settle_bank(chosen: PacePlan, bank: float, used: float) -> float:
    """The bank after a turn that used ``used`` seconds of ``bank``: what is left plus the increment,
    at most the cap (a turn that ran out leaves only the increment)."""
    return float(min(chosen.cap, max(0.0, bank - used) + chosen.increment))


def span(seconds: float) -> str:
    """A duration in words: ``5 minutes``, ``2 hours``, ``3 days``, ``1 h 30 min``."""
    seconds = int(max(0, seconds))
    if seconds < HOUR:
        minutes = max(1, seconds // 60) if seconds else 0
        return f"{minutes} minute{'s' * (minutes != 1)}"
    if seconds < 2 * DAY:
        hours, minutes = divmod(seconds // 60, 60)
        if minutes:
            return f"{hours} h {minutes} min"
        return f"{hours} hour{'s' * (hours != 1)}"
    days, rest = divmod(seconds, DAY)
    hours = rest // HOUR
    return f"{days} days" + (f" {hours} h" if hours else "")


def describe(preset: str) -> str:
    return plan(preset).describe()
