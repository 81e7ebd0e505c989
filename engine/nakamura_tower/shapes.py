"""The arguments of every intent kind of Nakamura Tower (see :mod:`engine.core.shapes`)."""

from __future__ import annotations

from engine.core.shapes import Shapes

W = "word"
SHAPES: Shapes = {
    "move": {"unit": W, "to": W},
    "route": {"n": "number"},
    "attack": {"unit": W, "target": W},
    "throw": {"unit": W, "item": W, "at": W},
    "mine": {"unit": W, "at": W},
    "drag": {"unit": W, "target": W},
    "aid": {"unit": W, "target": W},
    "swap": {"unit": W, "item": W, "other": W},
    "door": {"edge": W, "to": W},
    "force": {"unit": W, "edge": W},
    "escape": {"unit": W},
    "done": {},
    "standing": {"unit": W, "order": W},
    "end": {},
    "react": {"how": "word?", "to": "word?", "unit": "word?", "at": "number?"},
    "pass": {},
    "drone": {"unit": W},
    "bid": {"sr": "number"},
    "order": {"cw": W, "rw": W},
    "faction": {"name": W},
    "recruit": {"out": W, "hire": W},
    "buy": {"who": W, "item": W},
    "drop": {"who": W, "item": W},
    "leader": {"who": W},
    "ready": {},
    "share": {"who": W},
    "declare": {"target": "word?", "hacker": "word?", "look": "word?", "n": "number?"},
    "plan": {
        "atk": "word?",
        "bst": "word?",
        "fill": "word?",
        "grd": "word?",
        "sr": "word?",
        "dsr": "number?",
    },
    "jam": {"unit": W},
    "keep": {"drop": "word?", "only": "word?", "install": "word?"},
}
