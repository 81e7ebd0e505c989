"""IPA: The Agents' private picture (``/hand``, "My hand"): what only its seat sees first, laid out for a
phone (550 px wide, no text under 11 px, none over another, the hand on the first screen).

From the top: whose picture it is and whose turn; a card offered to the seat, its secret choice, Mind
Control's two cards (when there are); the inactive cards, each with its type, damage, range, activation cost,
sale price and requirement (green: usable now), and its text; then the seat's Agent: life, square,
abilities, credits saved and from sales, Science Points, the injections waiting, statuses, Unknown Entity,
SP upgrades and active cards. The battle map is the thread's picture.

Reads the seat's own view through its schema (:class:`~engine.ipa_agents.view.IpaView`)."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.ipa_agents.view import AgentView, IpaView, choice_words

from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    RGB,
    SEAT_COLOURS,
    canvas,
    rounded,
    text,
    to_png,
    wrap,
)
from .ipa_agents_keys import BAD, DARK, GOOD, GREY, agent_marker, fitted

WIDTH = 550
MARGIN = 8
PAD = 12
LINE = 18
COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    ACCENT,
    GOOD,
    BAD,
    GREY,
    DARK,
    (20, 20, 20),
    *SEAT_COLOURS,
)
ROOM = WIDTH - 2 * MARGIN - 2 * PAD


def _checked(view: dict[str, Any] | IpaView) -> IpaView:
    return view if isinstance(view, IpaView) else IpaView.model_validate(view)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


Line = tuple[str, int, RGB]
"""A text, its size and colour."""


class _Sheet:
    """Blocks laid out top to bottom; measured first (``d`` None), then drawn at the same places."""

    def __init__(self, d: ImageDraw.ImageDraw | None) -> None:
        self.d = d
        self.y = 8

    def lines(self, lines: list[Line], x: int = MARGIN + PAD) -> None:
        for value, size, fill in lines:
            for row in wrap(value, WIDTH - MARGIN - PAD - x, size):
                if self.d is not None:
                    text(self.d, (x, self.y), row, size, fill)
                self.y += size + 5

    def block(self, lines: list[Line], outline: RGB | None = None, bar: RGB | None = None) -> None:
        """``lines`` in a panel across the picture (``bar``: a coloured edge on its left)."""
        height = 10 + sum((size + 5) * len(wrap(v, ROOM, size)) for v, size, _ in lines)
        top = self.y
        if self.d is not None:
            rounded(
                self.d,
                (MARGIN, top, WIDTH - MARGIN, top + height),
                radius=8,
                fill=PANEL,
                outline=outline,
                width=2,
            )
            if bar is not None:
                self.d.rectangle((MARGIN + 3, top + 6, MARGIN + 6, top + height - 6), fill=bar)
        self.y = top + 6
        self.lines(lines)
        self.y = top + height + 5


def _head(sheet: _Sheet, view: IpaView, agent: AgentView, index: int) -> None:
    if sheet.d is not None:
        agent_marker(sheet.d, (MARGIN + 18, sheet.y + 16), 13, index, agent, 13)
    if view.result is not None:
        turn = "the game is over"
    elif view.round == 0:
        turn = "set-up: the walls are being placed"
    else:
        turn = f"round {view.round} · " + (
            "your turn" if view.acting == agent.seat else f"{view.acting}'s turn"
        )
    if agent.seat in view.awaiting and view.acting != agent.seat:
        turn += " · you are asked"
    title = fitted(f"Your hand · {agent.seat}", 20, ROOM - 40)
    sheet.lines([(title, 20, INK), (turn, 14, ACCENT)], x=MARGIN + 40)
    sheet.y += 4


def _notes(view: IpaView) -> list[Line]:
    """A card offered, the secret choice, Mind Control's cards: what this seat alone knows now."""
    notes = []
    if view.offered:
        notes.append(f"Offered to you: {view.offered}. Accept or decline it.")
    if view.my_choice:
        notes.append(f"Your secret choice: {choice_words(view.my_choice)} (told when all have chosen).")
    if view.controlled_cards is not None:
        notes.append(f"Mind Control's two cards: {', '.join(view.controlled_cards) or 'none'}.")
    return [(n, 15, ACCENT) for n in notes]


def _cards(sheet: _Sheet, view: IpaView, agent: AgentView) -> None:
    hand = view.hand or []
    sheet.lines([(f"Inactive cards: {len(hand)} of {agent.hand_limit}", 16, INK)], x=MARGIN + 4)
    if not hand:
        sheet.block([("None in your hand.", 14, MUTED)])
    for card in hand:
        usable = GOOD if card.usable else BAD
        sheet.block(
            [
                (f"{card.name} · {card.type}", 16, GOOD if card.usable else INK),
                (card.facts(" · "), 13, ACCENT if card.usable else BAD),
                (card.text, 13, MUTED),
            ],
            bar=usable,
        )


def _agent(view: IpaView, agent: AgentView) -> list[Line]:
    ab = agent.abilities
    sale = view.sale_credits or 0
    where = f"on {agent.cell}" if agent.alive else f"dead: the corpse lies on {agent.cell}"
    money = f"{_plural(agent.credits, 'credit')} saved"
    money += f" · {_plural(sale, 'credit')} from sales: spend them this turn" if sale else ""
    lines: list[Line] = [
        (f"Your Agent · life {max(0, agent.life)}/{agent.max_life} · {where}", 15, INK),
        (f"Precision {ab.precision} · Strength {ab.strength} · Intellect {ab.intellect}", 14, INK),
        (f"{money} · {agent.sp} Science Points (SP)", 14, INK),
    ]
    for label, values in (
        ("Injections waiting", agent.injections),
        ("Statuses", agent.statuses),
        ("SP upgrades", agent.upgrades),
        ("Active cards", agent.active),
    ):
        if values:
            lines.append((f"{label}: {', '.join(values)}", 13, MUTED))
    if agent.points:
        lines.append((f"{_plural(agent.points, 'ability point')} to place", 13, ACCENT))
    if agent.ue:
        lines.append((f"Unknown Entity (UE): {agent.ue}. {agent.ue_text}", 13, MUTED))
    return lines


def _draw(view: IpaView, sheet: _Sheet) -> None:
    index = next(i for i, a in enumerate(view.agents) if a.seat == view.viewer)
    agent = view.agents[index]
    _head(sheet, view, agent, index)
    notes = _notes(view)
    if notes:
        sheet.block(notes, outline=ACCENT)
    _cards(sheet, view, agent)
    sheet.y += 4
    sheet.block(_agent(view, agent))


def render_private(data: dict[str, Any] | IpaView) -> bytes:
    """The seat's private picture (see the module's docstring); a spectator's view has none to draw."""
    view = _checked(data)
    if view.viewer is None or view.hand is None:
        image, d = canvas(WIDTH, 60)
        text(d, (MARGIN + PAD, 20), "Nothing private: you have no seat in this game.", 15, MUTED)
        return to_png(image, COLOURS)
    measure = _Sheet(None)
    _draw(view, measure)
    image, d = canvas(WIDTH, measure.y + 12)
    _draw(view, _Sheet(d))
    return to_png(image, COLOURS)
