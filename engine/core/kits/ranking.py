"""Finishing orders with tie-breaks, as groups of tied seats (what :class:`Outcome` ranks).

``rank(seats, key)`` sorts by a key tuple, best first: the rulebook's tie-breaks are the later members
of the tuple (more points, then more money, then fewer debts: ``(points, money, -debts)``). Seats whose
whole key is equal share a place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def rank(seats: Sequence[str], key: Callable[[str], Any]) -> list[list[str]]:
    """Groups of seats, best first; seats with equal keys share a group (in seat order)."""
    groups: dict[Any, list[str]] = {}
    for seat in seats:
        groups.setdefault(key(seat), []).append(seat)
    return [groups[k] for k in sorted(groups, reverse=True)]


def best(seats: Sequence[str], key: Callable[[str], Any]) -> list[str]:
    """The seats sharing the best key."""
    ranked = rank(seats, key)
    return ranked[0] if ranked else []
