"""Every Agent's activation and promotion, with every target offered, and every Verse's bonus, on a busy
board:
each is accepted and leaves a game that goes on (a smoke test over the whole data pack)."""

from __future__ import annotations

import pytest

from engine.core import RandomAgent
from engine.core.playout import advance
from engine.virtual_revolution.pack import pack
from engine.virtual_revolution.state import Duty, Held, VrState

from .support import GAME, act, keys, mover, turn_in


def _busy() -> VrState:
    seats = ["p1", "p2", "p3"]
    state = advance(GAME, GAME.setup(seats, 21), {s: RandomAgent(i) for i, s in enumerate(seats)}, 120)
    while GAME.prompts(state)[0].kind != "turn" or state.ctx.borough is not None:
        state = act(state, GAME.legal(state, mover(state))[0].key())
    return state


BUSY = _busy()


def _settle(state: VrState, seat: str) -> VrState:
    """Answer any question the effect asked (with its first option) until the turn is back."""
    for _ in range(20):
        prompts = GAME.prompts(state)
        if not prompts or (prompts[0].kind == "turn" and prompts[0].seat == seat):
            return state
        state = act(state, GAME.legal(state, prompts[0].seat)[0].key(), prompts[0].seat)
    raise AssertionError("the effect kept asking")


@pytest.mark.parametrize("agent", sorted(pack().agents))
def test_every_agent(agent: str) -> None:
    state = GAME.copy(BUSY)
    seat = mover(state)
    others = [s for s in state.seats if s != seat]
    state.p(seat).duty = [Duty(agent=agent), Duty(agent="zero")]
    state.p(others[0]).duty = [Duty(agent="yoshida")]
    state.p(seat).hand = state.p(seat).hand or [state.corruption.cards.pop()]
    state.p(seat).verses = [Held(verse="codex", online=True), Held(verse="westland")]
    state.p(seat).ec = 30
    borough = next(b for b in pack().boroughs if state.owner.get(b) == seat)
    state.servers = {b: s for b, s in state.servers.items() if s != seat or b == borough}
    state.servers[borough] = seat
    state = turn_in(state, borough)
    options = [k for k in keys(state) if k.startswith((f"activate:agent={agent}", f"promote:agent={agent},"))]
    assert any(k.startswith("activate") for k in options) and any(k.startswith("promote") for k in options)
    for key in options:
        after = _settle(act(state, key), seat)
        assert GAME.outcome(after) is None and keys(after, seat), key


@pytest.mark.parametrize("verse", sorted(pack().verses))
def test_every_verse_bonus(verse: str) -> None:
    """Hassan's promotion: "Turn one of your Verses to its Online side, regardless of the condition. Gain the
    Bonus." """
    state = GAME.copy(BUSY)
    seat = mover(state)
    state.p(seat).duty = [Duty(agent="hassan")]
    state.p(seat).verses = [Held(verse=verse)]
    state = turn_in(state, pack().boroughs[0])
    key = f"promote:agent=hassan,use={verse},to=retire"
    if pack().verses[verse].condition.op == "none":
        state.p(seat).verses = [Held(verse=verse, online=True)]
        assert key not in keys(state)
        return
    after = _settle(act(state, key), seat)
    assert after.p(seat).verses[0].online and keys(after, seat)
