"""Nakamura Tower's data pack (``data/nakamura_tower/``): the CanDo deck, characters (healthy and crippled
sides), drones, equipment, Cyberwarfare cards and missions, as pydantic models.

The rulebook prints the rule tables but none of the cards, tiles or missions: every record carries its
provenance (``rulebook``, ``reconstructed`` from the worked examples, or ``house``). An owner of the box can
load the printed cards and missions through the same schema (``ARBITER_DATA``). A bad pack is refused with
the file, the record and the field at fault (:class:`~engine.core.errors.DataError`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core.board import Cell, GridSpec, Placement
from engine.core.datapack import Provenance
from engine.core.errors import DataError

GAME_ID = "nakamura_tower"

Faction = Literal["uebermensch", "nakamura", "freelance"]
Availability = Literal["commercial", "military", "black_market"]
COST: dict[str, int] = {"commercial": 1, "military": 2, "black_market": 4}
"""RB Team Budget: "Commercial - 1 point; Military - 2 points; Black Market - 4 points"."""
LEVEL: dict[str, int] = {"commercial": 0, "military": 1, "black_market": 2}
Location = Literal["head", "chest", "arms", "legs"]
CwKind = Literal["virus", "worm", "ice", "bastion", "ids", "booster", "sr_booster", "sniffer", "blank"]
OFFENSIVE: frozenset[str] = frozenset({"virus", "worm"})
DEFENSIVE: frozenset[str] = frozenset({"ice", "bastion", "ids"})


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CanDoValue(_Record):
    value: int = Field(ge=1, le=10)
    count: int = Field(ge=1, le=40)
    effects: tuple[str, ...] = ()
    """Printed effects (the hook vocabulary is empty: the rulebook prints no card text)."""
    provenance: Provenance


class Armour(_Record):
    head: int = Field(ge=0, le=10)
    chest: int = Field(ge=0, le=10)
    arms: int = Field(ge=0, le=10)
    legs: int = Field(ge=0, le=10)
    left_arm: int | None = Field(None, ge=0, le=10)
    right_arm: int | None = Field(None, ge=0, le=10)
    left_leg: int | None = Field(None, ge=0, le=10)
    right_leg: int | None = Field(None, ge=0, le=10)
    """A side's own Armour (a one-sided cyberarm); None: the same as ``arms``/``legs``."""

    def at(self, where: str) -> int:
        value = getattr(self, where, None)
        if value is None:
            value = self.arms if where.endswith("arm") else self.legs
        return int(value)


class Side(_Record):
    ms: int = Field(ge=1, le=12)
    ph: int = Field(ge=1, le=12)
    speed: int = Field(ge=1, le=8)
    wounds: int = Field(ge=1, le=12)
    armour: Armour


class Character(_Record):
    id: str = Field(min_length=1, max_length=20)
    name: str
    faction: Faction | Literal["special"]
    """``special``: a special character any Faction may hire (RB: "Special characters are characters that can
    be added to any Faction")."""
    hacker: bool = False
    left_handed: bool = False
    healthy: Side
    crippled: Side
    skills: dict[Literal["dodge", "ranged", "close", "codebreaker", "terminal_hack"], int] = Field(
        default_factory=dict
    )
    starting: tuple[str, ...] = ()
    """The Starting Equipment on the card (RB: "A character's Starting Equipment is given on their character
    card"): free, and allowed above the mission's Availability Level."""
    provenance: Provenance
    note: str = ""


class Drone(_Record):
    id: str
    name: str
    ph: int = Field(ge=1, le=12)
    speed: int = Field(ge=1, le=8)
    wounds: int = Field(ge=1, le=12)
    armour: Armour
    weapon: str
    provenance: Provenance
    note: str = ""


class Equipment(_Record):
    id: str
    name: str
    kind: Literal["ranged", "close", "gear", "neurochip", "grenade", "mine", "medical", "ammunition"]
    """``ammunition`` (RB: "Note that an ammunition card takes up one slot"): its ``damage`` adds to the
    Damage of the character's ranged weapon at every range (Example 5: "Even with AMM Shredder ammunition no
    wound would have been inflicted (5 Damage versus 5 Armour)", the Raiden's 4 at long range)."""
    availability: Availability
    provenance: Provenance
    note: str = ""
    damage: int = Field(0, ge=0, le=15)
    effective: int = Field(1, ge=1, le=30)
    damage_max: int = Field(0, ge=0, le=15)
    maximum: int = Field(1, ge=1, le=40)
    pierce: int = Field(0, ge=0, le=5)
    slot: Literal["", "helmet", "cyberdeck", "cyberarm", "cyberleg", "cyberbody"] = ""
    sr: int = Field(0, ge=0, le=5)
    ranged: int = Field(0, ge=-3, le=5)
    close: int = Field(0, ge=-3, le=5)
    dodge: int = Field(0, ge=-3, le=5)
    armour: int = Field(0, ge=0, le=3)
    cybershock: int = Field(0, ge=0, le=5)
    door_breaker: bool = False
    cw_draw: int = Field(0, ge=0, le=3)
    """RB: "Some gear or character Special Skills may permit additional cards to be drawn"."""
    cw_hand: int = Field(0, ge=0, le=9)
    """The Cyberwarfare cards drawn whatever runs (RB: "the Nakamura Cyberbody always allows the Player to
    draw seven cards and discard down to five in the hand regardless of the number of programmes running")."""
    heavy: bool = False
    """RB: "Heavy weapons cannot be used in Close Combat"; "+2 Use of Heavy Weapons or grenades"."""
    stun: bool = False
    """A successful hit stuns (FAQ: the target "has to fall and stay unconscious for one game turn")."""
    blast: int = Field(0, ge=0, le=2)
    """A grenade's blast: the squares within this many of where it lands (house)."""
    uses: int = Field(0, ge=0, le=9)
    """Uses of one card before it is spent (grenades, mine tokens, First Aid); 0: unlimited."""
    heal: int = Field(0, ge=0, le=5)
    """Wounds a use of medical gear removes (house)."""
    strikes: int = Field(1, ge=1, le=3)
    """Close Combat blows per CC Attack (RB Example 7, Rapid Strike: "hit twice per CC Attack")."""

    @property
    def cost(self) -> int:
        return COST[self.availability]


class CwCard(_Record):
    id: str
    name: str
    faction: Literal["uebermensch", "nakamura", "freelance", "ai"]
    kind: CwKind
    strength: int = Field(ge=0, le=10)
    install: int = Field(ge=0, le=5)
    run: int = Field(ge=0, le=5)
    count: int = Field(ge=1, le=32)
    provenance: Provenance
    note: str = ""
    effect: Literal["", "drain", "jam"] = ""
    """A virus's or worm's special ability, from the hook vocabulary of :mod:`.infection`."""
    effect_value: int = Field(0, ge=0, le=5)


class Terminal(_Record):
    id: str
    cell: str
    """A square, or a tile's Terminal spot as ``placement.terminal`` (a board built from tiles)."""
    kind: Literal["security", "basic"]
    colour: str = ""
    defence: int = Field(ge=1, le=6)


class Member(_Record):
    character: str
    equipment: tuple[str, ...] = ()


class Team(_Record):
    faction: Faction
    start: tuple[str, ...]
    members: tuple[Member, ...]


class Victory(_Record):
    kind: Literal["points", "target"]
    objective: int = Field(ge=0, le=10)
    knockout: int = Field(ge=0, le=10)
    terminal: int = Field(ge=0, le=10)
    escape: int = Field(ge=0, le=10)
    target: int = Field(ge=0, le=50)
    leader: int = Field(0, ge=0, le=10)
    """Extra points for putting out an enemy Team Leader (house)."""
    cooperative: int = Field(10, ge=0, le=60)
    """In cooperative play: the score the Teams need together to win against the tower (house)."""


class DoorToken(_Record):
    """A door token the mission puts in a tile's doorway (RB: doors have a colour and a number)."""

    colour: str
    number: int = Field(ge=1, le=6)


class Layout(_Record):
    """The board a mission builds from tiles (RB: "a board constructed from the modular square tiles")."""

    title: str = ""
    width: int = Field(ge=1, le=60)
    height: int = Field(ge=1, le=99)
    tiles: tuple[Placement, ...] = Field(min_length=1)


class Mission(_Record):
    id: str
    title: str
    seats: int = Field(ge=1, le=3)
    map: str
    """The board's id: a text map in ``maps/`` or, with ``board``, the name of the board built from tiles."""
    board: Layout | None = None
    doors: dict[str, DoorToken] = Field(default_factory=dict)
    """Door tokens by doorway (``E3-F3``) on a board built from tiles; a doorway without one holds a door of
    no colour, closed but never locked."""
    turns: int = Field(ge=1, le=20)
    availability: Availability
    security_protocol: int = Field(ge=0, le=6)
    team_size: int = Field(5, ge=1, le=6)
    budget: int = Field(3, ge=0, le=10)
    """Team Budget points per member (RB: "+3 points ... for every member")."""
    terminals: tuple[Terminal, ...]
    tac: dict[str, int] = Field(default_factory=dict)
    """TAC by area; on a board built from tiles, changes to the tiles' own values."""
    entry_points: tuple[str, ...] = ()
    """Drone Entry Points: squares, or tiles' marks as ``placement.entry`` (all of them when empty)."""
    drones: tuple[str, ...] = ()
    objectives: tuple[str, ...] = ()
    exits: tuple[str, ...] = ()
    """Exits: squares or tiles' marks as ``placement.exit``."""
    cybershock_tests: int = Field(0, ge=0, le=2)
    victory: Victory
    teams: tuple[Team, ...]
    provenance: Provenance
    text: str = ""


class Pack(BaseModel):
    model_config = ConfigDict(frozen=True)
    cando: tuple[CanDoValue, ...]
    characters: dict[str, Character]
    drones: dict[str, Drone]
    equipment: dict[str, Equipment]
    cards: dict[str, CwCard]
    missions: dict[str, Mission]
    maps: dict[str, GridSpec]

    def cando_deck(self) -> list[str]:
        """Every CanDo card as ``c<value>.<n>`` (copies numbered from 1)."""
        return [f"c{v.value}.{n}" for v in self.cando for n in range(1, v.count + 1)]

    def cw_deck(self, faction: str, sniffers: bool = False, blanks: bool = False) -> list[str]:
        """A Faction's (or the AI's) deck; Sniffers and blank cards only when the table plays them."""
        left_out = {kind for kind, played in (("sniffer", sniffers), ("blank", blanks)) if not played}
        return [
            f"{c.id}.{n}"
            for c in self.cards.values()
            if c.faction == faction and c.kind not in left_out
            for n in range(1, c.count + 1)
        ]

    def card(self, instance: str) -> CwCard:
        return self.cards[instance.split(".")[0]]

    def mission_for(self, seats: int) -> Mission:
        return next(m for m in self.missions.values() if m.seats == seats)


def cell_ok(spec: GridSpec, label: str) -> bool:
    try:
        return spec.inside(Cell.parse(label)) and Cell.parse(label) not in spec.blocked
    except ValueError:
        return False


__all__ = [
    "COST",
    "DEFENSIVE",
    "OFFENSIVE",
    "Character",
    "CwCard",
    "DataError",
    "Equipment",
    "Mission",
    "Pack",
]
