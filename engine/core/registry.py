"""Which games exist. Every package ``engine/<game>/`` that exposes ``GAME`` is registered.

A game is imported when it is first asked for (:func:`get`, :func:`known`): a process that plays only
Infamy never imports the other games, and a bot's first command after a start (issue 21: answered within
a second) imports one game, not five. :func:`games` imports them all.

Importing a game's rules takes the better part of a second (issue 32: the five took 4.6 s on a loaded
machine), so an asynchronous caller never imports on its event loop: :func:`ready` imports in a worker
thread and the loop goes on (Discord's 3-second window for every interaction). One game is imported at a
time (:data:`_importing`: two threads importing packages that share modules could deadlock importlib's
per-module locks), the most urgent first: an interaction about one game before one about every game
(``/help``), and both before work marked :func:`background` (the catch-up after a start, the deadline
ticks), so what loads at start does not stand in the way of the first answers. A game imported on an
event loop anyway is logged, naming the game."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import pkgutil
import re
import sys
import threading
import time
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from .errors import MalformedIntent

log = logging.getLogger(__name__)

_games: dict[str, Any] = {}
_discovered = False
_PACKAGE = re.compile(r"[a-z][a-z0-9_]*")
_importing = threading.RLock()
"""Held while a game's package is imported: one at a time, in whichever thread."""
_background: ContextVar[bool] = ContextVar("arbiter_background_rules", default=False)
ONE, ALL, BACKGROUND = 2, 1, 0
"""Who waits for rules, most urgent first: an interaction about one game, an interaction about every
game (``/help``), background work. Each waits, before each import, while a more urgent one waits."""
_waiting = {ONE: 0, ALL: 0}
_imported: set[str] = set()
"""The game packages imported through this module."""
_import_module = importlib.import_module
"""How a package is imported (tests stand a slow one in)."""
YIELD_SECONDS = 0.02
"""How often a waiting :func:`ready` looks again whether a more urgent one still waits."""
YIELD_MOST = 10.0
"""The longest a :func:`ready` waits for more urgent ones before each import."""


def register(game: Any) -> None:
    """Add a game (tests use this for small games of their own)."""
    _games[game.meta.id] = game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def _packages() -> list[str]:
    """The names of the game packages ``engine/<name>/``, without importing any."""
    root = Path(__file__).resolve().parents[1]
    found = (m.name for m in pkgutil.iter_modules([str(root)]) if m.ispkg and m.name != "core")
    return sorted(found)


def _import_package(name: str) -> Any:
    """``engine.<name>``, imported now if need be (one import at a time), its ``GAME`` registered."""
    with _importing:
        fresh = f"engine.{name}" not in sys.modules
        if fresh:
            _on_loop(name)
        started = time.perf_counter()
        module = _import_module(f"engine.{name}")
        if fresh:
            log.info("the rules of %s loaded in %.2f s", name, time.perf_counter() - started)
        _imported.add(name)
    game = getattr(module, "GAME", None)
    if game is not None:
        register(game)
    return module


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    for name in _packages():
        if name not in _imported:
            _import_package(name)
    _discovered = True


def _on_loop(name: str) -> None:
    """Note an import made on a running event loop (it holds up every interaction meanwhile)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return  # a worker thread, or no event loop at all (the terminal, the tools)
    log.info("the rules of %s are imported on the event loop (await registry.ready first)", name)


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
        module = _import_package(game_id)
    except ModuleNotFoundError as exc:
        if exc.name == f"engine.{game_id}":
            return None
        raise
    game = getattr(module, "GAME", None)
    if game is None or game.meta.id != game_id:
        return None
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


def loaded(game_id: str) -> Any | None:
    """The game ``game_id`` if its rules are imported already, else None (nothing is imported)."""
    return _games.get(game_id)


def loaded_games() -> dict[str, Any]:
    """The games whose rules are imported already, by id (nothing is imported)."""
    return dict(sorted(_games.items()))


def _loaded(game_id: str | None) -> bool:
    return _discovered or (game_id is not None and game_id in _games)


async def ready(game_id: str | None = None) -> None:
    """Make sure ``game_id``'s rules (every game's when None) are imported, importing them in a worker
    thread if need be; then :func:`get` and :func:`games` never import on the event loop. An unknown id
    imports every game (as :func:`known` does) before it is refused. One game at a time, the most urgent
    caller first (:data:`ONE`, :data:`ALL`, :data:`BACKGROUND`)."""
    if _loaded(game_id):
        return
    level = BACKGROUND if _background.get() else ONE if game_id is not None else ALL
    if level in _waiting:
        _waiting[level] += 1
    try:
        if game_id is not None:
            await _turn(level)
            await asyncio.to_thread(known, game_id)
            return
        for name in _packages():
            if name not in _imported:
                await _turn(level)
                await asyncio.to_thread(_import_package, name)
        await asyncio.to_thread(_discover)  # each is imported: this registers what is left, at once
    finally:
        if level in _waiting:
            _waiting[level] -= 1


async def _turn(level: int) -> None:
    """Wait while a more urgent caller waits for rules (at most :data:`YIELD_MOST` seconds: a stream of
    urgent callers never starves the others for good)."""
    waited = 0.0
    while waited < YIELD_MOST and any(count for more, count in _waiting.items() if more > level):
        await asyncio.sleep(YIELD_SECONDS)
        waited += YIELD_SECONDS


@contextlib.contextmanager
def background() -> Iterator[None]:
    """Mark the work inside (in this task, and the tasks it starts) as background work: its imports of
    rules wait for the interactions' (:func:`ready`)."""
    token = _background.set(True)
    try:
        yield
    finally:
        _background.reset(token)
