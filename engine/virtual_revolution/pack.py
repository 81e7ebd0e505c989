"""Virtual Revolution's data pack (``data/virtual_revolution/``): the reconstructed Neo Paris, the 33 Agents,
24 Verses, 14 Necro cards, 36 Corruption cards, 7 Titles, 7 Boosts and the Objectives, as pydantic models.

Card effects are data: each record names an ``op`` of a small vocabulary that :mod:`.effects`,
:mod:`.verses` and :mod:`.endround` interpret. Every record carries its provenance; rulebook cards list in
``unknown`` the fields the rulebook does not print (filled here as ``reconstructed``). An owner of the box
can load the printed map and cards through the same schema (``ARBITER_DATA``); a bad pack is refused with
the file, the record and the field.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.board import AreaGraph, AreaRecord
from engine.core.datapack import Provenance, load_object, load_records, pack_dir
from engine.core.errors import DataError

GAME_ID = "virtual_revolution"

District = Literal["PI", "ND", "QL", "CE", "MA", "DR", "NA"]
DISTRICTS: tuple[District, ...] = ("PI", "ND", "QL", "CE", "MA", "DR", "NA")
AgentType = Literal["fighter", "tech", "diplomat"]
AGENT_TYPES: tuple[AgentType, ...] = ("fighter", "tech", "diplomat")
Genre = Literal["sf", "horror", "fantasy", "adventure"]
GENRES: tuple[Genre, ...] = ("sf", "horror", "fantasy", "adventure")
ActionKind = Literal["work", "recruit", "server", "verse", "donate"]
ACTIONS: tuple[ActionKind, ...] = ("work", "recruit", "server", "verse", "donate")
GENRE_NAMES = {"sf": "Science Fiction", "horror": "Horror", "fantasy": "Fantasy", "adventure": "Adventure"}
ACTION_NAMES = {
    "work": "Work",
    "recruit": "Recruit an Agent",
    "server": "Build a Server",
    "verse": "Create a Verse",
    "donate": "Make a Donation",
}


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Op(_Record):
    """One effect, condition or scoring rule: an ``op`` and its parameters (which ones an op reads is
    documented where it is interpreted)."""

    op: str = Field(min_length=1, max_length=40)
    n: int = Field(0, ge=-20, le=30)
    arm: str = ""
    action: str = ""
    value: int = Field(0, ge=0, le=40)
    agent: AgentType | None = None
    agents: tuple[AgentType, ...] = ()
    districts: tuple[District, ...] = ()
    genre: Genre | None = None
    vp: int = Field(0, ge=0, le=30)


class BoostLine(_Record):
    """A Boost (an Agent's Boost line or a Boost card): the Action it improves and how."""

    action: ActionKind
    ec: int = Field(0, ge=0, le=10)
    range: int = Field(0, ge=0, le=5)
    income: int = Field(0, ge=0, le=5)
    discard: int = Field(0, ge=0, le=3)
    """Donation: may pay 1 EC per unit to discard that many more Corruption cards."""
    refresh: int = Field(0, ge=0, le=5)
    """Create a Verse: may refresh up to that many available Verse cards."""


class AgentCard(_Record):
    id: str = Field(min_length=1, max_length=20, pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1, max_length=30)
    type: AgentType
    level: Literal[1, 2]
    activation: Op
    promotion: Op
    boost: BoostLine | None = None
    districts: tuple[District, ...] = ()
    text: str = ""
    provenance: Provenance
    unknown: tuple[str, ...] = ()


class BoostCard(BoostLine):
    id: str = Field(min_length=1, max_length=24)
    provenance: Provenance


class VerseCard(_Record):
    id: str = Field(min_length=1, max_length=20, pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    genre: Genre
    condition: Op
    bonus: Op
    scoring: Op
    provenance: Provenance
    unknown: tuple[str, ...] = ()


class NecroCard(_Record):
    id: str = Field(min_length=1, max_length=20)
    name: str
    kind: Literal["standard", "end"]
    minimum: tuple[Op, ...] = ()
    global_: tuple[Op, ...] = Field((), alias="global")
    maximum: tuple[Op, ...] = ()
    provenance: Provenance


CorruptionTemplate = Literal[
    "lose_immunity",
    "remove_influence",
    "discard_boost",
    "lose_ec",
    "remove_server",
    "discard_verse",
    "income_down",
    "discard_agent",
]


class CorruptionCard(_Record):
    id: str = Field(min_length=1, max_length=8)
    template: CorruptionTemplate
    districts: tuple[District, ...] = ()
    actions: tuple[ActionKind, ...] = ()
    genres: tuple[Genre, ...] = ()
    agent: AgentType | None = None
    provenance: Provenance


class TitleCard(_Record):
    id: District
    name: str
    ability: Literal[
        "peek",
        "draw2_discard2",
        "upright_agent",
        "work_ec5",
        "keep_item",
        "server_no_it",
        "server_or_verse_for_ec",
    ]
    provenance: Provenance


class ObjectiveCard(_Record):
    id: str = Field(min_length=1, max_length=24)
    op: Literal[
        "income_pairs",
        "servers",
        "verses",
        "genres",
        "one_genre",
        "boroughs",
        "empty_districts",
        "titles",
        "agent_type",
        "money",
    ]
    provenance: Provenance


class DistrictRecord(_Record):
    id: District
    name: str
    provenance: Provenance


class MapFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    provenance: Provenance
    note: str = ""
    districts: list[DistrictRecord]
    areas: list[AreaRecord]


class Pack:
    """The whole pack, validated: cards by id and the Borough graph."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.agents = {a.id: a for a in load_records(root / "agents.json", AgentCard)}
        self.verses = {v.id: v for v in load_records(root / "verses.json", VerseCard)}
        self.necro = {c.id: c for c in load_records(root / "necro.json", NecroCard)}
        self.corruption = {c.id: c for c in load_records(root / "corruption.json", CorruptionCard)}
        self.titles = {t.id: t for t in load_records(root / "titles.json", TitleCard)}
        self.boosts = {b.id: b for b in load_records(root / "boosts.json", BoostCard)}
        self.objectives = {o.id: o for o in load_records(root / "objectives.json", ObjectiveCard)}
        map_path = root / "map.json"
        self.map = load_object(map_path, MapFile)
        self.graph = AreaGraph(self.map.areas, where=str(map_path))
        self.district_names: dict[str, str] = {d.id: d.name for d in self.map.districts}
        self._check(map_path)

    def _check(self, map_path: Path) -> None:
        districts = self.graph.groups()
        for i, area in enumerate(self.map.areas):
            if area.group not in DISTRICTS:
                raise DataError(
                    f"{map_path}: record {i + 1} ('{area.id}'), field 'group': '{area.group}' is not "
                    f"a District ({', '.join(DISTRICTS)})"
                )
        for d in DISTRICTS:
            if not 3 <= len(districts.get(d, [])) <= 4:
                raise DataError(
                    f"{map_path}: District {d} has {len(districts.get(d, []))} Boroughs; the rulebook "
                    "says each has 3 or 4"
                )
        if len(self.graph.components()) != 1:
            raise DataError(f"{map_path}: the Boroughs do not form one connected map")
        levels = [a.level for a in self.agents.values()]
        if levels.count(1) < 15 or levels.count(2) < 9:
            raise DataError(
                f"{self.root / 'agents.json'}: at least 15 Level 1 and 9 Level 2 Agents are needed "
                "(the deck is 15 of each level 1 on 9 of level 2)"
            )
        if len(self.objectives) < 8:
            raise DataError(
                f"{self.root / 'objectives.json'}: at least 8 Objectives are needed (2 for each of 4)"
            )
        kinds = [c.kind for c in self.necro.values()]
        if kinds.count("standard") < 4 or kinds.count("end") < 1:
            raise DataError(
                f"{self.root / 'necro.json'}: at least 4 Standard and 1 End of Game Necro cards needed"
            )
        if len(self.verses) < 10:
            raise DataError(f"{self.root / 'verses.json'}: at least 10 Verses are needed")

    @property
    def boroughs(self) -> list[str]:
        return self.graph.nodes

    def district_of(self, borough: str) -> str:
        return self.graph.records[borough].group

    def boroughs_of(self, district: str) -> list[str]:
        return list(self.graph.members(district))

    def label(self, borough: str) -> str:
        return self.graph.records[borough].label or borough


@lru_cache(maxsize=4)
def _pack(root: str) -> Pack:
    return Pack(Path(root))


@lru_cache(maxsize=4)
def _root(env: str | None) -> str:
    return str(pack_dir(GAME_ID))


def pack() -> Pack:
    """The pack in use (``data/virtual_revolution`` or ``$ARBITER_DATA/virtual_revolution``), read once; the
    folder is looked up again only when ``ARBITER_DATA`` changes (views read the pack thousands of times)."""
    return _pack(_root(os.environ.get("ARBITER_DATA")))


def load_pack(root: Path) -> Pack:
    """Load (and validate) a pack from a folder: an owner's printed cards, or a test's broken copy."""
    return Pack(root)
