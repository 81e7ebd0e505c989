"""What a Gamedec seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: the public view holds "no hand, no face-down card, no secret"): the other
detectives' Task hands and face-down failed Tasks, the Task cards drawn face down this turn (unseen even by
their owner), the Task deck and its discard pile but the top card, the order of the Equipment, Commission and
Terror decks, and the other detectives' Scenario cards while they are still hidden."""

from __future__ import annotations

from engine.core.determinize import redeal, world
from engine.core.rng import Rng

from .pack import load_pack
from .state import GamedecState


def determinize(state: GamedecState, seat: str, rng: Rng) -> GamedecState:
    copy = world(state, seat, rng)
    others = [p for s, p in sorted(copy.players.items()) if s != seat]
    tasks = copy.task_deck
    under = tasks.discards[:-1]
    redeal(
        rng,
        *(p.hand for p in others),
        *(p.set_aside for p in others),
        *(p.drawn for p in copy.players.values()),
        tasks.cards,
        under,
    )
    tasks.discards[:-1] = under
    for deck in (copy.equip_deck, copy.commission_deck, copy.terror_deck):
        redeal(rng, deck)
    hidden = [p for p in others if p.story == "hidden"]
    if hidden:
        known = {p.scenario for p in copy.players.values() if p.scenario and p not in hidden}
        scenarios = [[p.scenario] for p in hidden]
        unused = sorted(set(load_pack().scenarios) - known - {p.scenario for p in hidden})
        redeal(rng, *scenarios, unused)
        for player, drawn in zip(hidden, scenarios, strict=True):
            player.scenario = drawn[0]
    return copy
