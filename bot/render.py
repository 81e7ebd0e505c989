"""Drawing off the event loop: renderers run in a worker thread, at most N at once."""

from __future__ import annotations

import asyncio
from typing import Any

import renderers
from renderers import Render, board_renderer, private_renderer, render_text

COMPACT = "render_compact"
"""The optional function of a game's renderers (``renderers/<game>_compact.py`` or ``renderers/<game>.py``)
drawing the public board for Discord's inline preview (about 550 px wide on a phone: larger type, fewer
words, markers that differ by more than colour, the last change highlighted). Without it the full board
is used."""


def compact_renderer(game_id: str) -> Render | None:
    return renderers.compact_renderer(game_id)


class Renderer:
    def __init__(self, concurrency: int = 2) -> None:
        self._semaphore = asyncio.Semaphore(concurrency)

    async def _run(self, fn: Render, view: dict[str, Any]) -> bytes:
        async with self._semaphore:
            return await asyncio.to_thread(fn, view)

    async def board(self, game_id: str, view: dict[str, Any]) -> bytes:
        """The public board (or any seat's board) as PNG bytes."""
        return await self._run(board_renderer(game_id), view)

    async def compact(self, game_id: str, view: dict[str, Any]) -> bytes:
        """The public board for the thread and the status message: the game's compact board when it has
        one, else its full board."""
        fn = compact_renderer(game_id)
        return await self._run(fn, view) if fn is not None else await self.board(game_id, view)

    def has_compact(self, game_id: str) -> bool:
        """Whether the thread's images are compact, so the full board is worth a button."""
        return compact_renderer(game_id) is not None

    async def private(self, game_id: str, view: dict[str, Any]) -> bytes:
        """A player's private view as PNG: the game's own hand renderer, or the view as text."""
        return await self._run(private_renderer(game_id) or render_text, view)
