"""The arguments of every Gamedec intent kind (see :mod:`engine.core.shapes`)."""

from __future__ import annotations

from engine.core.shapes import Shapes

W, N, OPT = "word", "number", "word?"
_BARE = (
    "buy_rep",
    "cancel",
    "cheat",
    "decline",
    "draw",
    "end",
    "heal",
    "pass",
    "roll",
    "sell_tasks",
    "seven",
    "skip",
    "stop",
    "story_finish",
    "trade_call",
)

SHAPES: Shapes = {
    **{kind: {} for kind in _BARE},
    "accept": {"card": OPT},
    "aid": {"take": W},
    "assist": {"on": W, "n": N},
    "attack": {"on": W, "skill": W},
    "buy_equip": {"pile": W},
    "buy_skill": {"id": W},
    "commission": {"lag": OPT},
    "corp": {"id": W},
    "detective": {"id": W},
    "discard": {"card": W},
    "discard_eq": {"eq": W},
    "get": {"what": W},
    "give": {"what": W},
    "hunt": {"on": W},
    "move": {"to": W, "lose": OPT},
    "pick": {"card": W},
    "pile": {"take": W},
    "play": {"card": W},
    "sabotage": {"on": W, "n": N},
    "sell_equip": {"eq": W},
    "send": {"card": OPT},
    "show": {"card": W},
    "skill": {"id": W},
    "smear": {"on": W},
    "story_start": {"via": W},
    "story_task": {"card": OPT},
    "take": {"src": W, "card": OPT},
    "trade": {"to": W},
    "wound": {"type": W},
    "ability": {"use": W, "type": OPT, "corp": OPT},
    "boost": {"on": W},
    "finale": {"id": W},
    "place_lag": {"world": W},
}
