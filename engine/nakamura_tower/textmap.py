"""The tower floor as a text map (issue 30: "a text map of the grid: rows of squares with coordinates"), for
the board text: one line per row of squares under the column letters, each square three characters wide,
the walls and doors between them drawn on the square's right and below it.

A square shows the model on it (its token's letters: ``a1``, ``d2``), else a Terminal ``T``, an objective
``O``, an Exit ``X``, a drone Entry Point ``E`` or a Mine token ``M``, else ``.`` (``###``: no floor). Between
squares ``|`` (``---`` below) is a wall; a door shows its number when closed, ``/`` open, ``#`` locked.
"""

from __future__ import annotations

from typing import Any

from .view import NtView

Pos = tuple[int, int]
WIDE = 3
LEGEND = (
    "Map key: a1 b1 c1: the Teams' characters (their Team's letter and number), d1: a drone; T Terminal, "
    "O objective, X Exit, E drone Entry Point, M Mine token, . floor, ### no floor; | and --- walls; "
    "a door: its number when closed, / open, # locked."
)


def _pos(value: Any) -> Pos:
    return int(value[0]), int(value[1])


def _door_glyph(door: dict[str, Any]) -> str:
    if door.get("state") == "open":
        return "/"
    if door.get("state") == "locked":
        return "#"
    number = door.get("number")
    return str(number) if number is not None else "+"


def _contents(view: NtView) -> dict[Pos, str]:
    """What each square shows: a model first, then a mark."""
    shown: dict[Pos, str] = {}
    marks = [
        (view.entry_points, "E"),
        (view.exits, "X"),
        (view.objectives, "O"),
        ([m.cell for m in view.mines], "M"),
        ([t.cell for t in view.terminals], "T"),
    ]
    for cells, mark in marks:
        for cell in cells:
            shown[(cell.col, cell.row)] = mark
    for m in view.models:
        if m.cell is not None:
            shown[(m.cell.col, m.cell.row)] = m.id
    return shown


def _edges(picture: dict[str, Any]) -> tuple[dict[tuple[Pos, Pos], str], dict[tuple[Pos, Pos], str]]:
    """The glyph between two squares: on the right of the first (``right``), or below it (``below``)."""
    right: dict[tuple[Pos, Pos], str] = {}
    below: dict[tuple[Pos, Pos], str] = {}
    found = [(_pos(a), _pos(b), "wall") for a, b in picture.get("walls", [])]
    found += [(_pos(d["a"]), _pos(d["b"]), _door_glyph(d)) for d in picture.get("doors", [])]
    for a, b, glyph in found:
        a, b = min(a, b, key=lambda p: (p[1], p[0])), max(a, b, key=lambda p: (p[1], p[0]))
        if a[1] == b[1]:
            right[(a, b)] = "|" if glyph == "wall" else glyph
        else:
            below[(a, b)] = "---" if glyph == "wall" else f"-{glyph}-"
    return right, below


def map_lines(view: NtView) -> list[str]:
    """The floor, row by row, with the column letters above and below and the row numbers at both ends."""
    picture = view.picture
    width, height = int(picture.get("width", 0)), int(picture.get("height", 0))
    columns = [str(c) for c in picture.get("columns", [])][:width]
    rows = [str(r) for r in picture.get("rows", [])][:height]
    blocked = {_pos(p) for p in picture.get("blocked", [])}
    shown = _contents(view)
    right, below = _edges(picture)
    pad = max((len(r) for r in rows), default=1)
    head = " " * (pad + 1) + "".join(c.center(WIDE) + " " for c in columns)
    lines = [head.rstrip()]
    for r, label in enumerate(rows):
        cells = []
        for c in range(width):
            what = "###" if (c, r) in blocked else shown.get((c, r), ".").center(WIDE)
            cells.append(what + right.get(((c, r), (c + 1, r)), " "))
        lines.append(f"{label:>{pad}} " + "".join(cells).rstrip() + f" {label}")
        if r + 1 < height:
            under = [below.get(((c, r), (c, r + 1)), " " * WIDE) + " " for c in range(width)]
            line = " " * (pad + 1) + "".join(under)
            if line.strip():
                lines.append(line.rstrip())
    lines.append(head.rstrip())
    return lines


__all__ = ["LEGEND", "map_lines"]
