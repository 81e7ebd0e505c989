"""The arguments of every intent kind of Virtual Revolution (see :mod:`engine.core.shapes`)."""

from __future__ import annotations

from engine.core.shapes import Shapes

W, N = "word", "number"
SHAPES: Shapes = {
    "director": {"to": W},
    "influence": {"how": W, "at": "word?"},
    "end": {},
    "work": {},
    "recruit": {"slot": N},
    "recruit_discard": {"agent": W},
    "server": {},
    "refresh": {},
    "swap_verse": {"slot": N},
    "verse": {"slot": N},
    "donate": {"cards": W, "imm": N},
    "activate": {"agent": W, "at": "word?", "with": "word?", "slot": "number?"},
    "promote": {"agent": W, "use": W, "to": W},
    "title": {"id": W, "at": "word?"},
    "collect": {"ec": N, "drop": N, "peek": N, "imm": N},
    "online": {"verse": W},
    "trade": {"verse": W},
    "spend": {"n": N},
    "objective": {"id": W, "param": "word?", "trop": "word?"},
    "choose": {"pick": W},
}
"""``pick`` (the answer to a question: a Borough, a card, an item, a position) takes one argument of several
names, so it is checked by the question that asks it."""
