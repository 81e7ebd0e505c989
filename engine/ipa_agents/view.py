"""What each seat of IPA: The Agents sees: the battle map (walls, face-down Events, Agents, corpses, field
equipment), each Agent's public statistics, and the viewer's own hand. Event kinds, the deck's order and the
recycle pile, other hands and who holds a Rift never appear."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core.board.spec import CellField
from engine.core.flowgame import TableView
from engine.core.intent import Intent


class CardView(BaseModel):
    id: str
    name: str
    type: str
    price: int
    """Its sale price, in credits."""
    requires: str
    text: str
    usable: bool
    """Whether the viewer's Agent meets the ability requirements now."""
    damage_text: str = ""
    """What it deals ("2 fire damage", "1 to 3 energy damage, by the die"); empty: no damage."""
    range_text: str = ""
    """How far it reaches ("next to you", "up to 7", "3 to 16", "any distance"); empty: on yourself."""
    use_cost: int = 0
    """Credits each activation costs (most cards: none)."""

    def facts(self, sep: str = "; ") -> str:
        """Its numbers in words: "2 fire damage; range up to 7; sells for 1 credit; usable now"."""
        facts = [self.damage_text] if self.damage_text else []
        if self.range_text:
            facts.append(f"range {self.range_text}")
        if self.use_cost:
            facts.append(f"costs {_plural(self.use_cost, 'credit')} to use")
        facts.append(f"sells for {_plural(self.price, 'credit')}")
        facts.append("usable now" if self.usable else f"needs {self.requires}")
        return sep.join(facts)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


CHOICES = {
    "draw": {"yes": "draw a card", "no": "draw no card"},
    "agree": {"yes": "agree to this map", "no": "clear the walls and place them again"},
}
"""The words of the secret choices' answers (the end of a round, Gaia's Helpers)."""


def choice_words(key: str) -> str:
    """A secret choice kept as its intent key, in words ("draw a card, +1 Intellect")."""
    try:
        intent = Intent.parse(key)
    except ValueError:
        return "made"
    words = []
    for name, value in intent.args:
        if name in CHOICES:
            words.append(CHOICES[name].get(str(value), str(value)))
        elif name == "point":
            words.append("no ability point" if value == "none" else f"+1 {str(value).capitalize()}")
    return ", ".join(words) or "made"


class AbilitiesView(BaseModel):
    """An Agent's three abilities (in the rulebook's order, as the state keeps them)."""

    precision: int
    strength: int
    intellect: int


class AgentView(BaseModel):
    seat: str
    unit: str
    cell: CellField
    """Its square (a corpse's, once dead); read from and written as its label ("D7")."""
    alive: bool
    life: int
    max_life: int
    abilities: AbilitiesView
    """With the bonuses of active Constructs."""
    points: int
    credits: int
    sp: int
    """Science Points."""
    ue: str | None
    """The Unknown Entity's name."""
    ue_text: str = ""
    upgrades: list[str]
    """The SP upgrades bought, by name."""
    hand: int
    hand_limit: int = 7
    active: list[str]
    statuses: list[str]
    """Stun, Helpless, Confuse, Mind Control and effects over time ("Drowning: 3 more turns")."""
    injections: list[str] = []
    """The injections bought this turn that wait for their use (the Agent in turn only)."""
    permits: list[str] = []
    """Seats whose units may move through this Agent's units (public, RB Physics)."""


class EquipmentView(BaseModel):
    unit: str
    kind: str
    name: str
    owner: str | None
    cell: CellField
    life: int | None
    armed: bool


class LastView(BaseModel):
    """What the last turns changed (public: read from public events) and the secret choices just revealed."""

    squares: list[CellField] = []
    """Squares moved from or to, placed on, hit, destroyed: the turn in progress and the one before."""
    life: dict[str, int] = {}
    """Each Agent's life change over the same turns, by seat (lost: below 0)."""
    chosen: dict[str, str] = {}
    """What each seat chose in secret, told right after the reveal ("draws a card, +1 Intellect")."""


class IpaView(TableView):
    viewer: str | None = None
    """The seat whose view this is (None: the public view)."""
    round: int
    rank: int
    acting: str
    size: int
    walls: list[str]
    events: list[str]
    """Squares with a face-down Event token (never its kind)."""
    agents: list[AgentView]
    equipment: list[EquipmentView]
    deck: int
    recycle: int
    last_path: list[str]
    last_shot: list[str]
    hand: list[CardView] | None = None
    """The viewer's own inactive cards (None for spectators)."""
    controlled_by: str | None = None
    """The seat playing this turn's Agent under Mind Control (public)."""
    offered: str | None = None
    """The name of the card another Agent offers the viewer, while it is asked to accept it."""
    sale_credits: int | None = None
    """The viewer's credits from sales this turn, to spend now (None for spectators)."""
    controlled_cards: list[str] | None = None
    """Under Mind Control: the two cards drawn from the controlled Agent's inventory, for its controller and
    its player only."""
    last: LastView = LastView()
    picture: dict[str, Any]
