"""Renderers: pure functions from a redacted view (the dict ``game.view(state, seat)`` returns) to PNG bytes.

Each game has a module ``renderers/<game_id>.py`` with ``render(view) -> bytes`` for the board and,
where the game has private information worth drawing, ``render_private(view) -> bytes`` for one
player's hand. A renderer only ever sees a view, never a state, so it cannot draw what the seat may
not know. Games without a module of their own get :func:`renderers.common.render_text` (the view as text).

Renderers import PIL, never discord or engine state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .common import render_text

Render = Callable[[dict[str, Any]], bytes]


@lru_cache(maxsize=64)
def _module(game_id: str) -> Any:
    """The renderer module ``renderers/<game_id>.py``, or None; looked up once (a board is drawn after
    every move, and a missing module would be searched for on disk each time)."""
    try:
        return importlib.import_module(f"renderers.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"renderers.{game_id}":
            return None
        raise


def board_renderer(game_id: str) -> Render:
    module = _module(game_id)
    fn: Render | None = getattr(module, "render", None) if module else None
    return fn or render_text


def private_renderer(game_id: str) -> Render | None:
    module = _module(game_id)
    fn: Render | None = getattr(module, "render_private", None) if module else None
    return fn


def compact_renderer(game_id: str) -> Render | None:
    """The game's compact board for Discord's inline preview: ``render_compact`` in
    ``renderers/<game_id>_compact.py`` (kept apart from the full board, which it draws with), or in
    ``renderers/<game_id>.py``; None when the game has none."""
    for name in (f"{game_id}_compact", game_id):
        module = _module(name)
        fn: Render | None = getattr(module, "render_compact", None) if module else None
        if fn is not None:
            return fn
    return None


def render_board(game_id: str, view: dict[str, Any]) -> bytes:
    return board_renderer(game_id)(view)


__all__ = ["Render", "board_renderer", "compact_renderer", "private_renderer", "render_board", "render_text"]
