"""Which games exist. Every package ``engine/<game>/`` that exposes ``GAME`` is registered.

A game is imported when it is first asked for (:func:`get`, :func:`known`): a process that plays only
Infamy never imports the other games, and a bot's first command after a start (issue 21: answered within
a second) imports one game, not five. :func:`games` imports them all."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

from .errors import MalformedIntent

_games: dict[str, Any] = {}
_discovered = False
_PACKAGE = re.compile(r"[a-z][a-z0-9_]*")


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


def _import_one(game_id: str) -> Any:
    """The game whose package is ``engine/<game_id>/``, imported and registered now; None if there is none
    (a game id is its package's name; anything else is found by :func:`_discover`)."""
    if not _PACKAGE.fullmatch(game_id) or game_id == "core":
        return None
    try:
        module = importlib.import_module(f"engine.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"engine.{game_id}":
            return None
        raise
    game = getattr(module, "GAME", None)
    if game is None or game.meta.id != game_id:
        return None
    register(game)
    return game


def known(game_id: str) -> bool:
    """Whether ``game_id`` is a game here (a stored record may name one this bot no longer has)."""
    if game_id in _games or _import_one(game_id) is not None:
        return True
    _discover()
    return game_id in _games


def get(game_id: str) -> Any:
    """The game ``game_id``; a readable error listing the games when it does not exist."""
    if known(game_id):
        return _games[game_id]
    names = ", ".join(sorted(_games)) or "none"
    raise MalformedIntent(f"There is no game '{game_id}'. Games: {names}.")
