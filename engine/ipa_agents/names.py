"""How the values of IPA's intent arguments are named for a player (a menu asked in parts names each value
it offers): a card instance by its card's name, a unit by its Agent's seat or its field equipment's name, a
shop item by its name, a seat by itself. Squares ("D7") are named as they are written, so they take no
namer (see :mod:`engine.core.args`). A namer returns None for a value it does not know.
"""

from __future__ import annotations

from engine.core.args import Namer
from engine.core.intent import Value

from .pack import ABILITIES, pack
from .rules import agent_of_unit, unit_name
from .state import IpaState


def card_named(state: IpaState, value: Value) -> str | None:
    """An Item Card instance (``uzi.1``) by its card's name; ``none``: nothing (an empty inventory)."""
    if value == "none":
        return "Nothing"
    card = pack().cards.get(str(value).split(".")[0])
    return card.name if card is not None else None


def unit_named(state: IpaState, value: Value) -> str | None:
    """An Agent (alive or dead) by its seat, a piece of field equipment by its name."""
    unit = str(value)
    if agent_of_unit(state, unit) is None and unit not in state.equipment:
        return None
    return unit_name(state, unit)


def seat_named(state: IpaState, value: Value) -> str | None:
    """A seat is named by itself."""
    return str(value) if value in state.seats else None


def ability_named(state: IpaState, value: Value) -> str | None:
    return str(value).capitalize() if value in ABILITIES else None


def item_named(state: IpaState, value: Value) -> str | None:
    """What the Space Shop sells for credits: an Injection or a piece of Field Equipment, with its price."""
    found = pack().injections.get(str(value)) or pack().equipment.get(str(value))
    return f"{found.name} ({found.price} cr)" if found is not None else None


def upgrade_named(state: IpaState, value: Value) -> str | None:
    upgrade = pack().upgrades.get(str(value))
    return f"{upgrade.name} ({upgrade.sp} SP)" if upgrade is not None else None


def words(table: dict[str, str]) -> Namer:
    """A namer for an answer's fixed words (``yes``, ``no``)."""

    def named(state: IpaState, value: Value) -> str | None:
        return table.get(str(value))

    return named
