"""Drawing helpers shared by every game's renderer: fonts, colours, panels, text, PNG encoding.

Fonts come from Pillow itself (``ImageFont.load_default(size)``), so rendering needs no system fonts
and looks the same on every machine and in the Docker image.
"""

from __future__ import annotations

import io
import json
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
    (231, 76, 60), (52, 152, 219), (46, 204, 113), (241, 196, 15), (155, 89, 182), (230, 126, 34),
)


@lru_cache(maxsize=32)
def font(size: int = 16) -> Font:
    return ImageFont.load_default(size=size)


def seat_colour(index: int) -> RGB:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


def canvas(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: RGB = PANEL,
          outline: RGB | None = None, radius: int = 10, width: int = 2) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int = 16,
         fill: RGB = INK, anchor: str = "la") -> None:
    draw.text(xy, value, font=font(size), fill=fill, anchor=anchor)


def text_width(value: str, size: int = 16) -> float:
    return float(font(size).getlength(value))


def wrap(value: str, width_px: int, size: int = 16) -> list[str]:
    """Break ``value`` into lines no wider than ``width_px``."""
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
    return lines


def to_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def render_text(view: dict[str, Any]) -> bytes:
    """Fallback for games without a renderer: the view, pretty-printed."""
    lines = json.dumps(view, indent=1, sort_keys=True, default=str).splitlines()[:120]
    image, draw = canvas(900, 24 + 18 * len(lines))
    for i, line in enumerate(lines):
        text(draw, (12, 12 + 18 * i), line[:110], size=14)
    return to_png(image)
