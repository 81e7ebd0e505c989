"""What each seat of IPA: The Agents sees: the battle map (walls, face-down Events, Agents, corpses, field
equipment), each Agent's public statistics, and the viewer's own hand. Event kinds, the deck's order and the
recycle pile, other hands and who holds a Rift never appear."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core.board.spec import CellField
from engine.core.flowgame import TableView


class CardView(BaseModel):
    id: str
    name: str
    type: str
    price: int
    requires: str
    text: str
    usable: bool
    """Whether the viewer's Agent meets the ability requirements now."""


class AbilitiesView(BaseModel):
    """An Agent's three abilities (in the rulebook's order, as the state keeps them)."""

    precision: int
    strength: int
    intellect: int


class AgentView(BaseModel):
    seat: str
    unit: str
    cell: CellField
    """Its square (a corpse's, once dead); read from and written as its label ("D7")."""
    alive: bool
    life: int
    max_life: int
    abilities: AbilitiesView
    """With the bonuses of active Constructs."""
    points: int
    credits: int
    sp: int
    ue: str | None
    upgrades: list[str]
    hand: int
    active: list[str]
    statuses: list[str]
    permits: list[str] = []
    """Seats whose units may move through this Agent's units (public, RB Physics)."""


class EquipmentView(BaseModel):
    unit: str
    kind: str
    name: str
    owner: str | None
    cell: CellField
    life: int | None
    armed: bool


class IpaView(TableView):
    round: int
    rank: int
    acting: str
    size: int
    walls: list[str]
    events: list[str]
    """Squares with a face-down Event token (never its kind)."""
    agents: list[AgentView]
    equipment: list[EquipmentView]
    deck: int
    recycle: int
    last_path: list[str]
    last_shot: list[str]
    hand: list[CardView] | None = None
    """The viewer's own inactive cards (None for spectators)."""
    controlled_by: str | None = None
    """The seat playing this turn's Agent under Mind Control (public)."""
    offered: str | None = None
    """The name of the card another Agent offers the viewer, while it is asked to accept it."""
    picture: dict[str, Any]
