"""The answers Virtual Revolution's questions take, and how their values are named for a player.

Most questions (a loss to suffer, a Borough to place in, a card to take, a position in the Turn Order) are
answered by ``pick`` with the one argument the question is about: ``pick:agent=..``, ``pick:at=b7``,
``pick:pos=2``; a raid's pick names the Corruption card first (``pick:card=c3,at=b7``). So ``pick``
declares every such argument, optional, and at least one (:data:`PICK`).
"""

from __future__ import annotations

from engine.core.args import Shape, number, word
from engine.core.intent import Value

from .rules import P, agent_name, borough_name, corruption_label, verse_name
from .state import VrState

TYPE_NAMES = {
    "sf": "Science Fiction",
    "horror": "Horror",
    "fantasy": "Fantasy",
    "adventure": "Adventure",
    "fighter": "Fighter",
    "tech": "Tech",
    "diplomat": "Diplomat",
}
"""Verse genres and Agent types, by their ids."""


def boost_label(boost_id: str) -> str:
    """A Boost card of the row, with what it gives."""
    b = P().boosts[boost_id]
    parts = [
        f"+{b.ec} EC" if b.ec else "",
        f"+{b.range} Range" if b.range else "",
        f"+{b.income} Income" if b.income else "",
        f"pay 1 to discard {b.discard}" if b.discard else "",
        f"refresh {b.refresh} Verses" if b.refresh else "",
    ]
    return f"{b.action.capitalize()}: " + ", ".join(p for p in parts if p)


def item_label(b: str) -> str:
    """A Boost a player holds: an Agent turned into a Boost, or a Boost card."""
    return agent_name(b) if b in P().agents else b.replace("bst_", "Boost card ").replace("_", " ")


def _boost(state: VrState, value: Value) -> str:
    return boost_label(str(value)) if value in P().boosts else item_label(str(value))


PICK = Shape(
    "pick",
    (
        word("card", lambda state, v: corruption_label(str(v)), optional=True),
        word("agent", lambda state, v: agent_name(str(v)), optional=True),
        word("at", lambda state, v: borough_name(str(v)), optional=True),
        word("verse", lambda state, v: verse_name(str(v)), optional=True),
        word("boost", _boost, optional=True),
        word("keep", lambda state, v: "Keep it with the Quartier Latin Title", optional=True),
        word("trop", lambda state, v: TYPE_NAMES[str(v)], optional=True),
        number("pos", lambda state, v: f"Position {v}", optional=True),
        number("apply", lambda state, v: "Suffer it", optional=True),
        number("ignore", lambda state, v: "Spend 1 Immunity to ignore it", optional=True),
        number("imm", lambda state, v: "Discard 1 Immunity token", optional=True),
    ),
    title="Choose",
    asks="an answer to a question",
    least=1,
)
"""Every ``pick`` answer (see the module docstring)."""
