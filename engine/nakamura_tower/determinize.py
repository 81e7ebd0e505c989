"""What a Nakamura Tower seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: "only its own hand of Cyberwarfare cards"; state.py: face-down programmes are
known to their owner only, AI defence cards drawn face down to a sniffer only): each other Team's hand, its
face-down programmes and its Faction deck are one pool of that Faction's unseen cards; the seat's own deck
order, the AI deck with the face-down defence cards it has not seen, and the CanDo deck are shuffled."""

from __future__ import annotations

from engine.core.determinize import redeal, world
from engine.core.rng import Rng

from .state import NtState


def determinize(state: NtState, seat: str, rng: Rng) -> NtState:
    copy = world(state, seat, rng)
    for other, team in sorted(copy.teams.items()):
        if other == seat:
            redeal(rng, team.deck.cards)
            continue
        down = [slot for t in copy.teams.values() for slot in t.tn if slot.owner == other and slot.face_down]
        cards = [[slot.card] for slot in down]
        redeal(rng, team.hand, *cards, team.deck.cards)
        for slot, card in zip(down, cards, strict=True):
            slot.card = card[0]
    seen = set(copy.teams[seat].seen) if seat in copy.teams else set()
    unseen = [
        cards
        for terminal in copy.terminals.values()
        for cards in terminal.face_down.values()
        if not seen.intersection(cards)
    ]
    redeal(rng, *unseen, copy.ai_deck.cards)
    redeal(rng, copy.cando.cards)
    return copy
