"""What a Gamedec seat cannot know, dealt afresh (the ``determinize`` hook of the agents).

Hidden from a seat (view.py: the public view holds "no hand, no face-down card, no secret"): the other
detectives' Task hands and face-down failed Tasks, the Task cards drawn face down this turn (unseen even by
their owner), the Task deck and its discard pile but the top card, the order of the Equipment, Commission and
Terror decks, and the other detectives' Scenario cards while they are still hidden (dealt again from the
Scenarios dealt from at set-up: the special ones and those of the detectives in play, story.py ``deal``).
A Task card of another hand that this seat was shown or offered in a trade under way stays in that hand.
Public and left alone: the face-up Equipment pile, the Commissions used, the Terror cards revealed, the
Finale cards taken (announced, and in every view) and the revealed Scenarios."""

from __future__ import annotations

from engine.core.determinize import redeal, redeal_except, world
from engine.core.rng import Rng

from .pack import load_pack
from .state import GamedecState


def determinize(state: GamedecState, seat: str, rng: Rng) -> GamedecState:
    copy = world(state, seat, rng)
    others = [p for s, p in sorted(copy.players.items()) if s != seat]
    tasks = copy.task_deck
    under = tasks.discards[:-1]
    redeal_except(
        rng,
        _trade_known(copy, seat),
        *(p.hand for p in others),
        *(p.set_aside for p in others),
        *(p.drawn for p in copy.players.values()),
        tasks.cards,
        under,
    )
    tasks.discards[:-1] = under
    for deck in (copy.equip_deck, copy.commission_deck, copy.terror_deck):
        redeal(rng, deck)
    _deal_scenarios(copy, seat, rng)
    return copy


def _deal_scenarios(state: GamedecState, seat: str, rng: Rng) -> None:
    """The other detectives' hidden Scenarios and the ones left undealt, dealt again."""
    hidden = [p for s, p in sorted(state.players.items()) if s != seat and p.story == "hidden"]
    if not hidden:
        return
    scenarios = load_pack().scenarios
    present = {p.detective for p in state.players.values()}
    dealt_from = {s.id for s in scenarios.values() if s.special or s.hero in present}
    known = {
        p.scenario for s, p in state.players.items() if p.scenario and (s == seat or p.story != "hidden")
    }
    drawn = [[p.scenario] for p in hidden]
    unused = sorted(dealt_from - known - {p.scenario for p in hidden})
    redeal(rng, *drawn, unused)
    for player, card in zip(hidden, drawn, strict=True):
        player.scenario = card[0]


def _trade_known(state: GamedecState, seat: str) -> list[str]:
    """The Task cards a trade under way names to ``seat`` (its items, when ``seat`` is a side of it, and the
    cards shown to it)."""
    trade = state.trade
    if trade is None:
        return []
    tasks = load_pack().tasks
    items = (
        [trade.give, trade.get, *trade.give_all, *trade.get_all]
        if seat in (state.active, trade.partner)
        else []
    )
    for other, offer in sorted(trade.offers.items()):
        items += offer if seat in (other, state.active) else []
    shown = [card for who, _, card in (s.partition(":") for s in trade.shown) if who != seat]
    involved = seat in (state.active, trade.partner, *trade.offers)
    return sorted({i for i in items if i in tasks} | (set(shown) if involved else set()))
