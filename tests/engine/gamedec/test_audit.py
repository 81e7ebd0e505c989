"""Rulebook passages checked section by section in the audit (set-up, FAQ on entry and drawing, limits)."""

from __future__ import annotations

from engine.core import Intent
from engine.gamedec import GAME
from engine.gamedec.board import CORPS
from engine.gamedec.pack import load_pack

from .helpers import do, force_dice, pass_window, stage_turn, started


def test_set_up_counts() -> None:
    """RB set-up 6: "places next to each of the Corporation spaces one Equipment card ... He also turns up a
    fifth Equipment card"; 7: "takes 8 Task cards"; 8: "moves the 2 top Corporate Commission cards to a
    face-up pile ... places 1 Lag token on each of the Sensory World spaces indicated"; "At the start of the
    game detectives have no Credits"."""
    state = GAME.setup(["a", "b", "c", "d"], 21, {})
    assert all(state.corp_equip[c] for c in CORPS) and len(state.equip_faceup) == 1
    assert len(state.equip_deck) == 24 - 5
    assert all(
        len(p.hand) == 8 and state.credits.of(s) == 0 and p.pos == "realium" for s, p in state.players.items()
    )
    assert len(state.commission_used) == 2 and len(state.commission_deck) == 14
    targets = {load_pack().commissions[c].target for c in state.commission_used}
    assert set(state.lags) == targets
    assert len({p.detective for p in state.players.values()}) == 4


def test_realium_twice_draws_twice() -> None:
    """FAQ: "Can one stand in the Realium twice in a row and thus draw Task cards twice? Yes. Each time the
    player draws as many Task cards as his Reputation indicates"."""
    state = started()
    stage_turn(state, "ann")
    state.players["ann"].rep = 0
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "draw")
    assert Intent.of("draw") not in GAME.legal(state, "ann")
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "draw")
    assert len(state.players["ann"].drawn) == 6


def test_reputation_checked_only_on_entry() -> None:
    """FAQ: "Do I have to leave Brahma/Dream Space if I have Bad Reputation? No. Reputation is checked only
    during a character's move ... The detective cannot however stand on this space again until he increases
    his Reputation"."""
    state = started(detectives=["max_romanov", "angela_baal", "duncan_powers"])
    stage_turn(state, "ann")
    ann = state.players["ann"]
    ann.rep = 0
    ann.hand = []
    state, _ = do(state, "ann", "move:to=brahma")
    state.players["ann"].rep = -1
    assert Intent.of("end") in GAME.legal(state, "ann")
    assert Intent.of("move", to="brahma") not in GAME.legal(state, "ann")


def test_equipment_limit_at_the_end_of_the_turn() -> None:
    """RB: "Each player may have a maximum of 3 Equipment cards" and "In this way Equipment cards above the
    allowed limit can be obtained, but the excess will have to be discarded at the end of the round"."""
    state = started()
    stage_turn(state, "ann")
    state.players["ann"].equipment = ["e01", "e02", "e03", "e04"]
    state, _ = do(state, "ann", "move:to=realium")
    assert state.players["ann"].equipment == ["e01", "e02", "e03", "e04"]  # mid-turn excess is allowed
    state, _ = do(state, "ann", "end")
    prompt = GAME.prompts(state)[0]
    assert prompt.seat == "ann" and prompt.kind == "discard_eq"
    state, _ = do(state, "ann", "discard_eq:eq=e02")
    assert state.players["ann"].equipment == ["e01", "e03", "e04"] and state.equip_faceup[0] == "e02"


def test_task_card_from_a_trade_is_playable_at_once() -> None:
    """RB: "Task cards obtained during Trade go straight to the player's hand and may be used in the same
    round"."""
    state = started()
    stage_turn(state, "ann")
    state.players["bo"].hand = ["t073"]  # Realium, DL 8
    state.players["ann"].hand = []
    for p in state.players.values():
        p.set_aside = []
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "trade:to=bo")
    state, _ = do(state, "ann", "give:what=none")
    state, _ = do(state, "ann", "get:what=task")
    state, _ = do(state, "bo", "accept:card=t073")
    assert Intent.of("play", card="t073") in GAME.legal(state, "ann")
    force_dice(state, 6, 6)
    state, _ = do(state, "ann", "play:card=t073")
    state, _ = pass_window(state)
    assert state.players["ann"].ip == 1
