"""IPA: The Agents' full board, for a large screen (a click away from the thread's compact board,
:mod:`renderers.ipa_agents_compact`): the battle map (renderers/board.py) with the squares the last turns
changed outlined, a panel of each Agent's public statistics below it with the key of the symbols and, drawn
from a seat's own view, its hand with each card's numbers and text. The private picture of ``/hand`` is
:func:`render_private` (:mod:`renderers.ipa_agents_hand`), laid out for a phone.

The view is read through its typed schema (:class:`~engine.ipa_agents.view.IpaView`) once, at the entry;
squares come from it as :class:`~engine.core.board.cell.Cell` values, never parsed again here."""

from __future__ import annotations

from typing import Any

from PIL import Image

from engine.ipa_agents.view import AgentView, CardView, IpaView

from .board import GridPicture, draw_grid
from .common import ACCENT, INK, MUTED, PANEL, canvas, panel, text, to_png, wrap
from .ipa_agents_hand import render_private
from .ipa_agents_keys import BAD, GOOD, agent_marker

CELL = 22
LINE = 18


def _checked(view: dict[str, Any] | IpaView) -> IpaView:
    """The view read through its typed schema (a view of another shape fails here, not mid-drawing)."""
    return view if isinstance(view, IpaView) else IpaView.model_validate(view)


KEY = (
    "Key: 1-4 the Agents (x: a corpse), ? a face-down Event, S Sentry, G Gravitational Enforcer, "
    "M Scary Mary, T Space Tunnel (with their life), outlined: changed in the last turns, yellow line: the "
    "last move, green line: the last shot (red, dashed: no clear shot). SP Science Points, UE Unknown Entity."
)


def _agent_rows(view: IpaView, agent: AgentView) -> list[str]:
    ab = agent.abilities
    change = view.last.life.get(agent.seat, 0)
    life = f"life {agent.life}/{agent.max_life}" + (f" ({change:+d})" if change else "")
    first = (
        f"{agent.seat} on {agent.cell} · {life} · Precision {ab.precision} · Strength {ab.strength} · "
        f"Intellect {ab.intellect} · {agent.hand} cards"
    )
    if not agent.alive:
        first = f"{agent.seat}: dead, the corpse lies on {agent.cell} · {agent.hand} cards"
    extra = [f"{agent.credits} credits", f"{agent.sp} SP"]
    if agent.points:
        extra.append(f"{agent.points} ability points to place")
    if agent.ue:
        extra.append(f"UE {agent.ue}")
    extra += agent.statuses
    if agent.active:
        extra.append("active: " + ", ".join(agent.active))
    if agent.seat in view.last.chosen:
        extra.append(f"chose: {view.last.chosen[agent.seat]}")
    return [first, " · ".join(extra)]


def _card_lines(card: CardView) -> list[str]:
    return [f"{card.name} ({card.type}): {card.facts(' · ')}", card.text]


def _height(view: IpaView, width: int) -> int:
    rows = 3 + len(wrap(KEY, width - 40, 13))
    rows += sum(len(wrap(line, width - 60, 13)) for a in view.agents for line in _agent_rows(view, a))
    for card in view.hand or []:
        rows += sum(len(wrap(line, width - 50, 13)) for line in _card_lines(card))
    return rows * LINE + 60


def draw(data: dict[str, Any] | IpaView) -> Image.Image:
    view = _checked(data)
    picture = GridPicture.model_validate(view.picture)
    changed = [(c.col, c.row) for c in view.last.squares]
    board = draw_grid(picture.model_copy(update={"highlight": [*picture.highlight, *changed]}), cell=CELL)
    width = board.width
    image, d = canvas(width, board.height + _height(view, width))
    image.paste(board, (0, 0))
    y = board.height + 4
    panel(d, (8, y, width - 8, image.height - 8), fill=PANEL)
    y += 8
    turn = f"{view.acting}'s turn" if view.acting else "set-up"
    text(
        d,
        (18, y),
        f"Round {view.round}, rank {view.rank}; {turn}; {view.deck} cards in the stack, "
        f"{view.recycle} recycled",
        size=14,
        fill=ACCENT,
    )
    y += LINE + 4
    for i, agent in enumerate(view.agents):
        agent_marker(d, (24, y + 8), 8, i, agent, 11)
        for n, row in enumerate(_agent_rows(view, agent)):
            for line in wrap(row, width - 60, 13 if n else 14):
                text(d, (38, y), line, size=13 if n else 14, fill=INK if agent.alive and not n else MUTED)
                y += LINE
    for line in wrap(KEY, width - 40, 13):
        text(d, (18, y), line, size=13, fill=MUTED)
        y += LINE
    hand = view.hand
    if hand:
        text(d, (18, y + 4), "Your hand", size=14, fill=ACCENT)
        y += LINE + 4
        for card in hand:
            head, body = _card_lines(card)
            for line in wrap(head, width - 50, 13):
                text(d, (18, y), line, size=13, fill=GOOD if card.usable else BAD)
                y += LINE
            for line in wrap(body, width - 50, 13):
                text(d, (30, y), line, size=13, fill=INK)
                y += LINE
    return image


def render(view: dict[str, Any] | IpaView) -> bytes:
    return to_png(draw(view))


__all__ = ["draw", "render", "render_private"]
