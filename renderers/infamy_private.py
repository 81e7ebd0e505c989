"""An Infamy freelancer's own picture (``/hand``, **My hand**), laid out for a phone (600 px wide, shown at
about 550, no text under 11 px there) and leading with what only that seat sees: the secret sector card(s)
while they are face down (then the sector entered this Round), and the Schemes in hand with their faction,
cost and effect. Then what he holds (Infamy, Rep, tokens, Bribes), the missions he can pay now, the
Contacts he won this Round and his Rep benefits. The public board is the thread's picture; it is not drawn
again here.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.infamy.view import ACC_PAWN, FACTION_NAMES, HandCard, InfamyView, PlayerView, count

from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    canvas,
    marker,
    text,
    to_png,
)
from .infamy_style import (
    DAY_SKY,
    FACTION,
    FLAT_COLOURS,
    SMALLEST,
    WHITE,
    Seats,
    checked,
)
from .sections import Layout, Row, Section

WIDTH = 600
MARGIN = 10
LAYOUT = Layout(WIDTH, MARGIN)
"""The page of sections."""


_wrapped = LAYOUT.wrapped


def _sector(view: InfamyView, n: int) -> str:
    name = next((s.name for s in view.sectors if s.id == n), "")
    return f"Sector {n} · {name}" if name else f"Sector {n}"


def _sector_card(view: InfamyView, me: str) -> Section | None:
    """The secret: the card(s) face down; once revealed, the sector entered this Round."""
    mine = view.my_choice
    if mine is not None:
        rows = [Row(_sector(view, mine.own), 18, DAY_SKY)]
        if mine.acc is not None:
            rows.append(Row(f"Accomplice: {_sector(view, mine.acc)}", 16, DAY_SKY))
        rows.append(Row("Face down until everyone has chosen.", 13, MUTED))
        return Section("Your secret sector card", rows, ACCENT)
    if me in view.revealed:
        rows = [Row(_sector(view, view.revealed[me]), 18, DAY_SKY)]
        if view.flags.accomplice == me and ACC_PAWN in view.revealed:
            rows.append(Row(f"Accomplice: {_sector(view, view.revealed[ACC_PAWN])}", 16, DAY_SKY))
        return Section("Your sector this Round", rows)
    if view.phase == "select":
        return Section("Your secret sector card", [Row("Not chosen yet.", 15, ACCENT)], ACCENT)
    return None


def _scheme_rows(card: HandCard) -> list[Row]:
    faction = FACTION_NAMES.get(card.faction, card.faction)
    rows = _wrapped(card.name, 16, FACTION.get(card.faction, INK), right=faction, right_fill=MUTED)
    if card.cost:
        rows += _wrapped(f"Costs {card.cost}", 13, DAY_SKY, indent=10)
    return rows + _wrapped(card.text, 14, INK, indent=10)


def _hand(view: InfamyView) -> Section:
    hand = view.hand or []
    rows = [r for card in hand for r in _scheme_rows(card)] or [Row("No Scheme in hand.", 15, MUTED)]
    if hand:
        rows.append(Row("Play one in the Scheme Phase (paying its cost).", 13, MUTED))
    return Section(f"Your hand ({count(len(hand), 'Scheme')})", rows, ACCENT)


def _holding(p: PlayerView) -> Section:
    rows = [Row(f"{p.infamy} Infamy · {p.rep_text()}", 16)]
    rows += _wrapped(p.holdings(), 14)
    rows += _wrapped(p.bribes_text(), 13, MUTED)
    return Section("You hold", rows)


def _missions(view: InfamyView, p: PlayerView) -> Section | None:
    payable = [m for m in view.missions if p.can_pay(m.requires)]
    if not payable:
        return None
    rows = [r for m in payable for r in _wrapped(m.line(), 14)]
    return Section("Missions you can pay now", rows)


def _contacts(view: InfamyView, me: str) -> Section | None:
    won = [c for c in view.track if c.winner == me]
    if not won:
        return None
    return Section("Your Contacts this Round", [r for c in won for r in _wrapped(f"{c.name}: {c.text}", 14)])


def _benefits(p: PlayerView) -> Section | None:
    if not p.benefits:
        return None
    rows = [
        r
        for b in p.benefits
        for r in _wrapped(f"{b.name} ({FACTION_NAMES[b.faction]} {b.level}): {b.text}", 14)
    ]
    return Section("Your Rep benefits", rows)


def _sections(view: InfamyView) -> list[Section]:
    me = view.me
    p = view.player(me) if me is not None else None
    if me is None or p is None:
        return [Section("Nothing private", [Row("You play no seat here.")])]
    card = _sector_card(view, me)
    secret = view.my_choice is not None or view.phase == "select"
    # what only this seat knows comes first: the face-down card, else the hand
    out: list[Section | None] = [card, _hand(view)] if secret else [_hand(view), card]
    out += [_holding(p)]
    out += [_missions(view, p), _contacts(view, me), _benefits(p)]
    return [s for s in out if s is not None]


def _header(d: ImageDraw.ImageDraw, view: InfamyView) -> int:
    me = view.me
    if me is not None and view.player(me) is not None:
        seats = Seats(view)
        marker(
            d, (MARGIN + 16, 22), 13, seats.shapes.get(me, "circle"), seats.colour(me), seats.tag(me), size=14
        )
        text(d, (MARGIN + 36, 22), me, size=20, fill=seats.colour(me), anchor="lm")
    text(d, (WIDTH - MARGIN - 2, 22), "only you see this", size=14, fill=ACCENT, anchor="rm")
    now = view.standing
    if me is not None and me in view.awaiting:
        now += " · your move"
    text(d, (MARGIN + 2, 44), now, size=SMALLEST + 2, fill=WHITE if me in view.awaiting else MUTED)
    return 66


_section = LAYOUT.draw


def render_private(data: dict[str, Any] | InfamyView) -> bytes:
    """The seat's own picture (see the module's docstring)."""
    view = checked(data)
    sections = _sections(view)
    height = 66 + sum(s.height + 6 for s in sections) + 6
    image, d = canvas(WIDTH, height, BACKGROUND)
    y = _header(d, view)
    for section in sections:
        y = _section(d, section, y)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), FLAT_COLOURS + (ACCENT,))
