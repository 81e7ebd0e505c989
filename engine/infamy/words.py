"""A few of Infamy's things in words, shared by the labels, the events and the board and hand text: what a
mission gives, and counts with their plural ("1 Henchman", "2 Henchmen")."""

from __future__ import annotations

from collections.abc import Sequence

from .view import FACTION_NAMES


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` things: "1 Scheme", "2 Schemes" (``many``: an irregular plural, "Henchmen")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def mission_gains(reward: str, infamy: int, rep: int, factions: Sequence[str]) -> str:
    """What completing a mission gives, in the rulebook's order (its reward, then Infamy and Rep in one of
    its factions): "draw 1 Megacorp Scheme, then 1i and 1r in Megacorp", "gain 3i"."""
    gains = [f"{infamy}i"] if infamy else []
    if rep:
        gains.append(f"{rep}r in " + " or ".join(FACTION_NAMES.get(f, f) for f in factions))
    then = " and ".join(gains)
    first = reward.strip().rstrip(".")
    if not first:
        return f"gain {then}"
    first = first[:1].lower() + first[1:]
    return f"{first}, then {then}" if then else first
