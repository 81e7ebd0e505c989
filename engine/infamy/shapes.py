"""The arguments of every Infamy intent kind (see :mod:`engine.core.shapes`)."""

from __future__ import annotations

from engine.core.shapes import Shapes

W = "word"
SHAPES: Shapes = {
    **{kind: {} for kind in ("allow", "cancel", "favor", "pass")},
    "bid": {"to": "number?"},
    "deck": {"faction": W},
    "discard": {"card": W},
    "hazard": {"zone": W},
    "liaison": {"gain": W},
    "place": {"pawn": W, "zone": W, "mission": "word?"},
    "play": {"card": W},
    "rep": {"faction": W},
    "resolve": {"item": W},
    "resource": {"type": W},
    "sabotage": {"mission": W},
    "sector": {"own": "word?", "acc": "word?"},
    "smuggle": {"pawn": W},
    "steal": {"rival": W, "type": "word?"},
    "target": {"rival": W},
    "unhazard": {"zone": W},
    "watchdog": {"frm": "word?", "to": "word?"},
}
