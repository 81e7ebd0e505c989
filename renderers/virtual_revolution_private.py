"""A Virtual Revolution player's own picture (``/hand``, **My hand**): what only that seat sees, first, laid
out for a phone (600 px wide, shown at about 550, no text under 11 px there), then the seat's own board with
what each of its cards does: its Corruption cards (and how close a raid is), its two Objectives with what each
would score now, the Necro card it looked at, the secret choice it has made, then its counts, Agents on Duty,
Verses, Boosts, Titles and Necro markers. The public board is the thread's picture; it is not drawn again.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.virtual_revolution.view import PlayerView, PrivateView, VrView

from .common import ACCENT, BACKGROUND, MUTED, canvas, to_png
from .sections import Layout, Row, Section
from .virtual_revolution_style import COLOURS, GOOD, MARGIN, WIDTH, Seats, chip, text, text_width, wrap

RAID_AT = 5
"""Corruption cards that draw an Interpol raid at the end of the Round."""
LAYOUT = Layout(WIDTH, MARGIN, right_fill=GOOD, text=text, text_width=text_width, wrap=wrap)
"""The page of sections."""


_wrapped = LAYOUT.wrapped


def _hand(me: PrivateView) -> Section:
    warn = f" · an Interpol raid at {RAID_AT} or more" if len(me.hand) < RAID_AT else " · INTERPOL RAIDS YOU"
    rows = [r for card in me.hand for r in _wrapped(f"- {card}", 15)] or [Row("none", 15, MUTED)]
    rows.append(Row(f"{len(me.hand)} in your hand{warn}", 13, ACCENT if len(me.hand) >= RAID_AT else MUTED))
    return Section(f"Your Corruption cards ({len(me.hand)})", rows, ACCENT)


def _objectives(me: PrivateView) -> Section:
    rows = [r for o in me.objective_cards for r in _wrapped(o.text, 15, right=f"{o.points} VP now")]
    rows.append(Row("You keep one at the end; it scores at most 30 VP.", 13, MUTED))
    return Section("Your Objectives", rows, ACCENT)


def _secrets(me: PrivateView) -> list[Section]:
    out = [_hand(me), _objectives(me)]
    if me.peek:
        rows = [Row(me.peek, 16), *_wrapped(me.peek_text, 13, MUTED)]
        out.append(Section("Top Necro card (you looked)", rows, ACCENT))
    if me.choice:
        out.append(Section("Your secret choice", _wrapped(me.choice, 15), ACCENT))
    return out


def _counts(p: PlayerView) -> Section:
    rows = [
        Row(f"EC {p.ec} · Income {p.income} · Immunity {p.imm} · +2 VP tokens {p.plus2}", 16),
        Row(
            f"Influence: {p.reserve} in reserve, {p.on_map} on the map, {p.recycled} to collect · "
            f"Servers {p.servers}/7",
            13,
            MUTED,
        ),
    ]
    return Section("Your board", rows)


def _agents(p: PlayerView) -> Section | None:
    if not p.duty:
        return None
    rows: list[Row] = []
    for a in p.duty:
        ready = "used this Round" if a.turned else "ready"
        rows += _wrapped(
            f"{a.name} ({a.type.capitalize()}, Level {a.level})",
            15,
            right=ready,
            right_fill=MUTED if a.turned else GOOD,
        )
        rows += _wrapped(f"Activate: {a.ability}", 13, MUTED, 10)
        rows += _wrapped(f"Promote: {a.promotion}", 13, MUTED, 10) if a.promotion else []
        rows += _wrapped(f"As a Boost: {a.boost}", 13, MUTED, 10) if a.boost else []
    return Section("Agents on Duty", rows)


def _verses(p: PlayerView) -> Section | None:
    if not p.verses:
        return None
    rows: list[Row] = []
    for v in p.verses:
        side = "Online" if v.online else "Loading"
        rows += _wrapped(f"{v.name} ({v.genre})", 15, right=side, right_fill=GOOD if v.online else MUTED)
        if not v.online:
            rows += _wrapped(
                f"Online with {v.condition}" + (f"; Bonus: {v.bonus}" if v.bonus else ""), 13, MUTED, 10
            )
        rows += _wrapped(f"Scores {v.scoring}", 13, MUTED, 10)
    return Section("Your Verses", rows)


def _held(view: VrView, p: PlayerView) -> Section | None:
    rows: list[Row] = []
    for action, names in p.boosts.items():
        rows += _wrapped(f"Under {action}: " + "; ".join(names), 14)
    titles = {t.id: t for t in view.titles}
    for code in p.titles:
        if code in titles:
            rows += _wrapped(f"Title {titles[code].name}: {titles[code].ability}", 14)
    rows += [r for marker in p.necro_markers for r in _wrapped(f"Necro marker: {marker}", 13, MUTED)]
    return Section("Boosts, Titles and markers", rows) if rows else None


def _sections(view: VrView) -> list[Section]:
    me = view.me
    out = _secrets(me) if me is not None else [Section("Nothing private", [Row("You play no seat here.")])]
    player = next((p for p in view.players if me is not None and p.seat == me.seat), None)
    if player is not None:
        out += [s for s in (_counts(player), _agents(player), _verses(player), _held(view, player)) if s]
    return out


def _header(d: ImageDraw.ImageDraw, view: VrView, seats: Seats) -> int:
    me = view.me
    if me is not None and me.seat in seats.index:
        chip(d, MARGIN + 2, 10, seats.named(me.seat), seats.colour(me.seat), 18)
    text(d, (WIDTH - MARGIN - 2, 22), "only you see this", size=14, fill=ACCENT, anchor="rm")
    now = f"Round {view.round}/{view.rounds}"
    if view.result is not None:
        now += " · game over"
    elif view.current:
        now += f" · {view.current}'s turn {view.turn_of_round}/3"
    elif view.awaiting:
        now += " · " + ", ".join(view.awaiting[:4]) + " to decide"
    text(d, (MARGIN + 2, 42), now, size=14, fill=MUTED)
    return 66


_section = LAYOUT.draw


def _checked(view: dict[str, Any] | VrView) -> VrView:
    return view if isinstance(view, VrView) else VrView.model_validate(view)


def render_private(data: dict[str, Any] | VrView) -> bytes:
    """The seat's own picture (see the module's docstring)."""
    view = _checked(data)
    sections = _sections(view)
    height = 66 + sum(s.height + 6 for s in sections) + 6
    image, d = canvas(WIDTH, height, BACKGROUND)
    y = _header(d, view, Seats(view))
    for section in sections:
        y = _section(d, section, y)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), COLOURS)
