"""The animated replay of a game: the public board at the set-up and at the end of every player turn,
drawn and assembled into one animated image under Discord's upload limit. The frames are the game's compact
board (the picture the thread shows, laid out for a phone), or its full board where it has no compact one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.history import turn_ends
from renderers import Render, board_renderer, compact_renderer
from renderers.animate import LIMIT, animate

Progress = Callable[[int, int], None]
"""Called with (frames drawn, frames in all) while the boards are drawn."""


def animated_replay(
    game: Any,
    seats: list[str],
    seed: int,
    options: Any,
    log: Sequence[tuple[str, str]],
    limit: int = LIMIT,
    progress: Progress | None = None,
    fmt: str | None = None,
) -> tuple[bytes, str, int]:
    """The animation, its file extension and how many turns it shows; ``fmt`` ("gif" or "webp") asks for
    that format. Only public views are drawn, so a replay shows what a spectator saw, whoever asks for it."""
    draw = frame_renderer(game.meta.id)
    moments = turn_ends(game, seats, seed, options, log)
    frames = []
    for index, moment in enumerate(moments, start=1):
        frames.append(draw(game.view(moment.state, None)))
        if progress is not None:
            progress(index, len(moments))
    data, ext = animate(frames, limit=limit, fmt=fmt)
    return data, ext, len(moments)


def frame_renderer(game_id: str) -> Render:
    """What a replay frame (and a history board) is drawn with: the compact board, else the full one."""
    return compact_renderer(game_id) or board_renderer(game_id)


__all__ = ["animated_replay", "frame_renderer"]
