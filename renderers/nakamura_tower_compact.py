"""The compact Nakamura Tower board: the picture posted in the thread (and the status message, the history and
the replay), laid out for a phone (issue 31): 550 px wide, so it is shown at its own size, no text under 11
px and none over another. Top to bottom: the turn and phase, who acts now (the character under way with its
Action Points left), the tower floor (renderers/nakamura_tower_style.py: rooms named on free squares,
marks, door numbers, every model, the last path and line of fire, and what the last move changed), one row
per Team (its players, Faction, points with the last move's gain, SR, cards, and each character's wounds
and state), the last move in words (with what the seats chose in secret once it is revealed), and the key.

Only public fields of the view are read (never ``my_team``, ``my_hand`` or ``my_plan``), so every seat's
view draws the same image. The full board (:mod:`renderers.nakamura_tower`) is a click away.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.nakamura_tower.view import ModelView, NtView, TeamView

from .common import ACCENT, INK, MUTED, PANEL, canvas, due_label, ink_on, to_png
from .nakamura_tower_key import draw_key
from .nakamura_tower_style import (
    COLOURS,
    WHITE,
    Floor,
    checked,
    counted,
    partners,
    plain,
    team_colour,
    text,
    text_width,
    wrap,
)

CELL = 30
WIDTH = 550
"""The picture's width: a phone shows it at its own size (the floor, 540 px at 30 px a square, centred)."""
MARGIN = 8
BLANK_TOP = 16
"""The floor image's blank top, above its column letters (cut off: the header stands there)."""
LAST_ROWS = 4


def _acting(view: NtView) -> ModelView | None:
    return next((m for m in view.models if m.id == view.current), None)


def _now(view: NtView) -> list[str]:
    """Who acts now, in words (or how the game ended)."""
    result = view.result
    if result is not None:
        if result.draw:
            return [f"A draw. {result.reason}."]
        together = result.reason.startswith(("Mission complete", "The tower wins"))
        won = " and ".join(result.winners)
        return [(f"{won} won. " if won and not together else "") + result.reason + "."]
    acting = _acting(view)
    out = []
    if acting is not None:
        left = f"{acting.ap} Action Point{'s' if acting.ap != 1 else ''} left"
        out.append(f"Now: {acting.name} ({acting.controller or acting.team}) is acting, {left}.")
    if view.awaiting and (acting is None or view.awaiting != [acting.controller or acting.team]):
        out.append(("Reacting: " if acting is not None else "Waiting for ") + ", ".join(view.awaiting) + ".")
    return out


def _header(d: ImageDraw.ImageDraw, view: NtView, raw: dict[str, Any], width: int) -> int:
    if view.result is not None:
        title = f"Turn {view.round} of {view.turns} · game over"
    else:
        title = f"Turn {view.round} of {view.turns} · {view.phase}" if view.round else "Set-up"
    text(d, (MARGIN + 4, 8), title, size=20, fill=INK)
    due = due_label(raw)
    if due:
        text(d, (width - MARGIN - 4, 18), due, size=13, fill=ACCENT, anchor="rm")
    y = 36
    for line in [row for now in _now(view) for row in wrap(now, width - 2 * MARGIN - 8, 14)][:2]:
        text(d, (MARGIN + 4, y), line, size=14, fill=ACCENT)
        y += 18
    if view.order and view.result is None:
        text(d, (MARGIN + 4, y), "Real World order: " + ", ".join(view.order), size=13, fill=MUTED)
        y += 17
    return y


def _character(m: ModelView, acting: str | None) -> str:
    first = m.name.split(" ")[0] if m.kind == "character" else m.name
    if m.status == "unconscious":
        state = "unconscious"
    elif m.status != "ok":
        state = {"escaped": "escaped", "destroyed": "destroyed"}.get(m.status, m.status)
    else:
        state = (
            f"{m.wounds}/{m.wound_limit}" + ("*" if m.crippled else "") + (" psycho" if m.psychotic else "")
        )
        state += " stunned" if m.stunned else ""
        state += f" acting, {m.ap} AP" if m.id == acting else (" done" if m.activated else "")
    return f"{m.id} {first} {state}"


def _rows(entries: list[str], room: int, size: int) -> list[str]:
    """The entries on as few rows as fit ``room`` px, never one cut across two rows."""
    rows: list[str] = []
    for entry in entries:
        if rows and text_width(rows[-1] + "   " + entry, size) <= room:
            rows[-1] += "   " + entry
        else:
            rows.append(entry)
    return rows


def _team(d: ImageDraw.ImageDraw, view: NtView, team: TeamView, y: int, width: int) -> int:
    seat = team.seat
    shared = partners(view, seat)
    acting = seat in view.awaiting or any(s in view.awaiting for s in shared)
    chars = [_character(m, view.current) for m in view.models if m.kind == "character" and m.team == seat]
    rows = _rows(chars, width - 2 * MARGIN - 50, 13)
    height = 30 + 17 * len(rows) + 4
    d.rounded_rectangle(
        (MARGIN, y, width - MARGIN, y + height),
        radius=8,
        fill=PANEL,
        outline=WHITE if acting else None,
        width=2,
    )
    colour = team_colour(view, seat)
    d.ellipse((MARGIN + 8, y + 6, MARGIN + 32, y + 30), fill=colour, outline=WHITE, width=2)
    text(d, (MARGIN + 20, y + 18), team.letter, size=15, fill=ink_on(colour), anchor="mm")
    gained = view.last.scores.get(seat, 0) if view.last is not None else 0
    cards = counted(team.hand_size, "card")
    held = f", Terminals +{team.held_points}" if team.held_points else ""
    stats = f"{team.score} pts" + (f" (+{gained})" if gained > 0 else "") + f"{held} · {team.sr} SR · {cards}"
    right = width - MARGIN - 8
    text(d, (right, y + 17), stats, size=14, fill=ACCENT if gained > 0 else INK, anchor="rm")
    players = seat + "".join(f" + {p} ({' '.join(ids)})" for p, ids in shared.items())
    title = f"{players} · {plain(team.faction_name or team.faction)}"
    room = right - text_width(stats, 14) - 12 - (MARGIN + 40)
    while len(title) > 4 and text_width(title, 15) > room:
        title = title.removesuffix("...")[:-1].rstrip() + "..."
    text(d, (MARGIN + 40, y + 9), title, size=15, fill=INK)
    for i, row in enumerate(rows):
        text(d, (MARGIN + 40, y + 30 + 17 * i), row, size=13, fill=ACCENT if acting else MUTED)
    return y + height + 4


def _last(d: ImageDraw.ImageDraw, view: NtView, y: int, width: int) -> int:
    """The last move in words: what it changed (and the secret choices revealed), then the newest event."""
    last = view.last
    room = width - 2 * MARGIN - 20
    changed = (last.revealed + last.changes) if last is not None else []
    rows = [(row, INK) for line in changed for row in wrap(line, room, 13)]
    if len(rows) > LAST_ROWS:
        more = counted(len(rows) - LAST_ROWS + 1, "more line")
        rows = rows[: LAST_ROWS - 1] + [(f"and {more} on the full board", MUTED)]
    if not rows and last is not None:
        rows = [("nothing on the board changed", MUTED)]
    newest = view.log[-1] if view.log else ""
    if newest and newest not in changed:
        said = f"Latest: {newest}" if rows else newest
        rows += [(row, MUTED if changed else INK) for row in wrap(said, room, 13)][:2]
    if not rows:
        return y
    title = f"Last: {last.what}" if last is not None else "Latest"
    height = 26 + 16 * len(rows) + 4
    d.rounded_rectangle(
        (MARGIN, y, width - MARGIN, y + height), radius=8, fill=PANEL, outline=ACCENT, width=2
    )
    text(d, (MARGIN + 10, y + 6), title, size=13, fill=ACCENT)
    for i, (row, colour) in enumerate(rows):
        text(d, (MARGIN + 10, y + 25 + 16 * i), row, size=13, fill=colour)
    return y + height + 6


def render_compact(data: dict[str, Any] | NtView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = checked(data)
    raw = data if isinstance(data, dict) else {}
    acting = _acting(view)
    floor = Floor(view, CELL, [acting.cell] if acting is not None and acting.cell is not None else [])
    board = floor.drawn()
    width = WIDTH
    image, d = canvas(width, 2000)
    y = _header(d, view, raw, width)
    at = (width - board.width) // 2
    image.paste(board.crop((0, BLANK_TOP, board.width, board.height)), (at, y))  # its blank top left off
    y += board.height - BLANK_TOP
    for team in view.teams:
        y = _team(d, view, team, y, width)
    y = _last(d, view, y + 2, width)
    y = int(draw_key(d, view, y + 2, width, MARGIN, floor.unplaced))
    return to_png(image.crop((0, 0, width, y + 6)), COLOURS)
