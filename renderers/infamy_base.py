"""The empty full Infamy board: what stays put while a game goes on (frames, labels, empty tracks, sector
tiles, the card frames of the Contact Track and the mission row), drawn once per table and Round type and
copied for each image (:mod:`renderers.infamy` draws the game over it), with its geometry.

A card drawn over its frame in the same place and shape covers it whole (the fill takes every pixel of
the shape, outlined or not), so a card that looks like the empty frame is not drawn again, and one that
does not (face down, outlined, an empty slot) is drawn over it.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.infamy.view import InfamyView, PlayerView, SectorView

from .common import BACKGROUND, INK, MUTED, PANEL, RGB, Layer, canvas
from .drawn import mapped_layer
from .infamy_style import (
    CARD,
    COLOURS,
    DAY_SKY,
    DIM,
    FACTION,
    FACTION_SHORT,
    FLAT_COLOURS,
    HEIGHT,
    NIGHT_SKY,
    TILE,
    WATCHDOG,
    WIDTH,
    ZONE,
    Pen,
)

CONTACT_X0, CONTACT_Y0, CONTACT_W, CONTACT_H = 10, 56, 160, 136
"""The Contact Track's five cards: the first one's corner, and each card's size (6 apart)."""

MISSION_X0, MISSION_Y0, MISSION_Y1 = 10, 612, 890
"""The mission row: its left edge, its title's top and the cards' bottom (the cards start 18 lower)."""

MISSION_SLOTS = 4
"""Mission cards the empty board holds frames for (a row of more is drawn whole, over a cleared row)."""

INSET: tuple[int, int, int] = (24, 26, 32)
"""The ground of the header and of a mission card's sector number."""


def contact_x(i: int) -> float:
    return CONTACT_X0 + i * (CONTACT_W + 6)


def mission_width(n: int) -> float:
    """The width of each card in a row of ``n`` (6 apart)."""
    return (890 - 6 * (n - 1) - 20) / n


def mission_x(i: int, n: int) -> float:
    return MISSION_X0 + i * (mission_width(n) + 6)


def mission_frame(pen: Pen, i: int, n: int) -> None:
    """A mission card's frame and its sector number's ground, as a card in the row shows them."""
    x, w, y0 = mission_x(i, n), mission_width(n), MISSION_Y0
    pen.box(x, y0 + 18, x + w, MISSION_Y1, fill=CARD)
    pen.box(x + 6, y0 + 24, x + 40, y0 + 54, fill=INSET, radius=6)


def clear_missions(pen: Pen) -> None:
    """The mission row of the empty board cleared to the ground, for a row of more than its frames."""
    n = MISSION_SLOTS
    right = mission_x(n - 1, n) + mission_width(n)
    pen.box(MISSION_X0, MISSION_Y0 + 18, right, MISSION_Y1, fill=BACKGROUND, radius=0)


def contact_frame(pen: Pen, i: int) -> None:
    """A Contact card's frame, as a face-up card shows it (not outlined)."""
    x = contact_x(i)
    pen.box(x, CONTACT_Y0, x + CONTACT_W, CONTACT_Y0 + CONTACT_H, fill=CARD)


TRACK_X0, TRACK_Y0, TRACK_X1 = 10, 566, 900
"""The Infamy track's panel (40 high)."""
TRACK_LEFT, TRACK_RIGHT = TRACK_X0 + 64, TRACK_X1 - 14
"""Where its scale's 0 and its top lie."""
SCALE_LEFT = TRACK_X0 + 54
"""The scale's part of the panel starts here (its label, "Infamy", ends before)."""
SCALES_KEPT = 16
"""Scales kept (one per top value, each about 0.2 MB)."""

_SCALES: dict[int, Layer] = {}


def track_step(top: int) -> float:
    return (TRACK_RIGHT - TRACK_LEFT) / top


def _track_scale(pen: Pen, top: int) -> None:
    """The scale's ticks from 0 to ``top``, every fifth one numbered, 15 (the Infamy that wins) bright."""
    y0, step = TRACK_Y0, track_step(top)
    for i in range(top + 1):
        x = TRACK_LEFT + i * step
        big = i % 5 == 0
        pen.line(
            x, y0 + (16 if big else 22), x, y0 + 34, (255, 255, 255) if i == 15 else MUTED, 2 if big else 1
        )
        if big:
            pen.text(x, y0 + 3, str(i), 11, DAY_SKY if i == 15 else MUTED, anchor="ma")


def _scale_box() -> tuple[int, int, int, int]:
    s = Pen.s
    return s(SCALE_LEFT), s(TRACK_Y0), s(TRACK_X1) + 1, s(TRACK_Y0 + 40) + 1


def paste_scale(pen: Pen, top: int) -> None:
    """The Infamy track's scale up to ``top`` over the empty board's panel: the panel's part right of its
    label with the scale drawn, kept per ``top`` (a board draws the same 26 ticks and numbers each time)."""
    layer = _SCALES.get(top)
    if layer is None:
        if len(_SCALES) >= SCALES_KEPT:
            _SCALES.clear()

        def paint() -> Image.Image:
            image, _ = canvas(Pen.s(WIDTH), Pen.s(HEIGHT), BACKGROUND)
            drawing = Pen(image)
            drawing.box(TRACK_X0, TRACK_Y0, TRACK_X1, TRACK_Y0 + 40, fill=PANEL)
            _track_scale(drawing, top)
            return image.crop(_scale_box())

        layer = _SCALES[top] = Layer.drawn(paint)
    box = _scale_box()
    pen.image.paste(layer.copy(), box[:2])
    if pen.drawn is not None:
        pen.drawn.add(box)


def header_base(pen: Pen, day: bool) -> None:
    pen.box(10, 8, WIDTH - 10, 48, fill=INSET, outline=DAY_SKY if day else NIGHT_SKY)
    pen.disc(34, 28, 12, DAY_SKY if day else NIGHT_SKY)
    if not day:
        pen.disc(39, 24, 10, INSET)


TILE_W, TILE_H, ZONE_W = 294, 178, 86


def tile_origin(idx: int) -> tuple[float, float]:
    return 10 + (idx % 3) * (TILE_W + 6), 198 + (idx // 3) * (TILE_H + 6)


def zone_x(x: float) -> list[float]:
    """Left edges of the mission zone and the two resupply zones of a tile at ``x``."""
    return [x + 10, x + 104, x + 198]


def sector_tile(pen: Pen, idx: int, sec: SectorView, day: bool, blocked: bool) -> None:
    """The fixed part of a sector tile: frame, number, name, and the three zones with their labels."""
    x, y = tile_origin(idx)
    pen.box(
        x,
        y,
        x + TILE_W,
        y + TILE_H,
        fill=(44, 33, 36) if blocked else TILE,
        outline=WATCHDOG if blocked else None,
    )
    pen.text(x + 10, y + 8, f"{sec.id}", 24, DAY_SKY)
    pen.text(x + 36, y + 12, sec.name, 17)
    zx = zone_x(x)
    pen.box(zx[0], y + 40, zx[0] + ZONE_W, y + 140, fill=(60, 52, 40))
    pen.text(zx[0] + ZONE_W / 2, y + 52, "MISSION", 13, DAY_SKY, anchor="mm")
    for k, z in enumerate(sec.zones):
        zx0 = zx[k + 1]
        if z.kind == "hq" and z.faction is not None:
            label, colour = FACTION_SHORT[z.faction], FACTION[z.faction]
        else:
            label, colour = ZONE[z.kind]
        pen.box(zx0, y + 40, zx0 + ZONE_W, y + 140, fill=(50, 56, 68), outline=colour)
        pen.text(zx0 + ZONE_W / 2, y + 52, pen.fit(label, ZONE_W - 6, 13), 13, colour, anchor="mm")
        if z.kind == "special":
            pen.text(
                zx0 + ZONE_W / 2, y + 68, "Day: recover 3" if day else "Night: +1i", 11, INK, anchor="mm"
            )
        elif z.kind == "hq":
            pen.text(zx0 + ZONE_W / 2, y + 68, "HQ: 1r/Scheme", 11, INK, anchor="mm")
        else:
            pen.text(zx0 + ZONE_W / 2, y + 68, "+1", 12, MUTED, anchor="mm")


PANEL_X0, PANEL_X1, PANEL_Y0 = 910, WIDTH - 10, 56


CHIPS: tuple[RGB, ...] = (
    ZONE["weapon"][1],
    ZONE["data"][1],
    ZONE["compound"][1],
    ZONE["henchman"][1],
    (250, 250, 250),
)
"""The chips of a freelancer's Weapons, Data, Compounds, Henchmen and Favors (the counts drawn on them)."""


def chip_x(k: int) -> float:
    return PANEL_X0 + 200 + k * 52


def panel_height(count: int) -> float:
    return min(150, (660 - PANEL_Y0) / max(1, count) - 6)


def players_base(pen: Pen, players: list[PlayerView]) -> None:
    """The fixed part of each freelancer's panel: frame, colour, the empty Rep tracks and the resource chips
    (the name and the counts are drawn over it, so one cached board serves every table of that many seats)."""
    x0, x1, h = PANEL_X0, PANEL_X1, panel_height(len(players))
    for i, p in enumerate(players):
        y = PANEL_Y0 + i * (h + 6)
        colour = COLOURS.get(p.colour, INK)
        pen.box(x0, y, x1, y + h, fill=PANEL, width=2)
        pen.box(x0, y, x0 + 10, y + h, fill=colour, radius=4)
        for k, f in enumerate(("cartel", "megacorp", "militia")):
            ry = y + 34 + k * 18
            pen.text(x0 + 20, ry, FACTION_SHORT[f], 12, FACTION[f])
            for lvl in range(1, 6):
                bx = x0 + 86 + (lvl - 1) * 20
                pen.box(bx, ry + 1, bx + 16, ry + 14, fill=DIM, radius=3)
        for k, colour in enumerate(CHIPS):
            pen.box(chip_x(k), y + 34, chip_x(k) + 46, y + 56, fill=colour, radius=5)


def draw_base(pen: Pen, view: InfamyView) -> None:
    """Everything that stays put while a game goes on: frames, labels, empty tracks and sector tiles."""
    header_base(pen, view.day)
    pen.box(840, 56, 900, 192, fill=PANEL)  # Contact deck and bidder box, right of the Contact Track
    pen.text(844, 62, "Contacts", 11, MUTED)
    for i in range(5):
        contact_frame(pen, i)
    for idx, sec in enumerate(view.sectors):
        sector_tile(pen, idx, sec, view.day, blocked=False)
    for i in range(MISSION_SLOTS):
        mission_frame(pen, i, MISSION_SLOTS)
    pen.box(TRACK_X0, TRACK_Y0, TRACK_X1, TRACK_Y0 + 40, fill=PANEL)
    pen.text(18, 586, "Infamy", 13, MUTED, anchor="lm")
    players_base(pen, view.players)
    pen.box(910, 666, WIDTH - 10, 890, fill=PANEL)
    pen.text(920, 674, "Supply", 13, MUTED)
    pen.text(920, 694, "Schemes", 13, MUTED)


BASES_HELD: dict[tuple[Any, ...], tuple[Layer, Image.Image]] = {}
BASES_KEPT = 8
"""Empty boards kept (each about 10 MB: 1750 x 1125 pixels, and as many mapped to the palette), in Day and
Night pairs."""


def base_key(view: InfamyView, day: bool) -> tuple[Any, ...]:
    """What the empty board is drawn from: the Round, the seats' colours and the sectors."""
    return (
        day,
        tuple(p.colour for p in view.players),
        tuple((s.id, s.name, tuple((z.kind, z.faction) for z in s.zones)) for s in view.sectors),
    )


def base(view: InfamyView) -> tuple[Image.Image, Image.Image]:
    """A fresh copy of the empty board for this many seats (their colours), these sectors and this Round
    (Day/Night), and the board mapped to the palette (:mod:`renderers.drawn`); drawn once and cached, since
    it is about a third of the drawing. Names are not part of it, so however many games are live, a few
    boards serve them all. The Day and the Night boards are drawn together: every game turns from one to
    the other each Round."""
    found = BASES_HELD.get(base_key(view, view.day))
    if found is None:
        if len(BASES_HELD) + 2 > BASES_KEPT:
            BASES_HELD.clear()
        for day in (view.day, not view.day):
            of_round = view if day == view.day else view.model_copy(update={"day": day})

            def paint(drawn: InfamyView = of_round) -> Image.Image:
                image, _ = canvas(Pen.s(WIDTH), Pen.s(HEIGHT), BACKGROUND)
                draw_base(Pen(image), drawn)
                return image

            layer = Layer.drawn(paint)
            BASES_HELD[base_key(view, day)] = layer, mapped_layer(layer.image, FLAT_COLOURS)
        found = BASES_HELD[base_key(view, view.day)]
    layer, mapped = found
    return layer.copy(), mapped  # its texts recorded as drawn (renderers.common.recording)
