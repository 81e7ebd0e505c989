"""Drawing the web's pictures in a worker process: the boards (full and compact), the history's boards
and the animated replay. A board is some 100 ms of Python drawing; in a thread it would hold the
interpreter's lock, and the event loop serving every reader would wait behind it (with 200 readers
that is seconds). A process of its own draws beside the loop instead. Without a worker (a platform that
cannot start one), the drawing runs in a thread.

The worker gets the public view only (a dict), never a state, and draws it with the game's renderer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import renderers
from engine.core import registry

from ..animation import animated_replay

log = logging.getLogger(__name__)

WORKERS = 1
NICENESS = 5


def ready() -> None:
    """The worker's start: a lower priority than the process serving the pages (a reader waits for a page
    sooner than for a picture), and every game's renderers imported before the first board is asked for."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    for game_id in registry.games():
        renderers.board_renderer(game_id)
        renderers.compact_renderer(game_id)


def draw_board(game_id: str, view: dict[str, Any], compact: bool) -> bytes:
    """The public board (the compact one for a phone, where the game has one)."""
    fn = renderers.compact_renderer(game_id) if compact else None
    return (fn or renderers.board_renderer(game_id))(view)


def draw_replay(
    game_id: str, seats: list[str], seed: int, options: Any, log_: list[tuple[str, str]]
) -> tuple[bytes, str]:
    """The animated replay of the public boards: its bytes and its file type."""
    data, ext, _ = animated_replay(registry.get(game_id), seats, seed, options, log_)
    return data, ext


class Drawer:
    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    def start(self) -> None:
        if self._pool is not None or self.workers <= 0:
            return
        try:  # spawned, not forked: this process runs threads (the database's) that a fork would copy
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=ready
            )
        except (OSError, NotImplementedError, ValueError):
            log.warning("no drawing process could be started; drawing in threads", exc_info=True)

    async def _run(self, fn: Any, *args: Any) -> Any:
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def board(self, game_id: str, view: dict[str, Any], compact: bool = False) -> bytes:
        image: bytes = await self._run(draw_board, game_id, view, compact)
        return image

    async def replay(
        self, game_id: str, seats: list[str], seed: int, options: Any, log_: list[tuple[str, str]]
    ) -> tuple[bytes, str]:
        made: tuple[bytes, str] = await self._run(draw_replay, game_id, seats, seed, options, log_)
        return made

    def stop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["Drawer", "draw_board", "draw_replay"]
