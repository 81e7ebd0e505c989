"""The compact IPA: The Agents board: the public picture of the thread, the status message, the history and
the replay, laid out for a phone (550 px wide, shown as it is: no text under 11 px, none over another). The
full board (:mod:`renderers.ipa_agents`, a click away) is for a large screen.

From the top: the round, rank and whose turn it is (with the deadline); the battle map (drawn by
:func:`renderers.board.draw_grid`, its coordinates on every side) with the Events, field equipment (its
letter and life, in its owner's colour), corpses and Agents (each its seat's shape and colour with its
number, so names that share letters never look alike), the squares the last turns changed outlined, the
last move's path and line of fire; one row per Agent (its number and shape, life and its change in the last
turns, square, abilities, cards, credits, SP, statuses, and what it chose at the last secret choice once
revealed); the key of every symbol shown; the last change's lines.

Only public fields of the view are read (never ``hand``, ``offered``, ``sale_credits``, ``controlled_cards``,
``my_choice`` or ``viewer``), so every seat's view draws the same image.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.ipa_agents.view import AgentView, IpaView

from .board import GridPicture, _Frame, draw_grid
from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    RGB,
    SEAT_COLOURS,
    canvas,
    due_label,
    last_box,
    rounded,
    text,
    text_width,
    to_png,
)
from .ipa_agents import _checked
from .ipa_agents_keys import BAD, CLEAR, DARK, GOOD, GREY, agent_marker, draw_legend, fitted, map_tokens

CELL = 20
"""Pixels per square: the map is 24 squares, its coordinates on both sides, in 540 of the 550 px."""
WIDTH = 550
MARGIN = 8
TOP = 52
"""The header's height: the map starts below it."""
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
    CLEAR,
    GREY,
    DARK,
    (20, 20, 20),
    (22, 24, 29),
    (62, 67, 80),
    (84, 90, 106),
    (235, 80, 70),
    *SEAT_COLOURS,
)


def _map(view: IpaView) -> Image.Image:
    """The battle map: cells, walls, coordinates, the changed squares, path and line of fire from the shared
    grid renderer; the tokens drawn here, large enough to read."""
    picture = GridPicture.model_validate(view.picture)
    changed = view.last.squares
    bare = picture.model_copy(
        update={
            "title": "",
            "tokens": [],
            "highlight": [*picture.highlight, *[(c.col, c.row) for c in changed]],
        }
    )
    image = draw_grid(bare, cell=CELL)
    frame = _Frame(bare, CELL)
    map_tokens(ImageDraw.Draw(image), view, lambda c: frame.centre((c.col, c.row)), CELL)
    return image


def _header(d: ImageDraw.ImageDraw, view: IpaView, raw: dict[str, Any]) -> None:
    result = view.result
    if view.round == 0 and result is None:
        title = f"Set-up · {len(view.walls)} walls placed"
    else:
        title = f"Round {view.round} · rank {view.rank}"
    if result is not None:
        title += " · game over"
        winners = ", ".join(result.winners) or "nobody"
        sub = f"{winners} won: {result.reason}"
    else:
        title += f" · {view.acting}'s turn" if view.acting and view.round else ""
        sub = f"to act: {', '.join(view.awaiting) or '-'}"
    text(d, (MARGIN + 4, 6), fitted(title, 20, WIDTH - 2 * MARGIN), size=20, fill=INK)
    due = due_label(raw)
    room = WIDTH - 2 * MARGIN - 8
    if due:
        text(d, (WIDTH - MARGIN - 4, 40), due, size=13, fill=ACCENT, anchor="rm")
        room -= int(text_width(due, 13)) + 12
    text(d, (MARGIN + 4, 31), fitted(sub, 15, room), size=15, fill=ACCENT)


def _agent_row(d: ImageDraw.ImageDraw, view: IpaView, i: int, agent: AgentView, y: int) -> int:
    """One Agent's row; returns the height below it."""
    lines = _row_lines(view, agent)
    height = 26 + 17 * len(lines)
    acting = agent.seat == view.acting and view.result is None or agent.seat in view.awaiting
    rounded(
        d,
        (MARGIN, y, WIDTH - MARGIN, y + height),
        radius=8,
        fill=PANEL,
        outline=WHITE if acting else None,
        width=2,
    )
    agent_marker(d, (MARGIN + 22, y + 22), 13, i, agent, 13)
    x = MARGIN + 44
    life = _life(view, agent)
    life_w = text_width(life, 15)
    name = ("TO ACT · " if acting else "") + agent.seat
    text(
        d,
        (x, y + 5),
        fitted(name, 16, WIDTH - MARGIN - 12 - life_w - 12 - x),
        16,
        INK if agent.alive else MUTED,
    )
    colour = BAD if view.last.life.get(agent.seat, 0) < 0 else INK
    text(d, (WIDTH - MARGIN - 10, y + 5), life, 15, colour if agent.alive else MUTED, anchor="ra")
    for n, (line, ink) in enumerate(lines):
        text(d, (x, y + 26 + 17 * n), fitted(line, 13, WIDTH - MARGIN - 10 - x), 13, ink)
    if agent.alive:
        bar = max(0, agent.life) / max(1, agent.max_life)
        x0, x1, top = WIDTH - MARGIN - 120, WIDTH - MARGIN - 10, y + 29
        d.rectangle((x0, top, x1, top + 6), outline=MUTED)
        d.rectangle((x0, top, x0 + int((x1 - x0) * bar), top + 6), fill=GOOD if bar > 0.4 else BAD)
    return y + height + 4


def _life(view: IpaView, agent: AgentView) -> str:
    if not agent.alive:
        return "dead"
    change = view.last.life.get(agent.seat, 0)
    return f"life {max(0, agent.life)}/{agent.max_life}" + (f" ({change:+d})" if change else "")


def _row_lines(view: IpaView, agent: AgentView) -> list[tuple[str, RGB]]:
    """The row's lines under the name: where and how able, what it holds, what it chose."""
    ab = agent.abilities
    if agent.alive:
        first = (
            f"on {agent.cell} · Precision {ab.precision} · Strength {ab.strength} · Intellect {ab.intellect}"
        )
    else:
        first = f"corpse on {agent.cell}"
    holds = [_count(agent.hand, "card"), _count(agent.credits, "credit"), f"{agent.sp} SP"]
    holds += [f"UE {agent.ue}"] if agent.ue else []
    holds += agent.statuses
    holds += [_count(agent.points, "ability point") + " to place"] if agent.points else []
    lines: list[tuple[str, RGB]] = [(first, MUTED), (" · ".join(holds), MUTED)]
    chosen = view.last.chosen.get(agent.seat)
    if chosen:
        lines.append((f"chose: {chosen}", ACCENT))
    elif view.choosing and agent.seat in view.choosing.get("chosen", []):
        lines.append(("has chosen in secret", ACCENT))
    return lines


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def render_compact(data: dict[str, Any] | IpaView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    board = _map(view)
    image, d = canvas(WIDTH, TOP + board.height + 700)
    image.paste(board, ((WIDTH - board.width) // 2, TOP - 26))  # the map's blank top under the header
    _header(d, view, raw)
    y = TOP - 26 + board.height - 4
    for i, agent in enumerate(view.agents):
        y = _agent_row(d, view, i, agent, y)
    y = draw_legend(d, view, y, WIDTH)
    y = last_box(d, view.log[-2:], y, WIDTH, MARGIN)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), COLOURS)
