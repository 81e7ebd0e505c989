"""The Virtual Revolution images: a PNG 600 pixels wide (readable as Discord shows it, about 550), drawn from
a seat's view (``engine.virtual_revolution.view.VrView``).

The board: the reconstructed Neo Paris (District tints, Borough numbers, Influence stacks with their counts,
Servers, this Round's Directors, Localization tokens), marked as not the printed map; the Title strip; the
Agent row; the Verse row (newest first); the decks; Round, turn and Turn Order; Income; a public panel per
player. Players are told apart by a colour-blind-safe palette (Okabe-Ito) *and* a letter on every token.
``render_private`` adds the viewer's Corruption cards, Objectives and Necro peek below.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from PIL import Image, ImageDraw

from engine.virtual_revolution.view import BoroughView, PlayerView, VrView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, canvas, panel, to_png
from .common import text as _text
from .common import text_width as _width
from .common import wrap as _wrap

WIDTH = 600
MARGIN = 10
MAP_SCALE = (WIDTH - 2 * MARGIN) / 1000
PLAYER_COLOURS: tuple[RGB, ...] = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167))
"""Okabe-Ito blue, orange, bluish green and reddish purple: told apart with any colour vision."""
LETTERS = "ABCD"
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
LINE = 17


PUNCTUATION = str.maketrans({"—": "-", "–": "-", "×": "x", "◂": "<", "’": "'"})


def plain(value: str) -> str:
    """The default font has no accents, dashes nor arrows: "Néo District" is drawn "Neo District"."""
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


def _seats(view: VrView) -> dict[str, int]:
    return {p.seat: p.index for p in view.players}


def _tag(view: VrView, seat: str) -> str:
    return f"{LETTERS[_seats(view)[seat] % 4]} {seat}"


def _chip(
    draw: ImageDraw.ImageDraw, x: float, y: float, label: str, fill: RGB, size: int = 13, shape: str = "round"
) -> float:
    """A token with a readable label; returns its width."""
    w = text_width(label, size) + 8
    box = (x, y, x + w, y + size + 6)
    if shape == "square":
        draw.rectangle(box, fill=fill, outline=INK, width=1)
    else:
        draw.rounded_rectangle(box, radius=(size + 6) // 2, fill=fill, outline=DARK, width=1)
    ink = DARK if sum(fill) > 420 else INK
    text(draw, (x + w / 2, y + (size + 6) / 2), label, size=size, fill=ink, anchor="mm")
    return w + 3


def _header(draw: ImageDraw.ImageDraw, view: VrView, y: int) -> int:
    turn = f" · turn {view.turn_of_round}/3: {view.current}" if view.current and view.result is None else ""
    title = f"Virtual Revolution · Round {view.round}/{view.rounds}{turn}"
    if view.result is not None:
        title = f"Virtual Revolution · {view.result.reason}"
    text(draw, (MARGIN, y), title, size=18, fill=INK)
    y += 24
    x = float(MARGIN)
    text(draw, (x, y + 2), "Turn order:", size=14, fill=MUTED)
    x += text_width("Turn order:", 14) + 6
    for seat in view.order:
        label = _tag(view, seat) + (" ◂" if seat == view.current else "")
        x += _chip(draw, x, y, label, colour(_seats(view)[seat]), size=14)
    return y + 26


def _map_xy(p: tuple[float, float], top: int) -> tuple[float, float]:
    return MARGIN + p[0] * MAP_SCALE, top + p[1] * MAP_SCALE


def _borough(draw: ImageDraw.ImageDraw, view: VrView, b: BoroughView, top: int) -> None:
    points = [_map_xy(p, top) for p in b.polygon]
    draw.polygon(points, fill=DISTRICT_TINTS.get(b.district, PANEL), outline=INK, width=1)
    x0, y0 = min(p[0] for p in points) + 4, min(p[1] for p in points) + 3
    text(draw, (x0, y0), b.label, size=17, fill=INK)
    text(draw, (x0 + text_width(b.label, 17) + 4, y0 + 4), b.district, size=11, fill=MUTED)
    y = y0 + 24
    x = x0
    if b.owner is not None:
        x += _chip(
            draw, x, y, f"{LETTERS[_seats(view)[b.owner] % 4]}{b.tokens}", colour(_seats(view)[b.owner]), 15
        )
    if b.server is not None:
        _chip(
            draw,
            x,
            y,
            f"S{LETTERS[_seats(view)[b.server] % 4]}",
            colour(_seats(view)[b.server]),
            13,
            "square",
        )
    y += 25
    x = x0
    for seat in b.directors:
        x += _chip(draw, x, y, f"d{LETTERS[_seats(view)[seat] % 4]}", colour(_seats(view)[seat]), 11)
    if b.agent_token is not None:
        right = max(p[0] for p in points) - 4
        bottom = max(p[1] for p in points) - 4
        label = f"#{b.agent_token}"
        _chip(draw, right - text_width(label, 13) - 10, bottom - 19, label, AGENT_TOKEN, 13)


def _area(b: BoroughView) -> float:
    xs, ys = [p[0] for p in b.polygon], [p[1] for p in b.polygon]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))


def _district_names(draw: ImageDraw.ImageDraw, view: VrView, top: int) -> None:
    """Each District's name at the foot of its largest Borough (the legend below gives them all too)."""
    for code, name in view.district_names.items():
        members = [b for b in view.boroughs if b.district == code]
        if not members:
            continue
        b = max(members, key=_area)
        points = [_map_xy(p, top) for p in b.polygon]
        x0, x1, y1 = min(p[0] for p in points), max(p[0] for p in points), max(p[1] for p in points)
        label = plain(name).upper()
        while len(label) > 3 and text_width(label, 11) > x1 - x0 - 44:
            label = label[:-1]
        text(draw, (x0 + 5, y1 - 5), label, size=11, fill=MUTED, anchor="lb")


def _map(draw: ImageDraw.ImageDraw, view: VrView, top: int) -> int:
    for b in view.boroughs:
        _borough(draw, view, b, top)
    _district_names(draw, view, top)
    bottom = top + int(max(p[1] for b in view.boroughs for p in b.polygon) * MAP_SCALE)
    text(draw, (WIDTH - MARGIN, bottom - 4), view.map_note, size=13, fill=ACCENT, anchor="rb")
    y = bottom + 4
    x = float(MARGIN)
    for code, name in view.district_names.items():
        label = f"{code} {name}"
        w = text_width(label, 12) + 10
        if x + w > WIDTH - MARGIN:
            x, y = float(MARGIN), y + 18
        draw.rectangle((x, y, x + w, y + 16), fill=DISTRICT_TINTS.get(code, PANEL))
        text(draw, (x + 5, y + 8), label, size=12, fill=INK, anchor="lm")
        x += w + 4
    return y + 22


def _titles(draw: ImageDraw.ImageDraw, view: VrView, y: int) -> int:
    text(draw, (MARGIN, y), "Titles", size=14, fill=MUTED)
    x = MARGIN + 48.0
    for t in view.titles:
        if t.holder is None:
            x += _chip(draw, x, y - 1, f"{t.id} —", PANEL, 13)
        else:
            label = f"{t.id} {LETTERS[_seats(view)[t.holder] % 4]}" + (" used" if t.turned else "")
            x += _chip(draw, x, y - 1, label, colour(_seats(view)[t.holder]), 13)
    return y + 24


def _lines(draw: ImageDraw.ImageDraw, y: int, title: str, rows: list[str], size: int = 13) -> int:
    text(draw, (MARGIN, y), title, size=14, fill=ACCENT)
    y += LINE + 1
    for row in rows:
        for line in wrap(row, WIDTH - 2 * MARGIN - 10, size):
            text(draw, (MARGIN + 8, y), line, size=size, fill=INK)
            y += LINE
    return y + 4


def _rows(view: VrView) -> tuple[list[str], list[str]]:
    labels = {b.id: b.label for b in view.boroughs}
    agents = []
    for s in view.slots:
        if s.agent is not None:
            where = labels.get(s.borough or "", "?")
            agents.append(f"#{s.slot} {s.agent.name} ({s.agent.type[0].upper()}{s.agent.level}) in {where}")
        elif s.intercepted:
            agents.append(f"#{s.slot} intercepted")
    verses = [
        f"{i + 1}. {v.name} ({v.genre}): {v.condition}; {v.scoring}"
        for i, v in enumerate(view.verse_row)
        if v is not None
    ]
    return agents or ["none left this Round"], verses


def _counts(view: VrView) -> str:
    seen = ", ".join(view.necro_seen) or "none"
    return (
        f"Agent deck {view.agent_deck}, discard {len(view.agent_discard)} · Verse deck {view.verse_deck} · "
        f"Corruption {view.corruption_deck} (discard {view.corruption_discard}) · Necro {view.necro_deck} "
        f"(seen: {seen}) · Boost cards {len(view.boost_cards)}"
    )


def _player_rows(p: PlayerView) -> list[str]:
    duty = ", ".join(a.name + (" (used)" if a.turned else "") for a in p.duty) or "none"
    boosts = "; ".join(f"{a}: {', '.join(ids)}" for a, ids in p.boosts.items()) or "none"
    verses = ", ".join(v.name + (" ON" if v.online else "") for v in p.verses) or "none"
    rows = [
        f"EC {p.ec} · Income {p.income} · Immunity {p.imm} · +2VP ×{p.plus2} · Corruption {p.corruption}",
        f"Influence: {p.reserve} reserve, {p.on_map} on map, {p.recycled} recycled · Servers {p.servers}/7",
        f"On Duty: {duty} · Boosts: {boosts}",
        f"Verses: {verses}",
    ]
    extra = []
    if p.retired:
        extra.append("Retired: " + ", ".join(p.retired))
    if p.titles:
        extra.append("Titles: " + " ".join(p.titles))
    flags = [
        f
        for f, on in (("raided with 7+ cards", p.raided_7), ("raided spending no Immunity", p.raided_no_imm))
        if on
    ]
    if flags:
        extra.append("History: " + ", ".join(flags))
    if p.markers or p.next_markers:
        marks = ", ".join(f"{k} {v}" for k, v in p.markers.items())
        nxt = ", ".join(f"{k} {v}" for k, v in p.next_markers.items())
        extra.append("Necro: " + (marks or "-") + (f" (next Round: {nxt})" if nxt else ""))
    if p.score is not None:
        extra.append(
            f"SCORE {p.score}: "
            + ", ".join(f"{k} {v}" for k, v in p.breakdown.items() if v)
            + (f" · kept: {p.kept}" if p.kept else "")
        )
    return rows + extra


def _wrapped(rows: list[str], size: int = 13) -> list[str]:
    return [line for row in rows for line in wrap(row, WIDTH - 2 * MARGIN - 24, size)]


def _player(draw: ImageDraw.ImageDraw, view: VrView, p: PlayerView, y: int) -> int:
    lines = _wrapped(_player_rows(p))
    height = 26 + LINE * len(lines)
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=colour(p.index), radius=8)
    _chip(draw, MARGIN + 8, y + 4, f"{LETTERS[p.index % 4]} {p.seat}", colour(p.index), 14)
    yy = y + 26
    for line in lines:
        text(draw, (MARGIN + 12, yy), line, size=13, fill=INK)
        yy += LINE
    return y + height + 6


def _private_rows(view: VrView) -> list[str]:
    me = view.me
    if me is None:
        return []
    rows = [
        f"Your Corruption cards ({len(me.hand)}): " + ("; ".join(me.hand) or "none"),
        "Your Objectives: " + "; ".join(me.objectives),
    ]
    if me.peek:
        rows.append(f"Top Necro card (your peek): {me.peek}")
    return rows


def _height(view: VrView, private: bool) -> int:
    agents, verses = _rows(view)
    text_rows = len(_wrapped(agents)) + len(_wrapped(verses)) + len(_wrapped([_counts(view)]))
    players = sum(32 + LINE * len(_wrapped(_player_rows(p))) for p in view.players)
    extra = 30 + LINE * len(_wrapped(_private_rows(view))) if private and view.me else 0
    return 60 + int(980 * MAP_SCALE) + 50 + 30 + 3 * 24 + LINE * text_rows + players + extra + 20


def _checked(view: dict[str, Any] | VrView) -> VrView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, VrView) else VrView.model_validate(view)


def draw(data: dict[str, Any] | VrView, private: bool = False) -> Image.Image:
    view = _checked(data)
    image, d = canvas(WIDTH, _height(view, private), BACKGROUND)
    y = _header(d, view, 8)
    y = _map(d, view, y)
    y = _titles(d, view, y)
    agents, verses = _rows(view)
    y = _lines(d, y, "Agents in Neo Paris", agents)
    y = _lines(d, y, "Verses, newest first", verses)
    y = _lines(d, y, "Decks", [_counts(view)], size=12)
    for p in view.players:
        y = _player(d, view, p, y)
    if private and view.me is not None:
        y = _lines(d, y + 4, "Private: only you see this", _private_rows(view))
    return image.crop((0, 0, WIDTH, min(image.height, y + 10)))


COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    DARK,
    AGENT_TOKEN,
    *PLAYER_COLOURS,
    *DISTRICT_TINTS.values(),
)
"""Every colour drawn: the PNG is 8-bit on their fixed palette (a third of the bytes, and faster)."""


def render(view: dict[str, Any] | VrView) -> bytes:
    """The public board (a seat's own secrets are never drawn here, even from its own view)."""
    return to_png(draw(view, private=False), COLOURS)


def render_private(view: dict[str, Any] | VrView) -> bytes:
    """The board with the viewer's Corruption cards, Objectives and Necro peek below."""
    return to_png(draw(view, private=True), COLOURS)
