"""The compact Virtual Revolution board: the public board for Discord's inline preview, the status message,
the history and the replay (600 px wide, read at about 550 on a phone, no text under 11 px there). The full
board (:mod:`renderers.virtual_revolution`, a click away) lists the Agents, Verses, decks and every player's
details; this one keeps what a glance needs: whose turn it is and until when, the map with its Influence,
Servers, Directors and Localization tokens, a key to them, the Titles, one row per player, and the last
turn: its Boroughs outlined on the map, each player's counts that moved in their row, the Necro card and the
Immunity each spent once revealed, and the turn's lines.

Only public fields of the view are read, so every seat's view draws the same image.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.virtual_revolution.view import BoroughView, LastView, PlayerView, VrView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, canvas, due_label, rounded, to_png
from .virtual_revolution_style import (
    AGENT_TOKEN,
    COLOURS,
    GOOD,
    MARGIN,
    WHITE,
    WIDTH,
    Seats,
    area,
    chip,
    directors,
    influence,
    map_xy,
    marked,
    paste_ground,
    text,
    text_width,
    wrap,
)

LAST_LINES = 3
MAP_SCALE = (WIDTH - 2 * MARGIN) / 1000


def last_turn(view: VrView) -> list[str]:
    """The log lines of the latest turn (from the previous "ends the turn." on), at most ``LAST_LINES``."""
    log = view.log
    end = len(log)
    start = end - 1 if end and log[-1].endswith("ends the turn.") else end
    while start > 0 and not log[start - 1].endswith("ends the turn."):
        start -= 1
    lines = log[max(start, end - LAST_LINES) : end]
    return [line for line in lines if not line.endswith("ends the turn.")] or log[-1:]


def _header(d: ImageDraw.ImageDraw, view: VrView, seats: Seats, raw: dict[str, Any]) -> int:
    if view.result is not None:
        text(d, (MARGIN + 4, 10), f"Round {view.round}/{view.rounds} · game over", size=20, fill=INK)
        text(d, (MARGIN + 4, 38), view.result.reason[:70], size=17, fill=GOOD)
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
    text(d, (x, 50), "Turn Order", size=14, fill=MUTED, anchor="lm")
    x += text_width("Turn Order", 14) + 8
    for seat in view.order:
        label = seats.named(seat)
        if seat == view.current or seat in view.awaiting:
            w = text_width(label, 16) + 8
            rounded(d, (x - 3, 37, x + w + 3, 64), radius=13, outline=WHITE, width=2)
        x += chip(d, x, 40, label, seats.colour(seat), 16) + 6
    return 72


def _borough(d: ImageDraw.ImageDraw, b: BoroughView, seats: Seats, top: int) -> None:
    points = [map_xy(p, top, MAP_SCALE) for p in b.polygon]
    x0, y0 = min(p[0] for p in points) + 4, min(p[1] for p in points) + 2
    right, bottom = max(p[0] for p in points) - 4, max(p[1] for p in points) - 4
    text(d, (x0, y0), b.label, size=20, fill=INK)
    text(d, (x0 + text_width(b.label, 20) + 4, y0 + 6), b.district, size=12, fill=MUTED)
    y, x = y0 + 26, x0
    if b.owner is not None:
        x += influence(d, x, y, seats.tag(b.owner), b.tokens, seats.colour(b.owner), 15)
    if b.server is not None:
        chip(d, x, y + 1, f"S{seats.tag(b.server)}", seats.colour(b.server), 14, "square")
    agent = f"#{b.agent_token}" if b.agent_token is not None else ""
    directors(d, b, seats, (x0, y + 28), right - (text_width(agent, 15) + 14 if agent else 0), 13)
    if agent:
        chip(d, right - text_width(agent, 15) - 10, bottom - 22, agent, AGENT_TOKEN, 15)


def _map(d: ImageDraw.ImageDraw, view: VrView, seats: Seats, top: int) -> int:
    paste_ground(d, view, top, WIDTH, MAP_SCALE)
    for b in view.boroughs:
        _borough(d, b, seats, top)
    changed = marked(view)
    for b in view.boroughs:  # the last turn's Boroughs, outlined over their neighbours
        if b.id in changed:
            d.polygon([map_xy(p, top, MAP_SCALE) for p in b.polygon], outline=ACCENT, width=4)
    for code, name in view.district_names.items():
        members = [b for b in view.boroughs if b.district == code]
        if members:
            best = max(members, key=area)
            points = [map_xy(p, top, MAP_SCALE) for p in best.polygon]
            x0, x1, y1 = min(p[0] for p in points), max(p[0] for p in points), max(p[1] for p in points)
            room = x1 - x0 - (44 if best.agent_token is not None else 10)
            label = name.upper()
            while len(label) > 3 and text_width(label, 12) > room:
                label = label[:-2] + "."
            text(d, (x0 + 5, y1 - 5), label, size=12, fill=MUTED, anchor="lb")
    return top + int(max(p[1] for b in view.boroughs for p in b.polygon) * MAP_SCALE) + 6


def _key(d: ImageDraw.ImageDraw, x: float, y: int, label: str) -> float:
    text(d, (x, y + 9), label, size=12, fill=MUTED, anchor="lm")
    return x + text_width(label, 12) + 12


def _legend(d: ImageDraw.ImageDraw, view: VrView, seats: Seats, y: int) -> int:
    """A key to the map's tokens, drawn with the first player's tag."""
    seat = view.players[0].seat if view.players else ""
    tag, fill = seats.tag(seat), seats.colour(seat)
    x = float(MARGIN + 4)
    x += influence(d, x, y, tag, 2, fill, 12) + 2
    x = _key(d, x, y, f"{seat}'s Influence")
    x += chip(d, x, y, f"S{tag}", fill, 12, "square") + 2
    x = _key(d, x, y, "Server")
    x += chip(d, x, y, f"d{tag}", fill, 12) + 2
    x = _key(d, x, y, "Director")
    x += chip(d, x, y, "#1", AGENT_TOKEN, 12) + 2
    x = _key(d, x, y, "Agent to recruit")
    d.rectangle((x, y + 1, x + 16, y + 17), outline=ACCENT, width=3)
    text(d, (x + 22, y + 9), "changed", size=12, fill=MUTED, anchor="lm")
    return y + 24


def _titles(d: ImageDraw.ImageDraw, view: VrView, seats: Seats, y: int) -> int:
    text(d, (MARGIN + 4, y + 10), "Titles", size=15, fill=MUTED, anchor="lm")
    x = MARGIN + 54.0
    for t in view.titles:
        if t.holder is None:
            x += chip(d, x, y, f"{t.id} -", PANEL, 15)
        else:
            used = " used" if t.turned else ""
            x += chip(d, x, y, f"{t.id} {seats.tag(t.holder)}{used}", seats.colour(t.holder), 15)
    note = view.map_note
    if x + text_width(note, 12) + 12 < WIDTH - MARGIN:
        text(d, (WIDTH - MARGIN - 4, y + 10), note, size=12, fill=ACCENT, anchor="rm")
    return y + 28


def _player(d: ImageDraw.ImageDraw, view: VrView, seats: Seats, p: PlayerView, y: int) -> int:
    acting = p.seat == view.current or p.seat in view.awaiting
    moved = view.last.changes.get(p.seat, []) if view.last else []
    change = "Last turn: " + ", ".join(moved) if moved else ""
    rows = wrap(change, WIDTH - 2 * MARGIN - 20, 13) if change else []
    height = 48 + 17 * len(rows)
    rounded(
        d,
        (MARGIN, y, WIDTH - MARGIN, y + height),
        radius=8,
        fill=PANEL,
        outline=WHITE if acting else None,
        width=3,
    )
    chip(d, MARGIN + 8, y + 5, seats.named(p.seat), seats.colour(p.seat), 17)
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
    if acting and text_width(small, 13) < WIDTH - 2 * MARGIN - 90:
        text(d, (MARGIN + 10, y + 37), "TO ACT", size=13, fill=WHITE, anchor="lm")
    for i, row in enumerate(rows):
        text(d, (MARGIN + 10, y + 48 + 17 * i), row, size=13, fill=ACCENT)
    return y + height + 4


def _necro(d: ImageDraw.ImageDraw, last: LastView | None, y: int) -> int:
    """The Necro card of this end of Round: whom it hits, and the Immunity each spent once revealed."""
    if last is None or last.necro is None:
        return y
    n = last.necro
    line = f"Necro card {n.name}: MINIMUM {', '.join(n.low)} · MAXIMUM {', '.join(n.high)}"
    if n.spent:
        line += " · Immunity spent: " + ", ".join(f"{s} {k}" for s, k in n.spent.items())
    rows = wrap(line, WIDTH - 2 * MARGIN - 20, 14)
    h = 10 + 18 * len(rows)
    rounded(d, (MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=PANEL, outline=MUTED, width=1)
    for i, row in enumerate(rows):
        text(d, (MARGIN + 10, y + 5 + 18 * i), row, size=14, fill=INK)
    return y + h + 4


def _last(d: ImageDraw.ImageDraw, lines: list[str], y: int) -> int:
    rows = [row for line in lines for row in wrap(line, WIDTH - 2 * MARGIN - 62, 15)][: LAST_LINES + 1]
    if not rows:
        return y
    h = 12 + 19 * len(rows)
    rounded(d, (MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=PANEL, outline=ACCENT, width=2)
    text(d, (MARGIN + 10, y + 8), "Last", size=14, fill=ACCENT)
    for i, row in enumerate(rows):
        text(d, (MARGIN + 54, y + 6 + 19 * i), row, size=15, fill=INK)
    return y + h + 6


def _ranking(d: ImageDraw.ImageDraw, view: VrView, y: int) -> int:
    """At the end: the finishing order with each player's VP (ties share a place)."""
    result = view.result
    if result is None:
        return y
    parts, place = [], 1
    for group in result.ranking:
        for seat in group:
            score = result.scores.get(seat)
            parts.append(f"{place}. {seat}" + (f" {score:.0f} VP" if score is not None else ""))
        place += len(group)
    rows = wrap("   ".join(parts), WIDTH - 2 * MARGIN - 80, 16)
    h = 12 + 21 * len(rows)
    rounded(d, (MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=PANEL, outline=GOOD, width=2)
    text(d, (MARGIN + 10, y + 8), "Ranking", size=14, fill=GOOD)
    for i, row in enumerate(rows):
        text(d, (MARGIN + 76, y + 6 + 21 * i), row, size=16, fill=INK)
    return y + h + 6


def _checked(view: dict[str, Any] | VrView) -> VrView:
    return view if isinstance(view, VrView) else VrView.model_validate(view)


def render_compact(data: dict[str, Any] | VrView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    seats = Seats(view)
    image, d = canvas(WIDTH, 1600, BACKGROUND)
    y = _header(d, view, seats, raw)
    y = _map(d, view, seats, y)
    y = _legend(d, view, seats, y)
    y = _titles(d, view, seats, y)
    for p in view.players:
        y = _player(d, view, seats, p, y)
    y = _necro(d, view.last, y + 2)
    y = _ranking(d, view, y + 2) if view.result is not None else _last(d, last_turn(view), y + 2)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), COLOURS)
