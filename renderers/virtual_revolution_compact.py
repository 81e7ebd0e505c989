"""The compact Virtual Revolution board: the public board for Discord's inline preview (600 px wide, read at
about 550 on a phone). The full board (:mod:`renderers.virtual_revolution`, a click away) lists the Agents,
Verses, decks and every player's details; this one keeps what a glance needs, in larger type: whose turn it
is and until when, the map with its Influence, Servers, Directors and Localization tokens, the Titles, one
row per player, and the last turn (its lines, and its Boroughs outlined on the map).

Tokens differ by more than colour: each carries its player's letter (A-D, as on the full board), Influence
is round, a Server square, a Director small and marked "d". Only public fields of the view are read, so
every seat's view draws the same image.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import ImageDraw

from engine.virtual_revolution.view import BoroughView, PlayerView, VrView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, canvas, due_label, to_png
from .virtual_revolution import (
    AGENT_TOKEN,
    COLOURS,
    DISTRICT_TINTS,
    LETTERS,
    MARGIN,
    WIDTH,
    _area,
    _checked,
    _chip,
    _map_xy,
    colour,
    text,
    text_width,
    wrap,
)

WHITE: RGB = (255, 255, 255)
HOT = re.compile(r"Boroughs? (\d+)")
LAST_LINES = 3


def _letter(view: VrView, seat: str) -> str:
    index = next((p.index for p in view.players if p.seat == seat), 0)
    return LETTERS[index % 4]


def _index(view: VrView, seat: str) -> int:
    return next((p.index for p in view.players if p.seat == seat), 0)


def last_turn(view: VrView) -> list[str]:
    """The log lines of the latest turn (from the previous "ends the turn." on), at most ``LAST_LINES``."""
    log = view.log
    end = len(log)
    start = end - 1 if end and log[-1].endswith("ends the turn.") else end
    while start > 0 and not log[start - 1].endswith("ends the turn."):
        start -= 1
    lines = log[max(start, end - LAST_LINES) : end]
    return [line for line in lines if not line.endswith("ends the turn.")] or log[-1:]


def _header(d: ImageDraw.ImageDraw, view: VrView, raw: dict[str, Any]) -> int:
    if view.result is not None:
        text(d, (MARGIN + 4, 10), f"Round {view.round}/{view.rounds} · game over", size=20, fill=INK)
        text(d, (MARGIN + 4, 38), view.result.reason[:70], size=17, fill=(120, 240, 120))
        return 66
    title = f"Round {view.round}/{view.rounds}"
    if view.current:
        title += f" · {view.current}'s turn {view.turn_of_round}/3"
    elif view.awaiting:
        title += " · " + ", ".join(view.awaiting[:4]) + " to decide"
    text(d, (MARGIN + 4, 10), title, size=22, fill=INK)
    due = due_label(raw)
    if due:
        text(d, (WIDTH - MARGIN - 4, 22), due, size=15, fill=ACCENT, anchor="rm")
    x = float(MARGIN + 4)
    text(d, (x, 50), "Order", size=14, fill=MUTED, anchor="lm")
    x += text_width("Order", 14) + 8
    for seat in view.order:
        label = f"{_letter(view, seat)} {seat}"
        if seat == view.current or seat in view.awaiting:
            w = text_width(label, 16) + 8
            d.rounded_rectangle((x - 3, 37, x + w + 3, 64), radius=13, outline=WHITE, width=2)
        x += _chip(d, x, 40, label, colour(_index(view, seat)), 16) + 6
    return 72


def _borough(d: ImageDraw.ImageDraw, view: VrView, b: BoroughView, top: int) -> None:
    points = [_map_xy(p, top) for p in b.polygon]
    d.polygon(points, fill=DISTRICT_TINTS.get(b.district, PANEL), outline=INK, width=1)
    x0, y0 = min(p[0] for p in points) + 4, min(p[1] for p in points) + 2
    text(d, (x0, y0), b.label, size=20, fill=INK)
    text(d, (x0 + text_width(b.label, 20) + 4, y0 + 6), b.district, size=12, fill=MUTED)
    y, x = y0 + 26, x0
    if b.owner is not None:
        x += _chip(d, x, y, f"{_letter(view, b.owner)}{b.tokens}", colour(_index(view, b.owner)), 17)
    if b.server is not None:
        _chip(d, x, y + 1, f"S{_letter(view, b.server)}", colour(_index(view, b.server)), 15, "square")
    y, x = y + 28, x0
    for seat in b.directors[:5]:
        x += _chip(d, x, y, f"d{_letter(view, seat)}", colour(_index(view, seat)), 13)
    if b.agent_token is not None:
        right, bottom = max(p[0] for p in points) - 4, max(p[1] for p in points) - 4
        label = f"#{b.agent_token}"
        _chip(d, right - text_width(label, 15) - 10, bottom - 22, label, AGENT_TOKEN, 15)


def _map(d: ImageDraw.ImageDraw, view: VrView, top: int, hot: set[str]) -> int:
    for b in view.boroughs:
        _borough(d, view, b, top)
    for b in view.boroughs:  # the last turn's Boroughs, outlined over their neighbours
        if b.label in hot:
            d.polygon([_map_xy(p, top) for p in b.polygon], outline=ACCENT, width=4)
    for code, name in view.district_names.items():
        members = [b for b in view.boroughs if b.district == code]
        if members:
            points = [_map_xy(p, top) for p in max(members, key=_area).polygon]
            x0, x1, y1 = min(p[0] for p in points), max(p[0] for p in points), max(p[1] for p in points)
            label = name.upper()
            while len(label) > 3 and text_width(label, 12) > x1 - x0 - 40:
                label = label[:-2] + "."
            text(d, (x0 + 5, y1 - 5), label, size=12, fill=MUTED, anchor="lb")
    return top + int(max(p[1] for b in view.boroughs for p in b.polygon) * (WIDTH - 2 * MARGIN) / 1000) + 6


def _titles(d: ImageDraw.ImageDraw, view: VrView, y: int) -> int:
    text(d, (MARGIN + 4, y + 10), "Titles", size=15, fill=MUTED, anchor="lm")
    x = MARGIN + 54.0
    for t in view.titles:
        if t.holder is None:
            x += _chip(d, x, y, f"{t.id} -", PANEL, 15)
        else:
            used = " used" if t.turned else ""
            x += _chip(d, x, y, f"{t.id} {_letter(view, t.holder)}{used}", colour(_index(view, t.holder)), 15)
    note = view.map_note
    if x + text_width(note, 12) + 12 < WIDTH - MARGIN:
        text(d, (WIDTH - MARGIN - 4, y + 10), note, size=12, fill=ACCENT, anchor="rm")
    return y + 28


def _player(d: ImageDraw.ImageDraw, view: VrView, p: PlayerView, y: int, actor: str | None) -> int:
    acting = p.seat == view.current or p.seat in view.awaiting
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + 48), radius=8, fill=PANEL, outline=WHITE if acting else None, width=3
    )
    if p.seat == actor:  # who made the last change (written in the Last box below)
        d.rounded_rectangle((MARGIN + 3, y + 6, MARGIN + 7, y + 42), radius=2, fill=ACCENT)
    _chip(d, MARGIN + 8, y + 5, f"{LETTERS[p.index % 4]} {p.seat}", colour(p.index), 17)
    stats = f"EC {p.ec} · Imm {p.imm} · Income {p.income} · Servers {p.servers}/7"
    if p.score is not None:
        stats = f"SCORE {p.score} · " + stats
    text(d, (WIDTH - MARGIN - 10, y + 15), stats, size=16, fill=INK, anchor="rm")
    online = sum(1 for v in p.verses if v.online)
    small = (
        f"Influence {p.on_map} on map, {p.reserve} left · Verses {len(p.verses)} ({online} online)"
        f" · Corruption {p.corruption} · +2VP x{p.plus2}"
    )
    text(d, (WIDTH - MARGIN - 10, y + 37), small, size=13, fill=MUTED, anchor="rm")
    if acting:
        text(d, (MARGIN + 10, y + 37), "TO ACT", size=13, fill=WHITE, anchor="lm")
    return y + 52


def _last(d: ImageDraw.ImageDraw, lines: list[str], y: int) -> int:
    rows = [row for line in lines for row in wrap(line, WIDTH - 2 * MARGIN - 62, 15)][: LAST_LINES + 1]
    if not rows:
        return y
    h = 12 + 19 * len(rows)
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=PANEL, outline=ACCENT, width=2)
    text(d, (MARGIN + 10, y + 8), "Last", size=14, fill=ACCENT)
    for i, row in enumerate(rows):
        text(d, (MARGIN + 54, y + 6 + 19 * i), row, size=15, fill=INK)
    return y + h + 6


def render_compact(data: dict[str, Any] | VrView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    lines = last_turn(view)
    hot = {n for line in lines for n in HOT.findall(line)}
    last = lines[-1] if lines else ""
    actor = next((p.seat for p in view.players if last.startswith((f"{p.seat} ", f"{p.seat}'s "))), None)
    image, d = canvas(WIDTH, 1400, BACKGROUND)
    y = _header(d, view, raw)
    y = _map(d, view, y, hot)
    y = _titles(d, view, y)
    for p in view.players:
        y = _player(d, view, p, y, actor)
    y = _last(d, lines, y + 2)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), (*COLOURS, WHITE, (120, 240, 120)))
