"""What every Virtual Revolution picture shares: the palette, the seats' tags and colours, plain text (the
default font has no accents) and the chips tokens are drawn as.

Players are told apart by a colour-blind-safe palette (Okabe-Ito) *and* a tag on every token, unique at the
table (``Ann, Agent1, Agent2`` read An, A1, A2: :func:`renderers.common.unique_initials`). Pieces differ by
shape: Influence is a round chip with its count beside, a Server a square, a Director a small chip marked
"d", an Agent waiting in Neo Paris a yellow "#n".
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.virtual_revolution.view import BoroughView, VrView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, rounded, unique_initials
from .common import text as _text
from .common import text_width as _width
from .common import wrap as _wrap

WIDTH = 600
MARGIN = 10
PLAYER_COLOURS: tuple[RGB, ...] = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167))
"""Okabe-Ito blue, orange, bluish green and reddish purple: told apart with any colour vision."""
DISTRICT_TINTS: dict[str, RGB] = {
    "PI": (92, 70, 96),
    "ND": (60, 84, 104),
    "QL": (96, 88, 62),
    "CE": (66, 96, 84),
    "MA": (104, 72, 66),
    "DR": (78, 78, 110),
    "NA": (88, 98, 70),
}
DARK: RGB = (20, 22, 26)
AGENT_TOKEN: RGB = (240, 228, 66)
WHITE: RGB = (255, 255, 255)
GOOD: RGB = (120, 240, 120)
COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    DARK,
    AGENT_TOKEN,
    WHITE,
    GOOD,
    *PLAYER_COLOURS,
    *DISTRICT_TINTS.values(),
)
"""Every colour drawn: the PNG is 8-bit on their fixed palette (a third of the bytes, and faster)."""
SMALLEST = 12
"""The smallest font size drawn: 11 px once a 600 px picture is shown 550 px wide (issue 31)."""

PUNCTUATION = str.maketrans({"—": "-", "–": "-", "×": "x", "◂": "<", "’": "'"})


@lru_cache(maxsize=8192)
def plain(value: str) -> str:
    """The default font has no accents, dashes nor arrows: "Néo District" is drawn "Neo District" (cached:
    the same names and labels are drawn on every board)."""
    decomposed = unicodedata.normalize("NFKD", value.translate(PUNCTUATION))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, **kw: Any) -> None:
    _text(draw, xy, plain(value), **kw)


def text_width(value: str, size: int = 16) -> float:
    return _width(plain(value), size)


def wrap(value: str, width_px: int, size: int = 16) -> list[str]:
    return _wrap(plain(value), width_px, size)


def colour(index: int) -> RGB:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


class Seats:
    """Each player's tag and colour on one board."""

    def __init__(self, view: VrView) -> None:
        self.index = {p.seat: p.index for p in view.players}
        self.tags = unique_initials([p.seat for p in sorted(view.players, key=lambda p: p.index)])

    def tag(self, seat: str) -> str:
        return self.tags.get(seat, "?")

    def colour(self, seat: str) -> RGB:
        return colour(self.index.get(seat, 0))

    def named(self, seat: str) -> str:
        """ "An Ann": the tag, then the name (a chip's label)."""
        return f"{self.tag(seat)} {seat}"


def chip(
    draw: ImageDraw.ImageDraw, x: float, y: float, label: str, fill: RGB, size: int = 13, shape: str = "round"
) -> float:
    """A token with a readable label; returns the room it takes (its width and a gap)."""
    w = text_width(label, size) + 8
    box = (x, y, x + w, y + size + 6)
    if shape == "square":
        draw.rectangle(box, fill=fill, outline=INK, width=1)
    else:
        rounded(draw, box, radius=(size + 6) // 2, fill=fill, outline=DARK, width=1)
    ink = DARK if sum(fill) > 420 else INK
    text(draw, (x + w / 2, y + (size + 6) / 2), label, size=size, fill=ink, anchor="mm")
    return w + 3


def influence(
    draw: ImageDraw.ImageDraw, x: float, y: float, tag: str, count: int, fill: RGB, size: int
) -> float:
    """A player's Influence in a Borough: a round chip with the tag, and the count in a white square."""
    w = chip(draw, x, y, tag, fill, size) - 3
    n = str(count)
    cw = text_width(n, size) + 6
    draw.rectangle((x + w - 2, y, x + w + cw, y + size + 6), fill=WHITE, outline=DARK, width=1)
    text(draw, (x + w - 2 + (cw + 2) / 2, y + (size + 6) / 2), n, size=size, fill=DARK, anchor="mm")
    return w + cw + 3


def map_xy(p: tuple[float, float], top: int, scale: float) -> tuple[float, float]:
    """A point of the map's 1000-wide box on the picture, the map's top at ``top``."""
    return MARGIN + p[0] * scale, top + p[1] * scale


def area(b: BoroughView) -> float:
    xs, ys = [p[0] for p in b.polygon], [p[1] for p in b.polygon]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))


def marked(view: VrView) -> set[str]:
    """The Boroughs the last turn changed, and its Director's (outlined on the maps)."""
    last = view.last
    if last is None:
        return set()
    return set(last.boroughs) | ({last.director} if last.director else set())


def directors(
    draw: ImageDraw.ImageDraw, b: BoroughView, seats: Seats, at: tuple[float, float], right: float, size: int
) -> None:
    """This Round's Directors in the Borough from ``at``, as many as fit before ``right`` (then "+n")."""
    x, y = at
    more = text_width("+9", size) + 12
    for n, seat in enumerate(b.directors):
        label = f"d{seats.tag(seat)}"
        room = text_width(label, size) + 11 + (more if n < len(b.directors) - 1 else 0)
        if x + room > right:
            chip(draw, x, y, f"+{len(b.directors) - n}", PANEL, size)
            return
        x += chip(draw, x, y, label, seats.colour(seat), size)


@lru_cache(maxsize=16)
def _ground(
    shapes: tuple[tuple[str, tuple[tuple[float, float], ...]], ...], top: int, width: int, scale: float
) -> Image.Image:
    bottom = top + int(max(p[1] for _, polygon in shapes for p in polygon) * scale) + 2
    image = Image.new("RGB", (width, bottom), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for district, polygon in shapes:
        points = [map_xy(p, top, scale) for p in polygon]
        draw.polygon(points, fill=DISTRICT_TINTS.get(district, PANEL), outline=INK, width=1)
    return image.crop((0, top, width, bottom))


def paste_ground(draw: ImageDraw.ImageDraw, view: VrView, top: int, width: int, scale: float) -> None:
    """The map's Boroughs filled with their District's tint and outlined, from ``top`` down on a fresh
    canvas: the same for every game on the map (whatever is on it), so drawn once per layout and pasted."""
    shapes = tuple((b.district, tuple(b.polygon)) for b in view.boroughs)
    draw._image.paste(_ground(shapes, top, width, scale), (0, top))
