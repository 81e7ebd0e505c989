"""League pictures (renderers/league.py) from a played season."""

from __future__ import annotations

import io

from PIL import Image

from engine.league.simulate import season
from engine.league.view import RatingHistoryView, standings_view
from renderers.common import recording
from renderers.league import render_rating_history, render_standings


def test_standings_and_history_images() -> None:
    noise = {f"pl{i:02d}": (i % 3) / 2 for i in range(9)}
    report = season(noise, [("infamy", 3)], rounds=3, seed=4)
    view = standings_view(report.leagues[0], report.ratings, names={"pl00": "Ann the Fixer"})
    assert [r.place for r in view.rows] == list(range(1, 10))
    assert view.rows == sorted(view.rows, key=lambda r: r.place) and any(r.trend for r in view.rows)
    assert "Ann the Fixer" in [r.player for r in view.rows]
    png = render_standings(view.model_dump())
    image = Image.open(io.BytesIO(png))
    assert image.width == 640 and image.height >= 96 + 30 * 9 and len(png) < 100_000
    chart = render_rating_history(RatingHistoryView(player="Ann", game="infamy", shown=[1.0, 3.5, 2.0]))
    empty = render_rating_history(RatingHistoryView(player="Bo", game="infamy"))
    assert chart != empty and Image.open(io.BytesIO(chart)).size == (640, 340)
    # issue 30, item 8: the chart is labelled: what is drawn, along which axis, and the latest value
    with recording() as drawn:
        render_rating_history(RatingHistoryView(player="Ann", game="Infamy", shown=[1.0, 3.5, 2.0]))
    texts = [box.value for box in drawn]
    assert "Rating shown (after each rated game)" in texts and "rated games" in texts
    assert "start" in texts and "game 3 · now 2.0" in texts
