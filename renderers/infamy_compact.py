"""The compact Infamy board: the public board for Discord's inline preview (600 px wide, read at about 550 on
a phone). Larger type and fewer words than the full board (:mod:`renderers.infamy`, a click away): who is to
act and until when, each freelancer in one row, the Contact Track by name, the six sectors with their pawns,
the Missions in one line each, and the last public change, highlighted on the board too.

Pawns differ by more than colour: each freelancer has a shape and an initial (the Accomplice a black
hexagon marked "Ac"). Only public fields of the view are read, so every seat's view draws the same image.
"""

from __future__ import annotations

import re
from typing import Any

from engine.infamy.view import ACC_PAWN, InfamyView, PlayerView, SectorView

from .common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    RGB,
    SHAPES,
    canvas,
    due_label,
    initials,
    marker,
    text_width,
    to_png,
    wrap,
)
from .infamy import (
    ACCOMPLICE,
    CARD,
    COLOURS,
    DAY_SKY,
    DIM,
    FACTION,
    FLAT_COLOURS,
    HAZARD,
    NIGHT_SKY,
    PHASES,
    TILE,
    WATCHDOG,
    ZONE,
    Pen,
    _checked,
)

WIDTH = 600
M = 8
WHITE: RGB = (255, 255, 255)
GREEN: RGB = (120, 240, 120)
HEADER: RGB = (24, 26, 32)
COMPACT_COLOURS: tuple[RGB, ...] = (*FLAT_COLOURS, ACCENT)
"""Every colour the compact board draws with (its PNG palette)."""
ZONE_LETTER = {"weapon": "W", "data": "D", "compound": "C", "henchman": "H", "special": "Sp"}
FACTION_ABBR = {"cartel": "Car", "megacorp": "Meg", "militia": "Mil"}
ASKED = {
    "sector": "chooses a sector in secret",
    "place": "places a pawn",
    "scheme": "plays a Scheme or passes",
    "sabotage": "chooses a mission to Sabotage",
    "order": "orders effects",
    "watchdog_move": "moves a Watchdog",
    "deck": "chooses a Scheme deck",
    "thug_cancel": "may cancel a theft",
    "discard": "discards a Scheme",
    "steal": "chooses what to steal",
    "resource": "chooses a resource",
    "liaison": "Liaison: 2 Infamy or 1 Rep",
    "hazard": "places a Hazard",
    "rep": "chooses a faction for 1 Rep",
}
"""What a waiting seat is asked, in the third person and short (the prompt itself speaks to the seat)."""
RES_LETTER = {"weapon": "W", "data": "D", "compound": "C", "henchman": "H", "favor": "F", "bribe": "B"}


class CompactPen(Pen):
    """The full board's pen at one logical pixel per pixel."""

    @staticmethod
    def s(v: float) -> int:
        return int(round(v))

    def width(self, value: str, size: float = 15) -> float:
        return text_width(value, self.s(size))


class Board:
    """One compact drawing: the pen, the view, and who is drawn how."""

    def __init__(self, pen: CompactPen, view: InfamyView, raw: dict[str, Any]) -> None:
        self.pen, self.view, self.raw = pen, view, raw
        self.letters = initials([p.seat for p in view.players])
        self.shapes = {p.seat: SHAPES[i % len(SHAPES)] for i, p in enumerate(view.players)}
        self.last = view.log[-1] if view.log else ""
        self.actor = next((p.seat for p in view.players if self.last.startswith(f"{p.seat} ")), None)
        recent = (
            view.log[-2:] if self.actor and view.log[-2:-1] and view.log[-2].startswith(self.actor) else []
        )
        self.hot_sectors = {
            int(n) for line in recent or [self.last] for n in re.findall(r"sector (\d+)", line)
        }
        self.hot_contacts = {c.pos for c in view.track if not c.face_down and f"the {c.name}" in self.last}

    def colour(self, seat: str) -> RGB:
        p = self.view.player(seat)
        return COLOURS.get(p.colour, INK) if p else MUTED

    def pawn(self, x: float, y: float, who: str, r: float = 13) -> None:
        d = self.pen.d
        if who == ACC_PAWN:
            marker(d, (x, y), r, "hexagon", ACCOMPLICE, "Ac", size=int(r * 0.95))
        else:
            marker(d, (x, y), r, self.shapes.get(who, "circle"), self.colour(who), self.letters.get(who, "?"))


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _waiting_text(view: InfamyView) -> str:
    waiting = view.waiting_for
    if not waiting:
        return ""
    if len(waiting) > 1:
        chosen = view.choosing.count if view.choosing else 0
        return f"choosing in secret ({chosen} chosen)" if view.choosing is not None else "to act"
    w = waiting[0]
    if w.kind == "bid" and view.auction:
        name = view.track[view.auction.pos - 1].name
        high = view.auction.high
        return f"bid on {name}" + (f" ({high} leads {view.auction.bids[high]})" if high else "")
    return ASKED.get(w.kind, "to act")


def _header(b: Board) -> float:
    pen, view = b.pen, b.view
    sky = DAY_SKY if view.day else NIGHT_SKY
    pen.box(M, 6, WIDTH - M, 74, fill=HEADER, outline=sky)
    pen.disc(30, 25, 11, sky)
    if not view.day:
        pen.disc(35, 21, 9, HEADER)
    when = "DAY" if view.day else "NIGHT"
    pen.text(50, 25, f"Round {view.round} · {when} · {PHASES.get(view.phase, view.phase)}", 20, INK, "lm")
    res = view.result
    if res is not None:
        status = ("Draw: " if res.draw else "Winner: ") + ", ".join(res.winners)
        pen.text(20, 54, pen.fit(status, WIDTH - 40, 19), 19, GREEN, "lm")
        return 82
    due = due_label(b.raw)
    right = WIDTH - 20 - (pen.width(due, 15) + 8 if due else 0)
    x = 20.0
    waiting = view.waiting_for
    for w in waiting[:4]:
        b.pawn(x + 11, 54, w.seat, 11)
        x += 26
    label = _waiting_text(view)
    if waiting:
        line = f"{waiting[0].seat}: {label}" if len(waiting) == 1 else label
        pen.text(x + 2, 54, pen.fit(line, right - x - 6, 17), 17, INK, "lm")
    if due:
        pen.text(WIDTH - 20, 54, due, 15, ACCENT, "rm")
    return 82


def _rep(b: Board, p: PlayerView, x: float, y: float) -> None:
    for k, f in enumerate(("cartel", "megacorp", "militia")):
        bx = x + k * 50
        filled = p.rep[f] > 0
        b.pen.box(bx, y, bx + 46, y + 20, fill=FACTION[f] if filled else DIM, outline=FACTION[f], radius=4)
        b.pen.text(bx + 23, y + 10, f"{FACTION_ABBR[f]} {p.rep[f]}", 13, WHITE if filled else MUTED, "mm")


def _tags(b: Board, p: PlayerView) -> list[tuple[str, RGB]]:
    view = b.view
    tags: list[tuple[str, RGB]] = []
    if p.triggerman:
        tags.append(("TRIGGERMAN", DAY_SKY))
    if view.choosing is not None:
        chosen = p.seat in view.choosing.chosen
        tags.append(("CHOSEN" if chosen else "choosing", GREEN if chosen else MUTED))
    if p.seat in view.awaiting:
        tags.insert(0, ("TO ACT", WHITE))
    return tags


def _players(b: Board, y0: float) -> float:
    pen, view = b.pen, b.view
    h = 52
    for i, p in enumerate(view.players):
        y = y0 + i * (h + 4)
        acting = p.seat in view.awaiting
        pen.box(M, y, WIDTH - M, y + h, fill=PANEL, outline=WHITE if acting else None, width=3)
        if p.seat == b.actor:  # who made the last change (written in the Last box below)
            pen.box(M + 2, y + 6, M + 6, y + h - 6, fill=ACCENT, radius=2)
        b.pawn(28, y + 18, p.seat, 13)
        pen.text(48, y + 18, pen.fit(p.seat, 118, 20), 20, b.colour(p.seat), "lm")
        pen.text(218, y + 18, f"{p.infamy}i", 24, DAY_SKY, "rm")
        _rep(b, p, 232, y + 8)
        res = p.res
        stock = f"{res.weapon}W {res.data}D {res.compound}C {p.henchmen}H {p.favors}F"
        pen.text(WIDTH - 18, y + 18, stock, 16, INK, "rm")
        x = 48.0
        for label, colour in _tags(b, p):
            pen.text(x, y + 40, label, 14, colour, "lm")
            x += pen.width(label, 14) + 10
        extra = " · ".join(
            _count(n, word)
            for n, word in (
                (p.bribes.available, "Bribe"),
                (len(p.missions), "Mission"),
                (p.hand_count, "Scheme"),
            )
        )
        pen.text(WIDTH - 18, y + 40, pen.fit(extra, WIDTH - 36 - x, 14), 14, MUTED, "rm")
    return y0 + len(view.players) * (h + 4) + 4


def _contacts(b: Board, y0: float) -> float:
    pen, view = b.pen, b.view
    w, h = (WIDTH - 2 * M - 4 * 5) / 5, 62
    auction = view.auction
    for i in range(5):
        x = M + i * (w + 5)
        if i >= len(view.track):
            pen.box(x, y0, x + w, y0 + h, fill=DIM)
            continue
        c = view.track[i]
        current = auction is not None and auction.pos == c.pos
        outline = ACCENT if c.pos in b.hot_contacts else (WHITE if current else None)
        pen.box(x, y0, x + w, y0 + h, fill=DIM if c.face_down else CARD, outline=outline, width=3)
        pen.text(x + 6, y0 + 5, str(c.pos), 13, MUTED)
        pen.text(x + 18, y0 + 4, pen.fit(c.name, w - 22, 15), 15, MUTED if c.face_down else INK)
        if c.face_down:
            pen.text(x + w / 2, y0 + 40, "face down", 14, MUTED, "mm")
        elif c.winner:
            b.pawn(x + 16, y0 + 42, c.winner, 11)
            pen.text(x + 32, y0 + 42, pen.fit(f"won by {c.winner}", w - 36, 14), 14, INK, "lm")
        elif current and c.bids:
            bx = x + 6
            for seat, amount in sorted(c.bids.items(), key=lambda kv: -kv[1])[:3]:
                b.pawn(bx + 10, y0 + 42, seat, 10)
                pen.text(bx + 22, y0 + 42, str(amount), 15, WHITE if seat == c.high else MUTED, "lm")
                bx += 34
        elif current:
            pen.text(x + w / 2, y0 + 42, "no bid yet", 14, MUTED, "mm")
    return y0 + h + 6


def _zone(b: Board, x: float, y: float, w: float, label: str, colour: RGB, pawn: str | None) -> None:
    b.pen.box(x, y, x + w, y + 54, fill=(50, 56, 68), outline=colour, radius=6)
    b.pen.text(x + w / 2, y + 10, label, 14, colour, "mm")
    if pawn:
        b.pawn(x + w / 2, y + 35, pawn, 13)


def _entering(b: Board, sec: SectorView, right: float, y: float) -> float:
    """The pawns revealed for this sector and not placed yet (small, right to left from ``right``); returns
    the room left for the name."""
    view = b.view
    if view.choosing is not None:
        return right
    for seat, number in reversed(list(view.revealed.items())):
        if number == sec.id and seat not in view.placed:
            b.pawn(right - 10, y, seat, 10)
            right -= 25
    return right


def _sector(b: Board, sec: SectorView, x: float, y: float, w: float) -> None:
    pen, view = b.pen, b.view
    blocked = sec.watchdogs > 0
    hot = sec.id in b.hot_sectors
    outline = ACCENT if hot else (WATCHDOG if blocked else None)
    pen.box(x, y, x + w, y + 98, fill=(44, 33, 36) if blocked else TILE, outline=outline, width=3)
    pen.text(x + 7, y + 4, str(sec.id), 22, DAY_SKY)
    right = _entering(b, sec, x + w - 8 - 38 * (blocked + hot), y + 15)
    pen.text(x + 26, y + 8, pen.fit(sec.name, right - x - 28, 15), 15, INK)
    if hot:
        pen.box(
            x + w - (80 if blocked else 40),
            y + 6,
            x + w - (44 if blocked else 6),
            y + 24,
            fill=ACCENT,
            radius=4,
        )
        pen.text(x + w - (62 if blocked else 23), y + 15, "last", 12, (20, 20, 20), "mm")
    if blocked:
        pen.box(x + w - 38, y + 6, x + w - 6, y + 24, fill=WATCHDOG, radius=4)
        pen.text(x + w - 22, y + 15, f"WD{sec.watchdogs if sec.watchdogs > 1 else ''}", 12, WHITE, "mm")
    zw = (w - 16) / 3
    missions = sum(1 for m in view.missions if m.sector == sec.id)
    _zone(b, x + 5, y + 36, zw, f"M {missions}" if missions else "M -", DAY_SKY, sec.mission_pawn)
    for k, z in enumerate(sec.zones):
        zx = x + 5 + (k + 1) * (zw + 3)
        if z.kind == "hq" and z.faction is not None:
            label, colour = FACTION_ABBR[z.faction], FACTION[z.faction]
        else:
            label, colour = ZONE_LETTER.get(z.kind, "?"), ZONE.get(z.kind, ("", MUTED))[1]
        _zone(b, zx, y + 36, zw, label, colour, z.pawn)
        if z.hazard:  # a Hazard: the zone's label on an orange bar, and the word, not the colour alone
            pen.box(zx + 2, y + 38, zx + zw - 2, y + 55, fill=HAZARD, radius=4)
            pen.text(zx + zw / 2, y + 46.5, f"{label} HAZ", 13, (20, 20, 20), "mm")


def _sectors(b: Board, y0: float) -> float:
    w = (WIDTH - 2 * M - 2 * 5) / 3
    for idx, sec in enumerate(b.view.sectors):
        _sector(b, sec, M + (idx % 3) * (w + 5), y0 + (idx // 3) * 103, w)
    rows = (len(b.view.sectors) + 2) // 3
    return y0 + rows * 103 + 2


def _missions(b: Board, y0: float) -> float:
    pen, view = b.pen, b.view
    pen.text(M + 2, y0 + 8, f"Missions ({view.mission_deck} in deck)", 14, MUTED, "lm")
    y0 += 18
    w = (WIDTH - 2 * M - 5) / 2
    for i, m in enumerate(view.missions[:6]):
        x, y = M + (i % 2) * (w + 5), y0 + (i // 2) * 38
        pen.box(x, y, x + w, y + 34, fill=CARD, radius=6)
        pen.box(x + 4, y + 4, x + 28, y + 30, fill=HEADER, radius=5)
        pen.text(x + 16, y + 17, str(m.sector), 18, DAY_SKY, "mm")
        cost = " ".join(f"{v}{RES_LETTER.get(k, k[:1].upper())}" for k, v in m.requires.items() if v)
        reward = f"+{m.infamy}i" + (f" +{m.rep}r" if m.rep else "")
        right = x + w - 6
        pen.text(right, y + 17, reward, 16, DAY_SKY, "rm")
        right -= pen.width(reward, 16) + 8
        pen.text(right, y + 17, cost, 14, MUTED, "rm")
        right -= pen.width(cost, 14) + 6
        pen.text(x + 34, y + 17, pen.fit(m.name, right - x - 36, 15), 15, INK, "lm")
    rows = (min(6, len(view.missions)) + 1) // 2
    return y0 + rows * 38 + 2


def _last(b: Board, y0: float) -> float:
    pen, view = b.pen, b.view
    if not b.last:
        return y0
    rows = wrap(b.last, WIDTH - 2 * M - 60, 16)[:2]
    h = 12 + 20 * len(rows) + (18 if len(view.log) > 1 else 0)
    pen.box(M, y0, WIDTH - M, y0 + h, fill=PANEL, outline=ACCENT, width=2)
    pen.text(M + 10, y0 + 8, "Last", 14, ACCENT)
    for i, row in enumerate(rows):
        pen.text(M + 52, y0 + 6 + 20 * i, row, 16, INK)
    if len(view.log) > 1:
        before = pen.fit(view.log[-2], WIDTH - 2 * M - 62, 14)
        pen.text(M + 52, y0 + 7 + 20 * len(rows), before, 14, MUTED)
    return y0 + h + 6


def _height(view: InfamyView) -> int:
    players = len(view.players) * 56 + 4
    sectors = (len(view.sectors) + 2) // 3 * 103 + 2
    missions = 20 + (min(6, len(view.missions)) + 1) // 2 * 38
    return 82 + players + 68 + sectors + missions + 90


def render_compact(data: dict[str, Any] | InfamyView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    image, draw = canvas(WIDTH, _height(view), BACKGROUND)
    b = Board(CompactPen(image), view, raw)
    y = _header(b)
    y = _players(b, y)
    y = _contacts(b, y)
    y = _sectors(b, y)
    y = _missions(b, y)
    y = _last(b, y)
    image = image.crop((0, 0, WIDTH, int(min(image.height, y + 4))))
    return to_png(image, COMPACT_COLOURS)
