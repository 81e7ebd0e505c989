"""The key under a Nakamura Tower floor (issue 31: "every symbol has a legend"): each symbol drawn as it is
on the board, with a word or two beside it, in rows as wide as the picture. Only what the floor shows is
keyed (a Mine token, an Exit, a crippled or a psychotic model appear when there is one), so the key stays
short; the rooms the floor had no free place to name are listed too."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from engine.nakamura_tower.view import NtView

from .common import ACCENT, INK, MUTED, RGB
from .nakamura_tower_style import (
    DARK,
    DOOR_COLOURS,
    DRONE,
    HURT,
    MARKS,
    PSYCHOTIC,
    SMALL,
    TEAM_COLOURS,
    TERMINAL_COLOURS,
    team_colour,
    text,
    text_width,
    wrap,
)

GLYPH = 18
GAP = 10
ROW = 22
Glyph = Callable[[ImageDraw.ImageDraw, float, float], None]


def _token(fill: RGB, label: str, shape: str = "circle") -> Glyph:
    def draw(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
        box = (x, y, x + GLYPH, y + GLYPH)
        if shape == "square":
            d.rectangle(box, fill=fill, outline=INK, width=1)
        elif shape == "lying":
            d.ellipse((x, y + 4, x + GLYPH, y + GLYPH - 4), fill=fill, outline=INK, width=1)
        elif shape == "ring":
            d.ellipse(box, outline=fill, width=2)
        else:
            d.ellipse(box, fill=fill, outline=INK, width=1)
        if label:
            text(d, (x + GLYPH / 2, y + GLYPH / 2), label, size=SMALL, fill=DARK, anchor="mm")

    return draw


def _door(state: str) -> Glyph:
    colour = DOOR_COLOURS["red"]

    def draw(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
        mid = y + GLYPH / 2
        if state == "open":
            d.line((x + 2, mid, x + 2, mid + 8), fill=colour, width=3)
            d.line((x + 2, mid, x + GLYPH, mid), fill=INK, width=1)
        elif state == "locked":
            d.line((x, mid, x + GLYPH, mid), fill=colour, width=5)
            d.rectangle((x + 5, mid - 4, x + 13, mid + 4), fill=DARK, outline=colour, width=2)
        else:
            d.line((x, mid, x + GLYPH, mid), fill=colour, width=5)
            d.rectangle((x + 4, mid - 7, x + 14, mid + 7), fill=colour, outline=DARK)
            text(d, (x + 9, mid), "1", size=SMALL, fill=DARK, anchor="mm")

    return draw


def _square(fill: RGB, label: str) -> Glyph:
    def draw(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
        d.rectangle((x, y, x + GLYPH, y + GLYPH), fill=fill)
        text(d, (x + GLYPH / 2, y + GLYPH / 2), label, size=SMALL, fill=DARK, anchor="mm")

    return draw


def _outline(colour: RGB) -> Glyph:
    def draw(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
        d.rectangle((x, y, x + GLYPH, y + GLYPH), outline=colour, width=3)

    return draw


def items(view: NtView) -> list[tuple[Glyph, str]]:
    """The symbols on this floor, each with its words."""
    models = [m for m in view.models if m.cell is not None]
    first = view.teams[0] if view.teams else None
    out: list[tuple[Glyph, str]] = [
        (
            _token(team_colour(view, first.seat), f"{first.letter}1")
            if first is not None
            else _token(TEAM_COLOURS[0], "a1"),
            "a character: Team letter, number",
        ),
        (_token(DRONE, "d1", "square"), "a drone"),
    ]
    optional = (
        (any(m.psychotic for m in models), _token(PSYCHOTIC, "", "square"), "lost to Cyberpsychosis"),
        (any(m.status == "unconscious" for m in models), _token(TEAM_COLOURS[0], "", "lying"), "unconscious"),
        (any(m.crippled for m in models), None, "* crippled"),
        (any(m.stunned for m in models), None, "~ stunned"),
    )
    out += [(glyph or _blank, words) for shown, glyph, words in optional if shown]
    out += [
        (_square(TERMINAL_COLOURS["red"], "T"), "Terminal (Ta: Team a holds it)"),
        (_square(MARKS["objective"][0], "O"), "objective"),
        (_square(MARKS["entry"][0], "E"), "drone Entry Point"),
    ]
    out += [(_square(MARKS["exit"][0], "X"), "Exit")] if view.exits else []
    out += [(_square(MARKS["mine"][0], "M"), "Mine token (Ma: Team a's)")] if view.mines else []
    out += [
        (_door("closed"), "door, closed (its number and its Terminal's colour)"),
        (_door("open"), "open"),
        (_door("locked"), "locked"),
    ]
    last = view.last
    if last is not None and any(m.start is not None for m in last.moved):
        out.append((_token(TEAM_COLOURS[0], "", "ring"), "where a model stood"))
    if last is not None and last.hurt:
        out.append((_token(HURT, "", "ring"), "hurt by the last move"))
    out.append((_outline(ACCENT), "acting now, or just changed"))
    return out


def _blank(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    return None


def draw_key(
    d: ImageDraw.ImageDraw, view: NtView, y: float, width: int, margin: int, unplaced: list[str]
) -> float:
    """The key from ``y`` down, in rows ``width`` px wide; returns the height below it."""
    text(d, (margin, y), "Key", size=13, fill=ACCENT)
    x, y = margin + 34.0, y
    for glyph, words in items(view):
        need = (GLYPH + 4 if glyph is not _blank else 0) + text_width(words, SMALL) + GAP
        if x + need > width - margin and x > margin + 34:
            x, y = margin + 34.0, y + ROW
        if glyph is not _blank:
            glyph(d, x, y)
            x += GLYPH + 4
        text(d, (x, y + GLYPH / 2), words, size=SMALL, fill=INK, anchor="lm")
        x += text_width(words, SMALL) + GAP
    y += ROW
    if unplaced:
        for line in wrap("Rooms not named on the floor: " + ", ".join(unplaced), width - 2 * margin, SMALL):
            text(d, (margin, y), line, size=SMALL, fill=MUTED)
            y += 14
    return y


__all__ = ["draw_key", "items"]
