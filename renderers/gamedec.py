"""Gamedec board and hand images, drawn from a view (never from the state), read through its typed schema
(:class:`engine.gamedec.view.GamedecView`).

``render(view)`` draws the public board: the 13 spaces (Realium, 8 Sensory Worlds, 4 Corporations with
their offered Equipment), pawns, Clues, Obligations, Lags, the Target and Threatened markers, the
Investigation Points track, the round and Commission counter and one panel per detective. It reads no
hand contents, so the public image cannot show them. ``render_private(view)`` draws one detective's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.gamedec.view import GamedecView, PlayerView, SpaceView

from .bounded import BoundedCache
from .common import (
    ACCENT,
    INK,
    MUTED,
    RGB,
    Layer,
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


@dataclass(frozen=True)
class _Look:
    """How a space's frame is drawn: its outline, whether the last move changed it, its badges."""

    outline: RGB | None = None
    changed: bool = False
    badges: tuple[tuple[str, RGB], ...] = ()


PLAIN = _Look()
"""A space as the empty board draws it."""


def _look(view: GamedecView, space: SpaceView) -> _Look:
    is_target = view.target == space.id
    is_threat = view.threatened == space.id
    outline = (
        RED if (is_target and view.target_lag) else (GREEN if is_target else (ACCENT if is_threat else None))
    )
    badges: list[tuple[str, RGB]] = []
    if space.lag:
        badges.append(("LAG", RED))
    if is_target:
        badges.append(("TARGET" if view.target_lag else "TARGET: safe", RED if view.target_lag else GREEN))
    if is_threat:
        badges.append(("THREATENED", (190, 130, 30)))
    changed = view.last is not None and space.id in view.last.spaces
    return _Look(outline, changed, tuple(badges))


def _space_frame(
    draw: ImageDraw.ImageDraw, space: SpaceView, box: tuple[int, int, int, int], look: _Look
) -> int:
    """The space's panel, name, badges and printed rules; returns the height of the line for its offer."""
    x0, y0, x1, y1 = box
    kind = space.kind
    fill = WORLD_FILL if kind == "world" else (CORP_FILL if kind == "corp" else REALIUM_FILL)
    panel(draw, box, fill=fill, outline=look.outline, width=4 if look.outline else 2)
    if look.changed:
        draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=8, outline=(255, 255, 255), width=2)
    widths = [int(text_width(label, 12)) + 12 for label, _ in look.badges]
    room = x1 - x0 - 24 - sum(widths) - 4 * len(widths)
    size = 20
    while size > 13 and text_width(space.name, size) > room:
        size -= 1
    text(draw, (x0 + 10, y0 + 8), space.name, size=size)
    bx = x1 - 8
    for (label, colour), w in zip(look.badges, widths, strict=True):
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
    return line_y


def _space_pieces(
    draw: ImageDraw.ImageDraw,
    view: GamedecView,
    space: SpaceView,
    box: tuple[int, int, int, int],
    line_y: int,
) -> None:
    """What moves on a space: a Corporation's offer, the Clues or Obligations, the pawns."""
    x0, _, x1, y1 = box
    if space.kind == "corp":
        eq = space.equipment
        label = f"Offers: {eq.name} (+2 {eq.skill.capitalize()})" if eq else "Offers: (none)"
        text(draw, (x0 + 10, line_y), label, size=14, fill=ACCENT)
        _tokens(draw, view, space.obligations, x0 + 10, y1 - 28, "Obligations")
        pawns = space.pawns
        _pawns(draw, view, pawns, x1 - 10 - 34 * len(pawns), y1 - 34)
        return
    _tokens(draw, view, space.clues, x0 + 10, y1 - 62, "Clues")
    _pawns(draw, view, space.pawns, x0 + 10, y1 - 36)


def _space_box(
    draw: ImageDraw.ImageDraw, view: GamedecView, space: SpaceView, box: tuple[int, int, int, int]
) -> None:
    _space_pieces(draw, view, space, box, _space_frame(draw, space, box, _look(view, space)))


def _ip_track(
    draw: ImageDraw.ImageDraw, view: GamedecView, box: tuple[int, int, int, int], framed: bool = False
) -> None:
    """The Investigation Points track (``framed``: its panel is already drawn, by the empty board)."""
    x0, y0, x1, y1 = box
    if not framed:
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


def _player_frame(
    draw: ImageDraw.ImageDraw, p: PlayerView, box: tuple[int, int, int, int], awaited: bool
) -> None:
    panel(draw, box, outline=ACCENT if awaited else seat_colour(p.index), width=4 if awaited else 2)


def _player_panel(
    draw: ImageDraw.ImageDraw,
    view: GamedecView,
    p: PlayerView,
    box: tuple[int, int, int, int],
    framed: bool = False,
) -> None:
    """A detective's panel (``framed``: its frame as when not awaited is drawn, by the empty board)."""
    x0, y0, x1, y1 = box
    awaited = p.seat in view.awaiting
    if awaited or not framed:
        _player_frame(draw, p, box, awaited)
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


HEIGHT = 60 + 560 + 250 + 150
TOP = 60
SPACE_W, SPACE_H, GAP = 265, 170, 10


@dataclass(frozen=True)
class _Layout:
    """Where everything goes: the spaces' boxes (worlds in two rows, the Corporations in a column), the
    points track's, the detectives' panels' and the footer's."""

    spaces: tuple[tuple[SpaceView, tuple[int, int, int, int]], ...]
    track: tuple[int, int, int, int]
    players: tuple[tuple[PlayerView, tuple[int, int, int, int]], ...]
    footer: tuple[int, int, int, int]


def _layout(view: GamedecView) -> _Layout:
    spaces = view.spaces
    worlds = [s for s in spaces if s.kind == "world"]
    corps = [s for s in spaces if s.kind == "corp"]
    realium = next(s for s in spaces if s.kind == "realium")
    top, ww, wh, gap = TOP, SPACE_W, SPACE_H, GAP
    boxes: list[tuple[SpaceView, tuple[int, int, int, int]]] = []
    for i, space in enumerate(worlds[:4]):
        x = 20 + i * (ww + gap)
        boxes.append((space, (x, top, x + ww, top + wh)))
    mid = top + wh + gap
    boxes.append((realium, (20, mid, 20 + 2 * ww + gap, mid + wh)))
    track = (20 + 2 * ww + 2 * gap, mid, 20 + 4 * ww + 3 * gap, mid + wh)
    bot = mid + wh + gap
    for i, space in enumerate(worlds[4:]):
        x = 20 + i * (ww + gap)
        boxes.append((space, (x, bot, x + ww, bot + wh)))
    cx = 20 + 4 * (ww + gap) + 10
    ch = (3 * wh + 2 * gap - 3 * gap) // 4
    for i, space in enumerate(corps):
        y = top + i * (ch + gap)
        boxes.append((space, (cx, y, WIDTH - 20, y + ch)))
    n = len(view.players)
    py = bot + wh + 20
    pw = (WIDTH - 40 - (n - 1) * 10) // max(n, 1)
    players = tuple(
        (p, (20 + i * (pw + 10), py, 20 + i * (pw + 10) + pw, py + 230)) for i, p in enumerate(view.players)
    )
    return _Layout(tuple(boxes), track, players, (20, py + 245, WIDTH - 20, HEIGHT - 12))


GROUND_CACHE_BYTES = 28 << 20
"""Bytes of empty boards kept (6.5 MB each: one per table size, whatever the game)."""

_GROUNDS: BoundedCache[tuple[Any, ...], Layer] = BoundedCache(GROUND_CACHE_BYTES)


def _ground(view: GamedecView, layout: _Layout) -> Image.Image:
    """A fresh copy of the empty board: every space's panel with its name and printed rules as a space with
    no marker shows them, the points track's panel, each detective's frame and the footer's panel. The
    same for every game with this many detectives (their colours), so drawn once and copied."""
    key = (
        tuple(p.index for p in view.players),
        tuple((s.id, s.kind, s.name, s.exchange, s.entry, s.aid) for s in view.spaces),
    )
    layer = _GROUNDS.get(key)
    if layer is None:

        def paint() -> Image.Image:
            image, draw = canvas(WIDTH, HEIGHT)
            for space, box in layout.spaces:
                _space_frame(draw, space, box, PLAIN)
            panel(draw, layout.track)
            for p, box in layout.players:
                _player_frame(draw, p, box, awaited=False)
            panel(draw, layout.footer)
            return image

        layer = Layer.drawn(paint)
        _GROUNDS.put(key, layer, 4 * WIDTH * HEIGHT)
    return layer.copy()  # its texts recorded as drawn (renderers.common.recording)


def _spaces(draw: ImageDraw.ImageDraw, view: GamedecView, layout: _Layout) -> None:
    """The spaces over the empty board: a space that looks as the empty board has it gets its pieces only;
    any other is drawn again whole (its panel covers the empty board's drawing of it)."""
    for space, box in layout.spaces:
        look = _look(view, space)
        if look == PLAIN:
            _space_pieces(draw, view, space, box, _plain_line(space, box))
        else:
            _space_pieces(draw, view, space, box, _space_frame(draw, space, box, look))


def _plain_line(space: SpaceView, box: tuple[int, int, int, int]) -> int:
    """Where :func:`_space_frame` leaves the line for the offer."""
    return (
        box[1]
        + 34
        + (18 if space.exchange else 0)
        + (18 if space.entry else 0)
        + (17 if space.kind == "corp" else 0)
    )


def render(data: dict[str, Any] | GamedecView) -> bytes:
    """The public board. Uses only public fields of the view, so any seat's view gives the same image."""
    view = _checked(data)
    layout = _layout(view)
    image = _ground(view, layout)
    draw = ImageDraw.Draw(image)
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
    _spaces(draw, view, layout)
    _ip_track(draw, view, layout.track, framed=True)
    for p, box in layout.players:
        _player_panel(draw, view, p, box, framed=True)
    fx, fy = layout.footer[:2]
    text(draw, (fx + 12, fy + 8), _decks(view), size=14, fill=MUTED)
    text(draw, (fx + 12, fy + 30), _status(view), size=16, fill=ACCENT)
    for i, line in enumerate(view.log[-4:]):
        text(draw, (fx + 12, fy + 54 + i * 19), line[:170], size=14)
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
