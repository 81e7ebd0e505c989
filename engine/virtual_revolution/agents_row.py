"""The two rows on the Main Board: the 5 Agent spaces with their Localization tokens, and the 5 available
Verse cards (slot 1 the newest, slot 5 the oldest). Both are face-up displays (engine/core/kits/display):
Agents keep their numbered space; Verses slide right and a new one comes in at the left."""

from __future__ import annotations

from engine.core import Event, public
from engine.core.kits import display

from .rules import P, agent_name, borough_name
from .state import FIRST, VrState


def deal_agents(state: VrState) -> list[Event]:
    """ "Reveal the first 5 Agent cards ... for each of the 5 Agents, draw 1 Localization card and place the
    corresponding Localization token in the indicated Borough ... If the 1st Player/Intercepted Agent card is
    drawn, immediately remove the Agent's card from the board." (The intercepted Agent goes to the Agent
    discard pile, where Morel may reach it: ruling.)"""
    events: list[Event] = []
    state.slots = [None] * 5
    state.located = {}
    state.intercepted = []
    for slot in range(5):
        if not state.agent_deck or not state.loc_deck:
            break
        card = state.agent_deck.pop()
        where = state.loc_deck.pop()
        if where == FIRST:
            state.agent_discard.append(card)
            state.intercepted.append(slot)
            events.append(public("agent", f"Agent #{slot + 1}, {agent_name(card)}, is intercepted."))
            continue
        state.slots[slot] = card
        state.located[slot] = where
        events.append(public("agent", f"Agent #{slot + 1}: {agent_name(card)} in {borough_name(where)}."))
    return events


def discard_unrecruited(state: VrState) -> None:
    for slot, card in enumerate(state.slots):
        if card is not None:
            state.agent_discard.append(card)
        state.slots[slot] = None
    state.located = {}


def take_agent(state: VrState, slot: int) -> str:
    card = display.take(state.slots, slot)
    state.located.pop(slot, None)
    return card


def _deal_verse(state: VrState) -> str | None:
    return display.from_pile(state.verse_deck)()


def take_verse(state: VrState, slot: int) -> str:
    """ "Take 1 of the 5 available Verse cards ... Then slide the remaining Verse cards to the right to fill
    the
    gap, if any, and add a new Verse card to the leftmost empty space." """
    return display.take_sliding(state.verse_row, slot, display.from_pile(state.verse_deck))


def refresh_all(state: VrState) -> None:
    """ "Return them to the bottom of the Verse deck and fill the display with the next 5 Verse cards." """
    old = [v for v in state.verse_row if v is not None]
    state.verse_row = [_deal_verse(state) for _ in range(5)]
    state.verse_deck[0:0] = list(reversed(old))


def replace_verse(state: VrState, slot: int) -> None:
    old = state.verse_row[slot]
    state.verse_row[slot] = _deal_verse(state)
    if old is not None:
        state.verse_deck.insert(0, old)


def discard_verse(state: VrState, verse: str) -> None:
    """ "When a Verse card is discarded, place it back under the Verse deck." """
    state.verse_deck.insert(0, verse)


def age_verses(state: VrState) -> list[Event]:
    """Maintenance A: "Discard the rightmost Verse card, slide all the remaining Verse cards to the right, and
    add a new Verse card to the leftmost space." """
    oldest = display.push(state.verse_row, display.from_pile(state.verse_deck))
    if oldest is not None:
        discard_verse(state, oldest)
        return [public("verse", f"{P().verses[oldest].name} leaves the Verse row.")]
    return []
