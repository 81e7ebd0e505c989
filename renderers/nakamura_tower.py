"""Human Interface: Nakamura Tower as an image: the tower floor (renderers/board.py) with its rooms and
hallways (TAC value and this turn's alarms), walls, doors in their colour (open, closed, locked), Terminals,
objectives, Exits and drone entry points, every model with its letter label (a Team's letter, a drone's
``d``), the last move and line of fire; below it a panel with the turn, phase and order, each Team's score,
System Resources, hand size and running programmes, every character's wounds and status, the Terminals'
defence cards (face-up ones by name, face-down ones counted). The private image adds the player's own
Cyberwarfare hand, its secret declaration or plan so far and what its Fly Eye saw. About 550 pixels wide.

Team colours are from the Okabe-Ito palette (distinguishable with the common colour-vision deficiencies),
and every token carries its letters, so nothing depends on colour alone.

The view is read through its typed schema (:class:`~engine.nakamura_tower.view.NtView`) once, at the
entry; squares come from it as :class:`~engine.core.board.cell.Cell` values, never parsed again here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.core.board.cell import Cell
from engine.nakamura_tower.view import ModelView, NtView

from .board import GridPicture, ShadePic, TokenPic, draw_grid
from .common import ACCENT, INK, MUTED, PANEL, RGB, canvas, panel, text, to_png, wrap

CELL = 30
LINE = 17
TEAM_COLOURS: tuple[RGB, ...] = ((230, 159, 0), (86, 180, 233), (0, 158, 115))
DRONE: RGB = (190, 190, 196)
PSYCHOTIC: RGB = (204, 121, 167)
ROOM: RGB = (120, 110, 150)
HALL: RGB = (95, 120, 120)
MARKS: dict[str, tuple[RGB, str]] = {
    "objective": ((240, 200, 60), "O"),
    "exit": ((120, 220, 120), "X"),
    "entry": ((200, 80, 80), "E"),
    "mine": ((150, 70, 210), "M"),
}
TERMINAL_COLOURS: dict[str, RGB] = {"red": (220, 60, 50), "blue": (60, 130, 230), "": (200, 200, 200)}


def _checked(view: dict[str, Any] | NtView) -> NtView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, NtView) else NtView.model_validate(view)


def _team_colour(view: NtView, team: str) -> RGB:
    seats = [t.seat for t in view.teams]
    return TEAM_COLOURS[seats.index(team) % len(TEAM_COLOURS)] if team in seats else PSYCHOTIC


def partners(view: NtView, seat: str) -> dict[str, list[str]]:
    """The other seats that play characters of ``seat``'s Team (a shared Faction, ruling H1), with them."""
    out: dict[str, list[str]] = {}
    for m in view.models:
        player = m.controller or m.team
        if m.kind == "character" and m.team == seat and player != seat:
            out.setdefault(player, []).append(m.id)
    return out


def _tokens(view: NtView) -> list[TokenPic]:
    out = []
    for m in view.models:
        if m.cell is None:
            continue
        label = m.id + ("*" if m.crippled else "") + ("~" if m.stunned else "")
        if m.status == "unconscious":  # ruling M6: it lies on its square, drawn as a flat oval
            colour = _team_colour(view, m.team)
            out.append(TokenPic(cell=m.cell, label=m.id, colour=colour, shape="lying"))
        elif m.kind == "drone":
            out.append(TokenPic(cell=m.cell, label=label, colour=DRONE, shape="square"))
        else:
            colour = PSYCHOTIC if m.psychotic else _team_colour(view, m.team)
            shape = "square" if m.psychotic else "circle"
            out.append(TokenPic(cell=m.cell, label=label, colour=colour, shape=shape))
    return out


def _shading(view: NtView, picture: GridPicture) -> list[ShadePic]:
    out = []
    ids = {name: ident for ident, name in view.areas.items()}
    for area in picture.shading:
        name = area.label
        ident = ids.get(name, name)
        tac = view.tac.get(ident, 0)
        alarms = view.alarms.get(ident, 0)
        label = f"{name} TAC {tac}" + (f" alarm {alarms}" if alarms else "")
        colour = HALL if view.area_kinds.get(ident) == "hallway" else ROOM
        out.append(ShadePic(cells=area.cells, colour=colour, label=label))
    for t in view.terminals:
        mark = "T" + (f" {t.controller}" if t.controller else "")
        out.append(
            ShadePic(cells=[t.cell], colour=TERMINAL_COLOURS.get(t.colour, (200, 200, 200)), label=mark)
        )
    for kind, cells in (("objective", view.objectives), ("exit", view.exits), ("entry", view.entry_points)):
        colour, mark = MARKS[kind]
        out += [ShadePic(cells=[c], colour=colour, label=mark) for c in cells]
    colour, mark = MARKS["mine"]
    for mine in view.mines:
        label = f"{mark} {mine.owner}" + ("" if mine.armed else " (not yet active)")
        out.append(ShadePic(cells=[mine.cell], colour=colour, label=label))
    return out


def _character_line(view: NtView, m: ModelView) -> tuple[str, RGB]:
    state = m.status if m.status != "ok" else ("psychotic" if m.psychotic else str(m.cell))
    flags = "".join(
        f
        for f, on in (
            (" crippled", m.crippled),
            (" activated", m.activated),
            (" reacted", m.reacted),
            (" stunned", m.stunned),
        )
        if on
    )
    return (
        f"{m.id} {m.name}: {state}, wounds {m.wounds}/{m.wound_limit}, "
        f"Cybershock {m.cybershock}{flags}" + (f"; {', '.join(m.gear)}" if m.gear else ""),
        INK if m.status == "ok" else MUTED,
    )


def _panel_lines(view: NtView) -> list[tuple[str, RGB]]:
    lines: list[tuple[str, RGB]] = []
    order = ", ".join(view.order) or "-"
    lines.append(
        (
            f"Turn {view.round}/{view.turns}  phase: {view.phase}  order: {order}  "
            f"CanDo left {view.cando_left}, last {view.draws[-3:]}",
            ACCENT,
        )
    )
    for team in view.teams:
        tn = ", ".join(team.tn) or "no programmes"
        leader = f", Team Leader {team.leader}" if team.leader else ""
        lines.append(
            (
                f"{team.seat} ({team.faction}, {team.letter}{leader}): {team.score} points, "
                f"SR {team.sr}, hand {team.hand_size}; TN: {tn}",
                _team_colour(view, team.seat),
            )
        )
        for partner, ids in partners(view, team.seat).items():
            lines.append((f"  shared Team: {partner} plays {', '.join(ids)}", _team_colour(view, team.seat)))
    lines += [_character_line(view, m) for m in view.models if m.kind == "character"]
    held = [f"{t.id} {t.controller}" for t in view.terminals if t.controller]
    for t in view.terminals:
        down = ", ".join(f"{n} face down against {seat}" for seat, n in t.face_down.items())
        up = ", ".join(f"{'/'.join(cards)} face up against {seat}" for seat, cards in t.face_up.items())
        if down or up:
            lines.append((f"Terminal {t.id} defence: {'; '.join(x for x in (down, up) if x)}", MUTED))
    drones = sum(1 for m in view.models if m.kind == "drone" and m.cell is not None)
    lines.append((f"Drones {drones}; Terminals held: {', '.join(held) or 'none'}", MUTED))
    return lines


def _private_lines(view: NtView) -> list[tuple[str, RGB]]:
    """The seat's own secrets: its Cyberwarfare hand, its face-down plan so far and what its Fly Eye saw."""
    lines = [(f"Your hand: {', '.join(view.my_hand) or 'empty'}", ACCENT)]
    if view.my_plan:
        lines.append((f"Your secret choice so far: {'; '.join(view.my_plan)}", ACCENT))
    lines += [(seen, ACCENT) for seen in view.my_seen]
    if view.my_draft:
        lines.append((f"Your Team, being built (Team Budget left: {view.my_budget}):", ACCENT))
        for member in view.my_draft:
            lead = " (Team Leader)" if member.leader else ""
            bought = f"; bought: {', '.join(member.bought)}" if member.bought else ""
            gear = ", ".join(member.equipment) or "no gear"
            lines.append((f"  {member.name}{lead}: {gear}{bought}", ACCENT))
    return lines


def floor(view: NtView, title: str, highlight: Sequence[Cell] = ()) -> GridPicture:
    """The tower floor's picture: the view's board with its rooms' TAC and alarms, Terminals, marks and
    every model's token, the given title and squares highlighted (besides the picture's own)."""
    picture = GridPicture.model_validate(view.picture)
    return picture.model_copy(
        update={
            "shading": _shading(view, picture),
            "tokens": _tokens(view),
            "title": title,
            "highlight": [*picture.highlight, *highlight],
        }
    )


def _wrapped(lines: list[tuple[str, RGB]], width: int) -> list[tuple[str, RGB]]:
    return [(part, colour) for line, colour in lines for part in wrap(line, width, 12)]


def draw(data: dict[str, Any] | NtView, private: bool = False) -> Image.Image:
    view = _checked(data)
    board = draw_grid(floor(view, f"{view.mission}: turn {view.round}, {view.phase}"), cell=CELL)
    width = board.width
    lines = _panel_lines(view)
    if private and view.my_team:
        lines += _private_lines(view)
    rows = _wrapped(lines, width - 36)
    image, d = canvas(width, board.height + len(rows) * LINE + 24)
    image.paste(board, (0, 0))
    y = board.height
    panel(d, (6, y, width - 6, image.height - 6), fill=PANEL)
    y += 6
    for line, colour in rows:
        text(d, (14, y), line, size=12, fill=colour)
        y += LINE
    return image


def render(view: dict[str, Any] | NtView) -> bytes:
    return to_png(draw(view))


def render_private(view: dict[str, Any] | NtView) -> bytes:
    return to_png(draw(view, private=True))
