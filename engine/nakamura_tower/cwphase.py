"""The Cyberwarfare phase's start: the cards drawn, then every Team with a Hacker declares (:mod:`.declare`),
the sniffs, and the secret plans (:mod:`.cyber`)."""

from __future__ import annotations

from engine.core import Event, public

from .board import hacker_of
from .cyber import draw_cards
from .declare import open_declarations
from .state import NtState


def cyberwarfare(state: NtState) -> list[Event]:
    """RB: "The players draw their Cyberwarfare cards for the turn"; the example: "the Nakamura Team has no
    hackers thus the Cyberwarfare Phase ends" (for it)."""
    for seat in state.sides:
        draw_cards(state, seat)
    seats = [s for s in state.cw_order or state.sides if hacker_of(state, s) is not None]
    if not seats:
        return [public("cw", "No Team has a Hacker in the tower: the Cyberwarfare phase ends.")]
    return open_declarations(state, seats)


__all__ = ["cyberwarfare"]
