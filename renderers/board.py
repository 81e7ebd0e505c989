"""The shared board renderer: square grids (IPA, Nakamura Tower) and area maps (Virtual Revolution).

It draws a small render model, never a game's state: :class:`GridPicture` (cells with coordinates along
the edges, blocked cells, walls, doors open, closed or locked, shaded areas, tokens with readable labels,
the last move's path and lines of sight) and :class:`AreaMapPicture` (polygons with labels and tokens).
Cells are ``[column, row]`` pairs counted from 0 at the top left; the coordinate labels come with the
picture (``engine.core.board.view.grid_picture`` builds one from a grid), so the renderer needs nothing
from the engine. A game's renderer calls :func:`draw_grid` or :func:`draw_areas` to get an image it can
put beside its own panels, or :func:`render` for a PNG.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict, Field

from .bounded import BoundedCache
from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    RGB,
    Layer,
    canvas,
    rounded,
    seat_colour,
    text,
    text_width,
    to_png,
)

Pos = tuple[int, int]

FLOOR: RGB = (62, 67, 80)
GRIDLINE: RGB = (84, 90, 106)
BLOCKED: RGB = (22, 24, 29)
WALL: RGB = (226, 226, 232)
CLEAR: RGB = (80, 220, 120)
BLOCKED_SIGHT: RGB = (235, 80, 70)
NAMED: dict[str, RGB] = {
    "red": (220, 60, 50),
    "blue": (60, 130, 230),
    "green": (60, 190, 90),
    "yellow": (235, 200, 40),
    "white": (235, 235, 235),
    "orange": (240, 140, 40),
    "purple": (160, 90, 200),
    "grey": (150, 150, 150),
    "black": (40, 40, 40),
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TokenPic(_Model):
    cell: Pos
    label: str = Field(max_length=24)
    seat: int | None = None
    """Seat index for the colour (renderers.common.seat_colour); ``colour`` wins when given."""
    colour: RGB | None = None
    shape: Literal["circle", "square", "lying"] = "circle"
    """``lying``: a flat oval across the square (a model lying down, e.g. unconscious)."""


class DoorPic(_Model):
    a: Pos
    b: Pos
    state: Literal["open", "closed", "locked"] = "closed"
    colour: str = ""
    number: int | None = None


class ShadePic(_Model):
    cells: list[Pos]
    colour: RGB | None = None
    label: str = ""


class SightPic(_Model):
    a: Pos
    b: Pos
    clear: bool


class GridPicture(_Model):
    kind: Literal["grid"] = "grid"
    title: str = ""
    width: int = Field(ge=1, le=60)
    height: int = Field(ge=1, le=99)
    columns: list[str]
    rows: list[str]
    blocked: list[Pos] = Field(default_factory=list)
    walls: list[tuple[Pos, Pos]] = Field(default_factory=list)
    doors: list[DoorPic] = Field(default_factory=list)
    shading: list[ShadePic] = Field(default_factory=list)
    tokens: list[TokenPic] = Field(default_factory=list)
    path: list[Pos] = Field(default_factory=list)
    """The last move, start first."""
    sight: list[SightPic] = Field(default_factory=list)
    highlight: list[Pos] = Field(default_factory=list)


class AreaPic(_Model):
    id: str
    label: str = ""
    polygon: list[tuple[float, float]]
    """Points in a 1000 x 1000 box."""
    anchor: tuple[float, float] | None = None
    colour: RGB | None = None
    tokens: list[TokenPic] = Field(default_factory=list)
    """Tokens in the area (their ``cell`` is ignored): drawn as labelled chips under the area's label."""
    highlight: bool = False


class AreaMapPicture(_Model):
    kind: Literal["areas"] = "areas"
    title: str = ""
    watermark: str = ""
    areas: list[AreaPic]


def _rgb(name: str) -> RGB:
    return NAMED.get(name.lower(), NAMED["grey"])


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def _fit(value: str, size: int, room: float) -> tuple[str, int]:
    # shrink the font down to 9 px, then cut the label, so that it stays inside its token
    while size > 9 and text_width(value, size) > room:
        size -= 1
    while len(value) > 1 and text_width(value, size) > room:
        value = value[:-1]
    return value, size


class _Frame:
    def __init__(self, pic: GridPicture, cell: int) -> None:
        self.cell = cell
        self.left, self.top = 30, 34 + (22 if pic.title else 0)

    def box(self, pos: Pos) -> tuple[int, int, int, int]:
        x, y = self.left + pos[0] * self.cell, self.top + pos[1] * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, pos: Pos) -> tuple[float, float]:
        x0, y0, _, _ = self.box(pos)
        return x0 + self.cell / 2, y0 + self.cell / 2

    def side(self, a: Pos, b: Pos) -> tuple[tuple[int, int], tuple[int, int]]:
        # the segment between two orthogonal neighbours, in pixels
        (ac, ar), (bc, br) = sorted([a, b], key=lambda p: (p[1], p[0]))
        if ar == br:
            x = self.left + bc * self.cell
            return (x, self.top + ar * self.cell), (x, self.top + (ar + 1) * self.cell)
        y = self.top + br * self.cell
        return (self.left + ac * self.cell, y), (self.left + (ac + 1) * self.cell, y)


def _floor(draw: ImageDraw.ImageDraw, pic: GridPicture, f: _Frame, only: set[Pos] | None = None) -> None:
    """The squares (floor, blocked, shaded), or only those in ``only``: each square is drawn whole, its
    edges in the grid line's colour like every other square's, so drawing some again over a plain grid
    gives the pixels of drawing them all."""
    blocked = set(pic.blocked)
    shade: dict[Pos, RGB] = {}
    for i, area in enumerate(pic.shading):
        colour = area.colour or seat_colour(i)
        for pos in area.cells:
            shade[pos] = _blend(FLOOR, colour, 0.35)
    for r in range(pic.height):
        for c in range(pic.width):
            if only is not None and (c, r) not in only:
                continue
            x0, y0, x1, y1 = f.box((c, r))
            if (c, r) in blocked:
                draw.rectangle((x0, y0, x1, y1), fill=BLOCKED, outline=GRIDLINE)
                draw.line((x0 + 3, y1 - 3, x1 - 3, y0 + 3), fill=(60, 62, 70), width=2)
            else:
                draw.rectangle((x0, y0, x1, y1), fill=shade.get((c, r), FLOOR), outline=GRIDLINE)


def _marks(draw: ImageDraw.ImageDraw, pic: GridPicture, f: _Frame) -> None:
    for pos in pic.highlight:
        draw.rectangle(f.box(pos), outline=ACCENT, width=3)
    for area in pic.shading:
        if area.label and area.cells:
            first = min(area.cells, key=lambda p: (p[1], p[0]))
            x0, y0, _, _ = f.box(first)
            text(draw, (x0 + 3, y0 + 2), area.label, size=max(10, f.cell // 4), fill=INK)


def _coordinates(draw: ImageDraw.ImageDraw, pic: GridPicture, f: _Frame) -> None:
    size = max(11, min(15, f.cell // 2))
    bottom = f.top + pic.height * f.cell
    right = f.left + pic.width * f.cell
    for c, name in enumerate(pic.columns[: pic.width]):
        x = f.left + c * f.cell + f.cell / 2
        text(draw, (x, f.top - 4), name, size=size, fill=MUTED, anchor="ms")
        text(draw, (x, bottom + 4), name, size=size, fill=MUTED, anchor="mt")
    for r, name in enumerate(pic.rows[: pic.height]):
        y = f.top + r * f.cell + f.cell / 2
        text(draw, (f.left - 5, y), name, size=size, fill=MUTED, anchor="rm")
        text(draw, (right + 5, y), name, size=size, fill=MUTED, anchor="lm")


def _walls_and_doors(draw: ImageDraw.ImageDraw, pic: GridPicture, f: _Frame) -> None:
    thick = max(3, f.cell // 8)
    for a, b in pic.walls:
        p, q = f.side(a, b)
        draw.line((p, q), fill=WALL, width=thick)
    for door in pic.doors:
        p, q = f.side(door.a, door.b)
        colour = _rgb(door.colour)
        if door.state == "open":
            # "Open doors are placed at right angles to the wall": a short bar standing out from one end
            length = f.cell * 0.7
            if p[0] == q[0]:
                draw.line((p, (p[0] + length, p[1])), fill=colour, width=thick)
            else:
                draw.line((p, (p[0], p[1] + length)), fill=colour, width=thick)
            continue
        draw.line((p, q), fill=colour, width=thick + 3)
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        if door.state == "locked":
            r = max(4, f.cell // 6)
            draw.rectangle(
                (mid[0] - r, mid[1] - r, mid[0] + r, mid[1] + r), fill=BLOCKED, outline=colour, width=2
            )
        elif door.number is not None:
            text(draw, mid, str(door.number), size=max(9, f.cell // 4), fill=BLOCKED, anchor="mm")


def _lines(draw: ImageDraw.ImageDraw, pic: GridPicture, f: _Frame) -> None:
    for sight in pic.sight:
        a, b = f.centre(sight.a), f.centre(sight.b)
        colour = CLEAR if sight.clear else BLOCKED_SIGHT
        if sight.clear:
            draw.line((a, b), fill=colour, width=2)
        else:  # dashed: a blocked line reads differently without relying on colour alone
            steps = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) // 6))
            for i in range(0, steps, 2):
                t0, t1 = i / steps, min(1.0, (i + 1) / steps)
                draw.line(
                    (
                        (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                        (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                    ),
                    fill=colour,
                    width=2,
                )
    if len(pic.path) > 1:
        points = [f.centre(p) for p in pic.path]
        draw.line(points, fill=ACCENT, width=max(2, f.cell // 10), joint="curve")
        for x, y in points[:-1]:
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=ACCENT)


def _tokens(draw: ImageDraw.ImageDraw, pic: GridPicture, f: _Frame) -> None:
    for i, token in enumerate(pic.tokens):
        colour = token.colour or (seat_colour(token.seat) if token.seat is not None else seat_colour(i))
        x0, y0, x1, y1 = f.box(token.cell)
        pad = max(2, f.cell // 12)
        shape = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
        if token.shape == "square":
            draw.rectangle(shape, fill=colour, outline=INK, width=2)
        elif token.shape == "lying":
            flat = (y1 - y0) // 4
            draw.ellipse((x0 + pad, y0 + flat, x1 - pad, y1 - flat), fill=colour, outline=INK, width=2)
        else:
            draw.ellipse(shape, fill=colour, outline=INK, width=2)
        label, size = _fit(token.label, max(10, f.cell * 2 // 5), f.cell - 2 * pad - 2)
        dark = sum(colour) > 450
        text(
            draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size=size, fill=BLOCKED if dark else INK, anchor="mm"
        )


_GROUND_FIELDS = {"kind", "title", "width", "height", "columns", "rows", "blocked", "shading"}
"""What :func:`_ground` draws: the fields a battle map keeps from move to move."""

_PLAIN_FIELDS = {"kind", "title", "width", "height", "columns", "rows"}
"""What :func:`_plain` draws: the fields every map of one shape shares."""

GROUND_CACHE_BYTES = 8 << 20
"""Bytes of grounds kept (IPA's 24 x 24 map is about 1.4 MB; its blocked squares differ from game to game,
and a ground is drawn again from the plain grid of its shape in well under a millisecond)."""

_GROUNDS: BoundedCache[tuple[str, int], Layer] = BoundedCache(GROUND_CACHE_BYTES)


@lru_cache(maxsize=8)
def _plain(layout: str, size: int) -> Layer:
    """The title, the plain squares and the coordinates of a grid of this shape (``layout``: the JSON of
    its :data:`_PLAIN_FIELDS`), under every map of that shape."""

    def paint() -> Image.Image:
        pic = GridPicture.model_validate_json(layout)
        f = _Frame(pic, size)
        image, draw = canvas(f.left * 2 + pic.width * size, f.top + pic.height * size + 30)
        if pic.title:
            text(draw, (f.left, 8), pic.title, size=18, fill=INK)
        _floor(draw, pic, f)
        _coordinates(draw, pic, f)
        return image

    return Layer.drawn(paint)


def _ground(layout: str, size: int) -> Layer:
    """The title, the squares (floor, blocked, shaded) and the coordinates of a grid ``layout`` (the JSON of
    its :data:`_GROUND_FIELDS`): the same for every picture of one map, so drawn once and copied; drawn as
    the plain grid of its shape with its blocked and shaded squares drawn again."""
    found = _GROUNDS.get((layout, size))
    if found is not None:
        return found
    pic = GridPicture.model_validate_json(layout)
    plain = _plain(pic.model_dump_json(include=_PLAIN_FIELDS), size)
    marked = set(pic.blocked) | {pos for area in pic.shading for pos in area.cells}

    def paint() -> Image.Image:
        image = plain.copy()
        _floor(ImageDraw.Draw(image), pic, _Frame(pic, size), only=marked)
        return image

    layer = Layer.drawn(paint)
    _GROUNDS.put((layout, size), layer, 3 * layer.image.width * layer.image.height)
    return layer


def draw_grid(picture: GridPicture, cell: int | None = None) -> Image.Image:
    """The grid as an image; ``cell`` pixels per square (default: fits about 760 pixels)."""
    pic = picture
    size = cell or max(22, min(64, 760 // max(pic.width, pic.height)))
    f = _Frame(pic, size)
    image = _ground(pic.model_dump_json(include=_GROUND_FIELDS), size).copy()
    draw = ImageDraw.Draw(image)
    _marks(draw, pic, f)
    _walls_and_doors(draw, pic, f)
    _lines(draw, pic, f)
    _tokens(draw, pic, f)
    return image


def draw_areas(picture: AreaMapPicture, width: int = 900) -> Image.Image:
    """The area map as an image ``width`` pixels wide (polygons come in a 1000 x 1000 box)."""
    scale = (width - 40) / 1000
    top = 40 if picture.title else 20
    image, draw = canvas(width, int(top + 1000 * scale + 20))

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return 20 + p[0] * scale, top + p[1] * scale

    if picture.title:
        text(draw, (20, 10), picture.title, size=20, fill=INK)
    for i, area in enumerate(picture.areas):
        colour = area.colour or seat_colour(i)
        draw.polygon(
            [at(p) for p in area.polygon],
            fill=_blend(BACKGROUND, colour, 0.45),
            outline=ACCENT if area.highlight else INK,
            width=4 if area.highlight else 2,
        )
    for area in picture.areas:
        _area_label(draw, area, at)
    if picture.watermark:
        text(draw, (width - 20, image.height - 8), picture.watermark, size=14, fill=MUTED, anchor="rb")
    return image


def _area_label(draw: ImageDraw.ImageDraw, area: AreaPic, at: Any) -> None:
    if area.anchor is not None:
        cx, cy = at(area.anchor)
    else:
        xs, ys = zip(*(at(p) for p in area.polygon), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    text(draw, (cx, cy), area.label or area.id, size=16, fill=INK, anchor="mb")
    y = cy + 4
    for i, token in enumerate(area.tokens):
        colour = token.colour or seat_colour(token.seat if token.seat is not None else i)
        w = text_width(token.label, 12) + 10
        rounded(draw, (cx - w / 2, y, cx + w / 2, y + 16), radius=5, fill=colour)
        text(draw, (cx, y + 8), token.label, size=12, fill=BLOCKED if sum(colour) > 450 else INK, anchor="mm")
        y += 18


def render(picture: GridPicture | AreaMapPicture | dict[str, Any]) -> bytes:
    """A PNG of a grid picture or an area map (a dict is read by its ``kind``)."""
    if isinstance(picture, dict):
        picture = (
            AreaMapPicture.model_validate(picture)
            if picture.get("kind") == "areas"
            else GridPicture.model_validate(picture)
        )
    image = draw_areas(picture) if isinstance(picture, AreaMapPicture) else draw_grid(picture)
    return to_png(image)
