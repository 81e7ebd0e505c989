"""The shared board renderer: a grid and an area map, opened as PNGs."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from engine.core.board import Cell, grid_of, load_grid
from engine.core.board.view import grid_picture
from renderers.board import AreaMapPicture, GridPicture, render

DATA = Path(__file__).resolve().parents[2] / "data" / "boards"


def picture() -> dict[str, object]:
    g = grid_of(load_grid(DATA / "training_floor.txt"))
    tomo, drone = Cell.parse("B2"), Cell.parse("F5")
    red = {e for e, d in g.doors.items() if d.colour == "red"}
    route = g.path(tomo, drone)
    assert route is not None
    return grid_picture(
        g,
        title="Training floor",
        tokens=[(tomo, "Tomo", 0), (drone, "Drone 2", 1)],
        opened=red,
        path=route.cells,
        sight=[(tomo, drone, g.sees(tomo, drone, closed=g.closed_doors(red)))],
    )


def test_grid_picture_is_valid_for_the_renderer_and_draws() -> None:
    pic = GridPicture.model_validate(picture())
    assert pic.columns[:3] == ["A", "B", "C"] and {d.state for d in pic.doors} == {"open", "closed"}
    image = Image.open(io.BytesIO(render(pic)))
    assert image.format == "PNG" and 500 <= image.width <= 900
    # the open red door's bar is drawn in red; a wall in near-white; a token in its seat colour
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 20) or []}
    assert (220, 60, 50) in colours and (226, 226, 232) in colours


def test_area_map_draws_polygons_and_tokens() -> None:
    pic = AreaMapPicture(
        title="Neo Paris (placeholder)",
        watermark="NON-CANONICAL MAP",
        areas=[
            {
                "id": "13",
                "label": "13",
                "polygon": [(0, 0), (500, 0), (500, 500), (0, 500)],
                "tokens": [{"cell": (0, 0), "label": "Ann x2", "seat": 0}],
            },
            {
                "id": "14",
                "label": "14",
                "polygon": [(500, 0), (1000, 0), (1000, 500), (500, 500)],
                "highlight": True,
            },
        ],
    )
    image = Image.open(io.BytesIO(render(pic.model_dump())))
    assert image.format == "PNG" and image.width == 900
    assert image.convert("RGB").getpixel((250, 200)) != image.convert("RGB").getpixel((5, 5))
