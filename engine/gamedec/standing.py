"""The moments of the Universal Actions: what a detective the game is not waiting for may do, and when
(RULINGS 37a). RB "Universal Actions": "The following actions a player may take at any moment (also in the
turns of other players), regardless of the occupied space: Discarding Task and Equipment cards; Trading
with other players; Assists and Sabotages" (Assists and Sabotages are the window's own answers)."""

from __future__ import annotations

from engine.core.waiting import TurnFrame

from .state import GamedecState

DISCARDS = ("discard", "discard_eq")
IN_A_TURN = (*DISCARDS, "trade")
STANDING = IN_A_TURN
"""Every action kind a standing offer may hold (the game's ``standing_actions``)."""
TEXT = (
    "At any moment (also in the turns of other players): discard Task or Equipment cards, or propose a "
    "trade to the detective whose turn it is."
)


def standing_kinds(state: GamedecState, seat: str) -> tuple[str, ...]:
    """The Universal Actions open to ``seat`` now (a seat the game is not asking anything).

    - While the active detective's turn is open and he is asked nothing else: discards, and a trade
      proposed to him (the action's own limits apply: one trade a turn, two proposals).
    - While the Assist/Sabotage window before a roll is open: discards only (a trade before a Task's roll
      is the window's own "trade first", offered to the seats it asks).
    - Otherwise nothing: not during the set-up's choices, not while a roll already rolled is resolved (a
      Wound, an Obligation, a Skill or an Equipment card being chosen), not during a trade, not during a
      forced discard or the Hacker Attack, and not once the game has ended or the seat has left it."""
    if state.result is not None or state.players[seat].finished:
        return ()
    top = state.waiting.top()
    if isinstance(top, TurnFrame) and top.topic == "turn":
        return IN_A_TURN
    if top is not None and top is state.window:
        return DISCARDS
    return ()
