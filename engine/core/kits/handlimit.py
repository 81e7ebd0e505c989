"""Hand limits: who holds more than allowed, and by how much.

The game asks each such seat to give up the excess (a choose-many frame over the hand), in seat order;
this module only counts, so every game counts the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def excess(hand: Sequence[str], limit: int) -> int:
    """How many cards must go for ``hand`` to respect ``limit``."""
    return max(0, len(hand) - limit)


def over_limit(hands: Mapping[str, Sequence[str]], limit: int, order: Sequence[str]) -> list[tuple[str, int]]:
    """(seat, excess) for every seat over ``limit``, in ``order``."""
    return [(seat, excess(hands[seat], limit)) for seat in order if excess(hands.get(seat, ()), limit)]
