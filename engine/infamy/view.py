"""What each seat of Infamy sees: the typed view schema (the renderer reads this module, never the state).

The public view never holds a hand (unless the table plays with open hands) nor a secret sector card;
during the Sector Phase it shows only who has chosen (``choosing``), and each seat's own view adds its
own card(s) (``my_sectors``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.core.flowgame import TableView

ACC_PAWN = "*acc"
"""The black Accomplice pawn in ``pawns``, ``sectors``/``revealed`` and ``placed``: not a possible seat name
(a seat may be called "acc"), so it never collides with a freelancer's own pawn."""
COLOURS = ("pink", "turquoise", "brown", "yellow")
"""The freelancers' pawn colours, in seat order."""
FACTION_NAMES = {"cartel": "Cartel", "megacorp": "Megacorp", "militia": "Militia"}


class Bribes(BaseModel):
    available: int
    spent: int
    on_contacts: int
    bid: int


class BenefitView(BaseModel):
    name: str
    faction: str
    level: int
    text: str


class HandCard(BaseModel):
    id: str
    name: str
    faction: str
    text: str
    cost: str


class PlayerView(BaseModel):
    seat: str
    colour: str
    infamy: int
    rep: dict[str, int]
    res: dict[str, int]
    henchmen: int
    favors: int
    bribes: Bribes
    hand_count: int
    missions: list[str]
    contacts: list[str]
    triggerman: bool
    benefits: list[BenefitView]
    hand: list[HandCard] | None = None
    """Only with open hands (teaching mode)."""


class TrackEntry(BaseModel):
    pos: int
    id: str
    name: str
    factions: list[str]
    text: str
    ongoing: bool
    winner: str | None
    face_down: bool
    current: bool
    bids: dict[str, int] | None = None
    high: str | None = None


class ZoneView(BaseModel):
    id: str
    kind: str
    faction: str | None
    hazard: bool
    pawn: str | None


class SectorView(BaseModel):
    id: int
    name: str
    zones: list[ZoneView]
    mission_pawn: str | None
    watchdogs: int


class MissionView(BaseModel):
    id: str
    name: str
    sector: int
    types: list[str]
    requires: dict[str, int]
    short: str
    reward: str
    infamy: int
    rep: int
    factions: list[str]


class AuctionView(BaseModel):
    pos: int
    to_act: str
    high: str | None
    bids: dict[str, int]
    expenses: dict[str, int]


class Flags(BaseModel):
    accomplice: str | None
    smuggler: str | None
    chief: str | None
    informant: str | None


class Waiting(BaseModel):
    seat: str
    kind: str
    text: str


class MySectors(BaseModel):
    """The viewer's own secret sector card(s) while the sectors are not revealed."""

    own: int
    acc: int | None = None


class InfamyView(TableView):
    game: str = "infamy"
    round: int
    day: bool
    phase: str
    triggerman: str
    seats: list[str]
    players: list[PlayerView]
    track: list[TrackEntry]
    contact_deck: int
    auction: AuctionView | None
    sectors: list[SectorView]
    missions: list[MissionView]
    mission_deck: int
    scheme_decks: dict[str, int]
    scheme_discards: dict[str, int]
    supply: dict[str, int]
    watchdogs: list[int]
    hazards: list[str]
    revealed: dict[str, int]
    order: list[str]
    slot: int
    placed: dict[str, str]
    flags: Flags
    waiting_for: list[Waiting] = Field(default_factory=list)
    me: str | None = None
    hand: list[HandCard] | None = None
    """The viewer's own Schemes (None in the public view)."""
    my_choice: MySectors | None = None  # type: ignore[assignment]
    """The viewer's own secret sector card(s) while the sectors are not revealed (numbers, not the key)."""

    def player(self, seat: str) -> PlayerView | None:
        return next((p for p in self.players if p.seat == seat), None)


def sectors_of(key: str | None) -> MySectors | None:
    """``sector:own=s3,acc=s5`` (or a draft's first part) as numbers."""
    if not key:
        return None
    parts: dict[str, Any] = {}
    for piece in key.split("+"):
        _, _, args = piece.partition(":")
        for arg in args.split(","):
            name, _, value = arg.partition("=")
            if value[1:].isdigit():
                parts[name] = int(value[1:])
    return MySectors(**parts) if "own" in parts else None
