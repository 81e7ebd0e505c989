"""Wounds from any hit (an attack, a grenade, a mine): hit location, armour, crippling, unconsciousness,
and the stun of a stunning weapon.

Stunned models. FAQ 1.1: ""Stunned" is not explained in the rulebook; per the FAQ, a target successfully
hit has to fall and stay unconscious for one game turn." Ruling G26: a stunned model lies on its square (it
still fills it, blocks sight and can be attacked) and can neither act, react nor Dodge, nor give System
Resources, until the Clean-Up phase of the next turn; First Aid wakes it earlier (ruling K6)."""

from __future__ import annotations

from engine.core import Event, public

from . import locations
from .infection import release
from .naming import plural
from .scoring import knocked_out
from .state import Model, NtState
from .stats import armour, name, who, wound_limit


def hurt(
    state: NtState, target: Model, damage: int, pierce: int, card: int, by: Model | None, stuns: bool = False
) -> list[Event]:
    """RB: "Subtract the Armour value of the hit location from the weapon's Damage. The difference is the
    number of wounds" ... "A hit in the head always inflicts a minimum of one wound regardless of the
    Armour". A stunning weapon also stuns a target it hits (FAQ, ruling G26). A character lying unconscious
    (an Intervening Model struck by a missed shot) takes nothing more (ruling M6)."""
    if target.status != "ok":
        return [
            public(
                "hit", f"{who(state, target)} lies unconscious: the hit changes nothing.", target=target.id
            )
        ]
    where = locations.hit_at(state, target, card)
    wounds = max(0, damage - max(0, armour(target, where) - pierce))
    if where == "head":
        wounds = max(1, wounds)
    wounds, lost = locations.damage(state, target, where, wounds)
    text = f"{who(state, target)} is hit in the {where.replace('_', ' ')}: {plural(wounds, 'wound')}."
    events = (
        [public("hit", text, target=target.id, wounds=wounds)] + lost + take_wounds(state, target, wounds, by)
    )
    return events + (stun(state, target) if stuns else [])


def take_wounds(state: NtState, target: Model, wounds: int, by: Model | None) -> list[Event]:
    """RB (FAQ): "flipped to its crippled side when the number of wounds is 'equal to or greater than' the
    Wound value"; excess wounds are ignored (ruling R01); unconscious at the crippled side's value (R02)."""
    if wounds <= 0 or target.status != "ok":
        return []  # a character lying unconscious takes no more wounds: nothing further can happen to it
    target.wounds += wounds
    if target.wounds < wound_limit(target):
        return []
    if target.kind == "drone":
        target.status, target.cell = "destroyed", None
        return [public("destroyed", f"{who(state, target)} is destroyed.")]
    if not target.crippled:
        target.crippled, target.wounds = True, 0
        return [public("crippled", f"{who(state, target)} is crippled: the character card is flipped.")]
    target.status, target.dragging = "unconscious", None  # it stays lying on its square (ruling M6)
    target.wounds = wound_limit(target)  # "Ignore any excess Wound tokens" (R01)
    release(state, target.id)
    return [public("unconscious", f"{who(state, target)} falls unconscious.")] + knocked_out(
        state, target, by
    )


def stun(state: NtState, model: Model) -> list[Event]:
    if not model.active:
        return []
    model.stunned_until = state.round + 1
    model.dragging = None
    return [
        public(
            "stunned",
            f"{who(state, model)} is stunned and falls: out of action until the end of Turn "
            f"{model.stunned_until}.",
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
