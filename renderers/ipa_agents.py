"""IPA: The Agents as an image: the battle map (renderers/board.py) with a panel of each Agent's public
statistics below it and, in a player's own image, the hand with each card's text and whether its
requirements are met. About 570 pixels wide, so it reads on a phone.

The view is read through its typed schema (:class:`~engine.ipa_agents.view.IpaView`) once, at the entry;
squares come from it as :class:`~engine.core.board.cell.Cell` values, never parsed again here."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.ipa_agents.view import AgentView, IpaView

from .board import GridPicture, draw_grid
from .common import ACCENT, INK, MUTED, PANEL, canvas, panel, seat_colour, text, to_png, wrap

CELL = 22
LINE = 18
GOOD = (90, 200, 120)
BAD = (220, 90, 80)


def _checked(view: dict[str, Any] | IpaView) -> IpaView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, IpaView) else IpaView.model_validate(view)


def _agent_rows(agent: AgentView) -> list[str]:
    ab = agent.abilities
    first = (
        f"{agent.seat}  {agent.cell}  life {agent.life}/{agent.max_life}  "
        f"P{ab.precision} S{ab.strength} I{ab.intellect}  hand {agent.hand}"
    )
    if not agent.alive:
        first = f"{agent.seat}  dead (corpse on {agent.cell})  hand {agent.hand}"
    extra = [f"credits {agent.credits}", f"SP {agent.sp}"]
    if agent.points:
        extra.append(f"{agent.points} point to place")
    if agent.ue:
        extra.append(f"UE {agent.ue}")
    if agent.statuses:
        extra.append(", ".join(agent.statuses))
    if agent.active:
        extra.append("active: " + ", ".join(agent.active))
    return [first, "  ".join(extra)]


def _height(view: IpaView, width: int) -> int:
    rows = 2 + sum(1 + len(wrap(_agent_rows(a)[1], width - 40, 13)) for a in view.agents)
    for card in view.hand or []:
        rows += 1 + len(wrap(card.text, width - 40, 13))
    return rows * LINE + 60


def draw(data: dict[str, Any] | IpaView) -> Image.Image:
    view = _checked(data)
    board = draw_grid(GridPicture.model_validate(view.picture), cell=CELL)
    width = board.width
    image, d = canvas(width, board.height + _height(view, width))
    image.paste(board, (0, 0))
    y = board.height + 4
    panel(d, (8, y, width - 8, image.height - 8), fill=PANEL)
    y += 8
    text(
        d,
        (18, y),
        f"Round {view.round}, rank {view.rank}; in turn: {view.acting or '-'}; "
        f"deck {view.deck}, recycle {view.recycle}",
        size=14,
        fill=ACCENT,
    )
    y += LINE + 4
    for i, agent in enumerate(view.agents):
        first, second = _agent_rows(agent)
        d.rectangle((18, y + 3, 28, y + 13), fill=seat_colour(i) if agent.alive else MUTED)
        text(d, (34, y), first, size=14, fill=INK if agent.alive else MUTED)
        bar = max(0, agent.life) / max(1, agent.max_life)
        d.rectangle((width - 110, y + 4, width - 20, y + 12), outline=MUTED)
        d.rectangle(
            (width - 110, y + 4, width - 110 + int(90 * bar), y + 12), fill=GOOD if bar > 0.4 else BAD
        )
        y += LINE
        for line in wrap(second, width - 60, 13):
            text(d, (34, y), line, size=13, fill=MUTED)
            y += LINE
    hand = view.hand
    if hand:
        text(d, (18, y + 4), "Your hand", size=14, fill=ACCENT)
        y += LINE + 4
        for card in hand:
            mark = "ok" if card.usable else "needs"
            head = f"{card.name} ({card.type}, {card.price} cr) - requires {card.requires} [{mark}]"
            text(d, (18, y), head, size=13, fill=GOOD if card.usable else BAD)
            y += LINE
            for line in wrap(card.text, width - 50, 13):
                text(d, (30, y), line, size=13, fill=INK)
                y += LINE
    return image


def render(view: dict[str, Any] | IpaView) -> bytes:
    return to_png(draw(view))
