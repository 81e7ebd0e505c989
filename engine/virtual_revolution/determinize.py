"""What a Virtual Revolution seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat: the other players' Corruption hands (their sizes are public), the Corruption deck and
its discard pile (counts only), the other players' Objectives (until the scoring), every deck's order
(Agents, Localization, Verses, Necro) and the Necro card another player peeked at. A seat that peeked keeps
the top Necro card where it is."""

from __future__ import annotations

from engine.core.determinize import redeal, world
from engine.core.rng import Rng

from .rules import P
from .state import VrState


def determinize(state: VrState, seat: str, rng: Rng) -> VrState:
    copy = world(state, seat, rng)
    others = [p for s, p in copy.players.items() if s != seat]
    me = copy.players[seat]
    redeal(rng, *(p.hand for p in others), copy.corruption.cards, copy.corruption.discards)
    scored = any(p.score is not None for p in copy.players.values())
    if not scored:
        dealt = {o for p in copy.players.values() for o in p.objectives}
        unused = sorted(set(P().objectives) - dealt)
        redeal(rng, *(p.objectives for p in others), unused)
    for deck in (copy.agent_deck, copy.loc_deck, copy.verse_deck):
        redeal(rng, deck)
    top = copy.necro_deck[-1:] if me.peek and copy.necro_deck else []
    rest = copy.necro_deck[: len(copy.necro_deck) - len(top)]
    redeal(rng, rest)
    copy.necro_deck = rest + top
    for player in others:
        if player.peek is not None:
            player.peek = copy.necro_deck[-1] if copy.necro_deck else None
    return copy
