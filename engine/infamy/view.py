"""What each seat of Infamy sees: the typed view schema (the renderer and the text read this module, never
the state).

The public view never holds a hand (unless the table plays with open hands) nor a secret sector card;
during the Sector Phase it shows only who has chosen (``choosing``), and each seat's own view adds its
own card(s) (``my_choice``). ``last`` is what the latest move changed (public things only), for the boards
to mark; ``revealed`` is every sector card chosen this Round once they are turned up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from engine.core.flowgame import TableView

ACC_PAWN = "*acc"
"""The black Accomplice pawn in ``pawns``, ``sectors``/``revealed`` and ``placed``: not a possible seat name
(a seat may be called "acc"), so it never collides with a freelancer's own pawn."""
COLOURS = ("pink", "turquoise", "brown", "yellow")
"""The freelancers' pawn colours, in seat order."""
FACTION_NAMES = {"cartel": "Cartel", "megacorp": "Megacorp", "militia": "Militia"}
PHASE_NAMES = {
    "auction": "Contact Phase",
    "watchdog": "Contact Phase",
    "select": "Sector Phase (secret choice)",
    "place": "Sector Phase (placing pawns)",
    "scheme": "Scheme Phase",
    "cleanup": "End of the Round",
}
"""Each phase of the view (``phase``) in the rulebook's words."""


TOKEN_WORDS = {
    "weapon": ("Weapon", "Weapons"),
    "data": ("Data", "Data"),
    "compound": ("Compound", "Compound"),
    "henchman": ("Henchman", "Henchmen"),
    "favor": ("Favor", "Favors"),
    "bribe": ("Bribe", "Bribes"),
}
"""A token in words, one and many (the text and the pictures say them alike)."""


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` things: "1 Scheme", "2 Schemes" (``many``: an irregular plural, "Henchmen")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def tokens_words(values: Mapping[str, int]) -> str:
    """What a mission asks or a Scheme costs: "2 Weapons, 1 Data" ("nothing" when free)."""
    return ", ".join(f"{n} {TOKEN_WORDS[k][n != 1]}" for k, n in values.items() if n) or "nothing"


def mission_gains(reward: str, infamy: int, rep: int, factions: Sequence[str]) -> str:
    """What completing a mission gives, in the rulebook's order (its reward, then Infamy and Rep in one of
    its factions): "draw 1 Megacorp Scheme, then 1i and 1r in Megacorp", "gain 3i"."""
    gains = [f"{infamy}i"] if infamy else []
    if rep:
        gains.append(f"{rep}r in " + " or ".join(FACTION_NAMES.get(f, f) for f in factions))
    then = " and ".join(gains)
    first = reward.strip().rstrip(".")
    if not first:
        return f"gain {then}"
    first = first[:1].lower() + first[1:]
    return f"{first}, then {then}" if then else first


def turn_of(round_: int) -> int:
    """The Turn a Round (counted from 1 since the start) belongs to: Rounds 1 and 2 are Turn 1."""
    return (round_ + 1) // 2


def round_name(turn: int, day: bool) -> str:
    """A Round as the rulebook names it: "Turn 4, Day Round" (a Turn is a Day Round then a Night Round)."""
    return f"Turn {turn}, {'Day' if day else 'Night'} Round"


class Holdings(BaseModel):
    """A freelancer's resources (the JSON of the former ``{"weapon": n, ...}`` mapping)."""

    weapon: int
    data: int
    compound: int


class Supply(BaseModel):
    """What the General Supply has left of each kind of token."""

    weapon: int
    data: int
    compound: int
    henchman: int
    favor: int
    hazard: int
    watchdog: int


class Choosing(BaseModel):
    """Who has chosen a sector card so far (never which): the runtime's secret-choice progress."""

    topic: str
    chosen: list[str]
    count: int
    of: int


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


class DoneMission(BaseModel):
    """A mission a freelancer has completed (kept under his sheet: public)."""

    name: str
    sector: int
    types: list[str]


class PlayerView(BaseModel):
    seat: str
    colour: str
    infamy: int
    rep: dict[str, int]
    """Rep in each faction, by faction id (``cartel``, ``megacorp``, ``militia``)."""
    res: Holdings
    henchmen: int
    favors: int
    bribes: Bribes
    hand_count: int
    missions: list[DoneMission]
    contacts: list[str]
    """The names of the Contacts he won this Round."""
    triggerman: bool
    benefits: list[BenefitView]
    hand: list[HandCard] | None = None
    """Only with open hands (teaching mode)."""

    def tokens(self) -> dict[str, int]:
        """Everything a mission or a Scheme may ask, as he holds it (available Bribes)."""
        return {
            "weapon": self.res.weapon,
            "data": self.res.data,
            "compound": self.res.compound,
            "henchman": self.henchmen,
            "favor": self.favors,
            "bribe": self.bribes.available,
        }

    def can_pay(self, requires: Mapping[str, int]) -> bool:
        held = self.tokens()
        return all(held.get(k, 0) >= n for k, n in requires.items())

    def holdings(self) -> str:
        """ "2 Weapons, 1 Data, 0 Compound, 1 Henchman, 0 Favors" """
        return ", ".join(count(n, *TOKEN_WORDS[k]) for k, n in self.tokens().items() if k != "bribe")

    def rep_text(self) -> str:
        return "Rep: " + ", ".join(f"{name} {self.rep.get(f, 0)}" for f, name in FACTION_NAMES.items())

    def bribes_text(self) -> str:
        b = self.bribes
        line = f"Bribes: {b.available} available, {b.spent} spent, {b.on_contacts} on won Contacts"
        return line + (f", {b.bid} bid on the Contact being auctioned" if b.bid else "")


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

    def cost(self) -> str:
        return tokens_words(self.requires)

    def gains(self) -> str:
        return mission_gains(self.reward, self.infamy, self.rep, self.factions)

    def line(self) -> str:
        """ "Clone Army (Sector 6, Underworld): pay 1 Weapon, 2 Compound; gain 2 Henchmen, then 2i" """
        kinds = ", ".join(t.capitalize() for t in self.types)
        where = f"Sector {self.sector}" + (f", {kinds}" if kinds else "")
        return f"{self.name} ({where}): pay {self.cost()}; {self.gains()}"


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


class LastView(BaseModel):
    """What the latest move changed, for the boards to mark (public things only): who moved (None when
    several were asked at once), its public lines, each freelancer's counts that moved ("+2 Weapons"), and
    where on the board something changed."""

    seat: str | None
    lines: list[str]
    changes: dict[str, list[str]]
    zones: list[str]
    """Zones where a pawn was placed or a Hazard added or removed (zone ids, and ``s3m`` for a mission
    zone)."""
    sectors: list[int]
    """Sectors whose Watchdogs changed."""
    contacts: list[int]
    """Contact Track positions (1-5) won or bid on."""
    missions: list[str]
    """Missions completed (their names)."""


class MySectors(BaseModel):
    """The viewer's own secret sector card(s) while the sectors are not revealed."""

    own: int
    acc: int | None = None


class InfamyView(TableView):
    game: str = "infamy"
    round: int
    """Rounds since the start, counting both Rounds of each Turn (a Turn is a Day Round then a Night Round:
    ``turn`` and ``day`` name the Round as players do)."""
    day: bool
    standing: str
    """Where the game stands, in the rulebook's words ("Turn 4 · Day Round · Contact Phase")."""
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
    supply: Supply
    watchdogs: list[int]
    hazards: list[str]
    revealed: dict[str, int]
    order: list[str]
    slot: int
    placed: dict[str, str]
    flags: Flags
    waiting_for: list[Waiting] = Field(default_factory=list)
    last: LastView | None = None
    me: str | None = None
    hand: list[HandCard] | None = None
    """The viewer's own Schemes (None in the public view)."""
    choosing: Choosing | None = None  # type: ignore[assignment]
    """Who has chosen a sector card so far, while the Sector Phase's secret choice is open."""
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
