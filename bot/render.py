"""Drawing off the event loop: renderers run in a worker thread, at most N at once (a game's renderer
module is looked up there too: the first lookup imports it)."""

from __future__ import annotations

import asyncio
from typing import Any

import renderers
from renderers import Render, board_renderer, private_renderer, render_text

from .image_cache import ImageCache, ImageKey

COMPACT = "render_compact"
"""The optional function of a game's renderers (``renderers/<game>_compact.py`` or ``renderers/<game>.py``)
drawing the public board for Discord's inline preview (about 550 px wide on a phone: larger type, fewer
words, markers that differ by more than colour, the last change highlighted). Without it the full board
is used."""


def compact_renderer(game_id: str) -> Render | None:
    return renderers.compact_renderer(game_id)


def _compact(game_id: str) -> Render:
    fn = compact_renderer(game_id)
    assert fn is not None
    return fn


class Renderer:
    def __init__(self, concurrency: int = 2, cache: ImageCache | None = None) -> None:
        self._semaphore = asyncio.Semaphore(concurrency)
        self.cache = cache if cache is not None else ImageCache()
        """Boards already drawn (:mod:`bot.image_cache`): a call given a ``key`` is served from it."""

    async def _run(
        self, fn: Render, view: dict[str, Any], kind: str = "", key: ImageKey | None = None
    ) -> bytes:
        if key is None:
            async with self._semaphore:
                return await asyncio.to_thread(fn, view)
        full_key = self.cache.key(kind, key, view)
        found = self.cache.get(full_key)
        if found is not None:
            return found
        async with self._semaphore:
            image = await asyncio.to_thread(fn, view)
        self.cache.put(full_key, image)
        return image

    async def board(self, game_id: str, view: dict[str, Any], key: ImageKey | None = None) -> bytes:
        """The public board (or any seat's board) as PNG bytes; with ``key`` (game id, version, viewer),
        from the cache when this very board was drawn before."""
        return await self._run(lambda v: board_renderer(game_id)(v), view, "board", key)

    async def compact(self, game_id: str, view: dict[str, Any], key: ImageKey | None = None) -> bytes:
        """The public board for the thread and the status message: the game's compact board when it has
        one, else its full board."""
        if not await asyncio.to_thread(self.has_compact, game_id):
            return await self.board(game_id, view, key)
        return await self._run(lambda v: _compact(game_id)(v), view, "compact", key)

    async def picture(self, fn: Render, data: dict[str, Any]) -> bytes:
        """Any other picture (a league's standings, a rating chart) drawn the same way, off the loop."""
        return await self._run(fn, data)

    def has_compact(self, game_id: str) -> bool:
        """Whether the thread's images are compact, so the full board is worth a button."""
        return compact_renderer(game_id) is not None

    async def private(self, game_id: str, view: dict[str, Any], key: ImageKey | None = None) -> bytes:
        """A player's private view as PNG: the game's own hand renderer, or the view as text."""
        return await self._run(lambda v: (private_renderer(game_id) or render_text)(v), view, "private", key)
