"""Each detective's special ability (RB "Gamedec Cards", F.A.Q.)."""

from __future__ import annotations

import pytest

from engine.gamedec import GAME
from engine.gamedec.pack import load_pack
from engine.gamedec.steps import HackerAttackStep, NewRoundStep, TurnStep

from .helpers import do, force_dice, pass_window, queue, stage_turn, started, texts


def with_detective(det: str) -> object:
    others = [d for d in ("max_romanov", "ben_torres", "angela_baal") if d != det][:2]
    state = started(detectives=[det, *others])
    stage_turn(state, "ann", moves=3 if det == "taida_wolf" else 2)
    for p in state.players.values():
        p.bio = p.neuro = False
    return state


def test_koloman_takes_a_credit_on_every_corporation_entry() -> None:
    """FAQ: "Koloman draws 1 Credit token each time he stands on one of the spaces: Novatronics, Mobillenium,
    Zoenet Labs or Pharma Nanolabs ... If Koloman visits a corporation space twice in one turn, he uses his
    special ability twice"."""
    state = with_detective("koloman_troy")
    state, _ = do(state, "ann", "move:to=zoenet")
    state, _ = do(state, "ann", "move:to=zoenet")
    assert state.credits.of("ann") == 2


def test_pauline_takes_novatronics_aid_again() -> None:
    """FAQ: "Pauline may use the help of Novatronics once on each visit to this space ... There is no upper
    limit to the aid"."""
    state = with_detective("pauline_eim")
    state, _ = do(state, "ann", "move:to=novatronics")
    state, _ = do(state, "ann", "aid:take=cash")
    assert state.players["ann"].obligations == ["novatronics"]
    assert not any(i.kind == "aid" for i in GAME.legal(state, "ann"))  # once per visit
    state, _ = do(state, "ann", "move:to=novatronics")
    state, _ = do(state, "ann", "aid:take=cash")
    assert state.players["ann"].obligations == ["novatronics"] and state.players["ann"].rep == 2


def test_other_detectives_cannot_take_aid_twice() -> None:
    """RB: "The player may not use the aid if his Obligation already lies on the given space"."""
    state = with_detective("max_romanov")
    state.players["ann"].obligations = ["pharma"]
    state, _ = do(state, "ann", "move:to=pharma")
    assert not any(i.kind == "aid" for i in GAME.legal(state, "ann"))


def test_aid_equipment_refills_the_corporation_slot() -> None:
    """RB: "the player takes the Equipment card lying by the given Corporation's space, and then refills the
    empty space with a new card taken from the top of the face-down Equipment deck"."""
    state = with_detective("max_romanov")
    offered = state.corp_equip["pharma"]
    top = state.equip_deck[-1]
    state, _ = do(state, "ann", "move:to=pharma")
    state, _ = do(state, "ann", "aid:take=cash+equip")
    assert state.players["ann"].equipment == [offered] and state.corp_equip["pharma"] == top
    assert state.credits.of("ann") == 1


def test_hei_lan_may_keep_or_lose_reputation_in_twisted() -> None:
    """FAQ: "Can Hei Lan choose to deliberately lower her Reputation after entering Twisted & Perverted,
    ignoring her special ability? Yes"."""
    state = with_detective("hei_lan")
    state, _ = do(state, "ann", "move:to=twisted")
    assert state.players["ann"].rep == 0
    state, _ = do(state, "ann", "move:to=twisted,lose=rep")
    assert state.players["ann"].rep == -1


def test_duncan_ignores_wounds() -> None:
    """FAQ: "Does Duncan Powers have to take Wound tokens, since he ignores their effects anyway?"."""
    state = with_detective("duncan_powers")
    state.players["ann"].bio = state.players["ann"].neuro = True
    state.players["ann"].hand = ["t073"]
    state, _ = do(state, "ann", "move:to=realium")
    state, ev = do(state, "ann", "play:card=t073")
    assert "modifier +0" in texts(ev)


def test_taida_moves_three_times() -> None:
    """FAQ: "Taida moves twice (the third move is lost to discarding the token)" - three moves without one."""
    state = with_detective("taida_wolf")
    for _ in range(3):
        state, _ = do(state, "ann", "move:to=realium")
    assert not any(i.kind == "move" for i in GAME.legal(state, "ann"))


def test_oren_draws_one_more() -> None:
    """House ability of the tenth detective: one extra Task card on each Realium draw."""
    state = with_detective("oren_vask")
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", "draw")
    assert len(state.players["ann"].drawn) == 4


def test_angela_keeps_six_equipment_cards() -> None:
    """House ability for Angela Baal (the rulebook never states hers; RULINGS 24): Arsenal, up to 6 Equipment
    cards, as the Scenario example has her hold ("Angela has as many as 6 Equipment cards"); the others keep
    the rulebook's 3 ("Each player may have a maximum of 3 Equipment cards"). Her rolls take nothing extra:
    "Angela can add to the roll only +3 (+2 for Equipment, +3 for Skill and -2 for the Neuro Wound)"."""
    state = with_detective("angela_baal")
    ann, bo = state.players["ann"], state.players["bo"]
    ann.equipment = ["e01", "e02", "e03", "e04", "e05", "e06", "e07"]
    bo.equipment = ["e08", "e09", "e10", "e11"]
    ann.skills, ann.hand = [], ["t073"]
    state, _ = do(state, "ann", "move:to=realium")
    force_dice(state, 6, 6)
    state, ev = do(state, "ann", "play:card=t073")
    assert "modifier +0 (no modifiers)" in texts(ev)
    queue(state, TurnStep(seat="bo"))
    state, _ = do(state, "ann", "end")
    prompt = GAME.prompts(state)[0]
    assert (prompt.seat, prompt.kind) == ("ann", "discard_eq")
    assert prompt.text == "Equipment limit 6: discard an Equipment card."
    state, _ = do(state, "ann", "discard_eq:eq=e07")
    assert len(state.players["ann"].equipment) == 6 and state.active == "bo"
    prompt = GAME.prompts(state)[0]  # Bo's turn begins with his own limit
    assert (prompt.seat, prompt.text) == ("bo", "Equipment limit 3: discard an Equipment card.")


def test_a_detective_who_wins_ties_wins_a_tied_fight(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``wins_ties`` ability (Angela's first house ability, kept for other data packs): a fight that
    ends in a tie goes to its holder."""
    pack = load_pack()
    ben = pack.detectives["ben_torres"]
    monkeypatch.setitem(pack.detectives, "ben_torres", ben.model_copy(update={"ability": "wins_ties"}))
    state = with_detective("ben_torres")
    for seat in ("ann", "bo"):
        state.players[seat].pos = "brahma"
        state.players[seat].skills = []
        state.players[seat].equipment = []
    state.players["bo"].ip = 2
    state, _ = do(state, "ann", "move:to=brahma")
    force_dice(state, 3, 4, 4, 3)
    state, ev = do(state, "ann", "attack:on=bo,skill=shooting")
    state, more = pass_window(state)
    assert "ann wins" in texts(ev + more) and state.players["ann"].ip == 1


def test_vivien_never_keeps_a_lag_token() -> None:
    """FAQ: Vivien "does not lose a move if she receives a Lag token in the Hacker Attack phase"."""
    state = with_detective("vivien_lacroix")
    state.target, state.threatened, state.target_lag = "brahma", "zoenet", True
    state.players["ann"].obligations = ["zoenet"]
    queue(state, HackerAttackStep(), NewRoundStep())
    state, _ = do(state, "ann", "end")
    assert not state.players["ann"].lag


def test_attack_at_lowest_reputation_is_still_allowed() -> None:
    """RB example: "The gamedec's Reputation reached the lowest possible level during the previous attack, so
    this time the player does not modify its value"."""
    state = with_detective("angela_baal")
    state.players["ann"].rep = -2
    state.players["bo"].pos = "brahma"
    state.players["bo"].ip = 3
    state, _ = do(state, "ann", "move:to=speed_demons")
    state.players["ann"].pos = "brahma"
    state, ev = do(state, "ann", "attack:on=bo,skill=melee")
    assert state.players["ann"].rep == -2 and "stays" in texts(ev)
