"""Phase 4, Cyberwarfare (not yet played: this phase passes; see RULINGS.md, "Not yet implemented")."""

from __future__ import annotations

from engine.core import Event

from .state import NtState


def cyberwarfare(state: NtState) -> list[Event]:
    return []


def upkeep(state: NtState, seat: str) -> list[Event]:
    return []


def housekeeping(state: NtState) -> list[Event]:
    return []
