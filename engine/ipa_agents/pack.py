"""IPA: The Agents' data pack (``data/ipa_agents/``): Item Cards, Injections, Field Equipment, SP
upgrades, Events, the Unknown Entity table and the rules' numbers, as pydantic models.

Card effects are data in a small vocabulary (:data:`Effect`, one typed record per ``op``) that
:mod:`.effects` interprets; no card has Python of its own. Every record carries its provenance
(``rulebook``, ``reconstructed`` or ``house``) and, for rulebook cards, the fields the rulebook does not
print (``unknown``), which this pack fills with house values. An owner of the box can load the real 200
cards through the same schema (``ARBITER_DATA`` pointing at a folder with an ``ipa_agents`` pack).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.datapack import Provenance, load_object, load_records, pack_dir
from engine.core.errors import DataError

GAME_ID = "ipa_agents"

Ability = Literal["precision", "strength", "intellect"]
ABILITIES: tuple[Ability, ...] = ("precision", "strength", "intellect")
DamageType = Literal["physical", "energy", "gas", "fire"]
CardType = Literal["artifact", "rift", "construct", "melee", "ranged", "space"]
Target = Literal["target", "units", "agent", "equipment", "self", "player"]
"""RB "Target Types": Target (units and field equipment, not players; the default), Units, or one special
kind (Agent, field equipment, player); ``self`` is the card's owner ("owner ... refers to an Agent")."""
Status = Literal["stun", "helpless", "confuse", "mind_control"]

TYPE_NAMES: dict[str, str] = {
    "artifact": "Artifact",
    "rift": "Rift",
    "construct": "Construct",
    "melee": "Melee Weapon",
    "ranged": "Ranged Weapon",
    "space": "Space Manipulation",
}


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- the effect vocabulary --------------------------------------------------------------------------


class Damage(_Record):
    """Deal damage to the target. ``type`` None: the card type's default (RB "Damage Types").
    ``roll``: the attacker first rolls a d6 and the face gives the amount (Electrocute)."""

    op: Literal["damage"] = "damage"
    amount: int = Field(0, ge=0, le=30)
    type: DamageType | None = None
    roll: dict[int, int] | None = None
    bonus_if_owns: tuple[str, ...] = ()
    """Card ids: owning any of them adds ``bonus`` of the same type (Butcher's Axe)."""
    bonus: int = Field(0, ge=0, le=10)

    @model_validator(mode="after")
    def _faces(self) -> Damage:
        if self.roll is not None and sorted(self.roll) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("a damage roll table gives an amount for each face 1 to 6")
        return self


class OverTime(_Record):
    """Damage every time it becomes the target's turn, for a d6 of turns, each with a defensive roll
    (Drowning)."""

    op: Literal["over_time"] = "over_time"
    amount: int = Field(1, ge=1, le=10)
    type: DamageType | None = None


class Heal(_Record):
    op: Literal["heal"] = "heal"
    amount: int = Field(ge=1, le=20)


class Boost(_Record):
    """A Construct's passive bonus to its owner's ability (Brain Juicer); a negative amount is a burden
    (a Construct planted in another Agent's inventory, R-38), which never takes an ability below 0."""

    op: Literal["ability"] = "ability"
    ability: Ability
    amount: int = Field(ge=-10, le=10)

    @model_validator(mode="after")
    def _nonzero(self) -> Boost:
        if self.amount == 0:
            raise ValueError("an ability effect changes the ability by at least 1")
        return self


class Reduce(_Record):
    """A Construct's passive reduction of one damage type: ``half`` rounds down (Water Shield), else
    ``amount`` is taken off. Reductions of one type do not stack: the best applies."""

    op: Literal["reduce"] = "reduce"
    type: DamageType
    half: bool = False
    amount: int = Field(0, ge=0, le=10)


class Immune(_Record):
    op: Literal["immune"] = "immune"
    type: DamageType


class Inflict(_Record):
    """A status until the activator is in turn again (RB "1 game round" durations)."""

    op: Literal["status"] = "status"
    status: Status


class Shove(_Record):
    """The activator moves the target up to ``squares`` squares (Fear)."""

    op: Literal["shove"] = "shove"
    squares: int = Field(ge=1, le=6)


class LoseOnRoll(_Record):
    """Roll a d6: on ``face`` or more the target loses ``life`` (untyped life loss, Fear)."""

    op: Literal["lose_on_roll"] = "lose_on_roll"
    face: int = Field(ge=1, le=6)
    life: int = Field(ge=1, le=10)


class DestroyEquipment(_Record):
    op: Literal["destroy_equipment"] = "destroy_equipment"


class ExtraArtifacts(_Record):
    """Activate ``count`` further Artifacts this turn without an action each (Multitasking)."""

    op: Literal["extra_artifacts"] = "extra_artifacts"
    count: int = Field(ge=1, le=4)


class Cancel(_Record):
    """A Rift's cancellation: ``hit`` cancels a hit after a failed defensive roll (Bright Light);
    ``against`` lists the card types whose activation it cancels (Space Vacuum: Space Manipulations)."""

    op: Literal["cancel"] = "cancel"
    hit: bool = False
    against: tuple[CardType, ...] = ()


class Convert(_Record):
    """A Construct whose effect, paid ``cost`` credits per weapon and turn, turns that weapon's damage into
    ``to`` and adds ``plus`` (Damage Converter)."""

    op: Literal["convert"] = "convert"
    to: DamageType = "fire"
    plus: int = Field(1, ge=0, le=5)
    cost: int = Field(1, ge=0, le=5)


class Gain(_Record):
    """The owner gains saved credits or Science Points."""

    op: Literal["gain"] = "gain"
    what: Literal["credits", "sp"]
    amount: int = Field(ge=1, le=10)


class Revive(_Record):
    """RB "Some items can bring dead players back to life": a dead Agent in sight and range rises on its
    corpse's square with ``life`` life (at most its maximum), R-39."""

    op: Literal["revive"] = "revive"
    life: int = Field(ge=1, le=20)


Effect = Annotated[
    Damage
    | OverTime
    | Heal
    | Boost
    | Reduce
    | Immune
    | Inflict
    | Shove
    | LoseOnRoll
    | DestroyEquipment
    | ExtraArtifacts
    | Cancel
    | Convert
    | Gain
    | Revive,
    Field(discriminator="op"),
]
ATTACKS = ("damage", "over_time", "status", "shove", "lose_on_roll", "destroy_equipment")
"""Effects aimed at another unit or field equipment (they get a defensive roll, unless the rules say not)."""


class Requires(_Record):
    precision: int = Field(0, ge=0, le=40)
    strength: int = Field(0, ge=0, le=40)
    intellect: int = Field(0, ge=0, le=40)

    def items(self) -> list[tuple[Ability, int]]:
        return [(a, getattr(self, a)) for a in ABILITIES if getattr(self, a)]


class Card(_Record):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{1,30}$")
    name: str = Field(min_length=1, max_length=40)
    type: CardType
    price: int = Field(ge=0, le=9)
    """The sale price (upper right corner)."""
    requires: Requires = Field(default_factory=Requires)
    target: Target = "target"
    range: int | None = Field(None, ge=1, le=48)
    """Maximum range; None: no maximum (RB Drowning "Maximum range: none")."""
    min_range: int = Field(0, ge=0, le=20)
    cost: int = Field(0, ge=0, le=9)
    """Credits each activation costs."""
    twin: bool = False
    """Two copies activate together for one action (Uzi)."""
    double_for: int | None = Field(None, ge=1, le=9)
    """Pay this many credits to use it twice in one action, on one or two targets (Throwing Stars)."""
    planted: bool = False
    """A Construct activated in another Agent's inventory, which becomes its owner (RB Construct, R-38)."""
    effects: tuple[Effect, ...]
    copies: int = Field(1, ge=1, le=40)
    text: str = Field(min_length=1, max_length=240)
    """Our own words for the card's effect (the box's text is not reproduced)."""
    provenance: Provenance
    unknown: tuple[str, ...] = ()
    """Fields the rulebook does not print for this card (filled here with house values)."""

    @model_validator(mode="after")
    def _sensible(self) -> Card:
        if self.type == "rift" and not any(e.op == "cancel" for e in self.effects):
            raise ValueError("a Rift needs a 'cancel' effect")
        if self.type in ("melee", "ranged") and not any(e.op == "damage" for e in self.effects):
            raise ValueError("a weapon needs a 'damage' effect")
        if self.type == "ranged" and self.range is None:
            raise ValueError("a Ranged Weapon needs a maximum range")
        if self.planted and self.type != "construct":
            raise ValueError("only a Construct is planted in another Agent's inventory")
        if self.revives() and (self.type == "rift" or self.aims() or self.planted):
            raise ValueError("a reviving card aims at a corpse only")
        return self

    def revives(self) -> Revive | None:
        return next((e for e in self.effects if isinstance(e, Revive)), None)

    def default_type(self) -> DamageType:
        """RB: "Unless otherwise noted on the card, weapons and Constructs deal physical damage. Space
        Manipulations, Artifacts and Rifts deal energy damage"."""
        return "physical" if self.type in ("melee", "ranged", "construct") else "energy"

    def aims(self) -> bool:
        """An attack on a unit or field equipment (not a planted Construct nor a revival)."""
        return (
            not self.planted
            and self.target not in ("self", "player")
            and any(e.op in ATTACKS for e in self.effects)
        )


class Injection(_Record):
    id: str
    name: str
    price: int = Field(ge=0, le=9)
    effect: Literal["heal", "tunnel", "pass_unit", "range", "draw_recycled", "action", "speed", "melee_bonus"]
    amount: int = Field(0, ge=0, le=10)
    text: str
    provenance: Provenance


class Equipment(_Record):
    id: Literal["gravitational_enforcer", "sentry", "scary_mary", "space_tunnel"]
    name: str
    price: int = Field(ge=0, le=9)
    life: int | None = Field(None, ge=1, le=20)
    damage: int = Field(0, ge=0, le=10)
    damage_type: DamageType = "physical"
    range: int | None = Field(None, ge=1, le=48)
    moves: int = Field(0, ge=0, le=4)
    radius: int = Field(0, ge=0, le=6)
    weakness: tuple[DamageType, ...] = ()
    immune: tuple[DamageType, ...] = ()
    stock: int = Field(ge=1, le=40)
    """Tokens in the box (A-45): no more can stand on the map at once."""
    text: str
    provenance: Provenance


class Upgrade(_Record):
    id: str
    name: str
    equipment: Literal["gravitational_enforcer", "sentry", "scary_mary", "space_tunnel"]
    sp: int = Field(ge=1, le=20)
    effect: Literal["moves", "range", "damage", "life", "radius"]
    amount: int = Field(ge=1, le=10)
    text: str
    provenance: Provenance


class EventKind(_Record):
    id: Literal["aliens", "debris", "ue"]
    name: str
    count: int = Field(ge=0, le=20)
    reward: int = Field(0, ge=0, le=10)
    text: str
    provenance: Provenance


class Entity(_Record):
    face: int = Field(ge=1, le=6)
    id: Literal["speed", "clear_shot", "hand", "steady", "move_equipment", "own_fields"]
    name: str
    text: str
    provenance: Provenance


class Numbers(_Record):
    """The rules' numbers (RB, with the notes' derivation of the 24 x 24 map)."""

    provenance: Provenance = "rulebook"
    size: int = Field(24, ge=12, le=48)
    life: dict[int, int]
    movement: int = 5
    hand: int = 7
    hand_penalty: int = 2
    rank_cap: int = 20
    walls: int = 40
    events_each: int = 4
    corner_zone: int = 3
    wall_group: int = 5
    kill_credits: int = 2
    spoils_sp: int = 2
    ue_sale: int = 3
    deck_size: int = 200


class Pack(BaseModel):
    model_config = ConfigDict(frozen=True)
    cards: dict[str, Card]
    injections: dict[str, Injection]
    equipment: dict[str, Equipment]
    upgrades: dict[str, Upgrade]
    events: dict[str, EventKind]
    entities: dict[int, Entity]
    numbers: Numbers

    def deck(self) -> list[str]:
        """Every physical card as ``<id>.<n>`` (copies numbered from 1), sorted."""
        return sorted(f"{c.id}.{n}" for c in self.cards.values() for n in range(1, c.copies + 1))

    def card(self, instance: str) -> Card:
        return self.cards[instance.split(".")[0]]


def _check(folder: Path, pack: Pack) -> None:
    total = sum(c.copies for c in pack.cards.values())
    if total != pack.numbers.deck_size:
        raise DataError(
            f"{folder / 'cards.json'}: the cards make {total} copies, not {pack.numbers.deck_size}"
        )
    for card in pack.cards.values():
        for effect in card.effects:
            for other in getattr(effect, "bonus_if_owns", ()):
                if other not in pack.cards:
                    raise DataError(
                        f"{folder / 'cards.json'}: record '{card.id}', field 'effects': "
                        f"'{other}' is not a card of the pack"
                    )
    if sum(e.count for e in pack.events.values()) != 20:
        raise DataError(f"{folder / 'events.json'}: the Event tokens must number 20")
    if sorted(pack.entities) != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"{folder / 'entities.json'}: the UE table needs faces 1 to 6")


def load_pack(folder: Path) -> Pack:
    """Read and check a pack folder; :class:`DataError` names the file, record and field."""
    pack = Pack(
        cards={c.id: c for c in load_records(folder / "cards.json", Card, "cards")},
        injections={i.id: i for i in load_records(folder / "injections.json", Injection, "injections")},
        equipment={e.id: e for e in load_records(folder / "equipment.json", Equipment, "equipment")},
        upgrades={u.id: u for u in load_records(folder / "upgrades.json", Upgrade, "upgrades")},
        events={e.id: e for e in load_records(folder / "events.json", EventKind, "events")},
        entities={e.face: e for e in load_records(folder / "entities.json", Entity, "entities")},
        numbers=load_object(folder / "numbers.json", Numbers),
    )
    _check(folder, pack)
    return pack


@lru_cache(maxsize=4)
def _cached(folder: str) -> Pack:
    return load_pack(Path(folder))


_FOLDERS: dict[str | None, str] = {}
"""The pack's folder by ``$ARBITER_DATA`` (finding it asks the file system: once per value, not per call)."""


def pack() -> Pack:
    """The pack in use (``data/ipa_agents`` or ``$ARBITER_DATA/ipa_agents``), read once."""
    env = os.environ.get("ARBITER_DATA")
    folder = _FOLDERS.get(env)
    if folder is None:
        folder = _FOLDERS[env] = str(pack_dir(GAME_ID))
    return _cached(folder)


MAPS = ("standard_1", "standard_2", "standard_3", "standard_4", "standard_5")


def map_path(name: str) -> Path:
    return pack_dir(GAME_ID) / "maps" / f"{name}.txt"
