"""The arguments of every intent kind of IPA: The Agents (see :mod:`engine.core.shapes`)."""

from __future__ import annotations

from engine.core.shapes import Shapes

W = "word"
SHAPES: Shapes = {
    "wall": {"col": W, "row": "number"},
    "move": {"unit": W, "to": W},
    "route": {"n": "number"},
    "play": {"card": W, "at": "word?", "also": "word?"},
    "convert": {"card": W},
    "shoot": {"unit": W, "at": W},
    "pickup": {},
    "sell": {"card": W},
    "buy": {"item": W, "at": "word?"},
    "upgrade": {"item": W},
    "loot": {"corpse": W, "card": W},
    "takeover": {"unit": W},
    "train": {"stat": W},
    "discard": {"card": W},
    "end": {},
    "defend": {"roll": W},
    "rift": {"card": W},
    "pass": {},
    "ready": {"draw": W, "point": W},
    "keep": {"which": W},
    "shove": {"to": W},
    "permit": {"seat": W, "allow": W},
    "give": {"card": W, "to": W},
    "gift": {"take": W},
    "transfer": {"to": W, "sp": "number"},
    "relocate": {"unit": W, "to": W},
    "tunnel": {"via": W, "to": W},
    "corner": {"at": W},
    "map": {"agree": W},
    "focus": {"card": W, "at": W},
    "confused": {"card": W},
    "steer": {"to": W},
    "wield": {"card": W, "at": "word?"},
    "release": {},
}
