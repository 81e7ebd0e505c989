"""The answers Virtual Revolution's questions take, and how their values are named for a player.

Most questions (a loss to suffer, a Borough to place in, a card to take, a position in the Turn Order) are
answered by ``pick`` with the one argument the question is about: ``pick:agent=..``, ``pick:at=b7``,
``pick:pos=2``; a raid's pick names the Corruption card first (``pick:card=c3,at=b7``). So ``pick``
declares every such argument, optional, and at least one (:data:`PICK`).
"""

from __future__ import annotations

from engine.core.args import Shape, number, word
from engine.core.intent import Value

from .cardtext import boost_text
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
    """A Boost card, with what it gives ("Work +3 EC")."""
    return boost_text(P().boosts[boost_id])


def item_label(b: str) -> str:
    """A Boost a player holds: an Agent turned into a Boost, or a Boost card ("card Work +3 EC")."""
    if b in P().agents:
        return agent_name(b)
    return f"card {boost_label(b)}" if b in P().boosts else "card"


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
