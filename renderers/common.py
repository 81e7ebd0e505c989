"""Drawing helpers shared by every game's renderer: fonts, colours, panels, text, PNG encoding.

Fonts come from Pillow itself (``ImageFont.load_default(size)``), so rendering needs no system fonts
and looks the same on every machine and in the Docker image.
"""

from __future__ import annotations

import io
import json
import struct
import zlib
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]

BACKGROUND: RGB = (30, 33, 40)
PANEL: RGB = (45, 50, 61)
INK: RGB = (235, 235, 240)
MUTED: RGB = (150, 156, 170)
ACCENT: RGB = (240, 190, 70)
SEAT_COLOURS: tuple[RGB, ...] = (
    (231, 76, 60),
    (52, 152, 219),
    (46, 204, 113),
    (241, 196, 15),
    (155, 89, 182),
    (230, 126, 34),
)


@lru_cache(maxsize=32)
def font(size: int = 16) -> Font:
    return ImageFont.load_default(size=size)


def seat_colour(index: int) -> RGB:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


def canvas(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: RGB = PANEL,
    outline: RGB | None = None,
    radius: int = 10,
    width: int = 2,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=4096)
def _text_mask(value: str, size: int, anchor: str) -> tuple[Any, tuple[int, int]]:
    """The anti-aliased mask of a line of text and its offset from the anchor. Rasterising glyphs is most
    of a board's drawing time, and names, labels and card texts repeat from one image to the next."""
    face = font(size)
    assert isinstance(face, ImageFont.FreeTypeFont)
    mask, offset = face.getmask2(value, "L", anchor=anchor)
    return mask, (int(offset[0]), int(offset[1]))


@lru_cache(maxsize=64)
def _ink(mode: str, fill: RGB) -> int:
    probe = ImageDraw.Draw(Image.new(mode, (1, 1)))
    ink, _ = probe._getink(fill)
    assert isinstance(ink, int)
    return ink


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int = 16,
    fill: RGB = INK,
    anchor: str = "la",
) -> None:
    """Draw one line of text (the same pixels as ``draw.text``), with its glyph mask cached."""
    if not value:
        return
    mask, (ox, oy) = _text_mask(value, size, anchor)
    draw.draw.draw_bitmap((int(xy[0]) + ox, int(xy[1]) + oy), mask, _ink(draw.mode, fill))


@lru_cache(maxsize=4096)
def text_width(value: str, size: int = 16) -> float:
    return float(font(size).getlength(value))


@lru_cache(maxsize=2048)
def _wrapped(value: str, width_px: int, size: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in value.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if line and text_width(candidate, size) > width_px:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)


def wrap(value: str, width_px: int, size: int = 16) -> list[str]:
    """Break ``value`` into lines no wider than ``width_px`` (cached: card texts repeat)."""
    return list(_wrapped(value, width_px, size))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


@lru_cache(maxsize=16)
def fixed_palette(colours: tuple[RGB, ...]) -> Image.Image:
    """One fixed 256-colour palette for a renderer's colours: each colour over each other one at 1/8 to 8/8
    coverage (the anti-aliased edges of text and shapes), reduced by octree. Mapping an image to a known
    palette is several times faster than finding a palette for it, and the result is as close to RGB."""
    pixels = bytes(
        round(g + (i - g) * k / 8)
        for ink in colours
        for ground in colours
        for k in range(1, 9)
        for i, g in zip(ink, ground, strict=True)
    )
    swatch = Image.frombytes("RGB", (8, len(colours) ** 2), pixels)
    return swatch.quantize(colors=256, method=Image.Quantize.FASTOCTREE)


PALETTE_COMPRESS_LEVEL = 3
"""zlib level of a palette PNG: 3 is about as small as 6 on flat-colour boards at half the encoding time."""


def to_png(image: Image.Image, colours: tuple[RGB, ...] | None = None) -> bytes:
    """The image as PNG. With ``colours`` (every colour the renderer draws with), an 8-bit PNG mapped to
    their :func:`fixed_palette`: about a third of the bytes of RGB. Without, a plain RGB PNG (no row filter,
    zlib level 1): several times faster than Pillow's adaptive filtering at level 6."""
    if colours is not None:
        buffer = io.BytesIO()
        image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE).save(
            buffer, format="PNG", optimize=False, compress_level=PALETTE_COMPRESS_LEVEL
        )
        return buffer.getvalue()
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    width, height = rgb.size
    raw = rgb.tobytes()
    stride = 3 * width
    compressor = zlib.compressobj(1)
    parts = [compressor.compress(b"\x00" + raw[i : i + stride]) for i in range(0, height * stride, stride)]
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", b"".join(parts))
        + _chunk(b"IEND", b"")
    )


def render_text(view: dict[str, Any]) -> bytes:
    """Fallback for games without a renderer: the view, pretty-printed."""
    lines = json.dumps(view, indent=1, sort_keys=True, default=str).splitlines()[:120]
    image, draw = canvas(900, 24 + 18 * len(lines))
    for i, line in enumerate(lines):
        text(draw, (12, 12 + 18 * i), line[:110], size=14)
    return to_png(image)
