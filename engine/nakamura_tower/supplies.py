"""Cards with a limited number of uses: grenades, Mine tokens and First Aid (RB Designer's Notes: ammunition
is not tracked "except for a few specialist weapons with limited number of uses"). A card's uses are in
the pack (``uses``); a card whose uses are spent is discarded from the character's slots."""

from __future__ import annotations

from engine.core import Event, public

from .loading import pack
from .pack import Equipment
from .state import Model
from .stats import name


def carried(model: Model, kind: str) -> list[Equipment]:
    """The distinct cards of ``kind`` the model carries, in its slot order."""
    seen: list[Equipment] = []
    for ident in model.equipment:
        item = pack().equipment[ident]
        if item.kind == kind and item not in seen:
            seen.append(item)
    return seen


def spend(model: Model, item: Equipment) -> list[Event]:
    """One use of ``item``; the card goes once its uses are spent."""
    if item.uses == 0:
        return []
    model.used[item.id] = model.used.get(item.id, 0) + 1
    if model.used[item.id] < item.uses:
        return []
    del model.used[item.id]
    model.equipment.remove(item.id)
    return [public("spent", f"{name(model)} has used up the {item.name}.")]


def left(model: Model, item: Equipment) -> int:
    """Uses left on the card in use (the first copy); 0 for an unlimited card means no limit."""
    return item.uses - model.used.get(item.id, 0) if item.uses else 0
