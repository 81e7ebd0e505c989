"""Alarm tokens (RB "Alarm Token Generators"). "The Alarm tokens are generated just once for each type of
action (ignore any subsequent actions of the same type)": ruling G14, once per type, per area, per turn.
"""

from __future__ import annotations

from .board import area
from .state import NtState

GENERATORS: dict[str, int] = {
    "takeover": 2,  # "+2 Direct Terminal takeover" (FAQ: only if successful)
    "hacking": 2,  # "+2 Use of hacking gear" (FAQ: a cyberdeck counts)
    "ranged": 1,  # "+1 Use of Ranged Attack Weapons or Flash Bang grenades"
    "heavy": 2,  # "+2 Use of Heavy Weapons or grenades"
    "close": 1,  # "+1 Close Combat without using Ranged Attack Weapons"
    "forced": 1,  # "+1 Forced door opening (Special Skill only)"
    "infection": 1,  # "+X Certain Cyberwarfare cards infecting Tactical Network" (house X = 1)
}


def raise_alarm(state: NtState, cell: str, kind: str) -> int:
    """Put the tokens of one generator in the area of ``cell``; returns how many were added (0 when that
    type was already raised there this turn)."""
    where = area(state, cell)
    key = f"{where}:{kind}"
    if not where or key in state.alarm_types:
        return 0
    state.alarm_types.append(key)
    state.alarms[where] = state.alarms.get(where, 0) + GENERATORS[kind]
    return GENERATORS[kind]
