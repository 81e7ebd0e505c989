"""The final board shows where everyone ended (issue 28, item 5).

RB "Course and Goal of the Game": "The moment one of the players gains the ninth point, the game immediately
ends with his victory" - his pawn stays where he won. Only with play-on does a winner leave the board: "If
the players want, they may continue the game for second place. The winner does not take part in the further
game - this gamedec's pawn should be removed from the board". The public view (which every renderer draws)
left out the pawn of every detective who had reached the goal, so the board after the winning roll had no
pawn for the winner.
"""

from __future__ import annotations

from typing import Any

from engine.core.playout import next_decision, step
from engine.gamedec import GAME
from engine.gamedec.agent import HeuristicAgent
from engine.gamedec.state import GamedecState

from .helpers import do, force_dice, pass_window, stage_turn, started

REALIUM_TASK = "t073"  # Realium, DL 8, Contacts/Hacking: a success there is 1 Investigation Point


def pawns(view: dict[str, Any]) -> dict[str, str]:
    """Each pawn on the public board -> the space it stands on (a pawn drawn twice would fail here)."""
    seen: dict[str, str] = {}
    for space in view["spaces"]:
        for seat in space["pawns"]:
            assert seat not in seen, f"{seat} is drawn on {seen[seat]} and {space['id']}"
            seen[seat] = space["id"]
    return seen


def _wins_in_the_realium(state: GamedecState, seat: str) -> GamedecState:
    """``seat`` (8 points) goes to the Realium and succeeds at a Realium Task: his ninth point."""
    state.players[seat].ip = 8
    state.players[seat].hand = [REALIUM_TASK]
    stage_turn(state, seat)
    state, _ = do(state, seat, "move:to=realium")
    force_dice(state, 6, 6)
    state, _ = do(state, seat, f"play:card={REALIUM_TASK}")
    state, _ = pass_window(state)
    return state


def test_the_winner_stays_on_the_final_board() -> None:
    """RB: "the game immediately ends with his victory": the last board has every pawn where it ended, the
    winner's in the Realium where he won."""
    state = started()
    state.players["bo"].pos, state.players["cy"].pos = "brahma", "zoenet"
    before = GAME.view(state, None)
    state = _wins_in_the_realium(state, "ann")
    assert state.result is not None and state.result.winners == ("ann",)
    final = pawns(GAME.view(state, None))
    assert final == {"ann": "realium", "bo": "brahma", "cy": "zoenet"}
    assert {s: pos for s, pos in pawns(before).items() if s != "ann"} == {"bo": "brahma", "cy": "zoenet"}
    for seat in ("ann", "bo", "cy"):  # each seat's own view draws the same board
        assert pawns(GAME.view(state, seat)) == final


def test_with_play_on_the_winner_leaves_and_the_last_finisher_stays() -> None:
    """RB: "The winner does not take part in the further game - this gamedec's pawn should be removed from the
    board, and his rounds are skipped": the first winner's pawn leaves while the others play on; the game
    ends when a second detective reaches the goal, and that board has his pawn where he ended."""
    state = started(options={"play_on": True})
    state.players["cy"].pos = "brahma"
    state = _wins_in_the_realium(state, "ann")
    assert state.result is None and state.placings == ["ann"]
    assert "ann" not in pawns(GAME.view(state, None))
    state = _wins_in_the_realium(state, "bo")
    assert state.result is not None and state.placings == ["ann", "bo"]
    assert pawns(GAME.view(state, None)) == {"bo": "realium", "cy": "brahma"}


def test_seeded_games_end_with_every_pawn_on_the_board() -> None:
    """Seeded heuristic games played to the end: the board after the winning intent has every detective's
    pawn exactly where his state says he stands, the winner's on the space it stood on just before."""
    for seed in range(4):
        seats = ["p1", "p2", "p3"]
        state = GAME.setup(seats, seed)
        agents = {s: HeuristicAgent(seed * 10 + i) for i, s in enumerate(seats)}
        previous = state
        while state.result is None:
            seat = next_decision(GAME, state)
            assert seat is not None
            previous = state
            state, _, _ = step(GAME, state, seat, agents[seat])
        final = pawns(GAME.view(state, None))
        assert final == {s: p.pos for s, p in state.players.items()}, seed
        if state.result.winners:
            winner = state.result.winners[0]
            assert final[winner] == previous.players[winner].pos, seed
