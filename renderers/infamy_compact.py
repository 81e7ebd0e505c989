"""The compact Infamy board: the public board for Discord's inline preview, the status message, the history
and the replay (600 px wide, read at about 550 on a phone: no text under 12 px here, 11 px there). Larger
type and fewer words than the full board (:mod:`renderers.infamy`, a click away): where the game stands and
who is to act, each freelancer in one row (what the last move changed for him beneath), the Contact Track,
the sector cards once revealed, the six sectors with their pawns, the missions, the last move's lines and a
key to every symbol.

What the latest move changed (the view's ``last``) is outlined in the accent colour: Contacts won or bid
on, zones where a pawn or a Hazard went, sectors whose Watchdogs moved. Pawns differ by more than colour:
each freelancer has a shape and a tag unique at the table (:class:`~renderers.infamy_style.Seats`). Only
public fields of the view are read, so every seat's view draws the same image.
"""

from __future__ import annotations

from typing import Any

from engine.infamy.view import InfamyView, PlayerView, SectorView, ZoneView, count

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, canvas, due_label, text_width, to_png, wrap
from .infamy_style import (
    CARD,
    DAY_SKY,
    DIM,
    FACTION,
    FLAT_COLOURS,
    HAZARD,
    NIGHT_SKY,
    TILE,
    WATCHDOG,
    WHITE,
    ZONE,
    Pen,
    Seats,
    checked,
)

WIDTH = 600
M = 8
GREEN: RGB = (120, 240, 120)
HEADER: RGB = (24, 26, 32)
ZONE_GROUND: RGB = (50, 56, 68)
CLOSED: RGB = (44, 33, 36)
DARK: RGB = (20, 20, 20)
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
    "watchdog_add": "adds a Watchdog",
    "watchdog_remove": "removes a Watchdog",
    "deck": "chooses a Scheme deck",
    "thug_cancel": "may cancel a theft",
    "discard": "discards a Scheme",
    "steal": "chooses what to steal",
    "target": "chooses a rival",
    "resource": "chooses a resource",
    "liaison": "Liaison: 2 Infamy or 1 Rep",
    "hazard": "places a Hazard",
    "unhazard": "removes a Hazard",
    "rep": "chooses a faction for Rep",
}
"""What a waiting seat is asked, in the third person and short (the prompt itself speaks to the seat)."""
KEY = (
    "Key: W Weapon, D Data, C Compound, H Henchman (zones and tokens), F Favor, B Bribe · Sp special zone "
    "(Day: Recover 3 Bribes; Night: +1 Infamy) · Car, Meg, Mil: a faction's HQ, and Rep in it · M n: "
    "missions available in that sector · WD Watchdog: the sector is closed · HAZ Hazard: the zone is closed "
    "· Ac the Accomplice · i Infamy · gold outline: changed by the last move · white outline: to act"
)
SMALL = 12
"""The smallest font size drawn: 11 px once the 600 px picture is shown 550 px wide."""


class CompactPen(Pen):
    """The full board's pen at one logical pixel per pixel."""

    @staticmethod
    def s(v: float) -> int:
        return int(round(v))

    def width(self, value: str, size: float = 15) -> float:
        return text_width(value, self.s(size))


class Board:
    """One compact drawing: the pen, the view, who is drawn how, and what the last move changed."""

    def __init__(self, pen: CompactPen, view: InfamyView, raw: dict[str, Any]) -> None:
        self.pen, self.view, self.raw = pen, view, raw
        self.seats = Seats(view)
        last = view.last
        self.actor = last.seat if last is not None else None
        self.hot_contacts = set(last.contacts) if last is not None else set()
        self.hot_zones = set(last.zones) if last is not None else set()
        self.hot_sectors = set(last.sectors) if last is not None else set()
        self.changes = dict(last.changes) if last is not None else {}

    def pawn(self, x: float, y: float, who: str, r: float = 13) -> None:
        self.seats.pawn(self.pen, x, y, who, r)


def _waiting_text(view: InfamyView) -> str:
    waiting = view.waiting_for
    if not waiting:
        return ""
    if len(waiting) > 1:
        if view.choosing is not None:
            return f"choose sectors in secret ({view.choosing.count} of {view.choosing.of} chosen)"
        return "to act"
    w = waiting[0]
    if w.kind == "bid" and view.auction:
        name = view.track[view.auction.pos - 1].name
        high = view.auction.high
        return f"bids on the {name}" + (f" ({high} leads with {view.auction.bids[high]})" if high else "")
    return ASKED.get(w.kind, "to act")


def _header(b: Board) -> float:
    pen, view = b.pen, b.view
    sky = DAY_SKY if view.day else NIGHT_SKY
    pen.box(M, 6, WIDTH - M, 74, fill=HEADER, outline=sky)
    pen.disc(30, 25, 11, sky)
    if not view.day:
        pen.disc(35, 21, 9, HEADER)
    pen.text(50, 25, pen.fit(view.standing, WIDTH - 70, 19), 19, INK, "lm")
    res = view.result
    if res is not None:
        status = ("Draw: " if res.draw else "Winner: ") + ", ".join(res.winners) + f" ({res.reason})"
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
        line = f"{waiting[0].seat} {label}" if len(waiting) == 1 else label
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
    if p.seat in view.awaiting:
        tags.append(("TO ACT", WHITE))
    if p.triggerman:
        tags.append(("TRIGGERMAN", DAY_SKY))
    if view.choosing is not None:
        chosen = p.seat in view.choosing.chosen
        tags.append(("CHOSEN" if chosen else "choosing", GREEN if chosen else MUTED))
    return tags


def _row_height(b: Board, p: PlayerView) -> float:
    return 52 + (20 if b.changes.get(p.seat) else 0)


def _player(b: Board, p: PlayerView, y: float) -> None:
    pen = b.pen
    h = _row_height(b, p)
    acting = p.seat in b.view.awaiting
    pen.box(M, y, WIDTH - M, y + h, fill=PANEL, outline=WHITE if acting else None, width=3)
    if p.seat == b.actor:  # who made the last move (its lines are in the Last box below)
        pen.box(M + 2, y + 6, M + 6, y + h - 6, fill=ACCENT, radius=2)
    b.pawn(28, y + 18, p.seat, 13)
    pen.text(48, y + 18, pen.fit(p.seat, 118, 20), 20, b.seats.colour(p.seat), "lm")
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
        (count(p.bribes.available, "Bribe"), count(len(p.missions), "Mission"), count(p.hand_count, "Scheme"))
    )
    pen.text(WIDTH - 18, y + 40, pen.fit(extra, WIDTH - 36 - x, 14), 14, MUTED, "rm")
    moved = b.changes.get(p.seat)
    if moved:
        pen.text(48, y + 60, pen.fit("Last move: " + ", ".join(moved), WIDTH - 66, 14), 14, ACCENT, "lm")


def _players(b: Board, y0: float) -> float:
    y = y0
    for p in b.view.players:
        _player(b, p, y)
        y += _row_height(b, p) + 4
    return y + 4


def _bids(b: Board, bids: dict[str, int], high: str | None, x: float, right: float, y: float) -> None:
    """The bids on the Contact being auctioned, highest first, as many as fit: marker, then amount."""
    for seat, amount in sorted(bids.items(), key=lambda kv: -kv[1]):
        value = str(amount)
        room = 24 + b.pen.width(value, 15)
        if x + room > right:
            return
        b.pawn(x + 11, y, seat, 11)
        b.pen.text(x + 24, y, value, 15, WHITE if seat == high else MUTED, "lm")
        x += room + 6


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
            pen.text(x + w / 2, y0 + 42, "face down", 14, MUTED, "mm")
        elif c.winner:
            b.pawn(x + 16, y0 + 42, c.winner, 11)
            pen.text(x + 31, y0 + 42, pen.fit(f"won by {c.winner}", w - 35, 14), 14, INK, "lm")
        elif current and c.bids:
            _bids(b, c.bids, c.high, x + 5, x + w - 4, y0 + 42)
        elif current:
            pen.text(x + w / 2, y0 + 42, "no bid yet", 14, MUTED, "mm")
    return y0 + h + 6


def _revealed(b: Board, y0: float) -> float:
    """Once the sector cards are turned up: what each freelancer chose (and whether he got in)."""
    view = b.view
    if view.choosing is not None or not view.revealed:
        return y0
    pen = b.pen
    pen.box(M, y0, WIDTH - M, y0 + 30, fill=PANEL)
    pen.text(M + 10, y0 + 15, "Sector cards:", 14, MUTED, "lm")
    x = M + 10 + pen.width("Sector cards:", 14) + 10
    outcomes = {"failed": "failed", "smuggled": "out"}
    for seat, number in view.revealed.items():
        value = f"{number}" + (f" {outcomes[view.placed[seat]]}" if view.placed.get(seat) in outcomes else "")
        room = 26 + pen.width(value, 15) + 12
        if x + room > WIDTH - M - 6:
            break
        b.pawn(x + 11, y0 + 15, seat, 11)
        pen.text(x + 26, y0 + 15, value, 15, INK, "lm")
        x += room
    return y0 + 36


def _zone_label(z: ZoneView) -> tuple[str, RGB]:
    if z.kind == "hq" and z.faction is not None:
        return FACTION_ABBR[z.faction], FACTION[z.faction]
    return ZONE_LETTER.get(z.kind, "?"), ZONE.get(z.kind, ("", MUTED))[1]


def _zone(b: Board, x: float, y: float, w: float, z: ZoneView | None, label: str, colour: RGB) -> None:
    """A zone (``z`` None: the mission zone): its label, or its Hazard; its pawn; outlined if just changed."""
    pen = b.pen
    hot = (z.id if z is not None else "") in b.hot_zones
    pen.box(x, y, x + w, y + 54, fill=ZONE_GROUND, outline=ACCENT if hot else colour, width=3 if hot else 2)
    if z is not None and z.hazard:  # the zone's label on an orange bar, and the word, not the colour alone
        pen.box(x + 2, y + 2, x + w - 2, y + 19, fill=HAZARD, radius=4)
        pen.text(x + w / 2, y + 10.5, f"{label} HAZ", 13, DARK, "mm")
    else:
        pen.text(x + w / 2, y + 10, label, 14, colour, "mm")
    pawn = z.pawn if z is not None else None
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
            b.pawn(right - 11, y, seat, 11)
            right -= 25
    return right


def _sector(b: Board, sec: SectorView, x: float, y: float, w: float) -> None:
    pen, view = b.pen, b.view
    blocked = sec.watchdogs > 0
    hot = sec.id in b.hot_sectors
    outline = ACCENT if hot else (WATCHDOG if blocked else None)
    pen.box(x, y, x + w, y + 98, fill=CLOSED if blocked else TILE, outline=outline, width=3)
    pen.text(x + 7, y + 4, str(sec.id), 22, DAY_SKY)
    right = _entering(b, sec, x + w - 8 - (38 if blocked else 0), y + 15)
    pen.text(x + 26, y + 8, pen.fit(sec.name, right - x - 30, 15), 15, INK)
    if blocked:
        pen.box(x + w - 40, y + 6, x + w - 6, y + 24, fill=WATCHDOG, radius=4)
        pen.text(x + w - 23, y + 15, f"WD{sec.watchdogs if sec.watchdogs > 1 else ''}", 12, WHITE, "mm")
    zw = (w - 16) / 3
    missions = sum(1 for m in view.missions if m.sector == sec.id)
    mission_zone = ZoneView(
        id=f"s{sec.id}m", kind="mission", faction=None, hazard=False, pawn=sec.mission_pawn
    )
    _zone(b, x + 5, y + 36, zw, mission_zone, f"M {missions}" if missions else "M -", DAY_SKY)
    for k, z in enumerate(sec.zones):
        label, colour = _zone_label(z)
        _zone(b, x + 5 + (k + 1) * (zw + 3), y + 36, zw, z, label, colour)


def _sectors(b: Board, y0: float) -> float:
    w = (WIDTH - 2 * M - 2 * 5) / 3
    for idx, sec in enumerate(b.view.sectors):
        _sector(b, sec, M + (idx % 3) * (w + 5), y0 + (idx // 3) * 103, w)
    rows = (len(b.view.sectors) + 2) // 3
    return y0 + rows * 103 + 2


def _missions(b: Board, y0: float) -> float:
    pen, view = b.pen, b.view
    pen.text(M + 2, y0 + 8, f"Missions ({view.mission_deck} in the deck)", 14, MUTED, "lm")
    y0 += 18
    w = (WIDTH - 2 * M - 5) / 2
    for i, m in enumerate(view.missions[:6]):
        x, y = M + (i % 2) * (w + 5), y0 + (i // 2) * 38
        pen.box(x, y, x + w, y + 34, fill=CARD, radius=6)
        pen.box(x + 4, y + 4, x + 28, y + 30, fill=HEADER, radius=5)
        pen.text(x + 16, y + 17, str(m.sector), 18, DAY_SKY, "mm")
        cost = " ".join(f"{v}{k[:1].upper()}" for k, v in m.requires.items() if v)
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
    pen, last = b.pen, b.view.last
    if last is None or not last.lines:
        return y0
    rows = [row for line in last.lines for row in wrap(line, WIDTH - 2 * M - 70, 15)]
    if len(rows) > 4:  # the move first, then what followed from it, as far as four rows go
        rows = [*rows[:3], f"... and {len(rows) - 3} more (the log has them all)"]
    h = 10 + 20 * len(rows)
    pen.box(M, y0, WIDTH - M, y0 + h, fill=PANEL, outline=ACCENT, width=2)
    pen.text(M + 10, y0 + 7, "Last", 14, ACCENT)
    for i, row in enumerate(rows):
        pen.text(M + 58, y0 + 5 + 20 * i, row, 15, INK)
    return y0 + h + 6


def _key(b: Board, y0: float) -> float:
    rows = wrap(KEY, WIDTH - 2 * M - 8, 13)
    for i, row in enumerate(rows):
        b.pen.text(M + 4, y0 + i * 17, row, 13, MUTED)
    return y0 + 17 * len(rows) + 4


def render_compact(data: dict[str, Any] | InfamyView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = checked(data)
    raw = data if isinstance(data, dict) else {}
    image, _ = canvas(WIDTH, 1600, BACKGROUND)
    b = Board(CompactPen(image), view, raw)
    y = _header(b)
    for part in (_players, _contacts, _revealed, _sectors, _missions, _last, _key):
        y = part(b, y)
    return to_png(image.crop((0, 0, WIDTH, int(y + 4))), COMPACT_COLOURS)
