"""A picture drawn over a cached layer, mapped to its palette where it was drawn over only.

A palette PNG maps every pixel of the picture to the renderer's fixed palette
(:func:`renderers.common.fixed_palette`), several milliseconds for a full board, most of it on pixels of
the empty board that no move changes. The mapping takes each pixel on its own (the nearest entry of a fixed
palette), so the empty board is mapped once, with its layer, and a picture drawn over it is that mapped
layer with the boxes that were drawn over mapped again: the same pixels as mapping the whole picture
(``tests/renderers/test_infamy.py`` holds the two equal, byte for byte). Parts that look the same from
image to image (cards) are kept drawn and mapped, and pasted (:class:`Parts`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol

from PIL import Image

from .bounded import BoundedCache
from .common import RGB, Box, Layer, fixed_palette

NESTED_LOOKBACK = 8
"""How many of the latest boxes a new box is looked for in (a frame's contents are drawn just after it):
a box inside one of them is not mapped twice."""


MERGE_SLACK = 2000
"""Pixels a box may take in beside two boxes it joins: mapping a box again costs about as much as this many
pixels."""


class Drawn:
    """The boxes of pixels a drawing touched, clipped to a picture of ``size``."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self.boxes: list[Box] = []
        self.patches: list[tuple[Image.Image, Box]] = []
        """Parts pasted already mapped (:class:`Parts`), each at its box."""
        self._joinable = False

    def add(self, box: Box | None) -> None:
        if box is None:
            return
        x0, y0 = max(0, box[0]), max(0, box[1])
        x1, y1 = min(self.width, box[2]), min(self.height, box[3])
        if x0 >= x1 or y0 >= y1:
            return
        boxes = self.boxes
        for bx0, by0, bx1, by1 in boxes[-NESTED_LOOKBACK:]:
            if bx0 <= x0 and by0 <= y0 and x1 <= bx1 and y1 <= by1:
                return
        if self._joinable:  # the box before, often beside it (the next text on a line): one if it adds little
            bx0, by0, bx1, by1 = boxes[-1]
            ux0, uy0, ux1, uy1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
            apart = (x1 - x0) * (y1 - y0) + (bx1 - bx0) * (by1 - by0)
            if (ux1 - ux0) * (uy1 - uy0) <= apart + MERGE_SLACK:
                boxes[-1] = (ux0, uy0, ux1, uy1)
                return
        boxes.append((x0, y0, x1, y1))
        self._joinable = True

    def patch(self, mapped: Image.Image, box: Box) -> None:
        """A part pasted at ``box`` with its pixels already mapped; no box drawn after joins one before."""
        self.patches.append((mapped, box))
        self._joinable = False

    def within(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        inside = all(x0 <= a and y0 <= b and c <= x1 and d <= y1 for a, b, c, d in self.boxes)
        return inside and not self.patches

    def frame(self, box: Box, reach: int) -> None:
        """An outline drawn inside ``box``, none of it farther than ``reach`` from the box's edge (a rounded
        corner lies within its radius of both edges): the four strips along the edges."""
        x0, y0, x1, y1 = box
        if 2 * reach >= min(x1 - x0, y1 - y0):
            self.add(box)
            return
        self.add((x0, y0, x1, y0 + reach))
        self.add((x0, y1 - reach, x1, y1))
        self.add((x0, y0 + reach, x0 + reach, y1 - reach))
        self.add((x1 - reach, y0 + reach, x1, y1 - reach))


def mapped_over(
    image: Image.Image, ground: Image.Image, drawn: Drawn, colours: tuple[RGB, ...]
) -> Image.Image:
    """``image`` mapped to the fixed palette of ``colours`` as PNG rows (:func:`renderers.common.rows_png`),
    where ``ground`` is the layer it was drawn on, mapped (:func:`mapped_layer`), and ``drawn`` holds every
    pixel drawn since: what ``image.quantize`` with that palette and no dithering gives, a column right."""
    palette = fixed_palette(colours).im
    picture, out = image.im, ground.copy()
    target = out.im
    for tile, (x0, y0, x1, y1) in drawn.patches:  # under what was drawn after: mapped from the picture
        target.paste(tile.im, (x0 + 1, y0, x1 + 1, y1))
    for x0, y0, x1, y1 in drawn.boxes:
        target.paste(picture.crop((x0, y0, x1, y1)).convert("P", 0, palette), (x0 + 1, y0, x1 + 1, y1))
    return out


def mapped_layer(image: Image.Image, colours: tuple[RGB, ...]) -> Image.Image:
    """A layer mapped to the fixed palette of ``colours``, as PNG rows: one column to the right, the first
    column 0 (each row's filter byte), as :func:`mapped_over` takes it."""
    mapped = image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE)
    rows = Image.new("P", (image.width + 1, image.height), 0)
    rows.paste(mapped, (1, 0))
    return rows


class _Pen(Protocol):
    image: Image.Image
    drawn: Drawn | None


@dataclass(frozen=True)
class _Part:
    layer: Layer
    mapped: Image.Image


class Parts:
    """Parts of a picture (cards) that look the same from image to image, kept by a key that says all they
    show, where, and over what: drawn the first time (noted as drawn) and kept with their pixels, the same
    mapped to the palette, and their texts; pasted after, mapped already. A part whose drawing reaches out
    of its box is drawn each time."""

    def __init__(self, budget: int, colours: tuple[RGB, ...]) -> None:
        self._kept: BoundedCache[Hashable, _Part] = BoundedCache(budget)
        self.colours = colours

    def draw(self, pen: _Pen, key: Hashable, box: Box, paint: Callable[[], object]) -> None:
        """The part ``paint`` draws with ``pen``, every pixel of it inside ``box``."""
        drawn = pen.drawn
        if drawn is None:  # a picture mapped whole: nothing to keep
            paint()
            return
        part = self._kept.get(key)
        if part is not None:
            pen.image.paste(part.layer.image, box[:2])
            part.layer.record()
            drawn.patch(part.mapped, box)
            return
        own = pen.drawn = Drawn(pen.image.size)
        try:
            layer = Layer.drawn(lambda: _painted(paint, pen.image, box))
        finally:
            pen.drawn = drawn
        layer.record()
        for noted in own.boxes:
            drawn.add(noted)
        if own.within(box):
            mapped = mapped_part(layer.image, self.colours)
            self._kept.put(key, _Part(layer, mapped), 5 * layer.image.width * layer.image.height)


def _painted(paint: Callable[[], object], image: Image.Image, box: Box) -> Image.Image:
    paint()
    return image.crop(box)


def mapped_part(image: Image.Image, colours: tuple[RGB, ...]) -> Image.Image:
    return image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE)
