"""The compact IPA: The Agents board: the public board for Discord's inline preview (612 px wide, read at
about 550 on a phone). The full board (:mod:`renderers.ipa_agents`, a click away) writes each Agent's
credits, SP, statuses and running cards; this one keeps what a glance needs, in larger type: the round,
rank and whose turn it is, the battle map (drawn by :func:`renderers.board.draw_grid`, with walls,
events, Equipment, each Agent with its seat's initial, the last move and line of fire), one row per
Agent with its life, abilities and hand size, and the last change (its log lines, the named Agent's
square highlighted).

Agents differ by more than colour: each row's marker is its seat's shape (:data:`renderers.common.SHAPES`)
with its initial, as on the map. Only public fields of the view are read (never ``hand``, ``offered`` or
``my_choice``), so every seat's view draws the same image.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.core.board.cell import Cell
from engine.ipa_agents.view import AgentView, IpaView

from .board import GridPicture, draw_grid
from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    RGB,
    SEAT_COLOURS,
    SHAPES,
    canvas,
    due_label,
    initials,
    last_box,
    marker,
    seat_colour,
    text,
    to_png,
)
from .ipa_agents import BAD, GOOD, _checked

CELL = 23
MARGIN = 8
WHITE: RGB = (255, 255, 255)
COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    WHITE,
    GOOD,
    BAD,
    (20, 20, 20),
    (150, 150, 150),
    (60, 64, 74),
    *SEAT_COLOURS,
)


def _named(view: IpaView, lines: list[str]) -> list[Cell]:
    """The squares of the Agents the latest log line starts with (who made the last change)."""
    for line in reversed(lines):
        found = [a.cell for a in view.agents if line.startswith((f"{a.seat} ", f"{a.seat}'s "))]
        if found:
            return found
    return []


def _map(view: IpaView) -> Image.Image:
    picture = GridPicture.model_validate(view.picture)
    letters = initials([a.seat for a in view.agents])
    tokens = [  # an Agent's token ("ann 15": seat and life) carries its initial, large enough to read
        t.model_copy(update={"label": letters[t.label.split(" ")[0]]})
        if t.label.split(" ")[0] in letters
        else t
        for t in picture.tokens
    ]
    highlight = [*picture.highlight, *_named(view, view.log[-2:])]
    return draw_grid(
        picture.model_copy(update={"title": "", "tokens": tokens, "highlight": highlight}), cell=CELL
    )


def _header(d: ImageDraw.ImageDraw, view: IpaView, raw: dict[str, Any], width: int) -> None:
    result = view.result
    title = f"Round {view.round} · rank {view.rank}"
    if result:
        title += " · game over"
        sub = result.reason[:70]
    else:
        who = view.acting or ", ".join(view.awaiting[:3])
        title += f" · {who}'s turn" if view.acting else ""
        sub = f"to act: {', '.join(view.awaiting[:4]) or who or '-'}"
    text(d, (MARGIN + 4, 8), title, size=21, fill=INK)
    due = due_label(raw)
    if due:
        text(d, (width - MARGIN - 4, 19), due, size=14, fill=ACCENT, anchor="rm")
    text(d, (MARGIN + 4, 36), sub, size=16, fill=ACCENT)


def _agent(d: ImageDraw.ImageDraw, view: IpaView, i: int, agent: AgentView, y: int, width: int) -> int:
    seat = agent.seat
    acting = seat == view.acting or seat in view.awaiting
    d.rounded_rectangle(
        (MARGIN, y, width - MARGIN, y + 44), radius=8, fill=PANEL, outline=WHITE if acting else None, width=3
    )
    colour = seat_colour(i) if agent.alive else MUTED
    letter = initials([a.seat for a in view.agents])[seat]
    marker(d, (MARGIN + 24, y + 22), 13, SHAPES[i % len(SHAPES)], colour, letter)
    text(d, (MARGIN + 44, y + 4), seat, size=17, fill=INK if agent.alive else MUTED)
    ab = agent.abilities
    if agent.alive:
        skills = f"P{ab.precision} S{ab.strength} I{ab.intellect}"
        where = f"{agent.cell} · {skills} · hand {agent.hand}"
    else:
        where = f"dead on {agent.cell} · hand {agent.hand}"
    note = "TO ACT · " if acting else ""
    text(d, (MARGIN + 44, y + 25), note + where, size=14, fill=ACCENT if acting else MUTED)
    bar = max(0, agent.life) / max(1, agent.max_life)
    x0, x1 = width - MARGIN - 130, width - MARGIN - 10
    text(d, (x1, y + 4), f"life {max(0, agent.life)}/{agent.max_life}", size=16, fill=INK, anchor="ra")
    d.rectangle((x0, y + 28, x1, y + 36), outline=MUTED)
    d.rectangle((x0, y + 28, x0 + int((x1 - x0) * bar), y + 36), fill=GOOD if bar > 0.4 else BAD)
    return y + 48


def render_compact(data: dict[str, Any] | IpaView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    board = _map(view)
    width = board.width
    image, d = canvas(width, board.height + 600)
    image.paste(board, (0, 44))  # the map's blank top under the header's second line
    _header(d, view, raw, width)
    y = 44 + board.height - 6
    for i, agent in enumerate(view.agents):
        y = _agent(d, view, i, agent, y, width)
    y = last_box(d, view.log[-2:], y + 2, width, MARGIN)
    return to_png(image.crop((0, 0, width, y + 4)), COLOURS)
