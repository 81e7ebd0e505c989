"""Infamy's data pack: the models of every record in ``data/infamy/`` and the cached loader.

Cards are data. Every effect on a Contact, Mission, Scheme or Rep benefit is a small :class:`Effect`
record from one vocabulary (gain, rep, steal, sabotage, hazards, Watchdogs, bribes spent/recovered,
schemes drawn, Day/Night-only effects), interpreted by :mod:`engine.infamy.effects`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import DataError
from engine.core.datapack import Provenance, load_records, pack_dir

from .view import tokens_words

Faction = Literal["cartel", "megacorp", "militia"]
FACTIONS: tuple[Faction, ...] = ("cartel", "megacorp", "militia")
Resource = Literal["weapon", "data", "compound"]
RESOURCES: tuple[Resource, ...] = ("weapon", "data", "compound")
MissionType = Literal["carnage", "influence", "underworld"]
ZoneKind = Literal["weapon", "data", "compound", "henchman", "special", "hq"]

Op = Literal[
    "gain",
    "rep",
    "lose",
    "spend",
    "recover",
    "draw",
    "discard",
    "steal",
    "rival_lose",
    "rivals_lose",
    "rivals_spend",
    "sabotage",
    "hazard_add",
    "hazard_remove",
    "watchdog_add",
    "watchdog_move",
    "gain_per_mission",
    "liaison",
    "flag",
]
What = Literal[
    "weapon",
    "data",
    "compound",
    "resource",
    "henchman",
    "favor",
    "infamy",
    "scheme",
    "accomplice",
    "smuggler",
    "chief",
    "informant",
]

_GAINABLE = {"weapon", "data", "compound", "resource", "henchman", "favor", "infamy"}
_LOSABLE = {"weapon", "data", "compound", "henchman", "infamy"}
_FLAGS = {"accomplice", "smuggler", "chief", "informant"}


class Effect(BaseModel):
    """One step of a card's text. Steps run in order ("carry out all of the effects listed, in the
    order they are listed"); a step tagged ``when`` day/night only works in that Round."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Op
    n: int = Field(1, ge=1, le=6)
    what: What | None = None
    faction: Literal["cartel", "megacorp", "militia", "any"] | None = None
    factions: tuple[Faction, ...] = ()
    type: MissionType | None = None
    when: Literal["day", "night"] | None = None
    zone: Literal["any", "non_hq"] = "any"
    cancel_cost: int = Field(0, ge=0, le=12)
    """steal: the victim may Spend this many Bribes to cancel (the Thug's 3)."""
    hazard_after: bool = False
    """sabotage: then may add a Hazard to a non-HQ resupply zone of the sabotaged mission's sector."""

    @model_validator(mode="after")
    def _check(self) -> Effect:
        op, what = self.op, self.what
        if op == "gain" and what not in _GAINABLE:
            raise ValueError(f"gain needs 'what' among {sorted(_GAINABLE)}")
        if op in ("lose", "rival_lose", "rivals_lose") and what not in _LOSABLE:
            raise ValueError(f"{op} needs 'what' among {sorted(_LOSABLE)}")
        if op == "steal" and what not in ("resource", "weapon", "data", "compound", "scheme", "henchman"):
            raise ValueError("steal needs 'what': resource, weapon, data, compound, henchman or scheme")
        if op == "flag" and what not in _FLAGS:
            raise ValueError(f"flag needs 'what' among {sorted(_FLAGS)}")
        if op == "rep" and self.faction is None and not self.factions:
            raise ValueError("rep needs 'faction' (or 'factions' to choose from)")
        if op == "gain_per_mission" and (self.type is None or what not in ("infamy", "resource", "henchman")):
            raise ValueError("gain_per_mission needs 'type' and 'what' (infamy, resource or henchman)")
        return self


class Requirements(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    weapon: int = Field(0, ge=0, le=6)
    data: int = Field(0, ge=0, le=6)
    compound: int = Field(0, ge=0, le=6)
    henchman: int = Field(0, ge=0, le=6)
    favor: int = Field(0, ge=0, le=2)
    bribe: int = Field(0, ge=0, le=6)

    def items(self) -> list[tuple[str, int]]:
        return [(k, v) for k, v in self.model_dump().items() if v]

    def words(self) -> str:
        """ "2 Weapons, 1 Data" ("nothing" when free)."""
        return tokens_words(dict(self.items()))

    def short(self) -> str:
        names = {"weapon": "W", "data": "D", "compound": "C", "henchman": "H", "favor": "F", "bribe": "B"}
        return " ".join(f"{v}{names[k]}" for k, v in self.items()) or "free"


class Contact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    factions: tuple[Faction, ...] = ()
    reward: tuple[Effect, ...]
    text: str
    ongoing: bool = False
    favor_allowed: bool = True
    provenance: Provenance


class Zone(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^s[1-6][ab]$")
    kind: ZoneKind
    faction: Faction | None = None

    @model_validator(mode="after")
    def _check(self) -> Zone:
        if (self.kind == "hq") != (self.faction is not None):
            raise ValueError("an HQ zone needs a faction, and only an HQ zone has one")
        return self


class Sector(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int = Field(ge=1, le=6)
    name: str
    zones: tuple[Zone, Zone]
    provenance: Provenance


class Mission(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^m[0-9]{2}$")
    name: str
    sector: int = Field(ge=1, le=6)
    types: tuple[MissionType, ...] = ()
    requires: Requirements
    reward: tuple[Effect, ...] = ()
    reward_text: str = ""
    infamy: int = Field(0, ge=0, le=6)
    rep: int = Field(0, ge=0, le=3)
    factions: tuple[Faction, ...] = Field(min_length=1)
    flavor: str = ""
    provenance: Provenance

    @model_validator(mode="after")
    def _check(self) -> Mission:
        if self.infamy == 0 and self.rep == 0:
            raise ValueError("every mission offers some Infamy, Rep, or both")
        return self


class Scheme(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^(ca|mc|mi)[0-9]{2}$")
    faction: Faction
    name: str
    cost: Requirements = Requirements()
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: str
    flavor: str = ""
    provenance: Provenance


class RepBenefit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    faction: Faction
    level: int = Field(ge=1, le=4)
    name: str
    trigger: Literal["reach", "contact", "resupply", "mission"]
    """reach: once, when the level is reached; contact: on winning a Contact of this faction;
    resupply: on resupplying at a zone of ``resource`` kind; mission: on completing a mission of ``type``."""
    resource: ZoneKind | None = None
    type: MissionType | None = None
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: str
    provenance: Provenance

    @model_validator(mode="after")
    def _check(self) -> RepBenefit:
        if self.trigger == "resupply" and self.resource is None:
            raise ValueError("a resupply benefit needs 'resource'")
        if self.trigger == "mission" and self.type is None:
            raise ValueError("a mission benefit needs 'type'")
        return self


class Pack(BaseModel):
    contacts: dict[str, Contact]
    sectors: dict[int, Sector]
    missions: dict[str, Mission]
    schemes: dict[str, Scheme]
    benefits: list[RepBenefit]

    def zone(self, zone_id: str) -> Zone:
        sector = self.sectors[int(zone_id[1])]
        return sector.zones[0] if zone_id.endswith("a") else sector.zones[1]

    def benefits_of(self, faction: str, level: int) -> list[RepBenefit]:
        return [b for b in self.benefits if b.faction == faction and b.level <= level]


def load_pack(root: Path | None = None) -> Pack:
    """Load and check the pack in ``root`` (default ``data/infamy``); a bad record raises DataError."""
    folder = root or pack_dir("infamy")
    contacts = load_records(folder / "contacts.json", Contact)
    sectors = load_records(folder / "board.json", Sector)
    missions = load_records(folder / "missions.json", Mission)
    schemes = load_records(folder / "schemes.json", Scheme)
    benefits = load_records(folder / "rep_benefits.json", RepBenefit)
    if len(contacts) != 13:
        raise DataError(f"{folder / 'contacts.json'}: expected 13 Contacts, found {len(contacts)}")
    if sorted(s.id for s in sectors) != [1, 2, 3, 4, 5, 6]:
        raise DataError(f"{folder / 'board.json'}: expected sectors 1 to 6")
    for sec in sectors:
        for z in sec.zones:
            if z.id[1] != str(sec.id):
                raise DataError(
                    f"{folder / 'board.json'}: sector {sec.id}, field 'zones': zone {z.id} is not in it"
                )
    if len(missions) < 8:
        raise DataError(f"{folder / 'missions.json'}: a playable pack needs at least 8 missions")
    for f in FACTIONS:
        if not any(s.faction == f for s in schemes):
            raise DataError(f"{folder / 'schemes.json'}: no Scheme for faction {f}")
    for s in schemes:
        if not s.id.startswith({"cartel": "ca", "megacorp": "mc", "militia": "mi"}[s.faction]):
            raise DataError(
                f"{folder / 'schemes.json'}: record '{s.id}', field 'id': prefix does not match faction"
            )
    return Pack(
        contacts={c.id: c for c in contacts},
        sectors={s.id: s for s in sectors},
        missions={m.id: m for m in missions},
        schemes={s.id: s for s in schemes},
        benefits=benefits,
    )


@cache
def default_pack() -> Pack:
    return load_pack()
