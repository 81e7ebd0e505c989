"""A game's history, rebuilt from its seed, options and intent log: the state after any number of
intents, and the moments that end a player's turn (the frames of an animated replay).

A "turn" here is a run of intents by one seat: it ends when the next intent is another seat's, or the log
ends. The set-up comes first, so a replay opens on the board as it was dealt.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .lone import Replayer
from .undo import Logged


@dataclass(frozen=True)
class Moment:
    """The game after its first ``done`` intents; ``seat`` played the last of them (None: the set-up)."""

    done: int
    seat: str | None
    state: Any


def states(game: Any, seats: list[str], seed: int, options: Any, log: Sequence[Logged]) -> Iterator[Moment]:
    """Every state of the game, from the set-up to the last intent of ``log``."""
    state = game.setup(seats, seed, options)
    yield Moment(0, None, state)
    replayer = Replayer(game)  # an older log's moves the game now makes alone
    for done, (seat, key) in enumerate(log, start=1):
        state, _ = replayer.apply(state, seat, key)
        yield Moment(done, seat, state)


def turn_ends(game: Any, seats: list[str], seed: int, options: Any, log: Sequence[Logged]) -> list[Moment]:
    """The set-up and the state at the end of every player turn, in order."""
    kept: list[Moment] = []
    for moment in states(game, seats, seed, options, log):
        following = log[moment.done][0] if moment.done < len(log) else None
        if moment.seat is None or following != moment.seat:
            kept.append(moment)
    return kept


def at(game: Any, seats: list[str], seed: int, options: Any, log: Sequence[Logged], done: int) -> Any:
    """The state after the first ``done`` intents (0: the set-up; at most the whole log)."""
    if not 0 <= done <= len(log):
        raise ValueError(f"the game has {len(log)} intents: choose 0 to {len(log)}")
    last = None
    for moment in states(game, seats, seed, options, log[:done]):
        last = moment.state
    return last


__all__ = ["Moment", "at", "states", "turn_ends"]
