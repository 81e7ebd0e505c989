"""What an IPA: The Agents seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: "Event kinds, the deck's order and the recycle pile, other hands and who holds
a Rift never appear"): the other Agents' hands (sizes public), the Item deck and the recycle pile are one
pool of unseen Item Cards; the kinds of the face-down Events are shuffled among them.

Mind Control (viewing.py: its two drawn cards are "for the controller and the controlled Agent's player
only"): to the controller, the drawn cards still in the target's hand are known and stay there; to a third
seat they are unknown, so they become as many cards drawn at random from the target's hand as dealt."""

from __future__ import annotations

from engine.core.clone import clone
from engine.core.determinize import hide_secrets, redeal, redeal_except, reseed
from engine.core.rng import Rng

from .state import IpaState


def determinize(state: IpaState, seat: str, rng: Rng) -> IpaState:
    copy = _world(state, seat, rng)
    control = copy.control
    kept = list(control.cards) if control is not None and control.controller == seat else []
    drawn = _held(copy) if control is not None and seat not in (control.controller, control.target) else []
    hands = [a.hand for s, a in sorted(copy.agents.items()) if s != seat]
    redeal_except(rng, kept, *hands, copy.deck, copy.recycle)
    if drawn:
        _draw_again(copy, drawn, rng)
    kinds = [event.kind for event in copy.events]
    redeal(rng, kinds)
    for event, kind in zip(copy.events, kinds, strict=True):
        event.kind = kind
    return copy


def _world(state: IpaState, seat: str, rng: Rng) -> IpaState:
    """:func:`engine.core.determinize.world` (a copy, re-seeded, the other seats' secrets re-chosen), the
    copy made as ``Game.copy`` makes it (:func:`engine.core.clone.clone`, which dumps as the JSON round trip
    ``world`` uses, at a fraction of its cost: the heuristic agent samples a state for every decision)."""
    copy = clone(state)
    reseed(copy, rng)
    hide_secrets(copy, seat, rng)
    return copy


def _held(state: IpaState) -> list[int]:
    """The places in Mind Control's drawn cards of those still in the target's hand."""
    control = state.control
    assert control is not None
    hand = state.agents[control.target].hand
    return [n for n, card in enumerate(control.cards) if card in hand]


def _draw_again(state: IpaState, held: list[int], rng: Rng) -> None:
    """The drawn cards at ``held`` (still in the target's hand, unknown to this seat) become as many others
    of that hand (as dealt again), drawn at random; a drawn card already played (publicly) stays named."""
    control = state.control
    assert control is not None
    played = {card for n, card in enumerate(control.cards) if n not in held}
    pool = rng.shuffled(sorted(c for c in state.agents[control.target].hand if c not in played))
    for n in held[: len(pool)]:
        control.cards[n] = pool.pop()
