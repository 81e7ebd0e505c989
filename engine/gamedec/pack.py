"""The Gamedec data pack: pydantic models for every record and a cached loader.

Every record carries ``provenance`` (rulebook | reconstructed | house). The pack is loaded once per
process (``load_pack`` is cached); the state holds only ids.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core import DataError
from engine.core.datapack import Provenance, load_records, pack_dir

from .board import CORPS, WORLDS

Reward = Literal["clue", "ip", "skill", "equipment", "credit", "rep"]
Penalty = Literal["rep_loss", "bio", "neuro", "offend"]
Ability = Literal[
    "ignore_bad_rep_entry",
    "start_excellent",
    "wins_ties",
    "ignore_lags",
    "extra_move",
    "twisted_immune",
    "ignore_wounds",
    "corp_credit",
    "novatronics_unlimited",
    "extra_draw",
    "arsenal",
]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    provenance: Provenance


class Skill(_Record):
    name: str


class Detective(_Record):
    name: str
    skills: dict[str, int]
    bio: int = Field(ge=0, le=3)
    neuro: int = Field(ge=0, le=3)
    rep_min: int = Field(ge=-2, le=0)
    rep_max: int = Field(ge=0, le=2)
    start_rep: int = Field(ge=-2, le=2)
    ability: Ability
    ability_text: str

    @model_validator(mode="after")
    def _check(self) -> Detective:
        if any(v not in (1, 2, 3) for v in self.skills.values()):
            raise ValueError("skill values must be 1, 2 or 3")
        if not self.rep_min <= self.start_rep <= self.rep_max:
            raise ValueError("start_rep must lie within rep_min..rep_max")
        return self


class Equipment(_Record):
    name: str
    skill: str


class Task(_Record):
    name: str
    world: str
    dl: Literal[8, 10, 12]
    skills: list[str] = Field(min_length=1, max_length=2)
    success: list[Reward] = Field(min_length=1, max_length=2)
    failure: Penalty

    @model_validator(mode="after")
    def _check(self) -> Task:
        if self.success[0] != "clue" or "clue" in self.success[1:]:
            raise ValueError("the first success symbol is always 'clue' (and only the first)")
        if self.world not in WORLDS and self.world not in ("realium", "universal"):
            raise ValueError(f"unknown world '{self.world}'")
        return self


class Commission(_Record):
    target: str
    threatened: str

    @model_validator(mode="after")
    def _check(self) -> Commission:
        if self.target not in WORLDS:
            raise ValueError(f"target '{self.target}' is not a Sensory World")
        if self.threatened not in CORPS:
            raise ValueError(f"threatened '{self.threatened}' is not a Corporation")
        return self


class TerrorEffect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["add_lags", "lasting", "player_lags", "rep_all", "credits_all", "wound_all"]
    count: int = 0
    flag: Literal["", "short_circuit", "both_wounds", "firewalls"] = ""
    kind: Literal["", "bio", "neuro"] = ""


class Terror(_Record):
    name: str
    text: str
    effects: list[TerrorEffect]


_R = TypeVar("_R", bound=_Record)


StoryAbility = Literal[
    "test_bonus",
    "fight_bonus",
    "extra_move",
    "ignore_lags",
    "ignore_wounds",
    "realium_anywhere",
    "rep_for_wound",
    "credit_boost",
    "obligation_for_cards",
    "double_agent",
    "equipment_count_bonus",
    "rep_on_success",
    "credit_on_success",
    "puppet_task",
    "lag_each_round",
    "lag_move",
]


class AbilityRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    op: StoryAbility
    value: int = 1
    when: Literal["always", "bad_rep", "realium", "wounded"] = "always"


class StartCondition(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["assist_hero", "remove_clue", "remove_two_clues", "commission"]
    worlds: list[str] = Field(default_factory=list)


class StoryTask(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    world: str
    dl: int = Field(ge=8, le=16)
    skills: list[str] = Field(default_factory=list, max_length=2)


class StoryCondition(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    cost: Literal["equipment", "credits", "set_aside"]
    count: int = Field(ge=1, le=6)
    ip: int = Field(ge=1, le=4)


class Scenario(_Record):
    name: str
    hero: str
    special: bool = False
    text: str
    start: list[StartCondition] = Field(min_length=1)
    abilities: list[AbilityRecord]
    path1: StoryTask | None = None
    path2: StoryCondition | None = None
    finales1: list[str] = Field(default_factory=list)
    finales2: list[str] = Field(default_factory=list)


class Finale(_Record):
    name: str
    unique: bool
    text: str
    abilities: list[AbilityRecord]


class Pack(BaseModel):
    model_config = ConfigDict(frozen=True)
    skills: dict[str, Skill]
    detectives: dict[str, Detective]
    equipment: dict[str, Equipment]
    tasks: dict[str, Task]
    commissions: dict[str, Commission]
    terror: dict[str, Terror]
    scenarios: dict[str, Scenario]
    finales: dict[str, Finale]


def _by_id(records: list[_R]) -> dict[str, _R]:
    return {r.id: r for r in records}


def _check_scenarios(
    root: Path, scenarios: dict[str, Scenario], dets: dict[str, Detective], finales: dict[str, Finale]
) -> None:
    for sc in scenarios.values():
        where = f"{root / 'scenarios.json'}: record '{sc.id}'"
        if sc.hero and sc.hero not in dets:
            raise DataError(f"{where}, field 'hero': unknown detective '{sc.hero}'")
        for f in sc.finales1 + sc.finales2:
            if f not in finales:
                raise DataError(f"{where}, field 'finales': unknown Finale '{f}'")
        if not sc.special and (sc.path1 is None or sc.path2 is None):
            raise DataError(f"{where}, field 'path1': a hero Scenario needs two story paths")


def read_pack(root: Path) -> Pack:
    """Load and cross-check a pack folder; raises DataError naming the file, record and field."""
    skills = _by_id(load_records(root / "skills.json", Skill))
    dets = _by_id(load_records(root / "detectives.json", Detective))
    equipment = _by_id(load_records(root / "equipment.json", Equipment))
    tasks = _by_id(load_records(root / "tasks.json", Task))
    commissions = _by_id(load_records(root / "commissions.json", Commission))
    terror = _by_id(load_records(root / "terror.json", Terror))
    scenarios = _by_id(load_records(root / "scenarios.json", Scenario))
    finales = _by_id(load_records(root / "finales.json", Finale))
    _check_scenarios(root, scenarios, dets, finales)
    if len(skills) != 8:
        raise DataError(f"{root / 'skills.json'}: expected 8 Skills, found {len(skills)}")
    for d in dets.values():
        if set(d.skills) != set(skills):
            raise DataError(
                f"{root / 'detectives.json'}: record '{d.id}', field 'skills': needs all 8 Skills"
            )
    for e in equipment.values():
        if e.skill not in skills:
            raise DataError(f"{root / 'equipment.json'}: record '{e.id}', field 'skill': unknown '{e.skill}'")
    for t in tasks.values():
        for s in t.skills:
            if s not in skills:
                raise DataError(f"{root / 'tasks.json'}: record '{t.id}', field 'skills': unknown '{s}'")
    if len(dets) < 6:
        raise DataError(f"{root / 'detectives.json'}: at least 6 detectives are needed for 6 players")
    if len(commissions) < 3:
        raise DataError(f"{root / 'commissions.json'}: at least 3 Commission cards are needed")
    return Pack(
        skills=skills,
        detectives=dets,
        equipment=equipment,
        tasks=tasks,
        commissions=commissions,
        terror=terror,
        scenarios=scenarios,
        finales=finales,
    )


@cache
def load_pack() -> Pack:
    return read_pack(pack_dir("gamedec"))
