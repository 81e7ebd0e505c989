"""Drawing helpers shared by every game's renderer: fonts, colours, panels, text, PNG encoding.

Fonts come from Pillow itself (``ImageFont.load_default(size)``), so rendering needs no system fonts
and looks the same on every machine and in the Docker image.
"""

from __future__ import annotations

import datetime
import json
import struct
import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .bounded import BoundedCache
from .text_masks import advance, face, line_mask

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
"""A box of pixels: left, top, right, bottom (the right and bottom edges outside it)."""

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


def font(size: int = 16) -> Font:
    return face(size)


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
    rounded(draw, box, radius, fill, outline, width)


ROUNDED_TILE_PIXELS = 16_000
"""Rounded boxes up to this many pixels are drawn once and pasted after (most of a rounded rectangle's
time is Pillow working out its corners in Python; a big panel's is filling, which a paste saves not)."""


ROUNDED_TILE_BYTES = 8 << 20
"""Bytes of rounded boxes kept as tiles (one is at most 64 KB: 16,000 pixels)."""

_ROUNDED_TILES: BoundedCache[tuple[tuple[int, int], float, RGB | None, RGB | None, int], Image.Image] = (
    BoundedCache(ROUNDED_TILE_BYTES)
)


def _rounded_tile(
    size: tuple[int, int], radius: float, fill: RGB | None, outline: RGB | None, width: int
) -> Image.Image:
    key = (size, radius, fill, outline, width)
    tile = _ROUNDED_TILES.get(key)
    if tile is None:
        tile = Image.new("RGBA", (size[0] + 1, size[1] + 1), (0, 0, 0, 0))
        ImageDraw.Draw(tile).rounded_rectangle(
            (0, 0, *size), radius=radius, fill=fill, outline=outline, width=width
        )
        _ROUNDED_TILES.put(key, tile, 4 * tile.width * tile.height)
    return tile


def _whole_box(box: tuple[float, float, float, float], radius: float) -> tuple[int, int, int, int] | None:
    """``box`` on whole pixels where ``rounded_rectangle`` draws the same pixels for both, else None.
    Pillow rounds the box itself but sizes the corners on the box as given (the smallest of its sides and
    twice the radius), and draws an ellipse or a rectangle on the box as given when the corners join all
    round or vanish; a corner's size that is not a whole number of pixels is left to Pillow too."""
    x0, y0, x1, y1 = box
    if x1 < x0 or y1 < y0:
        return None
    whole = (round(x0), round(y0), round(x1), round(y1))
    corner = min(x1 - x0, y1 - y0, radius * 2)
    if corner != min(whole[2] - whole[0], whole[3] - whole[1], radius * 2) or corner != int(corner):
        return None
    if corner == 0:
        return whole if all(type(v) is int for v in box) else None
    full_x = corner >= whole[2] - whole[0] - 1
    joined = whole[2] - whole[0] if full_x else corner
    if full_x and joined >= whole[3] - whole[1] - 1 and not all(type(v) is int for v in box):
        return None
    return whole


def rounded(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    radius: float,
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """``draw.rounded_rectangle`` with the same pixels: a small box is drawn once on a clear tile and pasted
    through its own opacity (all or nothing: Pillow does not smooth these edges), at its whole pixels
    (:func:`_whole_box`). Boxes thinner than their outline, without ink or that Pillow would draw
    otherwise off whole pixels are drawn by Pillow as they were."""
    whole = _whole_box(box, radius)
    if whole is not None and draw.mode == "RGB" and (fill is not None or outline is not None):
        x0, y0, x1, y1 = whole
        w, h = x1 - x0, y1 - y0
        if min(w, h) > 2 * width and (w + 1) * (h + 1) <= ROUNDED_TILE_PIXELS:
            tile = _rounded_tile((w, h), radius, fill, outline, width)
            # through its own opacity, as Image.paste does it (without its checks)
            draw.im.paste(tile.im, (x0, y0, x0 + tile.width, y0 + tile.height), tile.im)
            return
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


@lru_cache(maxsize=64)
def _ink(mode: str, fill: RGB) -> int:
    probe = ImageDraw.Draw(Image.new(mode, (1, 1)))
    ink, _ = probe._getink(fill)
    assert isinstance(ink, int)
    return ink


@dataclass(frozen=True)
class TextBox:
    """One line of text as drawn: its value, font size and ink box, and the canvas it was drawn on (so a
    test can tell how large it reads once the image is shown at a phone's width)."""

    value: str
    size: int
    box: tuple[int, int, int, int]
    canvas: tuple[int, int]


_RECORDED: ContextVar[list[TextBox] | None] = ContextVar("recorded_text", default=None)


@contextmanager
def recording() -> Iterator[list[TextBox]]:
    """Every line of text drawn (by :func:`text`) while the block runs, in this context only."""
    found: list[TextBox] = []
    token = _RECORDED.set(found)
    try:
        yield found
    finally:
        _RECORDED.reset(token)


@dataclass(frozen=True)
class Layer:
    """A picture's part that stays the same from image to image (a board's frame, a map's ground), drawn
    once and copied after, with the lines of text drawn on it: each copy records them as drawn again, so
    :func:`recording` sees every text of an image, cached or not."""

    image: Image.Image
    texts: tuple[TextBox, ...]

    @classmethod
    def drawn(cls, paint: Callable[[], Image.Image]) -> Layer:
        with recording() as found:
            image = paint()
        return cls(image, tuple(found))

    def copy(self) -> Image.Image:
        self.record()
        return self.image.copy()

    def record(self) -> None:
        """Its texts recorded as drawn (:func:`recording`), for a layer pasted as it is."""
        recorded = _RECORDED.get()
        if recorded is not None:
            recorded.extend(self.texts)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    value: str,
    size: int = 16,
    fill: RGB = INK,
    anchor: str = "la",
) -> Box | None:
    """Draw one line of text (the same pixels as ``draw.text``), with its mask cached
    (:func:`renderers.text_masks.line_mask`); returns the box of pixels its ink touched (None: none)."""
    if not value:
        return None
    line = line_mask(value, size, anchor)
    x, y = int(xy[0]), int(xy[1])
    touched = None
    if line.ink is not None:
        x0, y0 = x + line.at[0], y + line.at[1]
        w, h = line.ink.size
        touched = (x0, y0, x0 + w, y0 + h)
        if draw.mode == "RGB" and len(fill) == 3:  # pasted through the mask: draw_bitmap's blend, 3x faster
            draw.im.paste(_ink_tile(fill, w, h), touched, line.ink)
        else:
            draw.draw.draw_bitmap((x0, y0), line.ink, _ink(draw.mode, fill))
    recorded = _RECORDED.get()
    if recorded is not None:
        box = line.box
        recorded.append(TextBox(value, size, (x + box[0], y + box[1], x + box[2], y + box[3]), draw.im.size))
    return touched


INK_TILE_BYTES = 8 << 20
"""Bytes of :func:`_ink_tile` kept (a line's tile is about 16 KB)."""

_INK_TILES: BoundedCache[tuple[RGB, int, int], Any] = BoundedCache(INK_TILE_BYTES)


def _ink_tile(fill: RGB, width: int, height: int) -> Any:
    """A ``width`` x ``height`` image of one colour (Pillow's core image) to paste through a text's mask:
    Pillow blends a pasted image into each pixel as ``draw_bitmap`` blends an ink (the same formula,
    ``tests/renderers/test_speed.py``), at about a third of the time per pixel."""
    key = (fill, width, height)
    tile = _INK_TILES.get(key)
    if tile is None:
        tile = Image.new("RGB", (width, height), fill).im
        _INK_TILES.put(key, tile, 4 * width * height)
    return tile


@lru_cache(maxsize=4096)
def text_width(value: str, size: int = 16) -> float:
    """What ``font(size).getlength(value)`` gives (:func:`renderers.text_masks.advance`)."""
    return advance(value, size)


@lru_cache(maxsize=2048)
def _wrapped(value: str, width_px: int, size: int) -> tuple[str, ...]:
    """Lines of ``value`` no wider than ``width_px``. A line's width is the sum of its words' widths and
    its spaces' (Pillow's basic layout adds advance widths without kerning, so the sum is the width
    ``text_width`` gives the whole line: tests hold them equal). Words repeat from board to board, whole
    candidate lines do not: measuring each prefix had thrashed the width cache."""
    space = text_width(" ", size)
    lines: list[str] = []
    for paragraph in value.splitlines() or [""]:
        line, width = "", 0.0
        for word in paragraph.split(" "):
            if not word:
                continue  # runs of spaces read as one
            word_width = text_width(word, size)
            if line and width + space + word_width > width_px:
                lines.append(line)
                line, width = word, word_width
            elif line:
                line, width = f"{line} {word}", width + space + word_width
            else:
                line, width = word, word_width
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

BAND_ROWS = 32
"""A PNG's pixel rows are compressed in bands of this many rows, each on its own (a full flush between
them), so a band that another image had already drawn identically is not compressed again."""

BAND_CACHE_BYTES = 24 << 20
"""How many bytes of uncompressed bands :class:`_Bands` keeps (the oldest go first)."""


class _Bands:
    """Compressed bands of PNG scanlines by their raw bytes: the static parts of a board (frames, labels,
    empty tracks, coordinates) come out the same in every image of a layout. Looked up by the band's
    Adler-32 (which the PNG needs anyway) and its length, then compared byte for byte, so a band is never
    taken for another. Shared by the render threads, under a lock."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self.found: dict[tuple[int, int], list[tuple[bytes, bytes]]] = {}
        self.lock = threading.Lock()

    def get(self, raw: bytes, adler: int) -> bytes | None:
        for known, packed in self.found.get((len(raw), adler), ()):
            if known == raw:
                return packed
        return None

    def put(self, raw: bytes, adler: int, packed: bytes) -> None:
        with self.lock:
            same = self.found.setdefault((len(raw), adler), [])
            if any(known == raw for known, _ in same):
                return
            same.append((raw, packed))
            self.held += len(raw)
            while self.held > self.budget and self.found:
                oldest = next(iter(self.found))
                self.held -= sum(len(known) for known, _ in self.found.pop(oldest))


_BANDS = _Bands(BAND_CACHE_BYTES)

ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's and the second's length (zlib's
    adler32_combine, which Python's zlib does not offer)."""
    rem = second_length % ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low) % ADLER_BASE
    low = (low + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + ADLER_BASE - rem) % ADLER_BASE
    return low | (high << 16)


def _idat(scanlines: bytes, stride: int, level: int) -> bytes:
    """The zlib stream of ``scanlines`` (rows of ``stride`` bytes, each with its filter byte): one band of
    :data:`BAND_ROWS` rows after another, each compressed from a fresh dictionary (a full flush resets it,
    so a band's bytes never refer to an earlier band's and can be reused as they are), then the final
    empty block and the Adler-32 of the whole (put together from the bands')."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    band = BAND_ROWS * stride
    parts = [b"\x78\x01"]
    whole = 1  # the Adler-32 of nothing
    for start in range(0, len(scanlines), band):
        raw = scanlines[start : start + band]
        adler = zlib.adler32(raw)
        whole = adler32_combine(whole, adler, len(raw))
        packed = _BANDS.get(raw, adler)
        if packed is None:
            packed = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
            _BANDS.put(raw, adler, packed)
        parts.append(packed)
    parts.append(b"\x03\x00")  # the last block: empty, fixed codes, final
    parts.append(struct.pack(">I", whole))
    return b"".join(parts)


def _png(header: bytes, palette: bytes | None, idat: bytes) -> bytes:
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + (_chunk(b"PLTE", palette) if palette is not None else b"")
        + _chunk(b"IDAT", idat)
        + _chunk(b"IEND", b"")
    )


@lru_cache(maxsize=16)
def _palette_bytes(colours: tuple[RGB, ...]) -> bytes:
    entries = fixed_palette(colours).getpalette() or []
    return bytes(entries[: 3 * 256]).ljust(3 * 256, b"\x00")


def to_png(image: Image.Image, colours: tuple[RGB, ...] | None = None) -> bytes:
    """The image as PNG. With ``colours`` (every colour the renderer draws with), an 8-bit PNG mapped to
    their :func:`fixed_palette`: about a third of the bytes of RGB. Without, a plain RGB PNG (zlib level 1).
    No row filter either way (flat colours compress well without), and bands of rows another image had
    already compressed are reused (:func:`_idat`): several times faster than Pillow's encoder."""
    width, height = image.size
    if colours is not None:
        return palette_png(image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE), colours)
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    raw = rgb.tobytes()
    stride = 3 * width
    scanlines = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, height * stride, stride))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return _png(header, None, _idat(scanlines, stride + 1, 1))


def palette_png(mapped: Image.Image, colours: tuple[RGB, ...]) -> bytes:
    """The PNG of ``mapped``, a picture already mapped to the :func:`fixed_palette` of ``colours``."""
    width, height = mapped.size
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte, 0 (none)
    rows.paste(mapped, (1, 0))
    return rows_png(rows, colours)


def rows_png(rows: Image.Image, colours: tuple[RGB, ...]) -> bytes:
    """The PNG of a picture mapped to the :func:`fixed_palette` of ``colours`` held one column to the right
    of ``rows``, whose first column is all 0 (each row's filter byte: none)."""
    width, height = rows.width - 1, rows.height
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    idat = _idat(rows.tobytes(), width + 1, PALETTE_COMPRESS_LEVEL)
    return _png(header, _palette_bytes(colours), idat)


def render_text(view: dict[str, Any]) -> bytes:
    """Fallback for games without a renderer: the view, pretty-printed."""
    lines = json.dumps(view, indent=1, sort_keys=True, default=str).splitlines()[:120]
    image, draw = canvas(900, 24 + 18 * len(lines))
    for i, line in enumerate(lines):
        text(draw, (12, 12 + 18 * i), line[:110], size=14)
    return to_png(image)


# --- compact boards (Discord's inline preview, about 550 px wide on a phone) -----------------------------

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon")
"""Marker shapes in seat order: with a letter inside, seats differ by more than colour."""


def ink_on(fill: RGB) -> RGB:
    """Dark or light text, whichever reads on ``fill``."""
    return (20, 20, 20) if 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] > 140 else (255, 255, 255)


def _draw_shape(
    draw: ImageDraw.ImageDraw, x: float, y: float, r: float, shape: str, fill: RGB, outline: RGB
) -> float:
    """A marker's shape centred on (x, y); returns how far below ``y`` its label's centre lies."""
    if shape == "square":
        draw.rectangle(
            (x - r * 0.86, y - r * 0.86, x + r * 0.86, y + r * 0.86), fill=fill, outline=outline, width=2
        )
        return 0
    if shape in ("triangle", "diamond", "hexagon", "pentagon"):
        sides, rotation, grow, dy = {
            "triangle": (3, 0, 1.45, r * 0.3),
            "diamond": (4, 45, 1.2, 0),
            "hexagon": (6, 0, 1.05, 0),
            "pentagon": (5, 0, 1.1, r * 0.05),
        }[shape]
        draw.regular_polygon(
            (x, y + dy, r * grow), sides, rotation=rotation, fill=fill, outline=outline, width=2
        )
        return dy
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=2)
    return 0


MARKER_TILE_BYTES = 4 << 20
"""Bytes of marker shapes kept as tiles (a 20 px marker's is about 10 KB)."""

_MARKER_TILES: BoundedCache[tuple[str, float, RGB, RGB], tuple[Image.Image, int, float]] = BoundedCache(
    MARKER_TILE_BYTES
)


def _marker_tile(shape: str, r: float, fill: RGB, outline: RGB) -> tuple[Image.Image, int, float]:
    """The shape drawn once on a clear tile, centred at (half, half); with ``half`` and its label's shift.
    Pillow draws these shapes without smoothing, so the tile pasted through its own opacity gives the
    pixels of drawing the shape in place (a polygon with a thick outline is drawn through a mask the size
    of the whole picture: a tile's is the tile's)."""
    key = (shape, r, fill, outline)
    found = _MARKER_TILES.get(key)
    if found is None:
        half = int(2 * r) + 6
        tile = Image.new("RGBA", (2 * half + 1, 2 * half + 1), (0, 0, 0, 0))
        dy = _draw_shape(ImageDraw.Draw(tile), half, half, r, shape, fill, outline)
        found = (tile, half, dy)
        _MARKER_TILES.put(key, found, 4 * tile.width * tile.height)
    return found


def _pasted_shape(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], r: float, shape: str, fill: RGB, outline: RGB
) -> float | None:
    """The shape pasted from its tile where that gives Pillow's pixels: centred on whole pixels of an RGB
    picture, clear of its edges (Pillow clips shapes that cross an edge its own way); returns its label's
    shift, or None when it was not pasted."""
    x, y = xy
    if not (isinstance(x, int) and isinstance(y, int)) or draw.mode != "RGB":
        return None
    image, half, dy = _marker_tile(shape, r, fill, outline)
    width, height = draw.im.size
    if not (half <= x < width - half and half <= y < height - half):
        return None
    side = 2 * half + 1
    draw.im.paste(image.im, (x - half, y - half, x - half + side, y - half + side), image.im)
    return dy


def marker(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    r: float,
    shape: str,
    fill: RGB,
    label: str = "",
    outline: RGB = (255, 255, 255),
    size: int | None = None,
) -> Box:
    """A seat's token centred on ``xy``: a shape (one of :data:`SHAPES`) in its colour with its initial.
    Centred on whole pixels and clear of the picture's edges, the shape is pasted from a tile
    (:func:`_marker_tile`). Returns a box holding every pixel it touched."""
    x, y = xy
    dy = _pasted_shape(draw, xy, r, shape, fill, outline)
    if dy is None:
        dy = _draw_shape(draw, x, y, r, shape, fill, outline)
    label_box = text(draw, (x, y + dy + 1), label, size or max(9, int(r * 1.15)), ink_on(fill), anchor="mm")
    reach = int(2 * r) + 7  # the tile's half and a pixel more: the shape drawn in place lies within it too
    box = (int(x) - reach, int(y) - reach, int(x) + reach + 2, int(y) + reach + 2)
    if label_box is None:
        return box
    return (
        min(box[0], label_box[0]),
        min(box[1], label_box[1]),
        max(box[2], label_box[2]),
        max(box[3], label_box[3]),
    )


def initials(seats: list[str]) -> dict[str, str]:
    """Each seat's shortest distinct prefix (one letter, or two when names share the first), capitalised."""
    out: dict[str, str] = {}
    for seat in seats:
        one = seat[:1].upper()
        clash = sum(1 for other in seats if other[:1].upper() == one) > 1
        out[seat] = (seat[:1].upper() + seat[1:2].lower()) if clash and len(seat) > 1 else one or "?"
    return out


def unique_initials(seats: list[str]) -> dict[str, str]:
    """A short tag per seat, different for every seat (issue 31): its initial when no other seat shares it;
    else the initial and the name's number ("A1", "A2" for Agent1, Agent2) or its first two letters ("An");
    else the initial and the seat's position. Upper case, at most three characters."""
    out: dict[str, str] = {}
    for index, seat in enumerate(seats):
        one = seat[:1].upper() or "?"
        digits = "".join(c for c in seat if c.isdigit())[:2]
        if sum(1 for other in seats if other[:1].upper() == one) == 1:
            out[seat] = one
        elif digits:
            out[seat] = one + digits
        else:
            out[seat] = one + seat[1:2].lower() if len(seat) > 1 else f"{one}{index + 1}"
    for index, seat in enumerate(seats):
        if list(out.values()).count(out[seat]) > 1:
            out[seat] = f"{seat[:1].upper() or '?'}{index + 1}"
    return out


def due_label(view: dict[str, Any]) -> str | None:
    """The earliest deadline in the view's optional ``due`` field ({seat: unix time}, as the adapter knows
    it; not part of any game's state), written in UTC: an image cannot show each reader's own zone."""
    due = view.get("due") if isinstance(view, dict) else None
    if not isinstance(due, dict) or not due:
        return None
    try:
        when = min(float(v) for v in due.values())
    except (TypeError, ValueError):
        return None
    moment = datetime.datetime.fromtimestamp(when, tz=datetime.UTC)
    return f"due {moment:%a %d %b %H:%M} UTC"


def last_box(draw: ImageDraw.ImageDraw, lines: list[str], y: int, width: int, margin: int) -> int:
    """A compact board's "Last" box: the last change's lines (at most 3 rows once wrapped) in an outlined
    panel across the image at height ``y``; returns the height below it (``y`` when there is nothing)."""
    rows = [row for line in lines for row in wrap(line, width - 2 * margin - 62, 15)][-3:]
    if not rows:
        return y
    h = 10 + 19 * len(rows)
    rounded(draw, (margin, y, width - margin, y + h), 8, PANEL, ACCENT, 2)
    text(draw, (margin + 8, y + 7), "Last", size=14, fill=ACCENT)
    for i, row in enumerate(rows):
        text(draw, (margin + 52, y + 5 + 19 * i), row, size=15, fill=INK)
    return y + h + 4
