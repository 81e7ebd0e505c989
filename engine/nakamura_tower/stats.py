"""A model's numbers now: the current side of its card plus its gear (characters), or its drone card; how a
menu names models, characters and gear for a player; and the cards with a limited number of uses: grenades,
Mine tokens and First Aid (RB Designer's Notes: ammunition is not tracked "except for a few specialist
weapons with limited number of uses"). A card's uses are in the pack (``uses``); a card whose uses are
spent is discarded from the character's slots."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from engine.core import Event, public
from engine.core.intent import Value

from .loading import pack
from .pack import Armour, Equipment
from .state import Model, NtState


@dataclass(frozen=True)
class Weapon:
    name: str
    close: bool
    damage: int
    effective: int
    damage_max: int
    maximum: int
    pierce: int
    bonus: int
    """Penalty or bonus to hit that comes with this way of attacking (a ranged weapon in CC: -3)."""
    stun: bool = False
    heavy: bool = False


BARE_HANDED_TO_HIT = -4
"""RB: "Physical Skill minus 4 to hit and Physical Skill minus 2 (for minimum of one)" bare-handed."""
RANGED_IN_CC = -3
"""RB: "Other ranged weapons can be used in Close Combat but with a -3 modifier"."""


def gear(model: Model) -> list[Equipment]:
    equipment = pack().equipment
    return [equipment[e] for e in model.equipment]


def ph(model: Model) -> int:
    if model.kind == "drone":
        return pack().drones[model.card].ph
    c = pack().characters[model.card]
    return (c.crippled if model.crippled else c.healthy).ph


def ms(model: Model) -> int:
    c = pack().characters[model.card]
    return (c.crippled if model.crippled else c.healthy).ms


def speed(model: Model) -> int:
    if model.kind == "drone":
        return pack().drones[model.card].speed
    c = pack().characters[model.card]
    return (c.crippled if model.crippled else c.healthy).speed


def wound_limit(model: Model) -> int:
    if model.kind == "drone":
        return pack().drones[model.card].wounds
    c = pack().characters[model.card]
    return (c.crippled if model.crippled else c.healthy).wounds


def armour(model: Model, where: str) -> int:
    if model.kind == "drone":
        table: Armour = pack().drones[model.card].armour
        return table.at(where)
    c = pack().characters[model.card]
    side = c.crippled if model.crippled else c.healthy
    return side.armour.at(where) + sum(g.armour for g in gear(model))


def skill(model: Model, name: str) -> int:
    if model.kind == "drone":
        return 0
    return pack().characters[model.card].skills.get(name, 0)  # type: ignore[call-overload, no-any-return]


def bonus(model: Model, kind: str) -> int:
    """Skill plus gear bonuses of one kind (``ranged``, ``close``, ``dodge``)."""
    return skill(model, kind) + sum(int(getattr(g, kind)) for g in gear(model))


def ammunition(model: Model) -> int:
    """The Damage its ammunition card adds to its ranged weapon (one card counts, the best)."""
    if model.kind == "drone":
        return 0
    return max((g.damage for g in gear(model) if g.kind == "ammunition"), default=0)


def strikes(model: Model) -> int:
    """Close Combat blows per CC Attack action (Rapid Strike gives two)."""
    return max((g.strikes for g in gear(model)), default=1)


def system_resources(model: Model) -> int:
    """RB: "one SR for every character; SRs due to character's Mental Skill (one SR for each Mental Skill
    above 5); specific SR related skills, Neurochips and certain cyber gear. A character can only count one
    Cyberdeck." """
    decks = [g.sr for g in gear(model) if g.slot == "cyberdeck"]
    other = sum(g.sr for g in gear(model) if g.slot != "cyberdeck")
    return 1 + max(0, ms(model) - 5) + other + (max(decks) if decks else 0)


def hacker(model: Model) -> bool:
    return model.kind == "character" and pack().characters[model.card].hacker


def _items(model: Model) -> list[Equipment]:
    if model.kind == "drone":
        return [pack().equipment[pack().drones[model.card].weapon]]
    return gear(model)


_SHOTS: dict[int, tuple[Equipment, Weapon]] = {}
"""The ranged Weapon of each ranged Equipment record of the pack, made once (drones ask at every look)."""
_BLADES: dict[int, tuple[Equipment, Weapon]] = {}
"""The Close Combat Weapon of each Close Combat record, made once (every listing of the attacks asks)."""
_BUTTS: dict[int, tuple[Equipment, Weapon]] = {}
"""Each ranged record used in Close Combat, made once."""


def _kept(
    table: dict[int, tuple[Equipment, Weapon]], item: Equipment, make: Callable[[Equipment], Weapon]
) -> Weapon:
    """The Weapon ``make`` makes of ``item``, made once per record (kept with it, so its id is not reused
    while kept)."""
    kept = table.get(id(item))
    if kept is None or kept[0] is not item:
        kept = table[id(item)] = (item, make(item))
    return kept[1]


def _shot(shooter: Equipment | None) -> Weapon | None:
    return None if shooter is None else _kept(_SHOTS, shooter, _ranged_of)


def _blade_of(blade: Equipment) -> Weapon:
    return Weapon(blade.name, True, blade.damage, 1, blade.damage, 1, blade.pierce, 0, blade.stun)


def _butt_of(shooter: Equipment) -> Weapon:
    return Weapon(shooter.name, True, shooter.damage, 1, shooter.damage, 1, shooter.pierce, RANGED_IN_CC)


@lru_cache(maxsize=64)
def _bare_hands(physical: int) -> Weapon:
    return Weapon("bare hands", True, max(1, physical - 2), 1, max(1, physical - 2), 1, 0, BARE_HANDED_TO_HIT)


def _ranged_of(shooter: Equipment) -> Weapon:
    return Weapon(
        shooter.name,
        False,
        shooter.damage,
        shooter.effective,
        shooter.damage_max,
        shooter.maximum,
        shooter.pierce,
        0,
        shooter.stun,
        shooter.heavy,
    )


def ranged_weapon(model: Model) -> Weapon | None:
    """Its ranged weapon, or None (the first of :func:`weapons`, without working out the other)."""
    return _shot(next((g for g in _items(model) if g.kind == "ranged"), None))


def weapons(model: Model) -> tuple[Weapon | None, Weapon]:
    """(its ranged weapon, or None; its Close Combat attack: a CC weapon, a ranged weapon at -3 or bare
    hands)."""
    items = _items(model)
    shooter = next((g for g in items if g.kind == "ranged"), None)
    ranged = _shot(shooter)
    blade = next((g for g in items if g.kind == "close"), None)
    if blade is not None:
        close = _kept(_BLADES, blade, _blade_of)
    elif shooter is not None and not shooter.heavy and shooter.damage > max(1, ph(model) - 2):
        # RB: "Heavy weapons cannot be used in Close Combat ... and fight "bare-handed" instead"
        close = _kept(_BUTTS, shooter, _butt_of)
    else:
        close = _bare_hands(ph(model))
    return ranged, close


def name(model: Model) -> str:
    """A model as a player reads it: a character by its card's name, a drone by its card's and the number
    its token shows ("Nakamura Sentry Drone 3": drones are ``d1``, ``d2``... on the board)."""
    if model.kind == "drone":
        return f"{pack().drones[model.card].name} {model.id.lstrip('d')}"
    return pack().characters[model.card].name


def called(state: NtState, ident: Value) -> str:
    """A model as a player reads it in a menu: its name, and where another model has the same name (a special
    character two Teams hired), whose Team it is: "Hideo Kojima of p2's Team"."""
    model = state.models[str(ident)]
    own = name(model)
    if not any(m.id != model.id and name(m) == own for m in state.models.values()):
        return own
    seat = next((s for s, t in state.teams.items() if t.letter == model.id[0]), None)
    if model.team == "ai":
        return f"{own}, lost to the AI" + (f" from {seat}'s Team" if seat else "")
    return f"{own} of {model.team}'s Team"


def who(state: NtState, model: Model) -> str:
    """A model in a line everyone reads: :func:`called` (its name, with its Team where another model has
    the same name)."""
    return called(state, model.id)


def item_named(state: NtState, value: Value) -> str:
    """An equipment card by its name."""
    return pack().equipment[str(value)].name


def character_named(state: NtState, value: Value) -> str:
    """A character of the pack (a Team member being built, or one to hire) by its name."""
    return pack().characters[str(value)].name


def carried(model: Model, kind: str) -> list[Equipment]:
    """The distinct cards of ``kind`` the model carries, in its slot order."""
    seen: list[Equipment] = []
    equipment = pack().equipment
    for ident in model.equipment:
        item = equipment[ident]
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
