"""The render model of a grid, as a game's view holds it: a plain JSON-able dict that the shared
renderer (``renderers/board.py``, ``GridPicture``) reads. The engine builds it from the static spec and the
dynamic facts the game passes in; the renderer never sees the engine.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Any

from .cell import Cell, Edge, column_label
from .grid import Grid

Token = tuple[Cell, str, int | None]
"""A token: where it stands, its label (a name, not one letter), the seat index for its colour."""


def _pos(cell: Cell) -> list[int]:
    return [cell.col, cell.row]


def grid_picture(
    grid: Grid,
    *,
    title: str = "",
    tokens: Iterable[Token] = (),
    opened: Container[Edge] = (),
    locked: Container[Edge] = (),
    blocked: Iterable[Cell] = (),
    shade: Iterable[str] | None = None,
    path: Iterable[Cell] = (),
    sight: Iterable[tuple[Cell, Cell, bool]] = (),
    highlight: Iterable[Cell] = (),
) -> dict[str, Any]:
    """The picture of ``grid`` now: ``opened`` and ``locked`` door edges (others are drawn closed),
    ``blocked`` cells placed in play (IPA's walls), the areas to shade (by id; all by default), the last
    move's ``path`` and lines of ``sight`` (a, b, clear)."""
    areas = [grid.areas[a] for a in (shade if shade is not None else grid.areas) if a in grid.areas]
    doors = [
        {
            "a": _pos(e.a),
            "b": _pos(e.b),
            "colour": d.colour,
            "number": d.number,
            "state": "open" if e in opened else ("locked" if e in locked else "closed"),
        }
        for e, d in grid.doors.items()
    ]
    return {
        "kind": "grid",
        "title": title,
        "width": grid.width,
        "height": grid.height,
        "columns": [column_label(c) for c in range(grid.width)],
        "rows": [str(r + 1) for r in range(grid.height)],
        "blocked": [_pos(c) for c in sorted(set(grid.blocked) | set(blocked), key=Cell.reading)],
        "walls": [[_pos(e.a), _pos(e.b)] for e in sorted(grid.walls)],
        "doors": doors,
        "shading": [{"cells": [_pos(c) for c in a.cells], "label": a.name or a.id} for a in areas],
        "tokens": [{"cell": _pos(c), "label": label, "seat": seat} for c, label, seat in tokens],
        "path": [_pos(c) for c in path],
        "sight": [{"a": _pos(a), "b": _pos(b), "clear": clear} for a, b, clear in sight],
        "highlight": [_pos(c) for c in highlight],
    }
