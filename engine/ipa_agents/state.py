"""IPA: The Agents' table options, steps and state.

Units have short ids: an Agent is ``a1``..``a4`` (by seat), a piece of field equipment ``e1``, ``e2``...
Cells are kept as labels ("D7") so a snapshot reads plainly. Inactive cards are the hand; active cards
(face up) are :class:`Active` records; Constructs stay active for the whole game.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.flow import Step
from engine.core.flowgame import FlowState

from .pack import ABILITIES, Ability, CardType, DamageType, Status

MapChoice = Literal["players", "standard_1", "standard_2", "standard_3", "standard_4", "standard_5"]


class IpaOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    battle_map: MapChoice = Field(
        "players",
        description="players: walls placed by the players and Events "
        "by the dice (set-up 6 and 7); standard_N: a Standard Battle Map (house maps)",
    )
    beginners: bool = Field(False, description="Rules for Beginners: no ability requirements")
    overwhelming_numbers: bool = Field(
        False, description="Advanced: from the third attack on a unit in a round, +1"
    )
    sandmen: bool = Field(False, description="Alternative: 1 saved credit each time your Agent deals damage")
    defence_dice: Literal[2, 1, 0] = Field(2, description="Quick game: 1 die or none for the defensive roll")
    played_is_played: bool = Field(
        False,
        description="Advanced: Played is played - a missed draw, rank point "
        "or defensive roll is lost (the deadline's default forgoes it)",
    )
    focused_shot: bool = Field(
        False,
        description="Alternative: Focused Shot - a second ranged shot for all "
        "the round's movement, dodged only on a 5 or 6",
    )
    gaia_helpers: bool = Field(
        False,
        description="Alternative: Gaia's Helpers - everyone agrees to the "
        "walls before the game goes on (with players' walls)",
    )
    teams: bool = Field(
        False,
        description="4 players in two teams (seats 1 and 3 against 2 and 4), "
        "each team in one corner; the last team standing wins",
    )
    corners: Literal["seat_order", "chosen"] = Field(
        "seat_order",
        description="seat_order: corners by seat (house); chosen: each player picks a free corner",
    )
    round_limit: int = Field(
        40,
        ge=3,
        le=200,
        description="House: after this many rounds the game ends, ranked by life (the rulebook has no limit)",
    )


class Active(BaseModel):
    """A face-up card of an Agent's inventory."""

    card: str
    uses: int = 1
    converted: bool = False
    """Damage Converter paid for this weapon this turn."""
    turn: int = -1
    """The turn (its number) in which it was last activated."""


class StatusOn(BaseModel):
    status: Status
    by: str
    """The seat whose next turn ends it (RB: "until Player 2 is in turn again")."""


class OverTimeOn(BaseModel):
    card: str
    by: str
    amount: int
    type: DamageType
    turns: int


class AgentState(BaseModel):
    seat: str
    unit: str
    cell: str
    corner: str
    life: int
    max_life: int
    abilities: dict[Ability, int] = Field(default_factory=lambda: dict.fromkeys(ABILITIES, 1))
    points: int = 0
    """Ability points not placed yet (double-6 bonuses)."""
    credits: int = 0
    """Saved credits (Aliens Events, kills, the Sandmen)."""
    turn_credits: int = 0
    """Credits from sales this turn: spent now or lost (RB "must be spent immediately")."""
    sp: int = 0
    ue: str | None = None
    upgrades: list[str] = Field(default_factory=list)
    hand: list[str] = Field(default_factory=list)
    active: list[Active] = Field(default_factory=list)
    statuses: list[StatusOn] = Field(default_factory=list)
    over_time: list[OverTimeOn] = Field(default_factory=list)
    alive: bool = True
    looted: list[str] = Field(default_factory=list)
    """Corpses (unit ids) this Agent has looked into."""
    attacked: int = 0
    """Attacks declared against it this round (Overwhelming numbers)."""
    gifts: int = 0
    """Item Cards given away this round (RB: "Per round you may give away only 1 Item Card")."""
    permits: list[str] = Field(default_factory=list)
    """Seats whose units may move through this Agent's units (RB Physics: "if the owner ... allows it")."""


class EquipmentState(BaseModel):
    unit: str
    kind: str
    owner: str | None
    """The seat; None while its owner is dead and nobody has taken it over."""
    cell: str
    life: int | None
    placed: int
    """The round it was placed in (RB Sentry: "It cannot fire in the round in which it was placed", not
    even for an Agent that takes it over in that round)."""
    fired: int = -1
    """The round it last fired in."""
    moved: int = -1
    armed: bool = False


class EventToken(BaseModel):
    cell: str
    kind: str
    """Hidden from everyone until picked up (views never show it)."""


class Hit(BaseModel):
    """One hit of an attack on its way: who, with what, on whom; the damage once rolled."""

    attacker: str
    """The attacking unit (an Agent or a Sentry)."""
    seat: str
    card: str = ""
    """The card instance ('' for field equipment)."""
    target: str
    amount: int = 0
    type: DamageType = "physical"
    extra: int = 0
    rolled: list[int] = Field(default_factory=list)
    effects: list[int] = Field(default_factory=list)
    """Indices of the card's effects this hit carries."""
    focused: bool = False
    """A Focused Shot: dodged only on a 5 or 6."""
    bonus: int = 0
    """Damage added to the card's (Modified Krono Blood, spent when the attack was declared)."""
    over: str = ""
    """The card instance of a strike over time (Drowning), for its name: such a hit has no ``card``."""


class HitPayload(BaseModel):
    """The payload of the frames a hit on its way opens (the defensive roll, the Rift, Fear)."""

    hit: Hit


class Undone(BaseModel):
    """What the last action did to one unit (settled when the action has resolved), for a Rift that undoes
    it in the next player's turn."""

    unit: str
    life: int
    """Its life before the action (an Agent's, or field equipment's)."""
    cell: str
    statuses: list[StatusOn] = Field(default_factory=list)
    over_time: list[OverTimeOn] = Field(default_factory=list)
    lost: int = 0
    added: list[StatusOn] = Field(default_factory=list)
    added_over_time: list[OverTimeOn] = Field(default_factory=list)
    moved_from: str | None = None
    destroyed: EquipmentState | None = None
    before: EquipmentState | None = None


class LastAction(BaseModel):
    """A player's last action aimed at units (a card's activation or a Sentry's shot)."""

    seat: str
    actor: str
    """The acting unit."""
    card: str = ""
    type: CardType | None = None
    units: list[Undone] = Field(default_factory=list)
    settled: bool = False


class Mark(BaseModel):
    """One change of the last turns a board marks (:mod:`.marks`): a square (moved from or to, placed on,
    hit, destroyed), or an Agent's life change (``seat`` and ``life``, lost below 0)."""

    square: str = ""
    seat: str = ""
    life: int = 0
    turn: int = 0
    """The turn (its number) it was made in."""


class CornerStep(Step):
    op: Literal["corner"] = "corner"
    seat: str


class GaiaStep(Step):
    op: Literal["gaia"] = "gaia"
    tries: int = 1


class ConfuseStep(Step):
    """A confused Agent's first deed in its turn: the attack on the nearest target."""

    op: Literal["confuse"] = "confuse"
    seat: str


class Control(BaseModel):
    """Mind Control: ``controller`` plays ``target``'s turn with ``cards``, two drawn at random from its
    inventory (known to the controller and the target's player only)."""

    controller: str
    target: str
    cards: list[str] = Field(default_factory=list)


class SetupWallStep(Step):
    op: Literal["wall"] = "wall"
    seat: str
    left: int


class EventsStep(Step):
    op: Literal["events"] = "events"


class RoundStep(Step):
    op: Literal["round"] = "round"


class TurnStep(Step):
    op: Literal["turn"] = "turn"
    seat: str


class EndTurnStep(Step):
    op: Literal["end_turn"] = "end_turn"
    seat: str


class HitStep(Step):
    op: Literal["hit"] = "hit"
    hit: Hit


class OverTimeStep(Step):
    op: Literal["over_time"] = "over_time"
    seat: str


class RoundEndStep(Step):
    op: Literal["round_end"] = "round_end"


class ResumeStep(Step):
    """Back to the acting seat's open turn after an attack resolved."""

    op: Literal["resume"] = "resume"
    seat: str


IpaStep = Annotated[
    ConfuseStep
    | CornerStep
    | GaiaStep
    | SetupWallStep
    | EventsStep
    | RoundStep
    | TurnStep
    | EndTurnStep
    | HitStep
    | OverTimeStep
    | RoundEndStep
    | ResumeStep,
    Field(discriminator="op"),
]


class IpaState(FlowState):
    format: int = 10
    """The snapshot format (the game's ``format``)."""
    steps: list[IpaStep] = Field(default_factory=list)
    opts: IpaOptions
    size: int = 24
    walls: list[str] = Field(default_factory=list)
    agents: dict[str, AgentState]
    """By seat."""
    equipment: dict[str, EquipmentState] = Field(default_factory=dict)
    events: list[EventToken] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    """The stack of Item Cards, top last (hidden)."""
    recycle: list[str] = Field(default_factory=list)
    """The recycle pile, top last (hidden)."""
    round: int = 0
    rank: int = 1
    """The one rank token (A-9): every Agent has this rank."""
    serial: int = 0
    """Field equipment made so far (for ids)."""
    dead: list[str] = Field(default_factory=list)
    """Seats in the order their Agents died."""
    last_path: list[str] = Field(default_factory=list)
    last_shot: list[str] = Field(default_factory=list)
    """[from, to, 'clear' | 'blocked'] of the last attack at range."""
    acting: str = ""
    """The seat in turn."""
    last_action: LastAction | None = None
    """The last action aimed at units in the current turn."""
    control: Control | None = None
    """The Mind Control of the turn in progress."""
    chosen_corners: list[str] = Field(default_factory=list)
    """Seats whose corner is chosen (the players choose their corners)."""
    marks: list[Mark] = Field(default_factory=list)
    """What the turn in progress and the one before changed (public: read from public events)."""
    revealed: dict[str, str] = Field(default_factory=dict)
    """The last secret choices revealed, by seat, in words ("draws a card, +1 Intellect")."""
    revealed_turn: int = 0
    """The turn in which they were revealed (the boards show them in that turn and the next)."""
    undoable: LastAction | None = None
    """The previous player's last such action, which a Rift may cancel in this turn (RB Rift)."""
