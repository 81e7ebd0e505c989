"""What each seat of Nakamura Tower sees: the whole Real World (nothing there is hidden), every Team's
public Tactical Network, SR pool and scores, and only its own hand of Cyberwarfare cards."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.core.board.spec import CellField
from engine.core.flowgame import TableView


class ModelView(BaseModel):
    id: str
    name: str
    kind: str
    team: str
    cell: CellField | None
    """Its square (read from and written as its label, "D7"); None off the board."""
    status: str
    crippled: bool
    wounds: int
    wound_limit: int
    cybershock: int
    ap: int
    activated: bool
    reacted: bool
    psychotic: bool
    standing: str
    controller: str = ""
    """The seat that plays it (its Team's seat, or a shared Team's partner: ruling H1)."""
    stunned: bool = False
    gear: list[str] = Field(default_factory=list)
    """Its cards by name, with the uses left on a limited card (the cards are public on the table)."""
    gear_values: list[str] = Field(default_factory=list)
    """The same cards with what each does ("Kessler P9 pistol (Damage 4 up to 5 squares, 3 up to 10)")."""
    stats: str = ""
    """Its numbers now, from the side of its card in play: "MS 6, PH 7, Speed 4, 5 Wounds, Armour ..."."""


class MineView(BaseModel):
    cell: CellField
    owner: str
    armed: bool


class TeamView(BaseModel):
    seat: str
    faction: str
    letter: str
    faction_name: str = ""
    """The Faction as the rulebook names it ("Übermensch", "Nakamura Corporation")."""
    sr: int
    score: int
    held_points: int = 0
    """What the Terminals the Team holds now would add to its score at the end (the mission's points for
    each Terminal held: the final score is ``score`` plus these)."""
    hand_size: int
    deck_size: int
    tn: list[str]
    """Running programmes by name; hostile infections marked with their owner."""
    tn_values: list[str] = Field(default_factory=list)
    """The same fields with what each card does, as the viewer may know it ("a face-down card")."""
    leader: str | None = None
    """The Team Leader's model id, once the Teams are revealed."""
    hacker: str | None = None
    """The character acting as the Team's Hacker this turn, once declared."""


class DraftView(BaseModel):
    """A member of the viewer's own Team while it is built at the table."""

    character: str
    name: str
    equipment: list[str]
    bought: list[str]
    """The items paid from the Team Budget (the rest is Starting Equipment)."""
    leader: bool
    partner: bool = False
    """A shared Team (ruling H1): the partner seat will play this character."""


class DoorView(BaseModel):
    edge: str
    colour: str
    number: int | None
    state: str
    forced: bool


class TerminalView(BaseModel):
    id: str
    cell: CellField
    kind: str
    colour: str
    defence: int
    controller: str | None
    installed: int
    face_up: dict[str, list[str]]
    face_down: dict[str, int] = Field(default_factory=dict)
    """How many AI defence cards lie face down against each attacking seat (never which)."""


class MovedView(BaseModel):
    """A model the last move took from one square to another (or onto or off the board)."""

    id: str
    start: CellField | None
    end: CellField | None


class LastView(BaseModel):
    """What the last move changed (issue 31: "every board marks what the last move changed"): public facts
    only, noted when the move began (:mod:`engine.nakamura_tower.marks`)."""

    what: str
    """The move, in words: "Harvey Scott's action", "the AI Operations phase", "the Cyberwarfare reveal"."""
    moved: list[MovedView] = Field(default_factory=list)
    hurt: list[str] = Field(default_factory=list)
    """The models whose wounds or state changed (their ids: the tokens the boards ring)."""
    scores: dict[str, int] = Field(default_factory=dict)
    """Each Team's points gained (by its seat)."""
    doors: list[str] = Field(default_factory=list)
    """The doorways whose door changed (``E3-F3``)."""
    terminals: list[CellField] = Field(default_factory=list)
    """The Terminals that changed hands."""
    mines: list[CellField] = Field(default_factory=list)
    """Mine tokens placed (or set off: gone)."""
    changes: list[str] = Field(default_factory=list)
    """The same in words, one line each ("Harvey Scott: D4 to F6", "Tomo Kosuda: +2 wounds, crippled")."""
    revealed: list[str] = Field(default_factory=list)
    """What each seat chose in secret, once revealed ("Initiative bids: p1 5 SR, p2 9 SR.")."""


class NtView(TableView):
    mission: str
    mission_text: str
    round: int
    turns: int
    phase: str
    """The phase of the turn in the rulebook's words ("Real World", "AI Operations")."""
    order: list[str]
    current: str | None
    teams: list[TeamView]
    models: list[ModelView]
    doors: list[DoorView]
    terminals: list[TerminalView]
    alarms: dict[str, int]
    tac: dict[str, int]
    areas: dict[str, str]
    """Area ids and their names."""
    area_kinds: dict[str, str]
    objectives: list[CellField]
    mines: list[MineView] = Field(default_factory=list)
    """Mine tokens on the board (public, ruling K4)."""
    exits: list[CellField]
    entry_points: list[CellField]
    cando_left: int
    draws: list[int]
    picture: dict[str, Any]
    me: str | None = None
    """The viewer's own seat (None: the public view); a shared Team's partner sees its Team as ``my_team``."""
    my_team: str | None = None
    my_hand: list[str] = Field(default_factory=list)
    my_cards: list[str] = Field(default_factory=list)
    """The same hand with what each card does ("W32.Navajo (virus, Strength 2, install 1 SR, run 1 SR)")."""
    my_draft: list[DraftView] = Field(default_factory=list)
    """The viewer's Team while it is built at the table (nobody else sees it until the reveal)."""
    my_budget: int = 0
    """The Team Budget points the viewer's Team has left while building."""
    my_plan: list[str] = Field(default_factory=list)
    """The seat's own answers so far to the open secret question (an initiative bid, a Cyberwarfare
    declaration or plan, the Clean-Up), in words (its view only)."""
    my_seen: list[str] = Field(default_factory=list)
    """What the seat's Fly Eyes saw this turn (its view only)."""
    last: LastView | None = None
    """What the last move changed (None before the first move)."""
