"""How the ids in Infamy's intents are named for a player: the namers of the declared arguments (see
:mod:`engine.core.args`), so a menu asked in parts reads "Sector 3 (Name)", "Sector 3 mission zone", a
Scheme's or a mission's name, never ``s3``, ``s3m``, ``ca01`` or ``m21``. A seat is named by itself.

A namer raises (KeyError, ValueError) for a value it does not know: the runtime then falls back to the value.
"""

from __future__ import annotations

from engine.core.intent import Value

from . import rules as R
from .state import InfamyState

PAWNS = {"own": "Your pawn", "acc": "The Accomplice pawn"}
"""The pawns a freelancer places: his own, and the Accomplice's when he won it."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def sector_named(state: InfamyState, value: Value) -> str:
    """A sector card or a Watchdog's sector: ``s3`` as "Sector 3 (its name)"."""
    n = R.sector_number(value)
    if n is None:
        raise ValueError(value)
    return f"Sector {n} ({R.pack().sectors[n].name})"


def zone_named(state: InfamyState, value: Value) -> str:
    """A zone of the board: a resupply zone ("Sector 3 Weapon") or a mission zone."""
    zone = str(value)
    mission_zone = len(zone) == 3 and zone.endswith("m") and R.sector_number(zone[:2]) is not None
    if not (mission_zone or R.zone_known(zone)):
        raise ValueError(value)
    return _capital(R.zone_label(zone))


def hazard_zone_named(state: InfamyState, value: Value) -> str:
    """Where a Hazard goes: a resupply zone, or none (the Saboteur's Hazard may be left out)."""
    return "No Hazard" if value == "none" else zone_named(state, value)


def pawn_named(state: InfamyState, value: Value) -> str:
    return PAWNS[str(value)]


def mission_named(state: InfamyState, value: Value) -> str:
    m = R.pack().missions[str(value)]
    return f"{m.name} (sector {m.sector})"


def scheme_named(state: InfamyState, value: Value) -> str:
    return R.pack().schemes[str(value)].name


def faction_named(state: InfamyState, value: Value) -> str:
    return R.FACTION_NAMES[str(value)]


def what_named(state: InfamyState, value: Value) -> str:
    """A resource (Weapon, Data, Compound) or a Henchman, as a steal or a gain names it."""
    return R.WHAT_NAMES[str(value)]


def liaison_named(state: InfamyState, value: Value) -> str:
    """The Liaison's reward: 2 Infamy, or 1r in a faction."""
    return "2 Infamy" if value == "infamy" else f"1r in {R.FACTION_NAMES[str(value)]}"


def block_named(state: InfamyState, value: Value) -> str:
    """An effect waiting to resolve: a Contact's reward or a Rep benefit, by its name."""
    pack = R.pack()
    if value in pack.contacts:
        return pack.contacts[str(value)].name
    found = next((b.name for b in pack.benefits if b.id == value), None)
    if found is None:
        raise KeyError(value)
    return found
