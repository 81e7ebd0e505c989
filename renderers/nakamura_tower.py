"""Human Interface: Nakamura Tower as an image: the full board, for a large screen (the thread shows the
compact one, :mod:`renderers.nakamura_tower_compact`; a player's own picture is
:mod:`renderers.nakamura_tower_private`).

The tower floor (renderers/nakamura_tower_style.py: rooms and hallways named with their TAC and alarms,
walls, doors in their colour with their numbers, Terminals, objectives, Exits and drone Entry Points, every
model with its letters, the last move and line of fire, what the last move changed), then a panel: the
turn, phase and order, the CanDo draws, each Team's score, System Resources, hand size and running
programmes, every character's square, wounds, Cybershock, state and gear, the Terminals' defence cards
(face-up ones by name, face-down ones counted), and the key. 540 px wide: shown at its own size on a phone.

The view is read through its typed schema (:class:`~engine.nakamura_tower.view.NtView`) once, at the entry;
squares come from it as :class:`~engine.core.board.cell.Cell` values, never parsed again here.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.nakamura_tower.view import ModelView, NtView

from .common import ACCENT, INK, MUTED, PANEL, RGB, canvas, panel, to_png
from .nakamura_tower_key import draw_key
from .nakamura_tower_private import render_private as own_picture
from .nakamura_tower_style import (
    COLOURS,
    DRONE,
    HALL,
    MARKS,
    PSYCHOTIC,
    ROOM,
    TEAM_COLOURS,
    TERMINAL_COLOURS,
    Floor,
    checked,
    counted,
    partners,
    plain,
    points,
    team_colour,
    text,
    tokens,
    wrap,
)

CELL = 30
LINE = 16
SIZE = 12
__all__ = [
    "DRONE",
    "HALL",
    "MARKS",
    "PSYCHOTIC",
    "ROOM",
    "TEAM_COLOURS",
    "TERMINAL_COLOURS",
    "draw",
    "panel_lines",
    "render",
    "render_private",
    "tokens",
]


def _character_line(m: ModelView) -> tuple[str, RGB]:
    state = m.status if m.status != "ok" else ("psychotic" if m.psychotic else str(m.cell))
    flags = "".join(
        f
        for f, on in (
            (", crippled", m.crippled),
            (", activated", m.activated),
            (", reacted", m.reacted),
            (", stunned", m.stunned),
        )
        if on
    )
    return (
        f"{m.id} {m.name}: {state}, wounds {m.wounds}/{m.wound_limit}, "
        f"Cybershock {m.cybershock}{flags}" + (f"; {', '.join(m.gear)}" if m.gear else ""),
        INK if m.status == "ok" else MUTED,
    )


def panel_lines(view: NtView) -> list[tuple[str, RGB]]:
    lines: list[tuple[str, RGB]] = []
    order = ", ".join(view.order) or "not yet decided"
    drawn = ", ".join(str(v) for v in view.draws[-3:]) or "none yet"
    when = f"Turn {view.round} of {view.turns}, {view.phase} phase" if view.round else "Set-up"
    lines.append((f"{when}. Real World order: {order}. CanDo: {view.cando_left} left, drawn {drawn}", ACCENT))
    for team in view.teams:
        tn = ", ".join(team.tn) or "no programmes"
        leader = next((m.name for m in view.models if m.id == team.leader), "")
        lead = f", Team Leader {leader}" if leader else ""
        colour = team_colour(view, team.seat)
        lines.append(
            (
                f"{team.seat} ({plain(team.faction_name or team.faction)}, {team.letter}{lead}): "
                f"{points(view, team)}, SR {team.sr}, {counted(team.hand_size, 'card')} in hand; "
                f"Tactical Network: {tn}",
                colour,
            )
        )
        for partner, ids in partners(view, team.seat).items():
            lines.append((f"  shared Team: {partner} plays {', '.join(ids)}", colour))
    lines += [_character_line(m) for m in view.models if m.kind == "character"]
    for t in view.terminals:
        down = ", ".join(f"{n} face down against {seat}" for seat, n in t.face_down.items())
        up = ", ".join(f"{'/'.join(cards)} face up against {seat}" for seat, cards in t.face_up.items())
        where = f"The {t.colour or 'basic'} Terminal at {t.cell.label}"
        held = f" held by {t.controller}" if t.controller else ""
        if down or up or held:
            lines.append(
                (
                    f"{where}{held}" + (f": {'; '.join(x for x in (down, up) if x)}" if down or up else ""),
                    MUTED,
                )
            )
    drones = sum(1 for m in view.models if m.kind == "drone" and m.cell is not None)
    lines.append((f"Drones on the floor: {drones}", MUTED))
    return lines + _last_lines(view)


def _last_lines(view: NtView) -> list[tuple[str, RGB]]:
    """What the last move changed, and what the seats chose in secret once revealed (the floor marks it)."""
    last = view.last
    if last is None:
        return []
    said = last.revealed + last.changes
    head = f"Last: {last.what}" + (": " if said else ", nothing changed on the board.")
    return [(head + "; ".join(said), ACCENT)]


def draw(data: dict[str, Any] | NtView) -> Image.Image:
    view = checked(data)
    acting = next((m for m in view.models if m.id == view.current), None)
    floor = Floor(view, CELL, [acting.cell] if acting is not None and acting.cell is not None else [])
    board = floor.drawn()
    width = board.width
    rows = [(part, colour) for line, colour in panel_lines(view) for part in wrap(line, width - 36, SIZE)]
    image, d = canvas(width, 30 + board.height + len(rows) * LINE + 400)
    text(d, (10, 8), f"{view.mission}", size=16, fill=INK)
    image.paste(board.crop((0, 16, width, board.height)), (0, 30))  # the floor's blank top left off
    y = 30 + board.height - 16
    panel(d, (6, y, width - 6, y + len(rows) * LINE + 12), fill=PANEL)
    y += 6
    for line, colour in rows:
        text(d, (14, y), line, size=SIZE, fill=colour)
        y += LINE
    y = int(draw_key(d, view, y + 12, width, 8, floor.unplaced))
    return image.crop((0, 0, width, y + 6))


def render(view: dict[str, Any] | NtView) -> bytes:
    return to_png(draw(view), COLOURS)


def render_private(data: dict[str, Any] | NtView) -> bytes:
    """The seat's own picture (:mod:`renderers.nakamura_tower_private`); a spectator's view has nothing
    private, and draws the full board."""
    view = checked(data)
    return own_picture(view) if view.my_team is not None else render(view)
