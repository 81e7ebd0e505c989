"""Virtual Revolution's options, steps and state.

The map state is the Influence tokens (one owner per Borough: "A single Borough can NEVER contain Influence
tokens belonging to more than one Player"), the Servers (one per Borough), this Round's Directors, the
Recycle Area by colour and the Titles. Each player's board holds the reserve, Eurocredits, Immunity, Income,
+2VP tokens, the secret Corruption hand and Objectives, Agents on Duty, Boosts under the Actions, Retired
Agents, Verses and the Necro markers. ``ctx`` is the turn being played.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.deck import Deck
from engine.core.flow import Step
from engine.core.flowgame import FlowState

FIRST = "first"
"""The Localization card that names no Borough: the 1st Player / Intercepted Agent card."""


class VrOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)  # fixed at set-up: a copied state shares them
    rounds: int = Field(5, ge=1, le=5, description="Rounds played (the rulebook: 5; fewer for a short game)")
    nation: Literal["own", "any"] = Field(
        "own",
        description="Nation Title and Delta: 'own' waives only your own Influence in the Borough "
        "(ruling A12); 'any' allows only Boroughs with no Influence at all",
    )


class Duty(BaseModel):
    agent: str
    turned: bool = False


class Held(BaseModel):
    verse: str
    online: bool = False


class EndMods(BaseModel):
    """End of Game Necro effects on one player's scoring."""

    verse_cap: int = 10
    objective_cap: int = 30
    trio_value: int = 5
    title_value: int = 10
    penalty: int = 0


class Player(BaseModel):
    seat: str
    reserve: int
    ec: int = 10
    imm: int = 1
    income: int = 5
    plus2: int = 0
    hand: list[str] = Field(default_factory=list)
    """Corruption cards: secret (the count is public)."""
    objectives: list[str] = Field(default_factory=list)
    """Secret until the scoring."""
    duty: list[Duty] = Field(default_factory=list)
    retired: list[str] = Field(default_factory=list)
    boosts: dict[str, list[str]] = Field(default_factory=dict)
    """Action -> Boosts under it (Agent ids or Boost card ids)."""
    verses: list[Held] = Field(default_factory=list)
    markers: dict[str, int] = Field(default_factory=dict)
    """Necro markers in force this Round: action -> modified value."""
    next_markers: dict[str, int] = Field(default_factory=dict)
    """Necro markers set at this Round's end, in force next Round."""
    raided_7: bool = False
    raided_no_imm: bool = False
    final_hand: int = 0
    peek: str | None = None
    """The Necro card this player saw on top of the deck (secret, only while it is still on top)."""
    tropovicz: str | None = None
    losses: list[str] = Field(default_factory=list)
    """Items still to give up (Necro effects, Dark Kingdom): 'verse', 'agent', 'boost', 'it', 'dark'..."""
    income_delta: int = 0
    end: EndMods = Field(default_factory=EndMods)
    kept: str | None = None
    kept_param: str = ""
    score: int | None = None
    breakdown: dict[str, int] = Field(default_factory=dict)


class TurnCtx(BaseModel):
    seat: str = ""
    borough: str | None = None
    influence_done: bool = False
    action_done: bool = False
    extras: list[str] = Field(default_factory=list)
    armed: list[str] = Field(default_factory=list)
    """One-shot bonuses waiting for their Action this turn (Delta, Nation, Denfert Rochereau, ...)."""
    performed: list[str] = Field(default_factory=list)


class Mark(BaseModel):
    """The table as the latest turn found it (when its Director was placed) or the end of the Round (when it
    began): the boards mark what changed since (:mod:`..marks`). Public counts only."""

    seat: str = ""
    """Whose turn it is; "" for the end of a Round (or the set-up)."""
    round: int = 0
    director: str | None = None
    tokens: dict[str, int] = Field(default_factory=dict)
    owner: dict[str, str] = Field(default_factory=dict)
    servers: dict[str, str] = Field(default_factory=dict)
    counts: dict[str, dict[str, int]] = Field(default_factory=dict)
    """Each player's public counts (Eurocredits, Income, Immunity ...) then."""
    necro: str | None = None
    """The Necro card revealed at this end of Round, its MINIMUM and MAXIMUM players and the Immunity each
    spent against it (once revealed)."""
    low: list[str] = Field(default_factory=list)
    high: list[str] = Field(default_factory=list)
    spent: dict[str, int] = Field(default_factory=dict)


class PlainStep(Step):
    """A step that holds nothing but its op: immutable, so a copy of the state (a least-loss trial) shares
    it instead of copying it."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class RoundStep(PlainStep):
    op: Literal["round"] = "round"


class TurnStep(Step):
    op: Literal["turn"] = "turn"
    seat: str


class EndRoundStep(PlainStep):
    op: Literal["end_round"] = "end_round"


class RaidStep(Step):
    op: Literal["raid"] = "raid"
    seat: str
    final: bool = False
    started: bool = False
    spent: int = 0
    left: list[str] = Field(default_factory=list)
    """The revealed cards still to resolve."""


class NecroStep(PlainStep):
    op: Literal["necro"] = "necro"


class NecroApplyStep(Step):
    op: Literal["necro_apply"] = "necro_apply"
    seat: str
    spent: int = 0
    low: bool = False
    high: bool = False


class LossStep(Step):
    op: Literal["loss"] = "loss"
    seat: str


class NecroIncomeStep(PlainStep):
    op: Literal["necro_income"] = "necro_income"


class OrderStep(PlainStep):
    op: Literal["order"] = "order"


class IncomeStep(PlainStep):
    op: Literal["income"] = "income"


class MaintenanceStep(PlainStep):
    op: Literal["maintenance"] = "maintenance"


class PlaceStep(Step):
    """Add Influence tokens one at a time where a card says (``scope``)."""

    op: Literal["place"] = "place"
    seat: str
    count: int = 1
    scope: Literal["anywhere", "adjacent", "districts", "controlled"] = "anywhere"
    districts: list[str] = Field(default_factory=list)


class BoostGainStep(Step):
    op: Literal["boost_gain"] = "boost_gain"
    seat: str


class ObjectiveStep(PlainStep):
    op: Literal["objective"] = "objective"


class ScoreStep(PlainStep):
    op: Literal["score"] = "score"


VrStep = Annotated[
    RoundStep
    | TurnStep
    | EndRoundStep
    | RaidStep
    | NecroStep
    | NecroApplyStep
    | LossStep
    | NecroIncomeStep
    | OrderStep
    | IncomeStep
    | MaintenanceStep
    | PlaceStep
    | BoostGainStep
    | ObjectiveStep
    | ScoreStep,
    Field(discriminator="op"),
]

EMPTY_ROW: tuple[str | None, ...] = (None,) * 5
WAITS_FOR = ["turn", "end_round"]
"""The steps that wait for a turn to end; a card's own steps (placing tokens, a loss) run inside it."""


class VrState(FlowState):
    format: int = 5
    steps: list[VrStep] = Field(default_factory=list)
    opts: VrOptions
    players: dict[str, Player]
    order: list[str]
    round: int = 1
    tokens: dict[str, int] = Field(default_factory=dict)
    owner: dict[str, str] = Field(default_factory=dict)
    servers: dict[str, str] = Field(default_factory=dict)
    directors: list[tuple[str, str]] = Field(default_factory=list)
    """(seat, Borough) of this Round's Directors, in the order placed."""
    recycle: dict[str, int] = Field(default_factory=dict)
    titles: dict[str, str] = Field(default_factory=dict)
    turned_titles: list[str] = Field(default_factory=list)
    slots: list[str | None] = Field(default_factory=lambda: list(EMPTY_ROW))
    located: dict[int, str] = Field(default_factory=dict)
    """Agent space (0-4) -> the Borough of its Localization token, for the Agents still in Neo Paris."""
    intercepted: list[int] = Field(default_factory=list)
    agent_deck: list[str] = Field(default_factory=list)
    """Top is the end of the list."""
    agent_discard: list[str] = Field(default_factory=list)
    removed_agents: list[str] = Field(default_factory=list)
    loc_deck: list[str] = Field(default_factory=list)
    verse_row: list[str | None] = Field(default_factory=lambda: list(EMPTY_ROW))
    """Slot 1 (index 0) is the newest, slot 5 the oldest."""
    verse_deck: list[str] = Field(default_factory=list)
    """Top is the end of the list; discarded and refreshed Verses go under it (index 0)."""
    corruption: Deck = Field(default_factory=Deck)
    necro_deck: list[str] = Field(default_factory=list)
    necro_seen: list[str] = Field(default_factory=list)
    necro_now: str | None = None
    boost_cards: list[str] = Field(default_factory=list)
    ctx: TurnCtx = Field(default_factory=TurnCtx)
    final: bool = False
    mark: Mark = Field(default_factory=Mark)

    def p(self, seat: str) -> Player:
        return self.players[seat]
