"""A game's history from its log (engine/core/history.py): any state, and the end of every player turn."""

from __future__ import annotations

import itertools

import pytest

import engine
from engine.core import RandomAgent
from engine.core.history import at, states, turn_ends
from engine.core.playout import play_out


def _game(seed: int = 5) -> tuple[object, list[str], list[tuple[str, str]], object]:
    game = engine.get("infamy")
    seats = ["ann", "bo", "cy"]
    result = play_out(game, game.setup(seats, seed), {s: RandomAgent(i) for i, s in enumerate(seats)})
    return game, seats, result.log, result.state


def test_turn_ends_are_the_set_up_and_each_run_of_one_seat() -> None:
    game, seats, log, final = _game()
    moments = turn_ends(game, seats, 5, None, log)
    runs = [seat for seat, _ in itertools.groupby(seat for seat, _ in log)]
    assert [m.seat for m in moments] == [None, *runs]
    assert moments[0].done == 0 and moments[-1].done == len(log)
    assert game.dump(moments[-1].state) == game.dump(final)  # type: ignore[attr-defined]
    for moment in moments[1:-1]:
        assert log[moment.done][0] != moment.seat  # the next intent is another seat's


def test_at_gives_the_state_after_that_many_intents() -> None:
    game, seats, log, _ = _game()
    every = list(states(game, seats, 5, None, log))
    for done in (0, 1, 17, len(log)):
        assert game.dump(at(game, seats, 5, None, log, done)) == game.dump(every[done].state)  # type: ignore
    with pytest.raises(ValueError, match=f"choose 0 to {len(log)}"):
        at(game, seats, 5, None, log, len(log) + 1)
