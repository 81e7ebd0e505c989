"""The full Infamy board (for a large screen, one click from the thread's compact board), drawn from a view
(``game.view(state, seat)``) only; the private picture is :mod:`renderers.infamy_private` (re-exported here,
where the bot looks for it), the shared palette, pen and markers :mod:`renderers.infamy_style`.

The board is laid out on a 1400x900 logical canvas and drawn at ``SCALE`` times that size, so it stays sharp
when opened. The public image never shows a hand or a secret sector: during the secret choice it shows only
who has chosen, and once the cards are revealed who chose each sector. What the latest move changed is
outlined in the accent colour (Contacts, zones, sectors) and its lines are the bright ones of the log.

Speed (a board image is drawn after every move): the empty board (frames, labels, sector tiles, card
frames, Rep tracks: :mod:`renderers.infamy_base`) is drawn once per table and Round type and copied; each
text's glyphs are rasterised once and stamped (:func:`renderers.common.text`); the PNG is 8-bit, mapped to
one fixed palette of the renderer's colours (:func:`renderers.common.fixed_palette`), and of the picture
only what was drawn over the empty board is mapped again (:mod:`renderers.drawn`); mission cards are kept
as drawn and mapped, and pasted while they stay in their slot (Contact cards were tried too: a game's
winners and bids make most of them new, and keeping them cost more than drawing them).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.infamy.view import ACC_PAWN, PHASE_NAMES, InfamyView, MissionView, round_name

from .common import ACCENT, INK, MUTED, RGB, rows_png
from .drawn import Drawn, Parts, mapped_over
from .infamy_base import (
    CONTACT_H,
    CONTACT_W,
    CONTACT_X0,
    CONTACT_Y0,
    MISSION_SLOTS,
    MISSION_X0,
    MISSION_Y0,
    MISSION_Y1,
    PANEL_X0,
    PANEL_X1,
    PANEL_Y0,
    TILE_H,
    TILE_W,
    TRACK_LEFT,
    TRACK_Y0,
    ZONE_W,
    base,
    chip_x,
    clear_missions,
    contact_x,
    mission_frame,
    mission_width,
    mission_x,
    panel_height,
    paste_scale,
    sector_tile,
    tile_origin,
    track_step,
    zone_x,
)
from .infamy_private import render_private
from .infamy_style import (
    CARD,
    COLOURS,
    DAY_SKY,
    DIM,
    FACTION,
    FACTION_SHORT,
    FLAT_COLOURS,
    HAZARD,
    HEIGHT,
    NIGHT_SKY,
    SCALE,
    WATCHDOG,
    WIDTH,
    ZONE,
    Pen,
    Seats,
    checked,
)

__all__ = ["HEIGHT", "SCALE", "WIDTH", "Pen", "render", "render_private"]


def _colour_of(view: InfamyView, who: str | None) -> RGB:
    return Seats.of(view).colour(who)


def _pawn(pen: Pen, view: InfamyView, x: float, y: float, who: str, r: float = 13) -> None:
    Seats.of(view).pawn(pen, x, y, who, r)


def _last(view: InfamyView) -> tuple[set[int], set[str], set[int]]:
    """What the latest move changed: Contact positions, zones and sectors (outlined in the accent colour)."""
    last = view.last
    if last is None:
        return set(), set(), set()
    return set(last.contacts), set(last.zones), set(last.sectors)


def _header(pen: Pen, view: InfamyView) -> None:
    day = view.day
    pen.text(54, 28, f"INFAMY   {round_name(view.turn, day)}", 20, anchor="lm")
    phase = PHASE_NAMES.get(view.phase, view.phase)
    pen.text(470, 28, phase, 18, DAY_SKY if day else NIGHT_SKY, anchor="lm")
    res = view.result
    if res is not None:
        status = ("DRAW: " if res.draw else "WINNER: ") + ", ".join(res.winners) + " · " + res.reason
        pen.text(WIDTH - 24, 28, pen.fit(status, 640, 17), 17, (120, 240, 120), anchor="rm")
        return
    waiting = view.waiting_for
    if waiting:
        who = ", ".join(w.seat for w in waiting)
        first = waiting[0].text if len(waiting) == 1 else "choosing a sector in secret"
        prefix = f"{waiting[0].seat}: "
        if first.startswith(prefix):
            first = first[len(prefix) :]
        auction = view.auction
        if len(waiting) == 1 and waiting[0].kind == "bid" and auction:  # the full prompt is too long here
            name = view.track[auction.pos - 1].name
            high = auction.high
            lead = f"{high} leads with {auction.bids[high]}" if high is not None else "no bid yet"
            first = f"bid on the {name} ({lead})"
        pen.text(WIDTH - 24, 28, pen.fit(f"Waiting for {who}: {first}", 560, 16), 16, anchor="rm")


def _contact_track(pen: Pen, view: InfamyView) -> None:
    x0, y0, w, h = CONTACT_X0, CONTACT_Y0, CONTACT_W, CONTACT_H
    auction = view.auction
    for i in range(5):
        x = contact_x(i)
        if i >= len(view.track):
            pen.box(x, y0, x + w, y0 + h, fill=DIM)
            continue
        c = view.track[i]
        current = auction is not None and auction.pos == c.pos
        winner = c.winner
        fill = DIM if c.face_down else CARD
        outline = (255, 255, 255) if current else (_colour_of(view, winner) if winner else None)
        outline = ACCENT if c.pos in _last(view)[0] else outline
        if fill != CARD or outline is not None:  # else the empty board's frame is this card's
            pen.box(x, y0, x + w, y0 + h, fill=fill, outline=outline, width=3 if current or winner else 2)
        pen.text(x + 8, y0 + 6, str(c.pos), 14, MUTED)
        if c.face_down:
            pen.text(x + w / 2, y0 + h / 2, "face down", 15, MUTED, anchor="mm")
            pen.text(x + w / 2, y0 + h / 2 + 20, c.name, 13, MUTED, anchor="mm")
            continue
        pen.text(x + 24, y0 + 5, pen.fit(c.name, w - 50, 16), 16)
        if c.ongoing:
            pen.text(x + w - 8, y0 + 6, "*", 16, DAY_SKY, anchor="ra")
        tag_w = min(56.0, (w - 16) / max(1, len(c.factions)))
        for j, f in enumerate(c.factions):
            tx = x + 8 + j * tag_w
            pen.box(tx, y0 + 27, tx + tag_w - 4, y0 + 41, fill=FACTION[f], radius=4)
            label = FACTION_SHORT[f] if tag_w >= 56 else FACTION_SHORT[f][:4]
            pen.text(tx + (tag_w - 4) / 2, y0 + 34, label, 10, (255, 255, 255), anchor="mm")
        pen.lines(x + 8, y0 + 46, c.text, w - 16, 12, MUTED, max_lines=3)
        if winner:
            pen.box(x + 6, y0 + h - 30, x + w - 6, y0 + h - 6, fill=_colour_of(view, winner), radius=5)
            pen.text(x + w / 2, y0 + h - 18, f"won by {winner}", 14, (20, 20, 20), anchor="mm")
        elif current:
            bids = c.bids or {}
            if not bids:
                pen.text(x + 8, y0 + h - 22, "no bid yet", 13, MUTED)
            for j, (seat, amount) in enumerate(sorted(bids.items(), key=lambda kv: -kv[1])[:4]):
                bx = x + 8 + j * 41
                pen.box(
                    bx,
                    y0 + h - 30,
                    bx + 37,
                    y0 + h - 6,
                    fill=_colour_of(view, seat),
                    radius=5,
                    outline=(255, 255, 255) if seat == c.high else None,
                )
                pen.text(bx + 18.5, y0 + h - 18, str(amount), 15, (20, 20, 20), anchor="mm")
    info_x = x0 + 5 * (w + 6)
    pen.text(info_x + 4, y0 + 22, f"deck {view.contact_deck}", 11)
    if auction:
        pen.text(info_x + 4, y0 + 44, "bidding", 11, MUTED)
        pen.text(info_x + 4, y0 + 58, pen.fit(auction.to_act, 34, 11), 11)


def _sectors(pen: Pen, view: InfamyView) -> None:
    """What changes on the sector tiles (the rest is in the base layer): Watchdogs, missions, Hazards,
    pawns."""
    w, h, zw = TILE_W, TILE_H, ZONE_W
    choosing = view.choosing
    revealed = view.revealed
    _, zones, changed = _last(view)
    for idx, sec in enumerate(view.sectors):
        x, y = tile_origin(idx)
        blocked = sec.watchdogs > 0
        if blocked:
            sector_tile(pen, idx, sec, view.day, blocked=True)
        if sec.id in changed:
            pen.box(x, y, x + w, y + h, fill=None, outline=ACCENT, width=3)
        for k in range(sec.watchdogs):
            bx = x + w - 100 - k * 30
            pen.box(bx, y + 8, x + w - 8 - k * 30 if k == 0 else bx + 92, y + 30, fill=WATCHDOG, radius=5)
            pen.text(bx + 46, y + 19, "WATCHDOG" if k == 0 else "x2", 12, (255, 255, 255), anchor="mm")
        zx = zone_x(x)
        missions_here = [m for m in view.missions if m.sector == sec.id]
        if missions_here:
            pen.box(zx[0], y + 40, zx[0] + zw, y + 140, fill=None, outline=DAY_SKY)
        pen.text(
            zx[0] + zw / 2,
            y + 70,
            f"{len(missions_here)} avail." if missions_here else "none",
            12,
            INK if missions_here else MUTED,
            anchor="mm",
        )
        if f"s{sec.id}m" in zones:
            pen.box(zx[0], y + 40, zx[0] + zw, y + 140, fill=None, outline=ACCENT, width=3)
        if sec.mission_pawn:
            _pawn(pen, view, zx[0] + zw / 2, y + 110, sec.mission_pawn, 16)
        for k, z in enumerate(sec.zones):
            zx0 = zx[k + 1]
            if z.id in zones:
                pen.box(zx0, y + 40, zx0 + zw, y + 140, fill=None, outline=ACCENT, width=3)
            if z.hazard:
                pen.box(zx0 + 4, y + 78, zx0 + zw - 4, y + 96, fill=HAZARD, radius=4)
                pen.text(zx0 + zw / 2, y + 87, "HAZARD", 12, (20, 20, 20), anchor="mm")
            if z.pawn:
                _pawn(pen, view, zx0 + zw / 2, y + 118, z.pawn, 16)
        # who chose / who came here
        footer = []
        if choosing is None and revealed:
            footer = [s for s, n in revealed.items() if n == sec.id]
        if footer:
            owner = view.flags.accomplice
            names = ", ".join(f"{owner}'s Accomplice" if s == ACC_PAWN else s for s in footer)
            pen.text(x + 10, y + h - 24, pen.fit(f"chosen by {names}", w - 20, 13), 13, MUTED)
        elif blocked:
            pen.text(x + 10, y + h - 24, "closed by Watchdog", 13, WATCHDOG)


def _infamy_track(pen: Pen, view: InfamyView) -> None:
    y0, left = TRACK_Y0, TRACK_LEFT
    top = max(20, max((p.infamy for p in view.players), default=0))
    step = track_step(top)
    paste_scale(pen, top)
    by_value: dict[int, list[str]] = {}
    for p in view.players:
        by_value.setdefault(p.infamy, []).append(p.seat)
    for value, seats in by_value.items():
        for k, seat in enumerate(seats):
            _pawn(pen, view, left + value * step + k * 5, y0 + 27, seat, 9)


MISSION_CARD_BYTES = 32 << 20
"""Bytes of mission cards kept (a card is about 0.4 MB: its pixels and the same mapped), by slot and card."""

MISSION_CARDS = Parts(MISSION_CARD_BYTES, FLAT_COLOURS)
"""Mission cards as drawn, pasted while they stay in their slot (:class:`renderers.drawn.Parts`)."""


def _missions(pen: Pen, view: InfamyView) -> None:
    x0, y0, y1 = MISSION_X0, MISSION_Y0, MISSION_Y1
    missions = view.missions
    n = max(MISSION_SLOTS, len(missions))
    w = mission_width(n)
    pen.text(x0, y0, f"Missions ({view.mission_deck} in deck)", 13, MUTED)
    if n != MISSION_SLOTS:
        clear_missions(pen)
    for i in range(n):
        x = mission_x(i, n)
        if i >= len(missions):
            pen.box(x, y0 + 18, x + w, y1, fill=DIM)
            continue
        m = missions[i]
        box = (pen.s(x), pen.s(y0 + 18), pen.s(x + w) + 1, pen.s(y1) + 1)
        key = (i, n, m.sector, m.name, tuple(m.types), tuple(m.requires.items()), m.reward, m.infamy, m.rep)
        MISSION_CARDS.draw(pen, (*key, tuple(m.factions)), box, partial(_mission, pen, m, i, n))


def _mission(pen: Pen, m: MissionView, i: int, n: int) -> None:
    """A mission card in slot ``i`` of a row of ``n``."""
    x, w, y0, y1 = mission_x(i, n), mission_width(n), MISSION_Y0, MISSION_Y1
    if n != MISSION_SLOTS:  # else the empty board's frame is this card's
        mission_frame(pen, i, n)
    pen.text(x + 23, y0 + 39, str(m.sector), 20, DAY_SKY, anchor="mm")
    pen.lines(x + 46, y0 + 24, m.name, w - 52, 16, INK, max_lines=2, gap=1)
    pen.text(x + 8, y0 + 62, " · ".join(t.title() for t in m.types) or "-", 12, MUTED)
    pen.text(x + 8, y0 + 84, "Pay", 12, MUTED)
    rx = x + 38
    for k, v in m.requires.items():
        if not v:
            continue
        label = {
            "weapon": "W",
            "data": "D",
            "compound": "C",
            "henchman": "H",
            "favor": "F",
            "bribe": "B",
        }[k]
        colour = ZONE.get(k, ("", (240, 240, 240)))[1] if k in ZONE else (240, 240, 240)
        pen.box(rx, y0 + 80, rx + 34, y0 + 100, fill=colour, radius=5)
        pen.text(rx + 17, y0 + 90, f"{v}{label}", 13, (20, 20, 20), anchor="mm")
        rx += 38
    y: float = y0 + 110
    if m.reward:
        y = pen.lines(x + 8, y + 4, m.reward, w - 16, 15, INK, max_lines=3)
    pen.text(x + 8, y1 - 56, f"+{m.infamy}i", 22, DAY_SKY)
    if m.rep:
        pen.text(x + 70, y1 - 52, f"+{m.rep}r", 18, INK)
    for j, f in enumerate(m.factions):
        fx = x + 8 + j * (w - 16) / 3
        pen.box(fx, y1 - 24, fx + (w - 16) / 3 - 4, y1 - 8, fill=FACTION[f], radius=4)
        pen.text(fx + ((w - 16) / 3 - 4) / 2, y1 - 16, FACTION_SHORT[f], 10, (255, 255, 255), anchor="mm")


def _players(pen: Pen, view: InfamyView) -> None:
    x0, x1, y0 = PANEL_X0, PANEL_X1, PANEL_Y0
    players = view.players
    h = panel_height(len(players))
    chosen = set(view.choosing.chosen if view.choosing else [])
    for i, p in enumerate(players):
        y = y0 + i * (h + 6)
        if p.seat in view.awaiting:
            pen.box(x0, y, x1, y + h, fill=None, outline=(255, 255, 255), width=2)
        _pawn(pen, view, x0 + 32, y + 17, p.seat, 12)
        pen.text(x0 + 50, y + 6, pen.fit(p.seat, 124, 19), 19, COLOURS.get(p.colour, INK))
        tags = []
        if p.triggerman:
            tags.append("TRIGGERMAN")
        if view.choosing is not None:
            tags.append("CHOSEN" if p.seat in chosen else "choosing...")
        pen.text(x0 + 180, y + 9, "  ".join(tags), 13, (130, 230, 130) if p.seat in chosen else DAY_SKY)
        pen.text(x1 - 10, y + 4, f"{p.infamy}i", 24, DAY_SKY, anchor="ra")
        for k, f in enumerate(("cartel", "megacorp", "militia")):  # filled Rep boxes over the empty track
            ry = y + 34 + k * 18
            for lvl in range(1, p.rep[f] + 1):
                bx = x0 + 86 + (lvl - 1) * 20
                pen.box(bx, ry + 1, bx + 16, ry + 14, fill=FACTION[f], radius=3)
        # resources and assets
        res = p.res
        cx = x0 + 200
        counts = (res.weapon, res.data, res.compound, p.henchmen, p.favors)
        for k, (label, value) in enumerate(zip("WDCHF", counts, strict=True)):  # on the empty board's chips
            pen.text(chip_x(k) + 23, y + 45, f"{value} {label}", 14, (20, 20, 20), anchor="mm")
        b = p.bribes
        bribe_line = f"Bribes {b.available} avail · {b.spent} spent · {b.on_contacts} on Contacts"
        if b.bid:
            bribe_line += f" · {b.bid} bid"
        pen.text(cx, y + 62, pen.fit(bribe_line, x1 - cx - 8, 13), 13)
        pen.text(cx, y + 80, f"Schemes {p.hand_count} · Missions {len(p.missions)}", 13, MUTED)
        if p.contacts and h > 100:
            pen.text(
                x0 + 20, y + 98, pen.fit("Contacts: " + ", ".join(p.contacts), x1 - x0 - 30, 13), 13, INK
            )
        marks = [
            name
            for key, name in (
                ("accomplice", "Accomplice"),
                ("smuggler", "Smuggler"),
                ("chief", "Sector Chief"),
                ("informant", "Informant"),
            )
            if getattr(view.flags, key) == p.seat
        ]
        if marks and h > 118:
            pen.text(x0 + 20, y + 116, "Ongoing: " + ", ".join(marks), 12, DAY_SKY)
        benefits = [benefit.name for benefit in p.benefits]
        if benefits and h > 140:
            pen.text(
                x0 + 20,
                y + h - 16,
                pen.fit("Rep benefits: " + ", ".join(benefits), x1 - x0 - 30, 12),
                12,
                MUTED,
            )


def _footer(pen: Pen, view: InfamyView) -> None:
    x0, x1, y0, y1 = 910, WIDTH - 10, 666, 890
    sup = view.supply
    pen.text(
        x0 + 70,
        y0 + 8,
        f"W {sup.weapon}  D {sup.data}  C {sup.compound}  H {sup.henchman}  "
        f"F {sup.favor}  Hazards {sup.hazard}  Watchdogs {sup.watchdog}",
        13,
    )
    decks = view.scheme_decks
    pen.text(x0 + 70, y0 + 28, "  ".join(f"{FACTION_SHORT[f]} {decks[f]}" for f in decks), 13)
    order = view.order
    if order:
        pen.text(x0 + 10, y0 + 48, pen.fit("Contact Order: " + " > ".join(order), x1 - x0 - 20, 13), 13, INK)
    y: float = y0 + 72
    latest = set(view.last.lines) if view.last is not None else set()
    for line in view.log[-7:]:
        y = pen.lines(x0 + 10, y, line, x1 - x0 - 20, 12, ACCENT if line in latest else MUTED, 2, 2)
        if y > y1 - 14:
            break


def render(data: dict[str, Any] | InfamyView) -> bytes:
    """The public board. Uses only public fields of the view, so any seat's view gives the same image."""
    view = checked(data)
    image, ground = base(view)
    drawn = Drawn(image.size)  # what is drawn over the empty board, mapped to the palette again
    pen = Pen(image, drawn)
    _header(pen, view)
    _contact_track(pen, view)
    _sectors(pen, view)
    _infamy_track(pen, view)
    _missions(pen, view)
    _players(pen, view)
    _footer(pen, view)
    return rows_png(mapped_over(image, ground, drawn, FLAT_COLOURS), FLAT_COLOURS)
