"""What the last turns changed on the battle map, for the boards to mark (issue 31: "Every board marks what
the last move (or last turn) changed"), and the secret choices just revealed.

The marks are read from the public events as they are logged (:meth:`.game.IpaGame._log`): a move's or a
tunnel's two ends (the path itself is drawn apart), a square something was placed on, taken over, picked up
or destroyed at, a unit hit (its life lost) or healed. They hold only what every seat has read in those
events. Kept: the turn in progress and the one before it (during set-up, the last wall of each player), so
the thread's picture of a turn shows what the player before did.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Event

from .rules import agent_of_unit
from .state import IpaState, Mark

LIFE_LOST = frozenset({"damage"})
LIFE_GAINED = frozenset({"heal", "revive"})


def note(state: IpaState, events: Iterable[Event]) -> None:
    """Add the marks of ``events`` (public ones only) and forget those older than the turn before."""
    turn = state.turn.number
    for event in events:
        if event.audience is not None:
            continue
        state.marks += _marks(state, event, turn)
    if state.round == 0:
        state.marks = state.marks[-len(state.seats) :]
    else:
        state.marks = [m for m in state.marks if m.turn >= turn - 1]


def _marks(state: IpaState, event: Event, turn: int) -> list[Mark]:
    data = event.data
    path = [str(c) for c in data.get("path", ())]
    squares = [path[0], path[-1]] if path else ([str(data["at"])] if data.get("at") else [])
    life, seat = 0, ""
    if event.kind in LIFE_LOST and isinstance(data.get("amount"), int):
        agent = agent_of_unit(state, str(data.get("unit", "")))
        life, seat = -int(data["amount"]), agent.seat if agent is not None else ""
    elif event.kind in LIFE_GAINED and isinstance(data.get("amount"), int):
        life, seat = int(data["amount"]), str(data.get("seat", ""))
    if not squares and not seat:
        return []
    found = [Mark(square=s, turn=turn) for s in squares]
    return found + ([Mark(seat=seat, life=life, turn=turn)] if seat else [])


def revealed(state: IpaState, choices: dict[str, str]) -> None:
    """Keep what each seat chose in secret, now told to all, for the boards of this turn and the next."""
    state.revealed = dict(choices)
    state.revealed_turn = state.turn.number


def shown_choices(state: IpaState) -> dict[str, str]:
    """The secret choices the boards show: those revealed in this turn or the one before."""
    return dict(state.revealed) if state.revealed and state.turn.number <= state.revealed_turn + 1 else {}
