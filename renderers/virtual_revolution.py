"""The full Virtual Revolution board (a click away from the compact one, for a large screen): a PNG 600
pixels wide drawn from a seat's view (``engine.virtual_revolution.view.VrView``).

The reconstructed Neo Paris (District tints, Borough numbers, Influence with its counts, Servers, this
Round's Directors, Localization tokens, the last turn's Boroughs outlined), marked as not the printed map;
the Title strip; the Agent row; the Verse row (newest first); the decks; Round, turn and Turn Order; a public
panel per player. Tags, colours and chips are :mod:`renderers.virtual_revolution_style`'s.
``render_private`` is the seat's own picture (:mod:`renderers.virtual_revolution_private`).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.virtual_revolution.view import BoroughView, PlayerView, VrView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, canvas, panel, to_png
from .virtual_revolution_private import render_private
from .virtual_revolution_style import (
    AGENT_TOKEN,
    COLOURS,
    DISTRICT_TINTS,
    MARGIN,
    WIDTH,
    Seats,
    area,
    chip,
    directors,
    influence,
    map_xy,
    marked,
    paste_ground,
    plain,
    text,
    text_width,
    wrap,
)

MAP_SCALE = (WIDTH - 2 * MARGIN) / 1000
LINE = 17

__all__ = ["plain", "render", "render_private"]


def _header(draw: ImageDraw.ImageDraw, view: VrView, seats: Seats, y: int) -> int:
    turn = f" · turn {view.turn_of_round}/3: {view.current}" if view.current and view.result is None else ""
    title = f"Virtual Revolution · Round {view.round}/{view.rounds}{turn}"
    if view.result is not None:
        title = f"Virtual Revolution · {view.result.reason}"
    text(draw, (MARGIN, y), title, size=18, fill=INK)
    y += 24
    x = float(MARGIN)
    text(draw, (x, y + 2), "Turn Order:", size=14, fill=MUTED)
    x += text_width("Turn Order:", 14) + 6
    for seat in view.order:
        label = seats.named(seat) + (" <" if seat == view.current else "")
        x += chip(draw, x, y, label, seats.colour(seat), size=14)
    return y + 26


def _borough(draw: ImageDraw.ImageDraw, seats: Seats, b: BoroughView, top: int) -> None:
    points = [map_xy(p, top, MAP_SCALE) for p in b.polygon]
    x0, y0 = min(p[0] for p in points) + 4, min(p[1] for p in points) + 3
    text(draw, (x0, y0), b.label, size=17, fill=INK)
    text(draw, (x0 + text_width(b.label, 17) + 4, y0 + 4), b.district, size=12, fill=MUTED)
    y = y0 + 24
    x = x0
    if b.owner is not None:
        x += influence(draw, x, y, seats.tag(b.owner), b.tokens, seats.colour(b.owner), 14)
    if b.server is not None:
        chip(draw, x, y, f"S{seats.tag(b.server)}", seats.colour(b.server), 13, "square")
    right, bottom = max(p[0] for p in points) - 4, max(p[1] for p in points) - 4
    agent = f"#{b.agent_token}" if b.agent_token is not None else ""
    directors(draw, b, seats, (x0, y + 25), right - (text_width(agent, 13) + 12 if agent else 0), 12)
    if agent:
        chip(draw, right - text_width(agent, 13) - 10, bottom - 19, agent, AGENT_TOKEN, 13)


def _district_names(draw: ImageDraw.ImageDraw, view: VrView, top: int) -> None:
    """Each District's name at the foot of its largest Borough (the legend below gives them all too)."""
    for code, name in view.district_names.items():
        members = [b for b in view.boroughs if b.district == code]
        if not members:
            continue
        b = max(members, key=area)
        points = [map_xy(p, top, MAP_SCALE) for p in b.polygon]
        x0, x1, y1 = min(p[0] for p in points), max(p[0] for p in points), max(p[1] for p in points)
        label = plain(name).upper()
        while len(label) > 3 and text_width(label, 12) > x1 - x0 - 44:
            label = label[:-1]
        text(draw, (x0 + 5, y1 - 5), label, size=12, fill=MUTED, anchor="lb")


def _map(draw: ImageDraw.ImageDraw, view: VrView, seats: Seats, top: int) -> int:
    paste_ground(draw, view, top, WIDTH, MAP_SCALE)
    for b in view.boroughs:
        _borough(draw, seats, b, top)
    changed = marked(view)
    for b in view.boroughs:
        if b.id in changed:
            draw.polygon([map_xy(p, top, MAP_SCALE) for p in b.polygon], outline=ACCENT, width=3)
    _district_names(draw, view, top)
    bottom = top + int(max(p[1] for b in view.boroughs for p in b.polygon) * MAP_SCALE)
    text(draw, (WIDTH - MARGIN, bottom + 4), view.map_note, size=13, fill=ACCENT, anchor="ra")
    y = bottom + 24
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


def _titles(draw: ImageDraw.ImageDraw, view: VrView, seats: Seats, y: int) -> int:
    text(draw, (MARGIN, y), "Titles", size=14, fill=MUTED)
    x = MARGIN + 48.0
    for t in view.titles:
        if t.holder is None:
            x += chip(draw, x, y - 1, f"{t.id} -", PANEL, 13)
        else:
            label = f"{t.id} {seats.tag(t.holder)}" + (" used" if t.turned else "")
            x += chip(draw, x, y - 1, label, seats.colour(t.holder), 13)
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
            a = s.agent
            agents.append(f"#{s.slot} {a.name} ({a.type.capitalize()} {a.level}) in {where}: {a.ability}")
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


def _player_rows(view: VrView, p: PlayerView) -> list[str]:
    duty = ", ".join(a.name + (" (used)" if a.turned else "") for a in p.duty) or "none"
    boosts = "; ".join(f"{a}: {', '.join(ids)}" for a, ids in p.boosts.items()) or "none"
    verses = ", ".join(v.name + (" ON" if v.online else "") for v in p.verses) or "none"
    rows = [
        f"EC {p.ec} · Income {p.income} · Immunity {p.imm} · +2VP x{p.plus2} · Corruption {p.corruption}",
        f"Influence: {p.reserve} reserve, {p.on_map} on map, {p.recycled} recycled · Servers {p.servers}/7",
        f"On Duty: {duty} · Boosts: {boosts}",
        f"Verses: {verses}",
    ]
    extra = []
    if p.retired:
        extra.append("Retired: " + ", ".join(p.retired))
    if p.titles:
        extra.append("Titles: " + ", ".join(view.district_names.get(t, t) for t in p.titles))
    moved = view.last.changes.get(p.seat, []) if view.last else []
    if moved:
        extra.append("Last turn: " + ", ".join(moved))
    if p.score is not None:
        extra.append(f"SCORE {p.score}" + (f" · kept: {p.kept}" if p.kept else ""))
    return rows + extra


def _wrapped(rows: list[str], size: int = 13) -> list[str]:
    return [line for row in rows for line in wrap(row, WIDTH - 2 * MARGIN - 24, size)]


def _player(draw: ImageDraw.ImageDraw, view: VrView, seats: Seats, p: PlayerView, y: int) -> int:
    lines = _wrapped(_player_rows(view, p))
    height = 26 + LINE * len(lines)
    panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height), fill=PANEL, outline=seats.colour(p.seat), radius=8)
    chip(draw, MARGIN + 8, y + 4, seats.named(p.seat), seats.colour(p.seat), 14)
    yy = y + 26
    for line in lines:
        text(draw, (MARGIN + 12, yy), line, size=13, fill=INK)
        yy += LINE
    return y + height + 6


def _height(view: VrView) -> int:
    agents, verses = _rows(view)
    text_rows = len(_wrapped(agents)) + len(_wrapped(verses)) + len(_wrapped([_counts(view)]))
    players = sum(32 + LINE * len(_wrapped(_player_rows(view, p))) for p in view.players)
    return 60 + int(980 * MAP_SCALE) + 70 + 30 + 3 * 24 + LINE * text_rows + players + 20


def _checked(view: dict[str, Any] | VrView) -> VrView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, VrView) else VrView.model_validate(view)


def draw(data: dict[str, Any] | VrView) -> Image.Image:
    view = _checked(data)
    seats = Seats(view)
    image, d = canvas(WIDTH, _height(view), BACKGROUND)
    y = _header(d, view, seats, 8)
    y = _map(d, view, seats, y)
    y = _titles(d, view, seats, y)
    agents, verses = _rows(view)
    y = _lines(d, y, "Agents in Neo Paris", agents)
    y = _lines(d, y, "Verses, newest first", verses)
    y = _lines(d, y, "Decks", [_counts(view)], size=12)
    for p in view.players:
        y = _player(d, view, seats, p, y)
    return image.crop((0, 0, WIDTH, min(image.height, y + 10)))


def render(view: dict[str, Any] | VrView) -> bytes:
    """The public board (a seat's own secrets are never drawn here, even from its own view)."""
    return to_png(draw(view), COLOURS)
