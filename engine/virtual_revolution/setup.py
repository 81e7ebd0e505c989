"""Set-up, as written (rulebook "Setup" 1-7) and as the notes complete it (steps 8-12)."""

from __future__ import annotations

from engine.core import Event, Rng, public

from .agents_row import deal_agents
from .control import recheck
from .rules import P
from .state import FIRST, Player, RoundStep, VrOptions, VrState

POOL = {2: 20, 3: 18, 4: 15}
""""2 Players: 20 Influence tokens; 3 Players: 18 ...; 4 Players: 15"."""
NECRO_STANDARD = 4
"""Ruling A06: a random 4 of the 11 Standard cards over a random End of Game card (5 Rounds, one each)."""


def build(game_id: str, seats: list[str], rng: Rng, options: VrOptions) -> VrState:
    pool = POOL[len(seats)]
    players = {s: Player(seat=s, reserve=pool) for s in seats}
    state = VrState(game=game_id, seats=seats, rng=rng, opts=options, players=players, order=list(seats))
    objectives = rng.shuffled(sorted(P().objectives))
    for seat in seats:
        players[seat].objectives = [objectives.pop(), objectives.pop()]
    _localization(state)
    _agent_deck(state)
    state.corruption.cards = rng.shuffled(sorted(P().corruption))
    state.verse_deck = rng.shuffled(sorted(P().verses))
    state.verse_row = [state.verse_deck.pop() for _ in range(5)]
    standard = rng.shuffled(sorted(c for c, card in P().necro.items() if card.kind == "standard"))
    end = rng.shuffled(sorted(c for c, card in P().necro.items() if card.kind == "end"))
    rounds = options.rounds
    state.necro_deck = [end[0], *standard[: rounds - 1]] if rounds > 0 else []
    state.boost_cards = sorted(P().boosts)
    state.steps = [RoundStep()]
    return state


def _localization(state: VrState) -> None:
    """Deal the 24 Localization cards evenly; one Influence token on each Borough shown; the 1st Player card's
    holder goes first, the others "in clockwise order" (seat order); then reshuffle them into a deck."""
    cards = [*P().boroughs, FIRST]
    dealt = state.rng.shuffled(cards)
    each = len(cards) // len(state.seats)
    first = state.seats[0]
    for i, seat in enumerate(state.seats):
        for card in dealt[i * each : (i + 1) * each]:
            if card == FIRST:
                first = seat
                continue
            state.players[seat].reserve -= 1
            state.owner[card] = seat
            state.tokens[card] = 1
    start = state.seats.index(first)
    state.order = state.seats[start:] + state.seats[:start]
    state.loc_deck = state.rng.shuffled(cards)


def _agent_deck(state: VrState) -> None:
    """ "Shuffle the Level 2 Agent cards face-down, remove 6 of them ... remove 3 [Level 1] ... place the
    remaining 15 on top." The removed cards are public ("Players can look at the removed cards")."""
    level1 = state.rng.shuffled(sorted(a for a, c in P().agents.items() if c.level == 1))
    level2 = state.rng.shuffled(sorted(a for a, c in P().agents.items() if c.level == 2))
    keep1, keep2 = 15, 9
    state.removed_agents = sorted(level1[keep1:] + level2[keep2:])
    # the top of the deck is the end of the list: Level 2 underneath, Level 1 on top
    state.agent_deck = level2[:keep2] + level1[:keep1]


def opening_events(state: VrState) -> list[Event]:
    removed = ", ".join(P().agents[a].name for a in state.removed_agents)
    events = [
        public("setup", f"Turn Order: {', '.join(state.order)}. Agents removed from the game: {removed}.")
    ]
    events += deal_agents(state)
    return events + recheck(state)
