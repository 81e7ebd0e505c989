"""Ruling V-15: a card's question asked in one's own turn does not stop the free actions, which the rulebook
allows "at any point during their turn"."""

from __future__ import annotations

from engine.virtual_revolution.state import Duty, Held

from .support import GAME, act, cleared, fresh, keys, mover, turn_in


def test_free_actions_stay_open_while_a_verse_bonus_asks_where() -> None:
    """ "In addition, at any point during their turn, a Player may: Activate a Title card ... Activate the
    ability of an Agent On Duty ... Promote an Agent On Duty ... Collecting their Influence tokens back from
    the Recycle Area"; "You may, at any time during your turn, exchange a Verse". Paris 1920: "IMMEDIATE
    BONUS: Add 1 Influence token in a Borough of your choice." While it asks where, Pixel can still be
    activated; the question stays open and is answered after."""
    state = cleared(fresh(3))
    seat = mover(state)
    player = state.p(seat)
    player.verses = [Held(verse="paris_1920")]
    player.duty = [Duty(agent="pixel")]
    state.servers["b19"] = seat  # a Server in Neo District
    state = turn_in(state, "b5")
    state = act(state, "online:verse=paris_1920", seat)
    options = keys(state, seat)
    assert "pick:at=b1" in options and "activate:agent=pixel" in options
    ec = state.p(seat).ec
    state = act(state, "activate:agent=pixel", seat)
    assert state.p(seat).ec == ec + 3
    assert GAME.prompts(state)[0].kind == "place", "the question is still open"
    assert "activate:agent=pixel" not in keys(state, seat)
    state = act(state, "pick:at=b1", seat)
    assert state.owner["b1"] == seat and GAME.prompts(state)[0].kind == "turn"


def test_no_free_action_is_offered_outside_ones_turn() -> None:
    """Dark Kingdom: "Each opponent chooses to discard 1 Agent on Duty, 1 Boost ... or 1 Immunity token." The
    opponents answer in another player's turn: only the question is theirs, never their free actions."""
    state = cleared(fresh(3))
    seat = mover(state)
    other = next(s for s in state.order if s != seat)
    player = state.p(seat)
    player.verses = [Held(verse="dark_kingdom")]
    player.duty = [Duty(agent="leslie"), Duty(agent="pixel"), Duty(agent="clarisse")]
    state.p(other).duty = [Duty(agent="zero")]
    state = turn_in(state, "b5")
    state = act(state, "online:verse=dark_kingdom", seat)
    prompt = GAME.prompts(state)[0]
    assert prompt.kind == "loss" and prompt.seat == other
    assert all(k.startswith("pick:") for k in keys(state, other))
