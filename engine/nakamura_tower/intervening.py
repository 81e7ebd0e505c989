"""The advanced rule Intervening Models (table option ``intervening_models``), which replaces the Line of
Sight rule for Ranged Attacks.

RB: "any three models block the Line of Sight for Ranged Attacks. If there are only one or two intervening
models conduct the Ranged Attack as normal but with a -3 modifier for each." A miss that happened only
because of the first -3 hits the first intervening model; one that needed the second -3 hits the second
(rules-notes 9.6), with a new CanDo card for its hit location. Ruling V1: every model on the line between
the two counts, friend or foe (the rule says "any three models").

Human Shield (option ``human_shield``): "An intervening non-friendly model can use a Special Action
reaction, "Human Shield", with it being automatically hit if it is the second intervening model otherwise
it gives a total of -6 modifier for a Ranged Attack, which if it changes the original result from a hit to
a miss then the "Human Shield" model is hit instead" (ruling V4).
"""

from __future__ import annotations

from engine.core import Event, public
from engine.core.board import Cell

from . import board, lines
from .state import Model, NtState

PER_MODEL = -3
SHIELD = -6
BLOCKS_AT = 3


def applies(state: NtState, attacker: Model, target: Model) -> bool:
    if not state.opts.intervening_models or attacker.cell is None or target.cell is None:
        return False
    return board.distance(state, attacker.cell, target.cell) > 1


def between(state: NtState, attacker: Model, target: Model) -> list[Model]:
    """The models on the centre-to-centre line, nearest the attacker first."""
    assert attacker.cell is not None and target.cell is not None
    line = board.grid(state).line(board.square(attacker.cell), board.square(target.cell))
    taken = board.occupied(state)
    return [taken[c] for c in line.between if c in taken]


def in_sight(state: NtState, attacker: Model, target: Model) -> bool:
    """Walls and closed doors still block; models block only three at a time."""
    assert attacker.cell is not None and target.cell is not None
    a, b, nobody = board.square(attacker.cell), board.square(target.cell), frozenset[Cell]()
    clear = lines.sees(board.grid(state), a, b, nobody, board.closed_edges(state))
    return clear and len(between(state, attacker, target)) < BLOCKS_AT


def penalties(state: NtState, attacker: Model, target: Model, shield: str | None = None) -> list[int]:
    """The modifier each intervening model gives, nearest the attacker first: -3, or -6 for a Human
    Shield."""
    if not applies(state, attacker, target):
        return []
    return [SHIELD if m.id == shield else PER_MODEL for m in between(state, attacker, target)]


def penalty(state: NtState, attacker: Model, target: Model, shield: str | None = None) -> int:
    return sum(penalties(state, attacker, target, shield))


def stray(
    state: NtState, attacker: Model, target: Model, hit: int, defence: int, shield: str | None = None
) -> Model | None:
    """The intervening model a miss hits instead, if the miss came from the intervening models' modifiers:
    the first when its own modifier turned the hit into a miss, the second when its was needed too."""
    if not applies(state, attacker, target) or defence < hit:
        return None
    undone = 0
    models, modifiers = between(state, attacker, target), penalties(state, attacker, target, shield)
    for model, modifier in zip(models, modifiers, strict=True):
        undone -= modifier
        if defence < hit + undone:
            return model
    return None


def shields(state: NtState, attacker: Model, target: Model) -> list[Model]:
    """The target's teammates who may step in as a Human Shield: characters that may still react, first or
    second on the line (ruling V4: only the target's own Team shields it; drones never do)."""
    if not (state.opts.human_shield and applies(state, attacker, target)):
        return []
    models = between(state, attacker, target)
    if len(models) >= BLOCKS_AT:
        return []
    return [
        m
        for m in models
        if m.team == target.team and m.kind == "character" and m.able and not m.reacted and m.team != "ai"
    ]


def second(state: NtState, attacker: Model, target: Model, shield: str) -> bool:
    """Whether the Human Shield is the second intervening model (then it is "automatically hit")."""
    models = between(state, attacker, target)
    return len(models) > 1 and models[1].id == shield


def stray_event(attacker_name: str, model_name: str) -> Event:
    return public("stray", f"{attacker_name}'s shot hits {model_name}, in the way.")
