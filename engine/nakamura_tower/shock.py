"""Cybershock tests and their consequence: at level 10 the character falls to Cyberpsychosis and the AI
takes it over (a Hacker so lost, or out of the game, lets go of the Terminal it held)."""

from __future__ import annotations

from engine.core import Event, public

from .cando import draw
from .state import NtState
from .stats import ms, name

CYBERPSYCHOSIS = 10


def cybershock_test(state: NtState, model_id: str) -> list[Event]:
    """RB: "If the CanDo card shows a higher number than the Mental Skill then the character's Cybershock
    Level is increased by one"."""
    model = state.models[model_id]
    card = draw(state)
    if card <= ms(model):
        return [public("cybershock", f"{name(model)} passes a Cybershock test ({card}).")]
    model.cybershock += 1
    events = [
        public("cybershock", f"{name(model)} fails a Cybershock test ({card}): level {model.cybershock}.")
    ]
    if model.cybershock >= CYBERPSYCHOSIS and model.team != "ai":
        release(state, model.id)
        model.team, model.psychotic = "ai", True
        events.append(public("psychosis", f"{name(model)} succumbs to Cyberpsychosis: the AI takes over."))
    return events


def release(state: NtState, model_id: str) -> None:
    """A Hacker out of the game "loses control of the Terminal (but any CW cards installed remain)"."""
    for terminal in state.terminals.values():
        if terminal.hacker == model_id:
            terminal.controller = terminal.hacker = None


__all__ = ["CYBERPSYCHOSIS", "cybershock_test", "release"]
