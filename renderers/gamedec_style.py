"""Gamedec's pictures' shared palette and the typed reading of a view (the full board, the compact board
and the private picture draw with these)."""

from __future__ import annotations

from typing import Any

from engine.gamedec.view import GamedecView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, SEAT_COLOURS

RED: RGB = (214, 69, 65)
GREEN: RGB = (70, 170, 90)
BLUE: RGB = (70, 120, 200)
WORLD_FILL: RGB = (40, 58, 78)
CORP_FILL: RGB = (62, 52, 74)
REALIUM_FILL: RGB = (58, 66, 52)
FLAT_COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    *SEAT_COLOURS,
    RED,
    GREEN,
    BLUE,
    WORLD_FILL,
    CORP_FILL,
    REALIUM_FILL,
    (0, 0, 0),
    (20, 20, 20),
    (255, 255, 255),
    (110, 50, 50),
    (190, 130, 30),
    (45, 70, 110),
    (60, 60, 60),
)
"""Every colour this renderer draws with, for the fixed-palette PNG (keep in step with the drawing)."""


def _checked(view: dict[str, Any] | GamedecView) -> GamedecView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, GamedecView) else GamedecView.model_validate(view)
