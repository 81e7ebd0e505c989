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


def test_a_question_whose_cards_changed_is_asked_again() -> None:
    """Marais: "Draw 2 Corruption cards and discard 2 Corruption cards from your hand". While it asks which,
    the player collects 2 tokens from the Recycle Area: "Discard 1 Corruption card at random". An answer
    naming the card that left the hand is not lost: the question is asked again over the hand as it is."""
    state = cleared(fresh(3))
    seat = mover(state)
    player = state.p(seat)
    player.hand = ["c16", "c31", "c20"]
    state.titles["MA"] = seat
    state.recycle[seat] = 2
    state = turn_in(state, "b5")
    state = act(state, "title:id=MA", seat)
    assert GAME.prompts(state)[0].kind == "weasel" and len(state.p(seat).hand) == 5
    before = list(state.p(seat).hand)
    state = act(state, "collect:ec=0,drop=1,peek=0,imm=0", seat)
    hand = state.p(seat).hand
    gone = next(c for c in before if c not in hand or before.count(c) > hand.count(c))
    other = next(c for c in hand if c != gone)
    pick = "+".join(sorted([gone, other], key=sorted(before).index))
    state = act(state, f"choose:pick={pick}", seat)
    assert GAME.prompts(state)[0].kind == "weasel" and len(state.p(seat).hand) == 4, "asked again"
    state = act(state, keys(state, seat)[0], seat)
    assert len(state.p(seat).hand) == 2 and GAME.prompts(state)[0].kind == "turn"
