"""What IPA's pictures share: each Agent's marker (its seat's shape and colour with its number, so Agents
whose names share letters never look alike), the map's tokens drawn large enough for a phone, a text cut to
its room, and the key of the symbols a picture shows.

Only the view's schema and engine/core value types are read (tests/test_layers.py)."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from engine.core.board.cell import Cell
from engine.ipa_agents.view import AgentView, EquipmentView, IpaView

from .common import ACCENT, INK, MUTED, PANEL, RGB, SHAPES, marker, rounded, seat_colour, text, text_width

GREY: RGB = (150, 150, 150)
DARK: RGB = (90, 90, 90)
GOOD: RGB = (90, 200, 120)
BAD: RGB = (220, 90, 80)
CLEAR: RGB = (80, 220, 120)
LETTERS = {"sentry": "S", "gravitational_enforcer": "G", "scary_mary": "M", "space_tunnel": "T"}
"""Field equipment on the map."""
KINDS = {"sentry": "Sentry", "gravitational_enforcer": "Gravitational Enforcer", "scary_mary": "Scary Mary"}
Centre = Callable[[Cell], tuple[float, float]]
"""A square's centre in the picture's pixels."""
TOKEN_TEXT = 12
"""The size of the text on the map's tokens (at least 11 px on a phone: the pictures are 550 px wide)."""


def fitted(value: str, size: int, room: float) -> str:
    """``value`` cut (with an ellipsis) to ``room`` pixels at ``size``."""
    if text_width(value, size) <= room:
        return value
    while len(value) > 1 and text_width(value + "…", size) > room:
        value = value[:-1]
    return value + "…"


def shape(index: int) -> str:
    return SHAPES[index % len(SHAPES)]


def agent_marker(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], r: float, index: int, agent: AgentView, size: int
) -> None:
    """The Agent's marker: its seat's shape and colour with its seat number; a corpse in grey, "x" and
    the number."""
    if agent.alive:
        marker(d, xy, r, shape(index), seat_colour(index), str(index + 1), size=size)
    else:
        marker(d, xy, r, shape(index), DARK, f"x{index + 1}", outline=GREY, size=size)


def map_tokens(d: ImageDraw.ImageDraw, view: IpaView, at: Centre, cell: int) -> None:
    """The living Agents, field equipment, corpses and Events on the map (``at(square)`` gives a square's
    centre in pixels). A square holds one token with its text: what lies under it (an Event under an Agent,
    a corpse under a unit) shows as a small badge in its corner, so no text is ever drawn over another."""
    taken: set[Cell] = set()
    index = {a.seat: i for i, a in enumerate(view.agents)}
    r = cell * 0.45
    for i, agent in enumerate(view.agents):
        if agent.alive:
            agent_marker(d, at(agent.cell), r, i, agent, TOKEN_TEXT)
            taken.add(agent.cell)
    for fe in view.equipment:
        fill = seat_colour(index[fe.owner]) if fe.owner in index else GREY
        if fe.cell in taken:
            _badge(d, at(fe.cell), cell, fill)
            continue
        taken.add(fe.cell)
        x, y = at(fe.cell)
        rounded(d, (x - 9, y - 9, x + 9, y + 9), radius=4, fill=(20, 20, 20), outline=fill, width=3)
        label = LETTERS.get(fe.kind, "E") + (str(fe.life) if fe.life is not None and fe.life < 10 else "")
        text(d, (x, y + 1), label, 11, INK, anchor="mm")
    for i, agent in enumerate(view.agents):
        if not agent.alive:
            if agent.cell in taken:
                _badge(d, at(agent.cell), cell, DARK)
                continue
            taken.add(agent.cell)
            agent_marker(d, at(agent.cell), r, i, agent, 11)
    for label in view.events:
        square = Cell.parse(label)
        if square in taken:
            _badge(d, at(square), cell, GREY)
            continue
        x, y = at(square)
        d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=GREY, outline=INK, width=1)
        text(d, (x, y + 1), "?", TOKEN_TEXT, (20, 20, 20), anchor="mm")


def _badge(d: ImageDraw.ImageDraw, xy: tuple[float, float], cell: int, fill: RGB) -> None:
    """What lies under a square's token: a dot in the square's top left corner."""
    x, y = xy[0] - cell / 2 + 4, xy[1] - cell / 2 + 4
    d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=fill, outline=INK, width=1)


def _ink(fill: RGB) -> RGB:
    return (20, 20, 20) if 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] > 140 else (255, 255, 255)


def _keys(view: IpaView) -> list[tuple[str, str]]:
    """(icon, words) for every symbol the picture shows."""
    keys = [("wall", "wall")]
    if view.events:
        keys.append(("event", "Event, face down"))
    for kind in sorted({fe.kind for fe in view.equipment}):
        keys.append((kind, _equipment_words(kind, view.equipment)))
    if any(not a.alive for a in view.agents):
        keys.append(("corpse", "corpse"))
    if _covered(view):
        keys.append(("badge", "something under it"))
    if view.last.squares:
        keys.append(("changed", "changed in the last turns"))
    if len(view.last_path) > 1:
        keys.append(("path", "last move"))
    if len(view.last_shot) == 3:
        keys.append(("shot", "last shot (dashed: no clear shot)"))
    keys.append(("words", "SP Science Points"))
    if any(a.ue for a in view.agents):
        keys.append(("words", "UE Unknown Entity"))
    return keys


def _covered(view: IpaView) -> bool:
    """Whether a square holds two things (an Agent on an Event or on a corpse, equipment on a corpse)."""
    squares = [a.cell.label for a in view.agents] + [fe.cell.label for fe in view.equipment] + view.events
    return len(squares) != len(set(squares))


def _equipment_words(kind: str, equipment: list[EquipmentView]) -> str:
    name = next((fe.name for fe in equipment if fe.kind == kind), kind)
    return f"{name} (its life)" if kind in KINDS else name


def draw_legend(d: ImageDraw.ImageDraw, view: IpaView, y: int, width: int) -> int:
    """The key, in a panel across the picture at height ``y``; returns the height below it."""
    return _legend(d, view, y, width)


def _legend(d: ImageDraw.ImageDraw | None, view: IpaView, y: int, width: int) -> int:
    margin, size, line = 8, 12, 20
    x: float = margin + 10
    row = 0
    places: list[tuple[str, str, float, int]] = []
    for icon, words in _keys(view):
        room = (0 if icon == "words" else 20) + text_width(words, size)
        if x + room > width - margin - 10 and x > margin + 10:
            x, row = margin + 10, row + 1
        places.append((icon, words, x, row))
        x += room + 16
    height = 12 + line * (row + 1)
    if d is None:
        return height
    rounded(d, (margin, y, width - margin, y + height), radius=8, fill=PANEL)
    for icon, words, px, r in places:
        cy = y + 6 + line * r + line // 2
        if icon != "words":
            _icon(d, icon, px + 7, cy)
            px += 20
        text(d, (px, cy), words, size, MUTED, anchor="lm")
    return y + height + 4


def _icon(d: ImageDraw.ImageDraw, icon: str, x: float, y: float) -> None:
    box = (x - 7, y - 7, x + 7, y + 7)
    if icon == "wall":
        d.rectangle(box, fill=(22, 24, 29), outline=(84, 90, 106))
        d.line((x - 4, y + 4, x + 4, y - 4), fill=(60, 62, 70), width=2)
    elif icon == "event":
        d.ellipse(box, fill=GREY, outline=INK)
    elif icon == "corpse":
        d.ellipse(box, fill=DARK, outline=GREY)
    elif icon == "badge":
        d.rectangle(box, fill=(62, 67, 80), outline=(84, 90, 106))
        d.ellipse((x - 6, y - 6, x, y), fill=GREY, outline=INK)
    elif icon == "changed":
        d.rectangle(box, outline=ACCENT, width=2)
    elif icon == "path":
        d.line((x - 7, y, x + 7, y), fill=ACCENT, width=3)
    elif icon == "shot":
        d.line((x - 7, y, x + 7, y), fill=CLEAR, width=2)
    else:  # field equipment: its letter on a dark square framed in its owner's colour
        rounded(d, box, radius=4, fill=(20, 20, 20), outline=GREY, width=2)
        text(d, (x, y + 1), LETTERS.get(icon, "E"), 11, INK, anchor="mm")
