"""League pictures: the standings table (placings, points, rating and trend arrows) and a player's
rating history chart. Views in (engine/league/view.py), PNG bytes out."""

from __future__ import annotations

from typing import Any

from engine.league.view import RatingHistoryView, StandingsView

from .common import ACCENT, INK, MUTED, PANEL, canvas, panel, text, to_png

WIDTH = 640
ROW = 30
UP: tuple[int, int, int] = (0, 158, 115)
DOWN: tuple[int, int, int] = (213, 94, 0)
"""Bluish green and vermillion (Okabe-Ito), told apart by colour-blind readers, with arrows as well."""
COLUMNS = (("#", 16), ("Player", 56), ("Points", 322), ("Played", 390), ("Wins", 460), ("Rating", 530))


def render_standings(data: dict[str, Any] | StandingsView) -> bytes:
    view = data if isinstance(data, StandingsView) else StandingsView.model_validate(data)
    rows = view.rows[:40]
    image, draw = canvas(WIDTH, 96 + ROW * max(1, len(rows)) + 16)
    text(draw, (16, 14), view.title, 24, ACCENT)
    text(draw, (16, 46), view.subtitle, 15, MUTED)
    for label, x in COLUMNS:
        text(draw, (x, 72), label, 14, MUTED)
    for i, row in enumerate(rows):
        top = 94 + i * ROW
        if i % 2 == 0:
            panel(draw, (8, top - 4, WIDTH - 8, top + ROW - 6), PANEL, radius=6)
        text(draw, (16, top), str(row.place), 16, INK)
        _trend(draw, 38, top + 9, row.trend)
        text(draw, (56, top), row.player[:30], 16, INK)
        text(draw, (330, top), f"{row.points:g}", 16, INK)
        text(draw, (390, top), str(row.played), 16, INK)
        text(draw, (460, top), f"{row.wins:g}", 16, INK)
        text(
            draw,
            (530, top),
            f"{row.rating:.1f}" + ("?" if row.provisional else ""),
            16,
            MUTED if row.provisional else INK,
        )
    if not rows:
        text(draw, (16, 98), "No results yet.", 16, MUTED)
    return to_png(image)


def _trend(draw: Any, x: int, y: int, trend: int) -> None:
    if trend > 0:
        draw.polygon([(x - 6, y + 4), (x + 6, y + 4), (x, y - 6)], fill=UP)
    elif trend < 0:
        draw.polygon([(x - 6, y - 4), (x + 6, y - 4), (x, y + 6)], fill=DOWN)


def render_rating_history(data: dict[str, Any] | RatingHistoryView) -> bytes:
    view = data if isinstance(data, RatingHistoryView) else RatingHistoryView.model_validate(data)
    image, draw = canvas(WIDTH, 340)
    text(draw, (16, 14), f"{view.player}: rating in {view.game}", 20, ACCENT)
    left, top, right, bottom = 56, 60, WIDTH - 20, 290
    draw.rectangle((left, top, right, bottom), outline=MUTED)
    values = [0.0, *view.shown]
    low, high = min(values), max(values)
    high = high if high > low else low + 1
    text(draw, (left, top - 20), "Rating shown (after each rated game)", 13, MUTED)  # the axes, labelled
    text(draw, (8, top - 8), f"{high:.0f}", 13, MUTED)
    text(draw, (8, bottom - 8), f"{low:.0f}", 13, MUTED)
    games = len(view.shown)
    text(draw, (left, bottom + 6), "start", 13, MUTED)
    text(draw, ((left + right) // 2 - 40, bottom + 26), "rated games", 13, MUTED)
    if view.shown:
        step = (right - left) / max(1, len(values) - 1)
        points = [
            (left + i * step, bottom - (v - low) / (high - low) * (bottom - top))
            for i, v in enumerate(values)
        ]
        draw.line(points, fill=ACCENT, width=3)
        text(draw, (right - 170, bottom + 6), f"game {games} · now {view.shown[-1]:.1f}", 13, MUTED)
    else:
        text(draw, (left + 12, top + 12), "No rated games yet.", 16, MUTED)
    return to_png(image)


__all__ = ["render_rating_history", "render_standings"]
