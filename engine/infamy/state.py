"""Infamy's options, steps and state: ids and counters only (cards live in the pack)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Deck
from engine.core.flow import Step
from engine.core.flowgame import FlowState
from engine.core.kits.resources import Resources

from .pack import Effect
from .view import ACC_PAWN, COLOURS, LastView

__all__ = ["ACC_PAWN", "COLOURS", "Auction", "InfamyOptions", "InfamyState", "InfamyStep", "Phase", "Player"]

Phase = Literal["watchdog", "auction", "select", "place", "scheme", "cleanup"]


class InfamyOptions(BaseModel):
    """Options. The rulebook has no variants; these are the table's choices on its gaps (RULINGS.md)."""

    model_config = ConfigDict(extra="forbid")

    auto_pass: bool = True
    """Pass automatically for a freelancer who can neither bid nor use a Favor (changes no outcome)."""
    finite_supply: bool = True
    """Resource, Henchman and Favor tokens are limited to the box counts (18/18/18, 20, 6)."""
    sector_chief_literal_removal: bool = False
    """Sector Chief removes a Watchdog at the end of the Round even if none was added (A9)."""
    round_cap: int = Field(0, ge=0, le=200)
    """0: no limit (faithful). Otherwise the game ends after this many Rounds by the case-1 order."""
    open_hands: bool = False
    """Teaching mode: every Scheme hand is public."""


class Player(BaseModel):
    colour: str
    infamy: int = 0
    rep: dict[str, int] = Field(default_factory=lambda: {"cartel": 0, "megacorp": 0, "militia": 0})
    avail: int = 12
    spent: int = 0
    markers: int = 0
    """Bribes left on won Contacts as ownership markers this Round."""
    hand: list[str] = Field(default_factory=list)
    missions: list[str] = Field(default_factory=list)

    def bribes_total(self) -> int:
        return self.avail + self.spent + self.markers


class Auction(BaseModel):
    pos: int = 0
    bids: dict[str, int] = Field(default_factory=dict)
    high: str | None = None
    to_act: str = ""
    passes: int = 0
    """Passes in a row since the last bid (or since the start)."""
    acted: list[str] = Field(default_factory=list)
    """Seats that have had their first opportunity on this Contact (a Favor only before)."""
    expenses: dict[str, int] = Field(default_factory=dict)


# --- the procedure ---------------------------------------------------------------------------------


class RoundStep(Step):
    """A Round opens: Contacts revealed (the Triggerman first moves a Watchdog from the second Round)."""

    op: Literal["round"] = "round"


class AuctionStep(Step):
    """The Contact being auctioned: the next bidder's go, or the Sector Phase once the track is done."""

    op: Literal["auction"] = "auction"


class PlaceStep(Step):
    """The freelancer at the current Contact Order slot places his pawn(s), or fails."""

    op: Literal["place"] = "place"


class SchemeStep(Step):
    """The current schemer may play a Scheme; after the last one, the end of the Round."""

    op: Literal["scheme"] = "scheme"


class CleanupStep(Step):
    """New missions are dealt and the Day/Night marker flips (after the Sector Chief's removal)."""

    op: Literal["cleanup"] = "cleanup"


class EffectStep(Step):
    """One effect of a card resolving for ``seat`` (``source``: the card, ``benefit:<id>`` or a rule)."""

    op: Literal["effect"] = "effect"
    seat: str
    effect: Effect
    source: str = ""


class Block(BaseModel):
    """The effects of one card that triggers with others: the winner orders the blocks (Peddler note)."""

    id: str
    text: str
    effects: list[Effect]


class OrderStep(Step):
    """Several cards trigger at once: ``seat`` chooses which resolves first."""

    op: Literal["order"] = "order"
    seat: str
    blocks: list[Block]


InfamyStep = Annotated[
    RoundStep | AuctionStep | PlaceStep | SchemeStep | CleanupStep | EffectStep | OrderStep,
    Field(discriminator="op"),
]


class Noted(BaseModel):
    """The public table as the latest move left it, for :mod:`.marks` to tell what the next move changed."""

    asked: list[str]
    """The seats the game was waiting for: the next move is theirs."""
    counts: dict[str, dict[str, int]]
    missions: dict[str, list[str]]
    pawns: dict[str, str]
    hazards: list[str]
    watchdogs: list[int]
    winners: list[str | None]
    bid_on: int | None
    """The Contact being auctioned (its index on the track), and each bidder's Bribes on it."""
    bids: dict[str, int]


class InfamyState(FlowState):
    game: str = "infamy"
    format: int = 7
    """The snapshot format (the game's ``format``): 2 is the runtime's steps and frames; 3 its frames after
    the Gamedec port (asides, per-part refs); 4 the counted tokens in ``tokens`` (the resources kit); 5 the
    frames' public (third-person) texts; 6 no ``decisions`` nor ``options`` (dead weight, issue 29); 7 the
    table noted after every move (``noted``) and what the latest move changed (``last``, issue 31)."""
    steps: list[InfamyStep] = Field(default_factory=list)
    opts: InfamyOptions
    players: dict[str, Player]
    round: int = 1
    day: bool = True
    phase: Phase = "auction"
    triggerman: str
    contact_deck: list[str] = Field(default_factory=list)
    track: list[str] = Field(default_factory=list)
    winners: list[str | None] = Field(default_factory=list)
    face_down: list[bool] = Field(default_factory=list)
    auction: Auction | None = None
    missions: Deck
    available: list[str] = Field(default_factory=list)
    schemes: dict[str, Deck]
    tokens: dict[str, Resources]
    """The counted tokens (Weapon, Data, Compound, Henchman, Favor): what each seat holds, and so what the
    General Supply has left of the box (``finite_supply``; otherwise the supply is endless)."""
    watchdogs: list[int] = Field(default_factory=list)
    hazards: list[str] = Field(default_factory=list)
    pawns: dict[str, str] = Field(default_factory=dict)
    """zone id -> seat, or ACC_PAWN for the black Accomplice pawn."""
    acc_owner: str | None = None
    smuggler: str | None = None
    chief: str | None = None
    chief_added: bool = False
    informant: str | None = None
    rep_locked: list[str] = Field(default_factory=list)
    sectors: dict[str, int] = Field(default_factory=dict)
    """Revealed sectors this Round: seat -> sector, and ACC_PAWN for the Accomplice."""
    order: list[str] = Field(default_factory=list)
    slot: int = 0
    to_place: list[str] = Field(default_factory=list)
    """Pawns of the seat at ``slot`` still to place: 'own' and/or 'acc'."""
    placed: dict[str, str] = Field(default_factory=dict)
    """pawn ('ann' or ACC_PAWN) -> zone id, 'failed' or 'smuggled' this Round."""
    scheme_order: list[str] = Field(default_factory=list)
    scheme_idx: int = 0
    plays_left: int = 0
    noted: Noted | None = None
    """The public table after the latest move (:mod:`.marks`)."""
    last: LastView | None = None
    """What the latest move changed (None before the first move)."""

    def held(self, seat: str, what: str) -> int:
        """How many ``what`` tokens ``seat`` holds."""
        return self.tokens[what].of(seat)

    def effect_steps(self, seat: str, effects: Any, source: str) -> list[EffectStep]:
        return [EffectStep(seat=seat, effect=e, source=source) for e in effects]
