"""Stunned models. FAQ 1.1: ""Stunned" is not explained in the rulebook; per the FAQ, a target successfully
hit has to fall and stay unconscious for one game turn." Ruling G26: a stunned model lies on its square (it
still fills it, blocks sight and can be attacked) and can neither act, react nor Dodge, nor give System
Resources, until the Clean-Up phase of the next turn; First Aid wakes it earlier (ruling K6)."""

from __future__ import annotations

from engine.core import Event, public

from .state import Model, NtState
from .stats import name


def stun(state: NtState, model: Model) -> list[Event]:
    if not model.active:
        return []
    model.stunned_until = state.round + 1
    model.dragging = None
    return [
        public(
            "stunned",
            f"{name(model)} is stunned and falls, out of action until the end of turn {model.stunned_until}.",
        )
    ]


def wake(model: Model) -> list[Event]:
    model.stunned_until = 0
    return [public("awake", f"{name(model)} is no longer stunned.")]


def recover(state: NtState) -> list[Event]:
    """Clean-Up: the models whose stun ends this turn get up."""
    events: list[Event] = []
    for model in state.models.values():
        if model.stunned and state.round >= model.stunned_until:
            events += wake(model)
    return events
