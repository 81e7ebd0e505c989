"""Cooperative play (option ``cooperative``): the Teams play together against the tower.

RB: "Cooperation missions: each time one of your characters attacks another Player's characters (in either
the Cyberwarfare or Real World Phases) that character has to take a Cybershock test. If the test fails the
level is increased by one." RB: "Model bases of the same Team (or friendly Teams in cooperative play) may
pass through one another" (:func:`.board.allied`). Ruling P1: allies neither block each other's Line of
Sight nor react to each other's Moves; putting out an ally scores nothing; the Teams share one result: they
all win when their scores together reach the mission's ``victory.cooperative``, else the tower wins.
"""

from __future__ import annotations

from engine.core import Event

from .shock import cybershock_test
from .state import Model, NtState


def playing_together(state: NtState) -> bool:
    return state.opts.cooperative and len(state.teams) > 1


def against_ally(state: NtState, attacker: Model, seat: str) -> list[Event]:
    """The Cybershock test of a character attacking another Player's Team (its characters or, in
    Cyberwarfare, its Tactical Network)."""
    if not playing_together(state) or attacker.team == seat or attacker.team not in state.teams:
        return []
    if seat not in state.teams or attacker.kind != "character":
        return []
    return cybershock_test(state, attacker.id)
