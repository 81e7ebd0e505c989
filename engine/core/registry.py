"""Which games exist. Every package ``engine/<game>/`` that exposes ``GAME`` is registered."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from .errors import MalformedIntent

_games: dict[str, Any] = {}
_discovered = False


def register(game: Any) -> None:
    """Add a game (tests use this for small games of their own)."""
    _games[game.meta.id] = game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    root = Path(__file__).resolve().parents[1]
    for info in sorted(pkgutil.iter_modules([str(root)]), key=lambda m: m.name):
        if not info.ispkg or info.name == "core":
            continue
        module = importlib.import_module(f"engine.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            register(game)


def games() -> dict[str, Any]:
    """Every registered game by id, in id order."""
    _discover()
    return dict(sorted(_games.items()))


def get(game_id: str) -> Any:
    """The game ``game_id``; a readable error listing the games when it does not exist."""
    _discover()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise MalformedIntent(f"There is no game '{game_id}'. Games: {known}.") from None
