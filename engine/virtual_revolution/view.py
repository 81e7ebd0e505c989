"""What each seat of Virtual Revolution sees (the renderer reads these models only).

Public: the whole map, the rows, the Titles, deck and discard counts, the Necro cards revealed, and every
player's board but the Corruption cards (their count is public) and the Objectives; ``last``, what the latest
turn (or the end of the Round) changed. ``me`` holds the viewer's own hand, Objectives and Necro peek; the
public view and the other seats' views never hold them. Every card carries what it does in words (its
values beside its name)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core.flowgame import TableView


class BoroughView(BaseModel):
    id: str
    label: str
    district: str
    polygon: list[tuple[float, float]]
    anchor: tuple[float, float]
    tokens: int = 0
    owner: str | None = None
    server: str | None = None
    directors: list[str] = Field(default_factory=list)
    agent_token: int | None = None
    """The number (1-5) of the Localization token on this Borough."""


class TitleView(BaseModel):
    id: str
    name: str
    holder: str | None
    turned: bool
    ability: str = ""


class AgentView(BaseModel):
    id: str
    name: str
    type: str
    level: int
    turned: bool = False
    ability: str = ""
    """What activating it does ("Tech: +3 EC; +2 Income")."""
    promotion: str = ""
    boost: str = ""
    """Its Boost line, for a Level 1 Agent ("Work +3 EC")."""


class SlotView(BaseModel):
    slot: int
    agent: AgentView | None
    borough: str | None
    intercepted: bool


class VerseView(BaseModel):
    id: str
    name: str
    genre: str
    online: bool = False
    condition: str = ""
    bonus: str = ""
    scoring: str = ""


class PlayerView(BaseModel):
    seat: str
    index: int
    ec: int
    imm: int
    income: int
    plus2: int
    corruption: int
    reserve: int
    on_map: int
    recycled: int
    servers: int
    duty: list[AgentView]
    boosts: dict[str, list[str]]
    """Action -> the Boosts under it, each with what it gives ("Leslie: Work +3 EC")."""
    retired: list[str]
    verses: list[VerseView]
    titles: list[str]
    markers: dict[str, int]
    next_markers: dict[str, int]
    necro_markers: list[str] = Field(default_factory=list)
    """The Necro markers in words ("this Round Work gives 3 EC", "next Round Build a Server costs 20 EC")."""
    raided_7: bool
    raided_no_imm: bool
    kept: str | None = None
    score: int | None = None
    breakdown: dict[str, int] = Field(default_factory=dict)


class ObjectiveView(BaseModel):
    name: str
    text: str
    points: int
    """What it would score if the game ended now (at most 30 VP)."""


class PrivateView(BaseModel):
    seat: str = ""
    """Whose view this is."""
    hand: list[str]
    """The Corruption cards, each by what it does."""
    objectives: list[str]
    objective_cards: list[ObjectiveView] = Field(default_factory=list)
    peek: str | None
    peek_text: str = ""
    """What the Necro card seen on top of the deck does."""
    choice: str = ""
    """The viewer's secret choice while it is not revealed, as its label."""


class NecroView(BaseModel):
    """The Necro card of this end of Round: whom it hits, and the Immunity each spent once revealed."""

    name: str
    text: str
    low: list[str]
    high: list[str]
    spent: dict[str, int] = Field(default_factory=dict)


class LastView(BaseModel):
    """What changed since the latest turn began (its Director placed), or since the Round ended."""

    seat: str | None
    """Whose turn it is; None for the end of a Round."""
    round: int
    director: str | None = None
    """The Borough of that turn's Director."""
    boroughs: list[str] = Field(default_factory=list)
    """The Boroughs whose Influence or Server changed."""
    changes: dict[str, list[str]] = Field(default_factory=dict)
    """Each player's counts that changed ("+5 EC", "-1 Immunity")."""
    necro: NecroView | None = None


class VrView(TableView):
    round: int
    rounds: int
    order: list[str]
    current: str | None
    """Whose turn it is (None between turns: the end of a Round)."""
    turn_of_round: int = 0
    """Which of the current player's 3 turns this Round it is (1-3)."""
    asking: list[str] = Field(default_factory=list)
    """What the game waits for, told to everyone ("Ann chooses a position in the Turn Order.")."""
    district_names: dict[str, str]
    boroughs: list[BoroughView]
    titles: list[TitleView]
    slots: list[SlotView]
    verse_row: list[VerseView | None]
    agent_deck: int
    agent_discard: list[str]
    removed_agents: list[str]
    verse_deck: int
    corruption_deck: int
    corruption_discard: int
    necro_deck: int
    necro_seen: list[str]
    boost_cards: list[str]
    players: list[PlayerView]
    map_note: str
    last: LastView | None = None
    me: PrivateView | None = None
