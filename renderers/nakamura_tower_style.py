"""What every Nakamura Tower picture shares: the palette, plain text (the default font has no accents), the
tower floor drawn for a phone, and its key.

The floor is the shared grid (renderers/board.py: squares, walls, doors, tokens, the last path and line of
fire) with this game's own layer on top, every text at a readable size and never over another: each room's
and hallway's name with its TAC and Alarm tokens, placed on free squares only (never under a model, a
Terminal or a mark; shortened, then left to the key, where no free place is wide enough); the marks (``T``
Terminal, ``O`` objective, ``X`` Exit, ``E`` drone Entry Point, ``M`` Mine token, with the holder's or
owner's Team letter); the doors' numbers; and what the last move changed: a ring where a moved model stood,
a red ring around a model hurt, an outline on a Mine token placed, a Terminal taken or a door set.

Models differ by shape as well as colour: a Team's characters are circles with their Team's letter and
number (``a1``), a drone a grey square (``d1``), a character lost to Cyberpsychosis a purple square, an
unconscious one a flat oval; ``*`` marks a crippled model and ``~`` a stunned one.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from engine.core.board.cell import Cell
from engine.nakamura_tower.view import ModelView, NtView, TeamView

from .board import DoorPic, GridPicture, ShadePic, TokenPic, draw_grid
from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, ink_on
from .common import text as _text
from .common import text_width as _width
from .common import wrap as _wrap

Box = tuple[float, float, float, float]
TEAM_COLOURS: tuple[RGB, ...] = ((230, 159, 0), (86, 180, 233), (0, 158, 115))
"""Okabe-Ito orange, sky blue and bluish green: told apart with the common colour-vision deficiencies."""
DRONE: RGB = (190, 190, 196)
PSYCHOTIC: RGB = (204, 121, 167)
ROOM: RGB = (120, 110, 150)
HALL: RGB = (95, 120, 120)
HURT: RGB = (235, 80, 70)
DARK: RGB = (20, 22, 26)
WHITE: RGB = (255, 255, 255)
MARKS: dict[str, tuple[RGB, str]] = {
    "objective": ((240, 200, 60), "O"),
    "exit": ((120, 220, 120), "X"),
    "entry": ((200, 80, 80), "E"),
    "mine": ((150, 70, 210), "M"),
}
TERMINAL_COLOURS: dict[str, RGB] = {"red": (220, 60, 50), "blue": (60, 130, 230), "": (200, 200, 200)}
DOOR_COLOURS: dict[str, RGB] = {
    "red": (220, 60, 50),
    "blue": (60, 130, 230),
    "green": (60, 190, 90),
    "yellow": (235, 200, 40),
    "": (150, 150, 150),
}
COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    WHITE,
    DARK,
    DRONE,
    PSYCHOTIC,
    ROOM,
    HALL,
    HURT,
    *TEAM_COLOURS,
    *TERMINAL_COLOURS.values(),
    *DOOR_COLOURS.values(),
    *(colour for colour, _ in MARKS.values()),
)
"""The colours every Nakamura picture draws with (a PNG on their fixed palette: smaller and faster)."""
SMALL = 11
"""The smallest font size drawn: the pictures are at most 550 px wide, so 11 px reads 11 px on a phone."""
LEFT, TOP = 30, 34
"""Where ``draw_grid`` puts the first square (its frame without a title)."""

PUNCTUATION = str.maketrans({"—": "-", "–": "-", "×": "x", "’": "'"})


def plain(value: str) -> str:
    """The default font has no accents nor dashes: "Übermensch" is drawn "Ubermensch"."""
    decomposed = unicodedata.normalize("NFKD", value.translate(PUNCTUATION))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, **kw: Any) -> None:
    _text(draw, xy, plain(value), **kw)


def text_width(value: str, size: int = 16) -> float:
    return _width(plain(value), size)


def wrap(value: str, width_px: int, size: int = 16) -> list[str]:
    return _wrap(plain(value), width_px, size)


def checked(view: dict[str, Any] | NtView) -> NtView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, NtView) else NtView.model_validate(view)


def team_colour(view: NtView, team: str) -> RGB:
    seats = [t.seat for t in view.teams]
    return TEAM_COLOURS[seats.index(team) % len(TEAM_COLOURS)] if team in seats else PSYCHOTIC


def letter_of(view: NtView, seat: str | None) -> str:
    return next((t.letter for t in view.teams if t.seat == seat), "")


def partners(view: NtView, seat: str) -> dict[str, list[str]]:
    """The other seats that play characters of ``seat``'s Team (a shared Faction, ruling H1), with them."""
    out: dict[str, list[str]] = {}
    for m in view.models:
        player = m.controller or m.team
        if m.kind == "character" and m.team == seat and player != seat:
            out.setdefault(player, []).append(m.id)
    return out


def counted(n: int, word: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def points(view: NtView, team: TeamView) -> str:
    """ "3 points", or "3 points (+2 for a Terminal held)": what the Terminals it holds add at the end."""
    if not team.held_points:
        return counted(team.score, "point")
    held = sum(1 for t in view.terminals if t.controller == team.seat)
    terminals = "a Terminal" if held == 1 else f"{held} Terminals"
    return f"{counted(team.score, 'point')} (+{team.held_points} for {terminals} held)"


def token_label(m: ModelView) -> str:
    return m.id + ("*" if m.crippled else "") + ("~" if m.stunned else "")


def tokens(view: NtView) -> list[TokenPic]:
    out = []
    for m in view.models:
        if m.cell is None:
            continue
        if m.status == "unconscious":  # ruling M6: it lies on its square, drawn as a flat oval
            out.append(TokenPic(cell=m.cell, label=m.id, colour=team_colour(view, m.team), shape="lying"))
        elif m.kind == "drone":
            out.append(TokenPic(cell=m.cell, label=token_label(m), colour=DRONE, shape="square"))
        else:
            colour = PSYCHOTIC if m.psychotic else team_colour(view, m.team)
            out.append(
                TokenPic(
                    cell=m.cell,
                    label=token_label(m),
                    colour=colour,
                    shape="square" if m.psychotic else "circle",
                )
            )
    return out


@dataclass(frozen=True)
class Mark:
    cell: Cell
    colour: RGB
    label: str
    dim: bool = False


def marks(view: NtView) -> list[Mark]:
    """The floor's marks: Terminals (with the holder's Team letter), objectives, Exits, Entry Points, Mine
    tokens (with the owner's Team letter; dim while not yet active)."""
    out = [
        Mark(
            t.cell, TERMINAL_COLOURS.get(t.colour, TERMINAL_COLOURS[""]), "T" + letter_of(view, t.controller)
        )
        for t in view.terminals
    ]
    for kind, cells in (("objective", view.objectives), ("exit", view.exits), ("entry", view.entry_points)):
        colour, letter = MARKS[kind]
        out += [Mark(c, colour, letter) for c in cells]
    colour, letter = MARKS["mine"]
    out += [Mark(m.cell, colour, letter + letter_of(view, m.owner), not m.armed) for m in view.mines]
    return out


def floor_picture(view: NtView, highlight: Iterable[Cell] = ()) -> GridPicture:
    """The shared grid's picture of the floor: rooms shaded (no labels: :func:`overlay` places them),
    marks as coloured squares, doors without their numbers (drawn larger by :func:`overlay`), tokens."""
    picture = GridPicture.model_validate(view.picture)
    ids = {name: ident for ident, name in view.areas.items()}
    shading = [
        ShadePic(
            cells=a.cells, colour=HALL if view.area_kinds.get(ids.get(a.label, "")) == "hallway" else ROOM
        )
        for a in picture.shading
    ]
    shading += [ShadePic(cells=[m.cell], colour=m.colour) for m in marks(view)]
    doors = [DoorPic(a=d.a, b=d.b, state=d.state, colour=d.colour) for d in picture.doors]
    return picture.model_copy(
        update={
            "title": "",
            "shading": shading,
            "doors": doors,
            "tokens": tokens(view),
            "highlight": [*picture.highlight, *highlight],
        }
    )


def square(pos: tuple[int, int] | Cell, cell: int) -> Box:
    col, row = (pos.col, pos.row) if isinstance(pos, Cell) else pos
    x, y = LEFT + col * cell, TOP + row * cell
    return x, y, x + cell, y + cell


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Floor:
    """The floor drawn at ``cell`` px a square, with this game's layer on top (see the module)."""

    def __init__(self, view: NtView, cell: int, highlight: Iterable[Cell] = ()) -> None:
        self.view, self.cell = view, cell
        self.picture = floor_picture(view, highlight)
        self.image = draw_grid(self.picture, cell=cell)
        self.draw = ImageDraw.Draw(self.image)
        self.taken: list[Box] = []
        self.busy = {(t.cell[0], t.cell[1]) for t in self.picture.tokens} | {
            (m.cell.col, m.cell.row) for m in marks(view)
        }
        self.doorways = {tuple(p) for d in self.picture.doors for p in (d.a, d.b)}
        """The squares beside a door: a room's name never crosses a door (open, its bar stands out there)."""
        self.unplaced: list[str] = []

    def drawn(self) -> Any:
        """Draw the layer; returns the image."""
        self._marks()
        self._doors()
        self._rooms()
        self._last()
        return self.image

    def _marks(self) -> None:
        held = {(t.cell[0], t.cell[1]) for t in self.picture.tokens}
        for m in marks(self.view):
            x0, y0, x1, y1 = square(m.cell, self.cell)
            self.taken.append((x0, y0, x1, y1))
            if (m.cell.col, m.cell.row) in held:
                continue  # a model stands on it: its square's colour shows around the token
            fill = MUTED if m.dim else ink_on(m.colour)
            text(self.draw, ((x0 + x1) / 2, (y0 + y1) / 2), m.label, size=13, fill=fill, anchor="mm")

    def _door_at(self, edge: str) -> tuple[float, float]:
        """The middle of the doorway ``edge`` ("E3-F3")."""
        a, b = edge.split("-")
        ca, cb = Cell.parse(a), Cell.parse(b)
        (ax0, ay0, ax1, ay1), (bx0, by0, _, _) = square(ca, self.cell), square(cb, self.cell)
        return ((ax1 + bx0) / 2, (ay0 + ay1) / 2) if ca.row == cb.row else ((ax0 + ax1) / 2, (ay1 + by0) / 2)

    def _doors(self) -> None:
        for d in self.view.doors:
            if d.state != "closed" or d.number is None:
                continue
            x, y = self._door_at(d.edge)
            colour = DOOR_COLOURS.get(d.colour, DOOR_COLOURS[""])
            self.draw.rectangle((x - 5, y - 7, x + 5, y + 7), fill=colour, outline=DARK)
            text(self.draw, (x, y), str(d.number), size=SMALL, fill=ink_on(colour), anchor="mm")
            self.taken.append((x - 6, y - 8, x + 6, y + 8))

    def _room_texts(self, label: str) -> list[list[str]]:
        ident = next((i for i, n in self.view.areas.items() if n == label), "")
        tac = f"TAC {self.view.tac.get(ident, 0)}"
        alarms = self.view.alarms.get(ident, 0)
        stats = tac + (f" alarm {alarms}" if alarms else "")
        first = label.split(" ")[0]
        return [[f"{label} {stats}"], [label, stats], [f"{first} {stats}"], [first, stats], [label], [first]]

    def _fits(self, box: Box, cells: set[tuple[int, int]]) -> bool:
        col0, col1 = math.floor((box[0] - LEFT) / self.cell), math.floor((box[2] - 1 - LEFT) / self.cell)
        row0, row1 = math.floor((box[1] - TOP) / self.cell), math.floor((box[3] - 1 - TOP) / self.cell)
        covered = {(c, r) for c in range(col0, col1 + 1) for r in range(row0, row1 + 1)}
        if not covered <= cells or covered & self.busy or covered & self.doorways:
            return False
        return not any(_meet(box, t) for t in self.taken)

    def _place(self, lines: list[str], cells: set[tuple[int, int]]) -> Box | None:
        high = 13 * len(lines) - 1
        wide = max(text_width(line, SMALL) for line in lines) + 4
        for col, row in sorted(cells, key=lambda p: (p[1], p[0])):
            x0, y0, _, _ = square((col, row), self.cell)
            box = (x0 + 2, y0 + (self.cell - high) / 2, x0 + 2 + wide, y0 + (self.cell + high) / 2)
            if self._fits(box, cells):
                return box
        return None

    def _rooms(self) -> None:
        """Each room's name, TAC and alarms on free squares of the room."""
        blocked = {(b[0], b[1]) for b in self.picture.blocked}
        for area in GridPicture.model_validate(self.view.picture).shading:
            cells = {(c[0], c[1]) for c in area.cells} - blocked
            for lines in self._room_texts(area.label):
                box = self._place(lines, cells)
                if box is None:
                    continue
                self.taken.append(box)
                for i, line in enumerate(lines):
                    text(self.draw, (box[0] + 1, box[1] + 13 * i), line, size=SMALL, fill=INK)
                break
            else:
                self.unplaced.append(area.label)

    def _last(self) -> None:
        """What the last move changed: where moved models stood, the hurt, Mine tokens placed, Terminals
        taken, doors opened, closed or locked."""
        last = self.view.last
        if last is None:
            return
        by_id = {m.id: m for m in self.view.models}
        for moved in last.moved:
            m = by_id.get(moved.id)
            if moved.start is None or m is None:
                continue
            x0, y0, x1, y1 = square(moved.start, self.cell)
            pad = self.cell // 6
            colour = DRONE if m.kind == "drone" else team_colour(self.view, m.team)
            self.draw.ellipse((x0 + pad, y0 + pad, x1 - pad, y1 - pad), outline=colour, width=2)
            end = moved.end
            walked = (
                end is not None and bool(self.picture.path) and self.picture.path[-1] == (end.col, end.row)
            )
            if end is not None and not walked:  # a path drawn shows the way already
                ex0, ey0, ex1, ey1 = square(end, self.cell)
                self.draw.line(
                    ((x0 + x1) / 2, (y0 + y1) / 2, (ex0 + ex1) / 2, (ey0 + ey1) / 2), fill=colour, width=1
                )
        for ident in last.hurt:
            m = by_id.get(ident)
            if m is not None and m.cell is not None:
                x0, y0, x1, y1 = square(m.cell, self.cell)
                self.draw.ellipse((x0, y0, x1, y1), outline=HURT, width=2)
        for cell in [*last.mines, *last.terminals]:
            self.draw.rectangle(square(cell, self.cell), outline=ACCENT, width=3)
        for edge in last.doors:
            x, y = self._door_at(edge)
            self.draw.rectangle((x - 9, y - 11, x + 9, y + 11), outline=ACCENT, width=2)


__all__ = [
    "COLOURS",
    "DRONE",
    "Floor",
    "HALL",
    "MARKS",
    "PSYCHOTIC",
    "ROOM",
    "SMALL",
    "TEAM_COLOURS",
    "TERMINAL_COLOURS",
    "checked",
    "counted",
    "letter_of",
    "marks",
    "partners",
    "plain",
    "points",
    "team_colour",
    "text",
    "text_width",
    "tokens",
    "wrap",
]
