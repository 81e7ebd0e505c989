"""The advanced rule Intervening Models (table option ``intervening_models``), which replaces the Line of
Sight rule for Ranged Attacks.

RB: "any three models block the Line of Sight for Ranged Attacks. If there are only one or two intervening
models conduct the Ranged Attack as normal but with a -3 modifier for each." A miss that happened only
because of the first -3 hits the first intervening model; one that needed the second -3 hits the second
(rules-notes 9.6), with a new CanDo card for its hit location. Ruling V1: every model on the line between
the two counts, friend or foe (the rule says "any three models"); Human Shield is not played.
"""

from __future__ import annotations

from engine.core import Event, public

from . import board
from .state import Model, NtState

PER_MODEL = -3
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
    clear = board.grid(state).sees(
        board.square(attacker.cell), board.square(target.cell), closed=board.closed_edges(state)
    )
    return clear and len(between(state, attacker, target)) < BLOCKS_AT


def penalty(state: NtState, attacker: Model, target: Model) -> int:
    return PER_MODEL * len(between(state, attacker, target)) if applies(state, attacker, target) else 0


def stray(state: NtState, attacker: Model, target: Model, hit: int, defence: int) -> Model | None:
    """The intervening model a miss hits instead, if the miss came from the intervening models' -3s."""
    if not applies(state, attacker, target) or defence < hit:
        return None
    models = between(state, attacker, target)
    for n, model in enumerate(models, start=1):
        if defence < hit - PER_MODEL * n:
            return model
    return None


def stray_event(attacker_name: str, model_name: str) -> Event:
    return public("stray", f"{attacker_name}'s shot hits {model_name}, in the way.")
