"""An animated replay: board images (PNG bytes, one per player turn) into one animated image that fits
Discord's upload limit.

Animated WebP where Pillow has it, else GIF, unless a format is asked for (``arbiter replay --animate x.gif``
writes a GIF). Frames are scaled to at most 960 px wide; when the result is
over ``limit`` bytes they are scaled down further, and then every other frame is dropped (the last one
always stays), until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, features

LIMIT = 8_000_000
"""Discord's upload limit for a server without boosts, in bytes (with a margin)."""
WIDTH = 960
"""Frames wider than this are scaled down first: Discord shows an image about 550 px wide."""
FRAME_MS = 700
LAST_FRAME_MS = 4_000


FORMATS = ("gif", "webp")


def animate(
    frames: Sequence[bytes], limit: int = LIMIT, frame_ms: int = FRAME_MS, fmt: str | None = None
) -> tuple[bytes, str]:
    """The animation and its file extension ("webp" or "gif"): ``fmt`` when given, else WebP where Pillow
    can write it. ``frames`` must not be empty."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"an animation is a GIF or a WebP, not {fmt!r}")
    if fmt is None:
        fmt = "webp" if features.check("webp") else "gif"
    images = _same_size([Image.open(io.BytesIO(data)).convert("RGB") for data in frames])
    scale = min(1.0, WIDTH / images[0].width)
    while True:
        data, ext = _encode(_scaled(images, scale), frame_ms, fmt)
        if len(data) <= limit or scale < 0.05:
            return data, ext
        if scale > 0.6 or len(images) == 1:
            scale *= 0.8
        else:
            images = images[:-1:2] + images[-1:]


def _same_size(images: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest one's size (a board may grow as a game goes on)."""
    width, height = max(im.width for im in images), max(im.height for im in images)
    if all(im.size == (width, height) for im in images):
        return images
    out = []
    for im in images:
        canvas = Image.new("RGB", (width, height), "white")
        canvas.paste(im, (0, 0))
        out.append(canvas)
    return out


def _scaled(images: list[Image.Image], scale: float) -> list[Image.Image]:
    if scale >= 1.0:
        return images
    return [
        im.resize((max(1, int(im.width * scale)), max(1, int(im.height * scale))), Image.Resampling.LANCZOS)
        for im in images
    ]


def _encode(images: list[Image.Image], frame_ms: int, fmt: str) -> tuple[bytes, str]:
    out = io.BytesIO()
    durations = [frame_ms] * (len(images) - 1) + [LAST_FRAME_MS]
    first, rest = images[0], images[1:]
    if fmt == "webp":
        first.save(
            out,
            format="WEBP",
            save_all=True,
            append_images=rest,
            duration=durations,
            loop=0,
            quality=60,
            method=0,
        )
        return out.getvalue(), "webp"
    first.save(
        out, format="GIF", save_all=True, append_images=rest, duration=durations, loop=0, optimize=True
    )
    return out.getvalue(), "gif"


__all__ = ["FORMATS", "LIMIT", "animate"]
