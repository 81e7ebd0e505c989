"""What each seat of Virtual Revolution sees (the renderer reads these models only).

Public: the whole map, the rows, the Titles, deck and discard counts, the Necro cards revealed, and every
player's board but the Corruption cards (their count is public) and the Objectives. ``me`` holds the viewer's
own hand, Objectives and Necro peek; the public view and the other seats' views never hold them."""

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


class AgentView(BaseModel):
    id: str
    name: str
    type: str
    level: int
    turned: bool = False


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
    retired: list[str]
    verses: list[VerseView]
    titles: list[str]
    markers: dict[str, int]
    next_markers: dict[str, int]
    raided_7: bool
    raided_no_imm: bool
    kept: str | None = None
    score: int | None = None
    breakdown: dict[str, int] = Field(default_factory=dict)


class PrivateView(BaseModel):
    hand: list[str]
    objectives: list[str]
    peek: str | None


class VrView(TableView):
    round: int
    rounds: int
    order: list[str]
    current: str | None
    """Whose turn it is (None between turns: the end of a Round)."""
    turn_of_round: int = 0
    """Which of the current player's 3 turns this Round it is (1-3)."""
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
    me: PrivateView | None = None
