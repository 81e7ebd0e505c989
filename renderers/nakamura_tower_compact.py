"""The compact Nakamura Tower board: the public board for Discord's inline preview (about 590 px wide, read at
about 550 on a phone). The full board (:mod:`renderers.nakamura_tower`, a click away) lists every Team's
programmes, the CanDo draws and one line per character; this one keeps what a glance needs, in larger
type: the turn, phase and who is awaited, the tower floor (drawn by the full board's helpers, with rooms,
doors, Terminals, objectives and every model with its letters), one row per Team with its characters'
wounds, and the last change (its log lines, the named character's square highlighted, and the last move
and line of fire the floor already draws).

Models differ by more than colour: each carries its Team's letter and number (``a1``), a drone is a square
marked ``d``, a psychotic character a square. Only public fields of the view are read (never ``my_team``,
``my_hand`` or ``my_choice``), so every seat's view draws the same image.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.core.board.cell import Cell
from engine.nakamura_tower.view import NtView, TeamView

from .board import draw_grid
from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    RGB,
    canvas,
    due_label,
    ink_on,
    last_box,
    text,
    to_png,
)
from .nakamura_tower import (
    DRONE,
    HALL,
    MARKS,
    PSYCHOTIC,
    ROOM,
    TEAM_COLOURS,
    TERMINAL_COLOURS,
    _checked,
    _team_colour,
    floor,
    partners,
)

CELL = 34
MARGIN = 8
WHITE: RGB = (255, 255, 255)
COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    WHITE,
    (20, 20, 20),
    DRONE,
    PSYCHOTIC,
    ROOM,
    HALL,
    *TEAM_COLOURS,
    *TERMINAL_COLOURS.values(),
    *(colour for colour, _ in MARKS.values()),
)


def _named(view: NtView, lines: list[str]) -> list[Cell]:
    """The squares of the models the latest log line names (by name or id)."""
    for line in reversed(lines):
        cells = [
            m.cell
            for m in view.models
            if m.cell is not None and (m.name in line or f"{m.id} " in f"{line} ".replace(",", " "))
        ]
        if cells:
            return cells
    return []


def _header(d: ImageDraw.ImageDraw, view: NtView, raw: dict[str, Any], width: int) -> None:
    result = view.result
    if result:
        title = f"Turn {view.round}/{view.turns} · game over"
        sub = result.reason[:70]
    else:
        title = f"Turn {view.round}/{view.turns} · {view.phase}"
        who = view.current or ", ".join(view.awaiting[:3])
        sub = f"to act: {who}" if who else ""
    text(d, (MARGIN + 4, 8), title, size=21, fill=INK)
    due = due_label(raw)
    if due:
        text(d, (width - MARGIN - 4, 19), due, size=14, fill=ACCENT, anchor="rm")
    order = " > ".join(view.order)
    text(d, (MARGIN + 4, 36), sub + (f"   order {order}" if order else ""), size=16, fill=ACCENT)


def _team(d: ImageDraw.ImageDraw, view: NtView, team: TeamView, y: int, width: int) -> int:
    seat = team.seat
    shared = partners(view, seat)
    acting = seat == view.current or any(s in view.awaiting for s in [seat, *shared])
    d.rounded_rectangle(
        (MARGIN, y, width - MARGIN, y + 48), radius=8, fill=PANEL, outline=WHITE if acting else None, width=3
    )
    colour = _team_colour(view, seat)
    d.ellipse((MARGIN + 8, y + 9, MARGIN + 38, y + 39), fill=colour, outline=WHITE, width=2)
    text(d, (MARGIN + 23, y + 24), team.letter, size=17, fill=ink_on(colour), anchor="mm")
    title = seat + "".join(f" + {p} ({' '.join(ids)})" for p, ids in shared.items())
    text(d, (MARGIN + 46, y + 4), title, size=17, fill=INK)
    stats = f"{team.score} pts · SR {team.sr} · hand {team.hand_size}"
    text(d, (width - MARGIN - 8, y + 13), stats, size=16, fill=INK, anchor="rm")
    parts = []
    for m in view.models:
        if m.kind == "character" and m.team == seat:
            state = f"{m.wounds}/{m.wound_limit}w"
            if m.status != "ok":
                state = m.status
            elif m.psychotic:
                state += " psycho"
            elif m.stunned:
                state += " stunned"
            parts.append(f"{m.id} {state}" + (" done" if m.activated else ""))
    line = ("TO ACT · " if acting else "") + "  ".join(parts)
    text(d, (MARGIN + 46, y + 27), line, size=14, fill=ACCENT if acting else MUTED)
    return y + 52


def render_compact(data: dict[str, Any] | NtView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    board = draw_grid(floor(view, "", _named(view, view.log[-2:])), cell=CELL)
    width = board.width
    image, d = canvas(width, 1400)
    image.paste(board, (0, 44))  # the floor's blank top under the header's second line
    _header(d, view, raw, width)
    y = 44 + board.height - 6
    for team in view.teams:
        y = _team(d, view, team, y, width)
    y = last_box(d, view.log[-2:], y + 2, width, MARGIN)
    return to_png(image.crop((0, 0, width, y + 4)), COLOURS)
