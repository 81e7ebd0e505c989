"""What an Infamy seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: "The public view never holds a hand (unless the table plays with open hands)
nor a secret sector card"): which Scheme cards the other players hold (hand sizes are public, and so, from
the Faction deck sizes, how many of each Faction they hold together) and the order of the Scheme, Mission
and Contact decks; the sector cards not yet revealed are re-chosen by the runtime. The Scheme discard piles
are public (RULINGS A15: a played or discarded Scheme "goes face up to its faction's discard pile", and is
named aloud), so they stay as they are."""

from __future__ import annotations

from engine.core.determinize import redeal, world
from engine.core.rng import Rng

from . import rules as R
from .state import InfamyState


def determinize(state: InfamyState, seat: str, rng: Rng) -> InfamyState:
    copy = world(state, seat, rng)
    if not copy.opts.open_hands:
        _deal_schemes(copy, seat, rng)
    redeal(rng, copy.missions.cards)
    redeal(rng, copy.contact_deck)
    return copy


def _deal_schemes(state: InfamyState, seat: str, rng: Rng) -> None:
    """Each Faction's unseen cards (its draw pile and the other hands' cards of it) shuffled; the other hands
    get as many cards of each Faction together as they held, in random places."""
    faction_of: dict[str, str] = {c: s.faction for c, s in R.pack().schemes.items()}
    hands = [p.hand for s, p in sorted(state.players.items()) if s != seat]
    places = rng.shuffled(sorted(faction_of[c] for hand in hands for c in hand))
    unseen = {f: [c for hand in hands for c in hand if faction_of[c] == f] for f in state.schemes}
    dealt: dict[str, list[str]] = {}
    for faction, deck in sorted(state.schemes.items()):
        pool = rng.shuffled(sorted(unseen[faction] + deck.cards))
        held = places.count(faction)
        dealt[faction], deck.cards = pool[:held], pool[held:]
    for hand in hands:
        size = len(hand)
        hand[:] = [dealt[places.pop()].pop() for _ in range(size)]
