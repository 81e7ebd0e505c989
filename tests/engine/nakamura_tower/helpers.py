"""Scenario helpers: a fresh table, models placed by hand and a CanDo deck stacked in a known order."""

from __future__ import annotations

from engine.nakamura_tower.game import NAKAMURA
from engine.nakamura_tower.state import NtState

G = NAKAMURA


def table(seats: int = 2, seed: int = 1, **options: object) -> NtState:
    """A fresh table whose Factions are chosen so that seat ``p<n>`` plays the mission's n-th Team, each
    Team kept as the mission suggests it."""
    from engine.core import Intent
    from engine.nakamura_tower.loading import pack

    state = G.setup([f"p{i}" for i in range(1, seats + 1)], seed, options)
    wanted = {f"p{i + 1}": t.faction for i, t in enumerate(pack().mission_for(seats).teams)}
    while G.prompts(state) and G.prompts(state)[0].kind == "faction":
        seat = G.prompts(state)[0].seat
        state, _ = G.apply(state, seat, Intent.of("faction", name=wanted[seat]))
    while G.prompts(state) and G.prompts(state)[0].kind == "build":
        state, _ = G.apply(state, G.prompts(state)[0].seat, Intent.of("ready"))  # the mission's Teams
    return state


def stack(state: NtState, *values: int) -> None:
    """The next CanDo draws are ``values``, in order (copies taken from the deck so it stays 40 cards)."""
    pool = state.cando.cards + state.cando.discards
    chosen = []
    for v in values:
        card = next(c for c in pool if c.split(".")[0] == f"c{v}" and c not in chosen)
        chosen.append(card)
    rest = [c for c in pool if c not in chosen]
    state.cando.cards = rest + list(reversed(chosen))
    state.cando.discards = []


def clear_board(state: NtState, keep: tuple[str, ...] = ()) -> None:
    """Take every model but ``keep`` off the board (as escaped), so a scenario has only its own models."""
    for model in state.models.values():
        if model.id not in keep:
            model.status, model.cell = "escaped", None


def place(state: NtState, model: str, cell: str) -> None:
    state.models[model].cell = cell
    state.models[model].status = "ok"


def to_real_world(state: NtState, first: str = "p1") -> NtState:
    """Answer the initiative (``first`` goes first everywhere) and Cyberwarfare with plain choices, up to the
    first Team activation."""
    from engine.core import Intent

    for _ in range(50):
        prompts = G.prompts(state)
        if not prompts or prompts[0].kind == "activate":
            return state
        p = prompts[0]
        if p.kind == "bid":
            state, _ = G.apply(state, p.seat, Intent.of("bid", sr=0))
        elif p.kind == "order":
            state, _ = G.apply(state, p.seat, Intent.of("order", cw=first, rw=first))
        else:
            state, _ = G.apply(state, p.seat, p.default)
    raise AssertionError("no Real World activation reached")


def at_cyberwarfare(state: NtState, **hands: list[str]) -> NtState:
    """A table at the start of its Cyberwarfare phase with the given hands, no cards left to draw (so the
    hands stay as given) and no frames or steps pending."""
    state.waiting.frames.clear()
    state.steps.clear()
    state.cw_order = list(state.seats)
    for seat, hand in hands.items():
        state.teams[seat].hand = list(hand)
    for team in state.teams.values():
        team.deck.cards, team.deck.discards = [], []
    return state


def ai_next(state: NtState, *cards: str) -> None:
    """The AI defence deck's next draws are ``cards``, in order."""
    state.ai_deck.cards = [c for c in state.ai_deck.cards if c not in cards] + list(reversed(cards))
