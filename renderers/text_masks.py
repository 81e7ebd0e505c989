"""Masks of lines of text, the pixels FreeType gives them, each line rasterised once.

Rasterising glyphs is most of a board's drawing time, and a line that was never drawn before (a log line,
a name in a new game) costs about 0.6 ms at 50 characters: Pillow loads every glyph four times. A new
line is therefore put together from its words' masks, and a new word from its glyphs' masks, each kept:
with the bundled font and Pillow's basic layout every advance is a whole number of pixels and no pair of
glyphs is kerned (:func:`composable` and each piece check both), so a glyph or a word lands on the same
pixels wherever it stands, and where no two inks share a pixel the line's mask is its pieces' inks laid
side by side (FreeType blends inks that meet: such a word or line is rasterised whole, as before).
``tests/renderers/test_text_masks.py`` holds both ways equal, byte for byte, for thousands of lines.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageFont

from .bounded import BoundedCache

LINE_CACHE_BYTES = 16 << 20
"""Bytes of line masks kept (a 50-character line at 15 px is about 9 KB)."""

WORD_CACHE_BYTES = 4 << 20
"""Bytes of word and glyph masks kept (a word is about 0.4 KB)."""

Mask = tuple[Any, tuple[int, int]]
"""A mask (Pillow's ImagingCore, mode L) and its offset from the anchor point, as ``getmask2`` gives."""


@lru_cache(maxsize=64)
def face(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font at ``size`` pixels."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    return loaded


def rasterised(value: str, size: int, anchor: str) -> Mask:
    """The line's mask from FreeType, whole."""
    mask, offset = face(size).getmask2(value, "L", anchor=anchor)
    return mask, (int(offset[0]), int(offset[1]))


def _has_kerning_table(font: ImageFont.FreeTypeFont) -> bool:
    """Whether the font file holds a 'kern' table, the only kerning Pillow's basic layout applies (through
    FreeType's FT_Get_Kerning); True when the file cannot be read as one font (so nothing is assumed)."""
    data = getattr(font, "font_bytes", None)
    if not data and isinstance(font.path, str):
        with open(font.path, "rb") as file:
            data = file.read()
    if not data or len(data) < 12 or data[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        return True
    (tables,) = struct.unpack(">H", data[4:6])
    tags = {data[12 + 16 * i : 16 + 16 * i] for i in range(tables)}
    return b"kern" in tags


@lru_cache(maxsize=64)
def composable(size: int) -> bool:
    """Whether lines at ``size`` can be put together from pieces: the basic layout (no shaping) of a font
    without a kerning table (so no pair of glyphs moves closer), with a whole-pixel space; each piece's
    advance is checked to be whole where it is used."""
    font = face(size)
    if font.layout_engine != ImageFont.Layout.BASIC or _has_kerning_table(font):
        return False
    return font.getlength(" ").is_integer()


ADVANCES_KEPT = 20_000
"""Characters' advances kept (by character and size; a board uses a few hundred): past this many, all are
measured afresh (players' names can hold any character)."""

_ADVANCES: dict[tuple[str, int], float] = {}


def _char_advance(char: str, size: int) -> float:
    found = _ADVANCES.get((char, size))
    if found is None:
        if len(_ADVANCES) >= ADVANCES_KEPT:
            _ADVANCES.clear()
        found = _ADVANCES[(char, size)] = face(size).getlength(char)
    return found


def advance(value: str, size: int) -> float:
    """The line's advance in pixels, as ``getlength`` measures it: the sum of its characters' advances
    where nothing kerns (:func:`composable`), else measured whole."""
    if not composable(size):
        return face(size).getlength(value)
    return float(sum(_char_advance(char, size) for char in value))


@lru_cache(maxsize=64)
def _vertical_anchor(size: int, anchor: str) -> int:
    """How far below the baseline a line's anchor point lies for the anchors that do not depend on the
    line's ink (a: ascender, m: middle, s: baseline, d: descender), measured on one letter."""
    _, (_, at) = rasterised("x", size, "l" + anchor)
    _, (_, base) = rasterised("x", size, "ls")
    return at - base


@dataclass(frozen=True)
class _Piece:
    """A glyph's or a word's mask at the baseline's left end ('ls'), its advance, and its ink cut out."""

    offset: tuple[int, int]
    size: tuple[int, int]
    advance: int
    ink: Any
    """The mask's inked part (None when the piece leaves no ink: a line with it is rasterised whole) ..."""
    ink_box: tuple[int, int, int, int]
    """... and where that part lies in the mask."""


_PIECES: BoundedCache[tuple[str, int], _Piece] = BoundedCache(WORD_CACHE_BYTES)


@dataclass(frozen=True)
class Line:
    """A line of text as drawn: its mask's inked part (None when it leaves no ink) and where that part
    lies from the anchor point, and the whole mask's box from the anchor point (where ``draw.text``
    would stamp it: the pixels outside the ink are left as they are either way)."""

    ink: Any
    at: tuple[int, int]
    box: tuple[int, int, int, int]


_LINES: BoundedCache[tuple[str, int, str], Line] = BoundedCache(LINE_CACHE_BYTES)


def _piece(value: str, size: int) -> _Piece | None:
    """The glyph's or word's mask (a word spelled from its glyphs where it can be, else rasterised), or
    None when its advance is not a whole number of pixels."""
    key = (value, size)
    found = _PIECES.get(key)
    if found is not None:
        return found
    width = advance(value, size)
    if not width.is_integer():
        return None
    made = _spelled(value, size) if len(value) > 1 else None
    mask, offset = made or rasterised(value, size, "ls")
    box = mask.getbbox()
    ink = mask.crop(box) if box else None
    piece = _Piece(offset, mask.size, int(width), ink, box or (0, 0, 0, 0))
    _PIECES.put(key, piece, (box[2] - box[0]) * (box[3] - box[1]) if box else 0)
    return piece


def _pixel(position: int) -> int:
    """FreeType's rounding of a 26.6 position to whole pixels (PIXEL in Pillow's _imagingft.c)."""
    return ((position + 32) & -64) >> 6


@dataclass(frozen=True)
class _Assembled:
    """Pieces side by side: the mask and its box around the pen's starting point (y up)."""

    mask: Any
    x_min: int
    y_min: int
    y_max: int


def _assembled(placed: list[tuple[int, _Piece]], length: int) -> _Assembled | None:
    """The mask of pieces at their pen positions, as FreeType draws their glyphs one after another: the box
    is the pieces' boxes and the pen's line from 0 to ``length`` (Pillow's bounding box), and each ink is
    laid where it falls. None when two inks share a pixel (FreeType blends those; it draws them then)."""
    x_min = min(0, *(pen + p.offset[0] for pen, p in placed))
    x_max = max(length, *(pen + p.offset[0] + p.size[0] for pen, p in placed))
    y_max = max(-p.offset[1] for _, p in placed)
    y_min = min(-p.offset[1] - p.size[1] for _, p in placed)
    mask = Image.new("L", (x_max - x_min, y_max - y_min), 0).im
    right: int | None = None
    for pen, p in placed:
        x = pen + p.offset[0] + p.ink_box[0] - x_min
        y = y_max + p.offset[1] + p.ink_box[1]
        box = (x, y, x + p.ink.size[0], y + p.ink.size[1])
        if right is not None and x < right:  # the ink may meet an earlier one's
            under = mask.crop(box)
            if under.chop_darker(p.ink).getbbox():
                return None
            mask.paste(under.chop_lighter(p.ink), box)
        else:
            mask.paste(p.ink, box)
        right = box[2] if right is None else max(right, box[2])
    return _Assembled(mask, x_min, y_min, y_max)


def _spelled(value: str, size: int) -> Mask | None:
    """A word's mask ('ls') put together from its glyphs' masks, or None when it cannot be."""
    placed: list[tuple[int, _Piece]] = []
    pen = 0
    for char in value:
        glyph = _piece(char, size)
        if glyph is None or glyph.ink is None:
            return None
        placed.append((pen, glyph))
        pen += glyph.advance
    made = _assembled(placed, pen)
    return None if made is None else (made.mask, (made.x_min, -made.y_max))


def _placed(value: str, size: int) -> tuple[list[tuple[int, _Piece]], int] | None:
    """Each word at its pen position, and the line's advance; None when a word's advance is not whole
    or a word leaves no ink."""
    space = face(size).getlength(" ")
    if not space.is_integer():
        return None
    placed: list[tuple[int, _Piece]] = []
    pen = 0
    for i, part in enumerate(value.split(" ")):
        pen += int(space) if i else 0
        if not part:
            continue
        word = _piece(part, size)
        if word is None or word.ink is None:
            return None
        placed.append((pen, word))
        pen += word.advance
    return (placed, pen) if placed else None


def composed(value: str, size: int, anchor: str) -> Mask | None:
    """The line's mask put together from its words' masks (the pixels :func:`rasterised` gives), or None
    when it cannot be (see the module's docstring)."""
    if anchor[0] not in "lmr" or anchor[1] not in "asmdtb" or not composable(size):
        return None
    found = _placed(value, size)
    if found is None:
        return None
    placed, length = found
    made = _assembled(placed, length)
    if made is None:
        return None
    x_anchor = {"l": 0, "m": _pixel(length * 32), "r": length}[anchor[0]]
    y_anchor = {"t": made.y_max, "b": made.y_min}.get(anchor[1])
    if y_anchor is None:
        y_anchor = _vertical_anchor(size, anchor[1])
    return made.mask, (made.x_min - x_anchor, y_anchor - made.y_max)


def line_mask(value: str, size: int, anchor: str) -> Line:
    """The anti-aliased mask of a line of text, as Pillow's ``getmask2`` gives it (put together from its
    pieces where it can be, see the module's docstring), cut to its ink; kept, since names, labels and
    card texts repeat from one image to the next."""
    key = (value, size, anchor)
    found = _LINES.get(key)
    if found is not None:
        return found
    mask, (x, y) = composed(value, size, anchor) or rasterised(value, size, anchor)
    width, height = mask.size
    ink_box = mask.getbbox()
    ink = mask.crop(ink_box) if ink_box else None
    at = (x + ink_box[0], y + ink_box[1]) if ink_box else (x, y)
    made = Line(ink, at, (x, y, x + width, y + height))
    _LINES.put(key, made, ink.size[0] * ink.size[1] if ink is not None else 0)
    return made


def held_bytes() -> int:
    """Bytes the line and word caches are charged for now."""
    return _LINES.held + _PIECES.held
