"""What every Infamy picture shares: the palette, the pen (logical coordinates on a canvas ``SCALE`` times
larger), the view read through its schema, and each freelancer's marker.

Freelancers differ by more than colour (issue 31): each has a shape (circle, square, triangle, diamond in
seat order) and a tag unique at the table (``Ann, Agent1, Agent2`` read An, A1, A2:
:func:`renderers.common.unique_initials`); the Accomplice is a black hexagon marked "Ac".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.infamy.view import ACC_PAWN, FACTION_NAMES, InfamyView

from .common import (
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    RGB,
    SHAPES,
    marker,
    rounded,
    text,
    text_width,
    unique_initials,
    wrap,
)
from .drawn import Drawn

SCALE = 1.25
"""The full board's logical pixels per drawn pixel."""
WIDTH, HEIGHT = 1400, 900

COLOURS: dict[str, RGB] = {
    "pink": (236, 112, 170),
    "turquoise": (64, 200, 200),
    "brown": (176, 122, 78),
    "yellow": (240, 205, 60),
}
ACCOMPLICE: RGB = (15, 15, 18)
FACTION: dict[str, RGB] = {"cartel": (214, 69, 65), "megacorp": (76, 139, 230), "militia": (98, 178, 88)}
FACTION_SHORT = FACTION_NAMES
ZONE: dict[str, tuple[str, RGB]] = {
    "weapon": ("Weapon", (190, 190, 200)),
    "data": ("Data", (95, 200, 235)),
    "compound": ("Compound", (200, 120, 230)),
    "henchman": ("Henchman", (230, 160, 90)),
    "special": ("Special", (240, 190, 70)),
}
TILE: RGB = (38, 43, 54)
CARD: RGB = (56, 62, 76)
DIM: RGB = (34, 37, 45)
HAZARD: RGB = (250, 120, 30)
WATCHDOG: RGB = (230, 60, 60)
DAY_SKY: RGB = (250, 210, 90)
NIGHT_SKY: RGB = (120, 130, 230)


FLAT_COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    TILE,
    CARD,
    DIM,
    HAZARD,
    WATCHDOG,
    DAY_SKY,
    NIGHT_SKY,
    ACCOMPLICE,
    *COLOURS.values(),
    *FACTION.values(),
    *(c for _, c in ZONE.values()),
    (24, 26, 32),
    (44, 33, 36),
    (50, 56, 68),
    (60, 52, 40),  # header, closed tile, zone and mission grounds
    (20, 20, 20),
    (255, 255, 255),
    (240, 240, 240),
    (250, 250, 250),
    (130, 230, 130),
    (120, 240, 120),
)
"""Every colour this renderer draws with (keep in step with the drawing code)."""


class Pen:
    """Draws in logical coordinates on a canvas ``SCALE`` times larger; given ``drawn``, it notes there
    the box of every pixel it touches (:mod:`renderers.drawn`)."""

    def __init__(self, image: Image.Image, drawn: Drawn | None = None) -> None:
        self.image = image
        self.d = ImageDraw.Draw(image)
        self.drawn = drawn

    @staticmethod
    def s(v: float) -> int:
        return int(round(v * SCALE))

    def box(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: RGB | None = PANEL,
        outline: RGB | None = None,
        radius: float = 8,
        width: float = 2,
    ) -> None:
        box, r, w = (self.s(x0), self.s(y0), self.s(x1), self.s(y1)), self.s(radius), max(1, self.s(width))
        rounded(self.d, box, radius=r, fill=fill, outline=outline, width=w)
        if self.drawn is None:
            return
        whole = (box[0], box[1], box[2] + 1, box[3] + 1)  # Pillow draws the first and the last pixel
        if fill is None:
            self.drawn.frame(whole, max(r, w) + 1)
        else:
            self.drawn.add(whole)

    def text(
        self, x: float, y: float, value: str, size: float = 15, fill: RGB = INK, anchor: str = "la"
    ) -> None:
        touched = text(self.d, (self.s(x), self.s(y)), value, self.s(size), fill, anchor)
        if self.drawn is not None:
            self.drawn.add(touched)

    def width(self, value: str, size: float = 15) -> float:
        return text_width(value, self.s(size)) / SCALE

    def fit(self, value: str, max_w: float, size: float = 15) -> str:
        """``value``, cut with an ellipsis to fit ``max_w`` (the longest prefix that fits: binary search)."""
        if self.width(value, size) <= max_w:
            return value
        lo, hi = 0, len(value)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width(value[:mid] + "…", size) <= max_w:
                lo = mid
            else:
                hi = mid - 1
        return value[:lo] + "…"

    def disc(
        self, x: float, y: float, r: float, fill: RGB, outline: RGB | None = None, width: float = 2
    ) -> None:
        box = (self.s(x - r), self.s(y - r), self.s(x + r), self.s(y + r))
        self.d.ellipse(box, fill=fill, outline=outline, width=max(1, self.s(width)))
        if self.drawn is not None:
            self.drawn.add((box[0], box[1], box[2] + 1, box[3] + 1))

    def line(self, x0: float, y0: float, x1: float, y1: float, fill: RGB, width: float = 2) -> None:
        ends, thick = (self.s(x0), self.s(y0), self.s(x1), self.s(y1)), max(1, self.s(width))
        self.d.line(ends, fill=fill, width=thick)
        if self.drawn is not None:  # a wide line reaches half its width to either side of its ends' line
            left, right = min(ends[0], ends[2]) - thick, max(ends[0], ends[2]) + thick + 1
            top, bottom = min(ends[1], ends[3]) - thick, max(ends[1], ends[3]) + thick + 1
            self.drawn.add((left, top, right, bottom))

    def lines(
        self,
        x: float,
        y: float,
        value: str,
        max_w: float,
        size: float = 13,
        fill: RGB = INK,
        max_lines: int = 3,
        gap: float = 3,
    ) -> float:
        rows = wrap(value, self.s(max_w), self.s(size))[:max_lines]
        for i, row in enumerate(rows):
            self.text(x, y + i * (size + gap), row, size, fill)
        return y + len(rows) * (size + gap)


WHITE: RGB = (255, 255, 255)
DARK: RGB = (20, 20, 20)
SMALLEST = 12
"""The smallest font size a phone picture draws (600 px wide): 11 px once shown 550 px wide."""


def checked(view: dict[str, Any] | InfamyView) -> InfamyView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing); the
    drawing reads the model's attributes, so a renamed field is a type error, not a blank board."""
    return view if isinstance(view, InfamyView) else InfamyView.model_validate(view)


class Seats:
    """Each freelancer's colour, shape and tag on one picture."""

    def __init__(self, view: InfamyView) -> None:
        self._work_out(tuple((p.seat, p.colour) for p in view.players))

    def _work_out(self, players: tuple[tuple[str, str], ...]) -> None:
        self.tags = unique_initials([seat for seat, _ in players])
        self.shapes = {seat: SHAPES[i % len(SHAPES)] for i, (seat, _) in enumerate(players)}
        self.colours = {seat: COLOURS.get(colour, INK) for seat, colour in players}

    @staticmethod
    def of(view: InfamyView) -> Seats:
        """The view's seats, kept by the seats' names and colours in order (all they are worked out from),
        so a board works them out once rather than for each marker."""
        return _seats_for(tuple((p.seat, p.colour) for p in view.players))

    def colour(self, who: str | None) -> RGB:
        if who == ACC_PAWN:
            return ACCOMPLICE
        return self.colours.get(who or "", MUTED)

    def tag(self, who: str) -> str:
        return "Ac" if who == ACC_PAWN else self.tags.get(who, "?")

    def pawn(self, pen: Pen, x: float, y: float, who: str, r: float = 13) -> None:
        """``who``'s marker centred on (x, y), ``r`` its radius (logical): shape, colour and tag."""
        size = max(SMALLEST, pen.s(r * 1.05))
        centre = (pen.s(x), pen.s(y))
        if who == ACC_PAWN:
            touched = marker(pen.d, centre, pen.s(r), "hexagon", ACCOMPLICE, "Ac", size=size)
        else:
            shape = self.shapes.get(who, "circle")
            touched = marker(pen.d, centre, pen.s(r), shape, self.colour(who), self.tag(who), size=size)
        if pen.drawn is not None:
            pen.drawn.add(touched)


@lru_cache(maxsize=256)
def _seats_for(players: tuple[tuple[str, str], ...]) -> Seats:
    seats = Seats.__new__(Seats)
    seats._work_out(players)
    return seats
