"""Drawing off the event loop: renderers run in a worker thread, at most N at once."""

from __future__ import annotations

import asyncio
from typing import Any

from renderers import Render, board_renderer, private_renderer, render_text


class Renderer:
    def __init__(self, concurrency: int = 2) -> None:
        self._semaphore = asyncio.Semaphore(concurrency)

    async def _run(self, fn: Render, view: dict[str, Any]) -> bytes:
        async with self._semaphore:
            return await asyncio.to_thread(fn, view)

    async def board(self, game_id: str, view: dict[str, Any]) -> bytes:
        """The public board (or any seat's board) as PNG bytes."""
        return await self._run(board_renderer(game_id), view)

    async def private(self, game_id: str, view: dict[str, Any]) -> bytes:
        """A player's private view as PNG: the game's own hand renderer, or the view as text."""
        return await self._run(private_renderer(game_id) or render_text, view)
