"""Gamedec on engine/core's rules kits (issue 10): the test's modifiers come from one ledger (the roll, the
window's question, the hand view and the agent's odds), and the final placing from the ranking kit with
the rulebook's tie-breaks. Each test quotes the passage it checks (../shared/rulebooks/gamedec.txt)."""

from __future__ import annotations

from fractions import Fraction

from engine.core.kits.ledger import TWO_D6, chance
from engine.gamedec import GAME
from engine.gamedec import modifiers as M
from engine.gamedec.agent import task_chance
from engine.gamedec.pack import load_pack
from engine.gamedec.state import GamedecState
from engine.gamedec.steps import HackerAttackStep, NewRoundStep

from .helpers import do, force_dice, pass_window, queue, stage_turn, started

DATA_THIEF = "t083"  # universal, DL 12, Discretion/Deduction, Clue + IP
GOGGLES = "e16"  # Gamedec Goggles, Deduction


def max_game() -> GamedecState:
    state = started(detectives=["max_romanov", "ben_torres", "angela_baal"])
    stage_turn(state, "ann")
    return state


def data_thief(state: GamedecState) -> GamedecState:
    ann = state.players["ann"]
    ann.skills, ann.equipment, ann.bio, ann.hand = ["discretion", "deduction"], [GOGGLES], True, [DATA_THIEF]
    return state


def test_the_ledger_explains_the_test_in_the_prompt_the_hand_and_the_roll() -> None:
    """RB (the Data Thief example): "Max has Discretion +3, Deduction +2 and the Equipment card "Gamedec
    Goggles" adding a further +2 to Deduction"; "Test: 2d6 + Skills + Equipment + Assists - Wounds -
    Sabotages". Max's Bio Wound is -1 on his card."""
    state = data_thief(max_game())
    hand = GAME.view(state, "ann")["me"]["hand"][0]
    assert hand["bonus"] == 6
    assert hand["explain"] == "Discretion +3, Deduction +2, Gamedec Goggles +2, Bio Wound −1"
    state.players["bo"].set_aside = ["t001", "t002"]
    state, _ = do(state, "ann", "move:to=brahma")
    state, events = do(state, "ann", f"play:card={DATA_THIEF}")
    assert "modifier +6 (Discretion +3, Deduction +2, Gamedec Goggles +2, Bio Wound −1)" in events[0].text
    assert "(DL 12; Discretion +3, Deduction +2, Gamedec Goggles +2, Bio Wound −1: +6 so far, needs 6+" in (
        GAME.prompts(state)[0].text
    )
    state, _ = do(state, "bo", "sabotage:on=ann,n=1")
    while "Sabotages" not in GAME.prompts(state)[0].text:
        state, _ = do(state, GAME.prompts(state)[0].seat, "pass")
    assert "Bio Wound −1, Sabotages −2: +4 so far, needs 8+" in GAME.prompts(state)[0].text
    force_dice(state, 4, 4)
    state, _ = pass_window(state)
    roll = state.last_roll
    assert roll is not None and roll["modifier"] == 6 and roll["cards"] == -2 and roll["total"] == 12
    assert roll["success"]


def test_the_agents_odds_are_the_ledgers() -> None:
    """RB: "If the test is performed on a space on which a Lag marker lies ... the test ends in failure also
    when the value "1" comes up on either die": the agent's odds are the kit's chance of the ledger's total,
    with that rule."""
    state = data_thief(max_game())
    task = load_pack().tasks[DATA_THIEF]
    state.lags = ["brahma"]
    total = M.task_ledger(state, "ann", task, "brahma").total
    assert total == 6
    expected = chance(TWO_D6, total, 12, lambda roll: 1 in roll)
    assert expected == Fraction(22, 36)  # 6+ on two dice without a 1: 25 such rolls, 3 under 6
    assert task_chance(state, "ann", task, "brahma") == float(expected)


def finished(state: GamedecState, winner: str) -> GamedecState:
    state.players[winner].ip = 8
    state.players[winner].hand = [DATA_THIEF]
    state.players[winner].skills = ["discretion", "deduction"]
    stage_turn(state, winner)
    state, _ = do(state, winner, "move:to=realium")
    force_dice(state, 6, 6)
    state, _ = do(state, winner, f"play:card={DATA_THIEF}")
    state, _ = pass_window(state)
    assert state.result is not None
    return state


def test_every_seat_is_placed_by_the_rulebooks_tie_breaks() -> None:
    """RB "End of the Game": "the highest places are taken, in turn, by the players with the most
    Investigation Points; the order among tied players should be established on the basis of Reputation
    ... then by Corporate Obligations (whoever has fewer counts), then Skill tokens (whoever has more), and
    finally Credit tokens (whoever has more)". Seats equal on all of them share a place."""
    state = started(["ann", "bo", "cy", "dee", "eve"])
    for seat, (ip, rep, obligations, skills, credits) in {
        "bo": (4, 0, ["zoenet"], ["melee"], 0),
        "cy": (4, 0, [], ["melee"], 0),  # fewer Obligations than bo
        "dee": (4, 1, ["zoenet", "pharma"], ["melee"], 0),  # better Reputation than both
        "eve": (4, 0, [], ["melee"], 0),  # equal to cy in everything
    }.items():
        p = state.players[seat]
        p.ip, p.rep, p.obligations, p.skills = ip, rep, obligations, skills
        state.credits.held[seat] = credits
    state = finished(state, "ann")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("ann",)
    assert outcome.ranking == (("ann",), ("dee",), ("cy", "eve"), ("bo",))
    assert outcome.scores == {"ann": 9.0, "bo": 4.0, "cy": 4.0, "dee": 4.0, "eve": 4.0}


def test_skills_then_credits_break_the_last_ties() -> None:
    """RB: "... then Skill tokens (whoever has more), and finally Credit tokens (whoever has more)"."""
    state = started(["ann", "bo", "cy", "dee"])
    for seat, (skills, credits) in {"bo": (1, 5), "cy": (2, 0), "dee": (1, 6)}.items():
        p = state.players[seat]
        p.ip, p.rep, p.obligations = 3, 0, []
        p.skills = ["melee", "shooting"][:skills]
        state.credits.held[seat] = credits
    state = finished(state, "ann")
    assert state.result is not None and state.result.ranking == (("ann",), ("cy",), ("dee",), ("bo",))


def test_when_the_net_goes_down_everyone_shares_the_loss() -> None:
    """RB: "When the Corporate Commission deck runs out, a massive attack of cybercriminals occurs, and the
    Net is temporarily shut down. All players are considered to have lost." (RULINGS 39a: one shared place,
    the points as scores.)"""
    state = max_game()
    state.players["bo"].ip = 5
    state.commission_deck = []
    queue(state, HackerAttackStep(), NewRoundStep())
    state, _ = do(state, "ann", "end")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ()
    assert outcome.ranking == (("ann", "bo", "cy"),)
    assert outcome.scores == {"ann": 0.0, "bo": 5.0, "cy": 0.0}
