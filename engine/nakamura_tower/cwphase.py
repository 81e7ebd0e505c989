"""The Cyberwarfare phase's start: the Hackers, the cards drawn, then the sniffing (table option
``sniffers``) or straight to the secret plans."""

from __future__ import annotations

from engine.core import Event, public

from .board import hacker_of
from .cyber import draw_cards, open_plan
from .sniffing import ask_sniff
from .state import NtState
from .stats import name


def cyberwarfare(state: NtState) -> list[Event]:
    hackers = {s: h.id for s in state.cw_order or state.seats if (h := hacker_of(state, s)) is not None}
    for seat in state.seats:
        draw_cards(state, seat)
    if not hackers:
        return [public("cw", "No Team has a Hacker in the tower: the Cyberwarfare phase ends.")]
    events = [
        public("cw", "Hackers: " + ", ".join(f"{s} {name(state.models[h])}" for s, h in hackers.items()))
    ]
    if state.opts.sniffers:
        return events + ask_sniff(state, hackers)
    return events + open_plan(state, hackers)


__all__ = ["cyberwarfare"]
