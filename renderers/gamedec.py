"""Gamedec board and hand images, drawn from a view (never from the state), read through its typed schema
(:class:`engine.gamedec.view.GamedecView`).

``render(view)`` draws the public board: the 13 spaces (Realium, 8 Sensory Worlds, 4 Corporations with
their offered Equipment), pawns, Clues, Obligations, Lags, the Target and Threatened markers, the
Investigation Points track, the round and Commission counter and one panel per detective. It reads no
hand contents, so the public image cannot show them. ``render_private(view)`` draws one detective's hand.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.gamedec.view import GamedecView, PlayerView, SpaceView

from .common import (
    ACCENT,
    INK,
    MUTED,
    RGB,
    canvas,
    panel,
    seat_colour,
    text,
    text_width,
    to_png,
    wrap,
)
from .gamedec_private import render_private
from .gamedec_style import (
    BLUE,
    CORP_FILL,
    FLAT_COLOURS,
    GREEN,
    REALIUM_FILL,
    RED,
    WORLD_FILL,
    _checked,
)

WIDTH = 1600


def _colour(view: GamedecView, seat: str) -> RGB:
    seats = [p.seat for p in view.players]
    return seat_colour(seats.index(seat)) if seat in seats else MUTED


def _badge(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, fill: RGB, size: int = 14) -> int:
    w = int(text_width(label, size)) + 12
    draw.rounded_rectangle((x, y, x + w, y + size + 8), radius=6, fill=fill)
    text(draw, (x + 6, y + 4), label, size=size, fill=(255, 255, 255))
    return w


def _pawns(draw: ImageDraw.ImageDraw, view: GamedecView, seats: list[str], x: int, y: int) -> None:
    for i, seat in enumerate(seats):
        cx, cy = x + i * 34, y
        draw.ellipse((cx, cy, cx + 28, cy + 28), fill=_colour(view, seat), outline=(255, 255, 255), width=2)
        text(draw, (cx + 14, cy + 14), seat[:2], size=13, fill=(0, 0, 0), anchor="mm")


def _tokens(
    draw: ImageDraw.ImageDraw, view: GamedecView, seats: list[str], x: int, y: int, label: str
) -> None:
    if not seats:
        return
    text(draw, (x, y + 2), label, size=13, fill=MUTED)
    x += int(text_width(label, 13)) + 6
    for i, seat in enumerate(seats):
        bx = x + i * 24
        draw.rectangle((bx, y, bx + 20, y + 20), fill=_colour(view, seat), outline=(20, 20, 20))
        text(draw, (bx + 10, y + 10), seat[:1], size=12, fill=(0, 0, 0), anchor="mm")


def _space_box(
    draw: ImageDraw.ImageDraw, view: GamedecView, space: SpaceView, box: tuple[int, int, int, int]
) -> None:
    x0, y0, x1, y1 = box
    kind = space.kind
    fill = WORLD_FILL if kind == "world" else (CORP_FILL if kind == "corp" else REALIUM_FILL)
    is_target = view.target == space.id
    is_threat = view.threatened == space.id
    outline = (
        RED if (is_target and view.target_lag) else (GREEN if is_target else (ACCENT if is_threat else None))
    )
    panel(draw, box, fill=fill, outline=outline, width=4 if outline else 2)
    if view.last is not None and space.id in view.last.spaces:
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=8, outline=(255, 255, 255), width=2)
    badges: list[tuple[str, RGB]] = []
    if space.lag:
        badges.append(("LAG", RED))
    if is_target:
        badges.append(("TARGET" if view.target_lag else "TARGET: safe", RED if view.target_lag else GREEN))
    if is_threat:
        badges.append(("THREATENED", (190, 130, 30)))
    widths = [int(text_width(label, 12)) + 12 for label, _ in badges]
    room = x1 - x0 - 24 - sum(widths) - 4 * len(widths)
    size = 20
    while size > 13 and text_width(space.name, size) > room:
        size -= 1
    text(draw, (x0 + 10, y0 + 8), space.name, size=size)
    bx = x1 - 8
    for (label, colour), w in zip(badges, widths, strict=True):
        bx -= w
        _badge(draw, bx, y0 + 10, label, colour, size=12)
        bx -= 4
    line_y = y0 + 34
    if space.exchange:
        text(draw, (x0 + 10, line_y), space.exchange, size=13, fill=MUTED)
        line_y += 18
    if space.entry:
        text(draw, (x0 + 10, line_y), space.entry, size=13, fill=MUTED)
        line_y += 18
    if kind == "corp":
        text(draw, (x0 + 10, line_y), "Aid: " + (space.aid or ""), size=13, fill=MUTED)
        line_y += 17
        eq = space.equipment
        label = f"Offers: {eq.name} (+2 {eq.skill.capitalize()})" if eq else "Offers: (none)"
        text(draw, (x0 + 10, line_y), label, size=14, fill=ACCENT)
    if kind == "corp":
        _tokens(draw, view, space.obligations, x0 + 10, y1 - 28, "Obligations")
        pawns = space.pawns
        _pawns(draw, view, pawns, x1 - 10 - 34 * len(pawns), y1 - 34)
        return
    _tokens(draw, view, space.clues, x0 + 10, y1 - 62, "Clues")
    _pawns(draw, view, space.pawns, x0 + 10, y1 - 36)


def _ip_track(draw: ImageDraw.ImageDraw, view: GamedecView, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box)
    goal = view.goal
    text(draw, (x0 + 10, y0 + 8), f"Investigation Points (goal {goal})", size=18)
    cells = goal + 1
    cw = (x1 - x0 - 20) / cells
    cap = view.clue_cap
    for i in range(cells):
        cx = int(x0 + 10 + i * cw)
        red = cap is not None and i > cap
        draw.rectangle((cx, y0 + 36, int(cx + cw - 4), y1 - 10), fill=(110, 50, 50) if red else (45, 70, 110))
        text(draw, (cx + 6, y0 + 40), str(i), size=14, fill=INK)
        if i in (5, 10, 15):
            text(draw, (cx + 6, y1 - 28), "Skill", size=11, fill=ACCENT)
        here = [p for p in view.players if min(p.ip, goal) == i]
        for j, p in enumerate(here):
            tx = cx + 4 + (j % 3) * 16
            ty = y0 + 60 + (j // 3) * 16
            draw.rectangle((tx, ty, tx + 13, ty + 13), fill=seat_colour(p.index), outline=(0, 0, 0))


def _player_panel(
    draw: ImageDraw.ImageDraw, view: GamedecView, p: PlayerView, box: tuple[int, int, int, int]
) -> None:
    x0, y0, x1, y1 = box
    awaited = p.seat in view.awaiting
    outline = ACCENT if awaited else seat_colour(p.index)
    panel(draw, box, outline=outline, width=4 if awaited else 2)
    colour = seat_colour(p.index)
    draw.rectangle((x0 + 8, y0 + 10, x0 + 24, y0 + 26), fill=colour)
    placings = view.placings
    won = (" - 1st" if placings[0] == p.seat else " - 2nd") if p.seat in placings else " - WON"
    marks = (
        (" [SP]" if p.start_player else "") + (won if p.finished else "") + ("  << turn" if p.active else "")
    )
    text(draw, (x0 + 30, y0 + 8), f"{p.seat}{marks}", size=18)
    text(draw, (x0 + 10, y0 + 32), p.name, size=15, fill=MUTED)
    y = y0 + 54
    wounds = []
    if p.bio:
        wounds.append(f"Bio -{p.wound_values['bio']}")
    if p.neuro:
        wounds.append(f"Neuro -{p.wound_values['neuro']}")
    lines = [
        f"IP {p.ip}   Credits {p.credits}" + ("   LAG TOKEN" if p.lag else ""),
        f"Reputation: {p.rep_name}",
        "Wounds: " + (", ".join(wounds) or "none"),
        "Skills: " + (", ".join(f"{k} +{v}" for k, v in p.skills.items()) or "none"),
    ]
    eq = p.equipment
    lines.append("Equip: " + (", ".join(f"{e.name} ({e.skill[:4]})" for e in eq) or "none"))
    lines.append(f"Hand {p.hand}  Drawn {p.drawn}  Set aside {p.set_aside}")
    story = p.scenario
    if story:
        name = story.name or "secret"
        finales = story.finales
        lines.append(
            f"Scenario: {name} ({story.status})" + (f"; Finale: {', '.join(finales)}" if finales else "")
        )
    width = x1 - x0 - 20
    for line in lines:
        for part in wrap(line, width, 14)[:2]:
            text(draw, (x0 + 10, y), part, size=14, fill=RED if "LAG TOKEN" in part else INK)
            y += 18
    if awaited:
        text(draw, (x1 - 10, y1 - 22), "awaited", size=14, fill=ACCENT, anchor="ra")


def _board(draw: ImageDraw.ImageDraw, view: GamedecView) -> int:
    """The 13 spaces and the points track, laid out from the view's spaces (worlds in two rows, the
    Corporations in a column); returns the y under the board."""
    spaces = view.spaces
    worlds = [s for s in spaces if s.kind == "world"]
    corps = [s for s in spaces if s.kind == "corp"]
    realium = next(s for s in spaces if s.kind == "realium")
    top = 60
    ww, wh, gap = 265, 170, 10
    for i, space in enumerate(worlds[:4]):
        x = 20 + i * (ww + gap)
        _space_box(draw, view, space, (x, top, x + ww, top + wh))
    mid = top + wh + gap
    _space_box(draw, view, realium, (20, mid, 20 + 2 * ww + gap, mid + wh))
    _ip_track(draw, view, (20 + 2 * ww + 2 * gap, mid, 20 + 4 * ww + 3 * gap, mid + wh))
    bot = mid + wh + gap
    for i, space in enumerate(worlds[4:]):
        x = 20 + i * (ww + gap)
        _space_box(draw, view, space, (x, bot, x + ww, bot + wh))
    cx = 20 + 4 * (ww + gap) + 10
    ch = (3 * wh + 2 * gap - 3 * gap) // 4
    for i, space in enumerate(corps):
        y = top + i * (ch + gap)
        _space_box(draw, view, space, (cx, y, WIDTH - 20, y + ch))
    return bot + wh


def render(data: dict[str, Any] | GamedecView) -> bytes:
    """The public board. Uses only public fields of the view, so any seat's view gives the same image."""
    view = _checked(data)
    players = view.players
    n = len(players)
    height = 60 + 560 + 250 + 150
    image, draw = canvas(WIDTH, height)
    com = view.commission
    names = {s.id: s.name for s in view.spaces}
    cards = f"{view.rounds_left} Commission card" + ("" if view.rounds_left == 1 else "s")
    head = f"Gamedec  -  Round {view.round}  -  {cards} left"
    text(draw, (20, 14), head, size=26)
    if com:
        sub = (
            f"Target: {names[com.target]} ({'Lag side' if view.target_lag else 'safe'})   "
            f"Threatened: {names[com.threatened]}"
        )
        text(draw, (WIDTH - 20, 18), sub, size=18, fill=ACCENT, anchor="ra")
    py = _board(draw, view) + 20
    pw = (WIDTH - 40 - (n - 1) * 10) // max(n, 1)
    for i, p in enumerate(players):
        x = 20 + i * (pw + 10)
        _player_panel(draw, view, p, (x, py, x + pw, py + 230))
    fy = py + 245
    panel(draw, (20, fy, WIDTH - 20, height - 12))
    text(draw, (32, fy + 8), _decks(view), size=14, fill=MUTED)
    text(draw, (32, fy + 30), _status(view), size=16, fill=ACCENT)
    for i, line in enumerate(view.log[-4:]):
        text(draw, (32, fy + 54 + i * 19), line[:170], size=14)
    return to_png(image, FLAT_COLOURS)


def _decks(view: GamedecView) -> str:
    top_eq = view.equipment_top
    decks = (
        f"Task deck {view.task_deck} / discards {view.task_discards}    Equipment deck "
        f"{view.equipment_deck}, face-up: {top_eq.name if top_eq else 'none'}    Lags on board: "
        f"{len(view.lags)}"
    )
    options = [k.replace("_", " ") for k, v in view.options.items() if v]
    if options:
        decks += "    Options: " + ", ".join(options)
    if view.terror:
        decks += "    Terror: " + ", ".join(t.name for t in view.terror)
    return decks


def _status(data: dict[str, Any] | GamedecView) -> str:
    view = _checked(data)
    awaiting = f"awaiting: {', '.join(view.awaiting)}"
    result = view.result
    if result:
        return (
            "Winner: " + ", ".join(result.winners) if result.winners else "Everyone lost"
        ) + f" - {result.reason}"
    trade = view.trade
    if trade:
        if trade.offers:
            made = [
                f"{s} ({o.give} for {o.get})".replace("task_card", "a Task card")
                for s, o in trade.offers.items()
                if o.give and o.get
            ]
            return (
                f"{trade.from_} asks for trade offers"
                + (": " + "; ".join(made) if made else "")
                + f"; {awaiting}"
            )
        return f"{trade.from_} trades with {trade.to}; {awaiting}"
    if view.draft:
        return f"Choosing detectives: {view.draft[0]} chooses now"
    test = view.test
    if test:
        if test.kind in ("task", "story") and test.card:
            c = test.card
            return f"{test.actor} tests {c.name} (DL {c.dl}, modifier {test.modifier or 0:+d}); {awaiting}"
        return f"{test.actor} attacks {test.defender} ({test.skill}); {awaiting}"
    if view.active:
        mode = f" ({view.turn_mode})" if view.turn_mode else ""
        moves = f"{view.moves_left} move" + ("" if view.moves_left == 1 else "s")
        return f"{view.active}'s turn - {moves} left{mode}; {awaiting}"
    return "Awaiting: " + ", ".join(view.awaiting)


__all__ = [
    "BLUE",
    "CORP_FILL",
    "FLAT_COLOURS",
    "GREEN",
    "REALIUM_FILL",
    "RED",
    "WIDTH",
    "WORLD_FILL",
    "_checked",
    "render",
    "render_private",
    "to_png",
]
