"""A private picture's sections: panels of wrapped lines under a title, stacked down a phone-width page
(Infamy's and Virtual Revolution's private pictures). A game gives its page's width and margin and, where it
draws its glyphs its own way, its text functions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from . import common
from .common import ACCENT, INK, MUTED, PANEL, RGB, rounded

TITLE = 30
"""The height of a section's title line."""


@dataclass(frozen=True)
class Row:
    """One line to draw: its text, size, colour and indent; ``right``, a value drawn at the right edge."""

    value: str
    size: int = 15
    fill: RGB = INK
    indent: int = 0
    right: str = ""
    right_fill: RGB = MUTED

    @property
    def height(self) -> int:
        return self.size + 6


@dataclass(frozen=True)
class Section:
    title: str
    rows: list[Row]
    outline: RGB | None = None

    @property
    def height(self) -> int:
        return TITLE + sum(r.height for r in self.rows) + 8


@dataclass(frozen=True)
class Layout:
    """A page of sections ``width`` px wide, panels ``margin`` px from its edges, text ``pad`` px inside."""

    width: int
    margin: int
    pad: int = 12
    right_fill: RGB = MUTED
    text: Callable[..., object] = common.text
    text_width: Callable[[str, int], float] = common.text_width
    wrap: Callable[[str, int, int], list[str]] = common.wrap

    @property
    def text_room(self) -> int:
        return self.width - 2 * self.margin - 2 * self.pad

    def wrapped(
        self,
        value: str,
        size: int = 15,
        fill: RGB = INK,
        indent: int = 0,
        right: str = "",
        right_fill: RGB | None = None,
    ) -> list[Row]:
        """``value`` wrapped to the panel's width, ``right`` beside its first line."""
        room = self.text_room - indent - (int(self.text_width(right, size)) + 12 if right else 0)
        shade = right_fill or self.right_fill
        lines = self.wrap(value, room, size)
        return [Row(line, size, fill, indent, right if i == 0 else "", shade) for i, line in enumerate(lines)]

    def draw(self, d: ImageDraw.ImageDraw, section: Section, y: int) -> int:
        """Draw ``section`` at ``y``; where the next one goes."""
        left, right = self.margin, self.width - self.margin
        rounded(
            d, (left, y, right, y + section.height), radius=8, fill=PANEL, outline=section.outline, width=2
        )
        say: Any = self.text
        say(d, (left + self.pad, y + 8), section.title, size=15, fill=ACCENT)
        yy = y + TITLE
        for row in section.rows:
            say(d, (left + self.pad + row.indent, yy), row.value, size=row.size, fill=row.fill)
            if row.right:
                say(d, (right - self.pad, yy), row.right, size=row.size, fill=row.right_fill, anchor="ra")
            yy += row.height
        return y + section.height + 6
