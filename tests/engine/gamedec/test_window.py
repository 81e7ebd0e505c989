"""The Assist/Sabotage window is open, not sealed (issue 11, RULINGS 11-13).

RB "Assists and Sabotages": "A detective carrying out an Assist or Sabotage should declare such an intention
and discard one or more cards he holds ... before the dice are rolled"; its example has each player decide
knowing the earlier declarations ("Seeing the danger, Ben decides to sabotage ... Angela decides also ...
adds one more card ... The player controlling him decides to use the last of his set aside cards as an
Assist"); "the assisting detective immediately increases his Reputation by 1".
"""

from __future__ import annotations

from engine.gamedec import GAME
from engine.gamedec.state import GamedecState

from .helpers import do, force_dice, pass_window, stage_turn, started, texts

DATA_THIEF = "t083"  # universal, DL 12, Discretion/Deduction, Clue + IP
PAPER_CIPHER = "t073"  # Realium, DL 8


def window_game(**set_aside: list[str]) -> GamedecState:
    state = started(detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    state.players["ann"].hand = [PAPER_CIPHER]
    for seat in state.seats:
        state.players[seat].set_aside = list(set_aside.get(seat, []))
    state, _ = do(state, "ann", "move:to=realium")
    state, _ = do(state, "ann", f"play:card={PAPER_CIPHER}")
    return state


def test_a_declaration_is_in_effect_and_public_when_made() -> None:
    """ "declare such an intention and discard one or more cards he holds": the cards go at once, the
    modifier is shown to everyone, and the prompts are not secret commitments."""
    state = window_game(bo=["t001", "t002"], cy=["t003"])
    assert not any(p.simultaneous for p in GAME.prompts(state))
    state, events = do(state, "bo", "sabotage:on=ann,n=1")
    public = texts([e for e in events if e.audience is None])
    assert "sabotages ann with 1 card (-2)" in public
    assert state.players["bo"].set_aside == ["t002"] and "t001" in state.task_deck.discards
    for viewer in (None, "cy"):
        assert GAME.view(state, viewer)["test"]["sabotages"] == {"ann": 1}
    assert all("Sabotages −2" in p.text for p in GAME.prompts(state))


def test_a_seat_that_passed_answers_again_after_a_later_declaration() -> None:
    """Each player decides knowing the earlier declarations: cy passed, then bo sabotaged; cy is asked
    again (and may now add his card), and the window closes only when every asked seat has passed since the
    last declaration."""
    state = window_game(bo=["t001"], cy=["t003"])
    state, _ = do(state, "cy", "pass")
    assert "cy" not in {p.seat for p in GAME.prompts(state)}
    state, _ = do(state, "bo", "sabotage:on=ann,n=1")
    assert "cy" in {p.seat for p in GAME.prompts(state)}
    state, _ = do(state, "cy", "sabotage:on=ann,n=1")
    assert state.window is None and state.last_roll is not None  # nobody can declare more: the roll
    assert state.last_roll["cards"] == -4


def test_the_window_closes_when_everyone_asked_has_passed() -> None:
    """ "before the dice are rolled": the dice wait until every asked seat has passed since the last
    declaration."""
    state = window_game(bo=["t001", "t002"], cy=["t003"])
    state, _ = do(state, "bo", "assist:on=ann,n=1")
    for seat in ("ann", "cy"):
        state, _ = do(state, seat, "pass")
        assert state.window is not None and state.last_roll is None
    state, _ = do(state, "bo", "pass")
    assert state.window is None and state.last_roll is not None


def test_only_seats_that_could_react_are_asked() -> None:
    """Set-aside cards are a public count ("It is worth placing cards intended for future Assists and
    Sabotages ... under the Gamedec card"): a seat without any is not asked, and no seat is told to use
    cards it does not have. The tester is asked while he may still trade before his roll (FAQ "Can one
    trade while performing a Task? Yes, but only before the dice roll")."""
    state = window_game(bo=["t001"])
    prompts = {p.seat: p for p in GAME.prompts(state)}
    assert set(prompts) == {"ann", "bo"}
    assert "set-aside cards (1 card)" in prompts["bo"].text
    assert "set-aside" not in prompts["ann"].text and "trade first" in prompts["ann"].text
    # cy is asked nothing: he may only discard meanwhile, at any moment (RULINGS 37a), never declare
    assert {i.kind for i in GAME.legal(state, "cy")} <= {"discard", "discard_eq"}


def test_no_window_when_nobody_can_react() -> None:
    """Nobody holds a set-aside card (and no Smoke and Mirrors): the dice are rolled at once."""
    state = window_game()
    assert state.window is None and state.last_roll is not None


def test_reputation_is_given_at_the_declaration_once_per_test() -> None:
    """ "the assisting detective immediately increases his Reputation by 1 (regardless of the number of
    cards devoted to it, the result of the test and whether the other player wants the Assist or not)"."""
    state = window_game(bo=["t001", "t002"], cy=["t003"])
    state, events = do(state, "bo", "assist:on=ann,n=1")
    assert state.players["bo"].rep == 1 and "Reputation Neutral -> Good" in texts(events)
    state, _ = do(state, "bo", "assist:on=ann,n=1")
    assert state.players["bo"].rep == 1
    state, _ = pass_window(state)
    assert state.players["bo"].rep == 1


def test_the_rulebook_example_in_order() -> None:
    """The Data Thief example: Ben sabotages with two cards, Angela adds one, Max answers with his last
    card as an Assist: "+5 from Skills, +2 from Equipment, -6 from Sabotages and +2 from Assists give a
    total of +3"; "Max rolls and "8" comes up on the dice - the test ends in failure"."""
    state = started(detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    ann = state.players["ann"]
    ann.skills, ann.equipment, ann.hand, ann.set_aside = (
        ["discretion", "deduction"],
        ["e16"],
        [DATA_THIEF],
        ["t4"],
    )
    state.players["bo"].set_aside, state.players["cy"].set_aside = ["t1", "t2"], ["t3"]
    state.lags = []
    state, _ = do(state, "ann", "move:to=brahma")
    state, _ = do(state, "ann", f"play:card={DATA_THIEF}")
    state, _ = do(state, "bo", "sabotage:on=ann,n=2")
    state, _ = do(state, "cy", "sabotage:on=ann,n=1")
    force_dice(state, 4, 4)
    state, _ = do(state, "ann", "assist:on=ann,n=1")
    roll = state.last_roll
    assert roll is not None and roll["modifier"] + roll["cards"] == 3 and roll["total"] == 11
    assert not roll["success"] and DATA_THIEF in state.players["ann"].set_aside
    assert (
        state.players["ann"].rep == 1
    )  # "The player receives the penalty from the card (lowering Reputation)"
