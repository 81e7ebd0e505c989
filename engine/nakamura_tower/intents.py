"""Intents made once: an intent is an immutable value of its kind and arguments, and every legal list of a
turn offers most of the last one's again (a Team's purchases and hires, its characters' moves, attacks
and standing orders), so the one made before serves. Kept for the process, bounded (least recently used
first): a key is only ever the intent it names, so nothing kept can go stale."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Intent
from engine.core.board import Cell
from engine.core.intent import Value

KEPT = 16_384
"""How many intents of each table are kept: every move of every character of a big floor, many times over
the few hundred a turn offers."""


@lru_cache(maxsize=KEPT)
def made(kind: str, /, **args: Value) -> Intent:
    """``Intent.of(kind, **args)``, the one made before when there was one (same arguments, same order)."""
    return Intent.of(kind, **args)


@lru_cache(maxsize=KEPT)
def move_to(unit: str, to: Cell) -> Intent:
    """The move of ``unit`` to the square ``to``: the commonest intent of all, so it has a table of its own
    keyed by the square itself (its label is not even written again)."""
    return Intent.of("move", unit=unit, to=to.label)
