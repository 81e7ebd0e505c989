"""What an IPA: The Agents seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: "Event kinds, the deck's order and the recycle pile, other hands and who holds
a Rift never appear"): the other Agents' hands (sizes public), the Item deck and the recycle pile are one
pool of unseen Item Cards; the kinds of the face-down Events are shuffled among them."""

from __future__ import annotations

from engine.core.determinize import redeal, world
from engine.core.rng import Rng

from .state import IpaState


def determinize(state: IpaState, seat: str, rng: Rng) -> IpaState:
    copy = world(state, seat, rng)
    others = [a.hand for s, a in sorted(copy.agents.items()) if s != seat]
    redeal(rng, *others, copy.deck, copy.recycle)
    kinds = [event.kind for event in copy.events]
    redeal(rng, kinds)
    for event, kind in zip(copy.events, kinds, strict=True):
        event.kind = kind
    return copy
