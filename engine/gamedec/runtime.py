"""``RULES``: the registry every Gamedec step, action and answer handler registers into (see
:mod:`engine.core.rules`). The modules that register are imported by ``game.py``."""

from __future__ import annotations

from engine.core.rules import Rules

from .state import GamedecState

RULES: Rules[GamedecState] = Rules()
