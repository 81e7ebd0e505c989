"""What each seat of Gamedec may see: the typed view schema (the renderer reads this module, never the
state; :mod:`.viewing` builds it). ``seat=None`` is the public view: no hand, no face-down card, no secret;
``me`` is the seat's own part."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.flowgame import TableView

REWARD_WORDS = {
    "clue": "Clue",
    "ip": "Investigation Point",
    "skill": "Skill",
    "equipment": "Equipment card",
    "credit": "Credit",
    "rep": "Reputation +1",
}
"""A Task card's success symbols in words (the renderers read them here)."""
PENALTY_WORDS = {
    "rep_loss": "Reputation -1",
    "bio": "Bio Wound",
    "neuro": "Neuro Wound",
    "offend": "an Obligation",
}
"""A Task card's failure symbol in words."""


class CardView(BaseModel):
    """A Task card (or, ``story``, a story Task under test in the shape of one)."""

    id: str
    name: str
    world: str
    dl: int
    skills: list[str]
    success: list[str]
    failure: str
    story: bool = False


class HandCard(CardView):
    bonus: int
    """The test modifier on the card's own space, before Assists (Lags aside)."""
    explain: str = ""
    """Where ``bonus`` comes from ("Discretion +3, Gamedec Goggles +2, Bio Wound −1")."""


class EquipView(BaseModel):
    id: str
    name: str
    skill: str


class SpaceView(BaseModel):
    id: str
    name: str
    kind: Literal["realium", "world", "corp"]
    pawns: list[str]
    clues: list[str]
    obligations: list[str]
    lag: bool
    exchange: str
    entry: str = ""
    """The entry rule printed beside the space ("no Bad Reputation", "needs 1 Credit", ...)."""
    equipment: EquipView | None = None
    """A Corporation's Equipment card on offer."""
    aid: str | None = None


class StoryStatus(BaseModel):
    status: str
    name: str | None
    finales: list[str]


class PlayerView(BaseModel):
    seat: str
    index: int
    detective: str
    name: str
    ability: str
    pos: str
    ip: int
    rep: int
    rep_name: str
    rep_range: list[int]
    bio: bool
    neuro: bool
    wound_values: dict[str, int]
    skills: dict[str, int]
    skill_table: dict[str, int]
    equipment: list[EquipView]
    credits: int
    lag: bool
    hand: int
    drawn: int
    set_aside: int
    clues: list[str]
    obligations: list[str]
    finished: bool
    start_player: bool
    active: bool
    scenario: StoryStatus | None


class TestView(BaseModel):
    """The Task test or fight waiting for its roll (public: it is announced when it begins)."""

    kind: str
    actor: str
    defender: str
    skill: str
    space: str
    card: CardView | None
    assists: dict[str, int]
    sabotages: dict[str, int]
    window_round: int
    modifier: int | None = None


class WindowView(BaseModel):
    answered: list[str]
    waiting: list[str]


class OfferView(BaseModel):
    give: str
    get: str
    passed: bool


class TradeView(BaseModel):
    model_config = ConfigDict(serialize_by_alias=True, validate_by_name=True)
    from_: str = Field(alias="from")
    to: str
    stage: str
    give: str
    get: str
    offers: dict[str, OfferView] | None = None
    sent: list[str] | None = None
    """Online Trade: who has chosen what to send (never what)."""


class CommissionView(BaseModel):
    id: str
    target: str
    threatened: str


class TerrorView(BaseModel):
    id: str
    name: str
    text: str


class SetupView(BaseModel):
    kind: str
    chosen: list[str]
    count: int
    of: int


class MeView(BaseModel):
    hand: list[HandCard]
    set_aside: list[CardView]
    drawn: int
    detective: PlayerView
    scenario: dict[str, Any]
    window_answer: str | None = None
    start_skill: str | None = None
    trade_sent: str | None = None


class LastView(BaseModel):
    """What a turn changed (public): ``done`` a finished turn, else the current one so far; ``changes``
    per seat in words ("+1 IP", "moved to Brahma"); ``spaces`` the spaces whose tokens or pawns changed."""

    seat: str
    round: int
    done: bool
    changes: dict[str, list[str]]
    spaces: list[str]


class GamedecView(TableView):
    game: str = "gamedec"
    seat: str | None
    round: int
    rounds_left: int
    goal: int
    clue_cap: int | None
    start_player: str
    active: str
    moves_left: int
    moved: bool
    turn_mode: str
    commission: CommissionView | None
    target: str
    target_lag: bool
    threatened: str
    lags: list[str]
    spaces: list[SpaceView]
    players: list[PlayerView]
    equipment_top: EquipView | None
    equipment_deck: int
    equipment_faceup: int
    task_deck: int
    task_discards: int
    task_discard_top: CardView | None
    commission_deck: int
    test: TestView | None
    window: WindowView | None
    trade: TradeView | None
    last_roll: dict[str, Any] | None
    terror: list[TerrorView]
    flags: list[str]
    options: dict[str, bool]
    setup: SetupView | None
    draft: list[str]
    available_detectives: list[str]
    placings: list[str]
    last: LastView | None = None
    me: MeView | None = None
