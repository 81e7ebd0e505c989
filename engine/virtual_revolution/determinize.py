"""What a Virtual Revolution seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat: the other players' Corruption hands (their sizes are public), the Corruption deck and
its discard pile (counts only), the other players' Objectives (until the scoring), every deck's order
(Agents, Localization, Verses, Necro) and the Necro card another player peeked at. A seat that peeked keeps
the top Necro card where it is.

At the end of the game each player keeps one Objective in secret (with Mme Tropovicz's type when she is
promoted): while that choice is open, another player's options, default and answer name his own Objectives,
so they are made again from the Objectives dealt to him here (finish.py's offer) and chosen at random. Once
revealed, the kept Objective and the declared type are public and stay where they are."""

from __future__ import annotations

from engine.core.asking import options
from engine.core.determinize import hide_secrets, redeal, world
from engine.core.rng import Rng
from engine.core.secret import SecretFrame

from .finish import _best, objective_offer, tropovicz_offer
from .rules import P
from .state import VrState


def determinize(state: VrState, seat: str, rng: Rng) -> VrState:
    copy = world(state, seat, rng)
    others = [p for s, p in copy.players.items() if s != seat]
    me = copy.players[seat]
    redeal(rng, *(p.hand for p in others), copy.corruption.cards, copy.corruption.discards)
    scored = any(p.score is not None for p in copy.players.values())
    if not scored:
        _deal_objectives(copy, seat, rng)
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


def _deal_objectives(state: VrState, seat: str, rng: Rng) -> None:
    """The other players' Objectives (but a kept one, revealed) and the unused ones, dealt again; an open
    secret choice of the kept Objective is offered again from them."""
    dealt = {o for p in state.players.values() for o in p.objectives}
    unused = sorted(set(P().objectives) - dealt)
    others = [p for s, p in sorted(state.players.items()) if s != seat]
    hidden = [[o for o in p.objectives if o != p.kept] for p in others]
    redeal(rng, *hidden, unused)
    for player, cards in zip(others, hidden, strict=True):
        player.objectives = [o if o == player.kept else cards.pop(0) for o in player.objectives]
    frame = state.waiting.find("secret", "objective")
    if isinstance(frame, SecretFrame):
        _offer_again(state, frame, seat)
        hide_secrets(state, seat, rng)


def _offer_again(state: VrState, frame: SecretFrame, seat: str) -> None:
    """The other seats' options of the Objective choice as the game would offer them now."""
    for other in frame.seats:
        if other == seat:
            continue
        offer = objective_offer(state, other)
        frame.options[other] = options(offer)
        best = _best(state, other, offer)
        frame.defaults[other] = best.key()
        if other in frame.more:
            frame.more[other] = [options(tropovicz_offer(state, other, best))]
