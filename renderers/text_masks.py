"""Masks of lines of text, the pixels FreeType gives them, each line rasterised once.

Rasterising glyphs is most of a board's drawing time, and a line that was never drawn before (a log line,
a name in a new game) costs about 0.6 ms at 50 characters: Pillow loads every glyph four times. A new
line is therefore put together from its words' masks, each rasterised once and kept: with the bundled
font and Pillow's basic layout every advance is a whole number of pixels and no pair of glyphs is kerned
(:func:`composable` checks both for each size), so a word lands on the same pixels in any line, and
where no two words' inks share a column, the line's mask is its words' masks side by side. Otherwise
(inks that touch, a font that kerns, a line of one word) the line is rasterised whole, as before.
``tests/renderers/test_text_masks.py`` holds both ways equal, byte for byte, for thousands of lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageFont

from .bounded import BoundedCache

LINE_CACHE_BYTES = 16 << 20
"""Bytes of line masks kept (a 50-character line at 15 px is about 9 KB)."""

WORD_CACHE_BYTES = 4 << 20
"""Bytes of word masks kept (a word is about 0.4 KB)."""

KERNING_PROBE = "AVTWYLPFfjkrvwy.,-'\"oae01 "
"""Letters that kern in fonts that kern: every pair of them is measured once per size."""

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


@lru_cache(maxsize=64)
def composable(size: int) -> bool:
    """Whether lines at ``size`` can be put together from words: the basic layout (no shaping), whole
    pixel advances and no kerning between any two letters of :data:`KERNING_PROBE`."""
    font = face(size)
    if font.layout_engine != ImageFont.Layout.BASIC:
        return False
    widths = {c: font.getlength(c) for c in KERNING_PROBE}
    if any(not w.is_integer() for w in widths.values()):
        return False
    return all(font.getlength(a + b) == widths[a] + widths[b] for a in KERNING_PROBE for b in KERNING_PROBE)


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
class _Word:
    """A word's mask at the baseline's left end ('ls'), its advance, and its ink cut out."""

    offset: tuple[int, int]
    size: tuple[int, int]
    advance: int
    ink: Any
    """The mask's inked part (None when the word leaves no ink: such a line is rasterised whole) ..."""
    ink_box: tuple[int, int, int, int]
    """... and where that part lies in the mask."""


_WORDS: BoundedCache[tuple[str, int], _Word] = BoundedCache(WORD_CACHE_BYTES)
_LINES: BoundedCache[tuple[str, int, str], Mask] = BoundedCache(LINE_CACHE_BYTES)


def _word(value: str, size: int) -> _Word | None:
    """The word's mask, or None when its advance is not a whole number of pixels."""
    key = (value, size)
    found = _WORDS.get(key)
    if found is not None:
        return found
    width = advance(value, size)
    if not width.is_integer():
        return None
    mask, offset = rasterised(value, size, "ls")
    box = mask.getbbox()
    ink = mask.crop(box) if box else None
    word = _Word(offset, mask.size, int(width), ink, box or (0, 0, 0, 0))
    _WORDS.put(key, word, (box[2] - box[0]) * (box[3] - box[1]) if box else 0)
    return word


def _pixel(position: int) -> int:
    """FreeType's rounding of a 26.6 position to whole pixels (PIXEL in Pillow's _imagingft.c)."""
    return ((position + 32) & -64) >> 6


def _placed(value: str, size: int) -> tuple[list[tuple[int, _Word]], int] | None:
    """Each word at its pen position, and the line's advance; None when a word's advance is not whole,
    a word leaves no ink or two words' inks would share a column."""
    space = face(size).getlength(" ")
    if not space.is_integer():
        return None
    placed: list[tuple[int, _Word]] = []
    pen, right = 0, None
    for i, part in enumerate(value.split(" ")):
        pen += int(space) if i else 0
        if not part:
            continue
        word = _word(part, size)
        if word is None or word.ink is None:
            return None
        left = pen + word.offset[0] + word.ink_box[0]
        if right is not None and left < right:
            return None
        right = pen + word.offset[0] + word.ink_box[2]
        placed.append((pen, word))
        pen += word.advance
    return placed, pen


def composed(value: str, size: int, anchor: str) -> Mask | None:
    """The line's mask put together from its words' masks (the pixels :func:`rasterised` gives), or None
    when it cannot be (see the module's docstring)."""
    if " " not in value.strip(" ") or anchor[0] not in "lmr" or anchor[1] not in "asmdtb":
        return None
    if not composable(size):
        return None
    found = _placed(value, size)
    if found is None:
        return None
    placed, length = found
    # the line's box: its words' boxes and the pen's line from 0 to the advance (Pillow's bounding box)
    x_min = min(0, *(pen + w.offset[0] for pen, w in placed))
    x_max = max(length, *(pen + w.offset[0] + w.size[0] for pen, w in placed))
    y_max = max(-w.offset[1] for _, w in placed)
    y_min = min(-w.offset[1] - w.size[1] for _, w in placed)
    x_anchor = {"l": 0, "m": _pixel(length * 32), "r": length}[anchor[0]]
    y_anchor = {"t": y_max, "b": y_min}.get(anchor[1])
    if y_anchor is None:
        y_anchor = _vertical_anchor(size, anchor[1])
    mask = Image.new("L", (x_max - x_min, y_max - y_min), 0).im
    for pen, w in placed:
        x = pen + w.offset[0] + w.ink_box[0] - x_min
        y = y_max + w.offset[1] + w.ink_box[1]
        mask.paste(w.ink, (x, y, x + w.ink.size[0], y + w.ink.size[1]))
    return mask, (x_min - x_anchor, y_anchor - y_max)


def line_mask(value: str, size: int, anchor: str) -> Mask:
    """The anti-aliased mask of a line of text and its offset from the anchor, as Pillow's ``getmask2``
    gives them; kept, since names, labels and card texts repeat from one image to the next."""
    key = (value, size, anchor)
    found = _LINES.get(key)
    if found is not None:
        return found
    made = composed(value, size, anchor) or rasterised(value, size, anchor)
    width, height = made[0].size
    _LINES.put(key, made, width * height)
    return made


def held_bytes() -> int:
    """Bytes the line and word caches are charged for now."""
    return _LINES.held + _WORDS.held
