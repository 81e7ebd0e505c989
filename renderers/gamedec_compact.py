"""The compact Gamedec board: the public board for Discord's inline preview (600 px wide, read at about 550 on
a phone). The full board (:mod:`renderers.gamedec`, a click away) writes every space's exchange, entry
rule and Aid and each detective's skills and equipment; this one keeps what a glance needs, in larger
type: the round and whose turn it is, the 13 spaces with their pawns, Clues, Obligations, Lags, Target
and Threatened markers, the Investigation Points track, one row per detective and the last change (its
log line, its space outlined and its detective marked).

Pawns differ by more than colour: each is its seat's shape (:data:`renderers.common.SHAPES`) with its
initial; Clues and Obligations are small squares with the initial. Only public fields of the view are
read, so every seat's view draws the same image.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.gamedec.view import GamedecView, PlayerView, SpaceView

from .common import (
    ACCENT,
    INK,
    MUTED,
    PANEL,
    RGB,
    SHAPES,
    canvas,
    due_label,
    ink_on,
    last_box,
    marker,
    seat_colour,
    text,
    text_width,
    to_png,
    unique_initials,
    wrap,
)
from .gamedec_style import CORP_FILL, FLAT_COLOURS, GREEN, REALIUM_FILL, RED, WORLD_FILL, _checked

WIDTH = 600
MARGIN = 10
GAP = 6
WHITE: RGB = (255, 255, 255)
ORANGE: RGB = (190, 130, 30)
COLOURS: tuple[RGB, ...] = (*FLAT_COLOURS, ORANGE)


class _Seats:
    """Each seat's colour, shape and initial, by seat order."""

    def __init__(self, view: GamedecView) -> None:
        self.index = {p.seat: p.index for p in view.players}
        self.letter = unique_initials([p.seat for p in view.players])

    def colour(self, seat: str) -> RGB:
        return seat_colour(self.index[seat]) if seat in self.index else MUTED

    def shape(self, seat: str) -> str:
        return SHAPES[self.index.get(seat, 0) % len(SHAPES)]


def _short(name: str, width: float, size: int) -> str:
    while len(name) > 3 and text_width(name, size) > width:
        name = name[:-2] + "."
    return name


def _badges(d: ImageDraw.ImageDraw, view: GamedecView, s: SpaceView, x1: int, y0: int) -> None:
    labels: list[tuple[str, RGB]] = []
    if view.target == s.id:
        labels.append(("TARGET" if view.target_lag else "TARGET ok", RED if view.target_lag else GREEN))
    if view.threatened == s.id:
        labels.append(("THREAT", ORANGE))
    if s.lag:
        labels.append(("LAG", RED))
    x = x1 - 4
    for label, fill in labels:
        w = int(text_width(label, 12)) + 8
        d.rounded_rectangle((x - w, y0 + 4, x, y0 + 20), radius=5, fill=fill)
        text(d, (x - w / 2, y0 + 12), label, size=12, fill=WHITE, anchor="mm")
        x -= w + 3


def _space(
    d: ImageDraw.ImageDraw, view: GamedecView, seats: _Seats, s: SpaceView, box: tuple[int, int, int, int]
) -> None:
    x0, y0, x1, y1 = box
    fill = WORLD_FILL if s.kind == "world" else (CORP_FILL if s.kind == "corp" else REALIUM_FILL)
    d.rounded_rectangle(box, radius=6, fill=fill)
    text(d, (x0 + 5, y0 + 4), _short(s.name, x1 - x0 - 10, 14), size=14, fill=INK)
    _badges(d, view, s, x1, y0 + 16)
    if s.kind == "corp" and s.equipment is not None:
        text(d, (x0 + 5, y0 + 41), _short(s.equipment.name, x1 - x0 - 10, 12), size=12, fill=ACCENT)
    small = s.obligations if s.kind == "corp" else s.clues
    bx = x0 + 5
    for seat in small[:6]:
        tag = seats.letter.get(seat, "?")
        w = max(18, int(text_width(tag, 12)) + 6)
        if bx + w > x1 - 4:
            break
        d.rectangle((bx, y1 - 44, bx + w, y1 - 26), fill=seats.colour(seat), outline=(20, 20, 20))
        text(d, (bx + w / 2, y1 - 35), tag, 12, ink_on(seats.colour(seat)), anchor="mm")
        bx += w + 3
    for i, seat in enumerate(s.pawns[:5]):
        tag = seats.letter[seat]
        marker(d, (x0 + 18 + i * 26, y1 - 13), 11, seats.shape(seat), seats.colour(seat), tag, size=12)


def _board(d: ImageDraw.ImageDraw, view: GamedecView, seats: _Seats, y: int, hot: list[str]) -> int:
    worlds = [s for s in view.spaces if s.kind == "world"]
    corps = [s for s in view.spaces if s.kind == "corp"]
    realium = [s for s in view.spaces if s.kind == "realium"]
    cw = (WIDTH - 2 * MARGIN - 3 * GAP) // 4
    ch = 96
    rows = [worlds[:4], worlds[4:8], corps[:4]]
    boxes: list[tuple[SpaceView, tuple[int, int, int, int]]] = []
    for r, row in enumerate(rows):
        for c, s in enumerate(row):
            x = MARGIN + c * (cw + GAP)
            boxes.append((s, (x, y + r * (ch + GAP), x + cw, y + r * (ch + GAP) + ch)))
    ry = y + 3 * (ch + GAP)
    for s in realium:
        boxes.append((s, (MARGIN, ry, MARGIN + cw, ry + ch)))
    for s, box in boxes:
        _space(d, view, seats, s, box)
    for s, box in boxes:
        if s.id in hot:
            d.rounded_rectangle(box, radius=6, outline=ACCENT, width=3)
    _track(d, view, seats, (MARGIN + cw + GAP, ry, WIDTH - MARGIN, ry + ch))
    return ry + ch + GAP


def _track(d: ImageDraw.ImageDraw, view: GamedecView, seats: _Seats, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=6, fill=PANEL)
    text(d, (x0 + 6, y0 + 4), f"Investigation Points (goal {view.goal})", size=14, fill=INK)
    cells = view.goal + 1
    w = (x1 - x0 - 12) / cells
    r = min(6.0, w / 4 - 1)
    for i in range(cells):
        cx = x0 + 6 + i * w
        red = view.clue_cap is not None and i > view.clue_cap
        d.rectangle((cx, y0 + 24, cx + w - 2, y1 - 6), fill=(110, 50, 50) if red else (45, 70, 110))
        if i % (2 if w < 22 else 1) == 0 or i == cells - 1:
            text(d, (cx + w / 2 - 1, y0 + 32), str(i), size=12, fill=MUTED, anchor="mm")
        here = [p.seat for p in view.players if min(p.ip, view.goal) == i]
        for j, seat in enumerate(here[:6]):
            mx = cx + w / 2 - 1 + ((j % 2) * 2 - 1) * (r + 1) * (len(here) > 1)
            marker(d, (mx, y0 + 50 + (j // 2) * (2 * r + 4)), r, seats.shape(seat), seats.colour(seat))


def _player(
    d: ImageDraw.ImageDraw, view: GamedecView, seats: _Seats, p: PlayerView, y: int, actor: str | None
) -> int:
    """One detective's row: marker, seat and detective; IP, Credits and Reputation (with its range); then
    the Skills taken with their values, the Wounds with their penalties and the tokens."""
    acting = p.seat in view.awaiting or p.active
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + 62), radius=8, fill=PANEL, outline=WHITE if acting else None, width=3
    )
    if p.seat == actor:
        d.rounded_rectangle((MARGIN + 3, y + 6, MARGIN + 7, y + 56), radius=2, fill=ACCENT)
    marker(d, (MARGIN + 24, y + 22), 13, seats.shape(p.seat), seats.colour(p.seat), seats.letter[p.seat])
    text(d, (MARGIN + 44, y + 4), _short(p.seat, 150, 17), size=17, fill=INK)
    text(d, (MARGIN + 44, y + 25), _short(p.name, 150, 13), size=13, fill=MUTED)
    low, high = (p.rep_range + [0, 0])[:2]
    stats = f"IP {p.ip} · {p.credits} Cr · Rep {p.rep_name} {p.rep:+d} ({low:+d} to {high:+d})"
    text(d, (WIDTH - MARGIN - 8, y + 13), stats, size=15, fill=INK, anchor="rm")
    extra = [f"hand {p.hand}"]
    if p.lag:
        extra.append("LAG token")
    if p.finished:
        extra.append("finished")
    if acting:
        extra.insert(0, "TO ACT")
    text(d, (WIDTH - MARGIN - 8, y + 33), " · ".join(extra), 13, ACCENT if acting else MUTED, anchor="rm")
    skills = ", ".join(f"{k.capitalize()} +{v}" for k, v in p.skills.items()) or "no Skill yet"
    wounds = [
        f"{kind.capitalize()} -{p.wound_values.get(kind, 0)}" + (" WOUNDED" if on else "")
        for kind, on in (("bio", p.bio), ("neuro", p.neuro))
    ]
    line = _short(f"{skills} · Wounds {', '.join(wounds)}", WIDTH - 2 * MARGIN - 56, 13)
    text(d, (MARGIN + 44, y + 43), line, size=13, fill=RED if p.bio or p.neuro else MUTED)
    return y + 66


def _status(view: GamedecView) -> str:
    """Whose move it is, in a few words. A trade names its two sides, never the goods (a seat's own view
    names the card it gives, the public one does not)."""
    awaiting = ", ".join(view.awaiting[:4])
    if view.result:
        winners = ", ".join(view.result.winners) or "nobody"
        return f"Game over: {winners} won - {view.result.reason}"
    if view.trade:
        return f"{view.trade.from_} trades with {view.trade.to or 'the table'}; awaiting {awaiting}"
    if view.draft:
        return f"Choosing detectives: {view.draft[0]} chooses"
    test = view.test
    if test:
        what = f"tests {test.card.name} (DL {test.card.dl})" if test.card else f"attacks {test.defender}"
        return f"{test.actor} {what}; awaiting {awaiting}"
    if view.active:
        moves = f"{view.moves_left} move" + ("" if view.moves_left == 1 else "s")
        return f"{view.active}'s turn, {moves} left; awaiting {awaiting}"
    return f"Awaiting {awaiting}"


def _header(d: ImageDraw.ImageDraw, view: GamedecView, raw: dict[str, Any]) -> int:
    title = f"Round {view.round} · {view.rounds_left} Commissions left"
    text(d, (MARGIN + 2, 8), title, size=21, fill=INK)
    due = due_label(raw)
    if due:
        text(d, (WIDTH - MARGIN - 2, 19), due, size=14, fill=ACCENT, anchor="rm")
    y = 38
    for row in wrap(_status(view), WIDTH - 2 * MARGIN - 4, 16)[:2]:
        text(d, (MARGIN + 2, y), row, size=16, fill=ACCENT)
        y += 20
    return y + 4


def _hot(view: GamedecView) -> list[str]:
    """The spaces the last turn changed (pawns, Clues, Obligations, Lags)."""
    return list(view.last.spaces) if view.last is not None else []


def last_lines(view: GamedecView) -> list[str]:
    """What the last turn changed, seat by seat, then the latest log line."""
    last = view.last
    lines = []
    if last is not None and last.changes:
        head = f"{last.seat}'s turn: " if last.done else f"{last.seat}'s turn so far: "
        lines.append(head + "; ".join(f"{s} {', '.join(c)}" for s, c in last.changes.items()))
    return lines + _latest(view.log)[-1:]


def _latest(log: list[str]) -> list[str]:
    """The last two distinct log lines, a repeated last line written once with its count ("x3")."""
    if not log:
        return []
    repeats = next((i for i, line in enumerate(reversed(log)) if line != log[-1]), len(log))
    last = log[-1] + (f" (x{repeats})" if repeats > 1 else "")
    earlier = log[-repeats - 1 : -repeats] if repeats < len(log) else []
    return [*earlier, last]


LEGEND = (
    "Key: a shape with initials is a detective; small squares are Clues (in a world) or Obligations (at a "
    "Corporation); TARGET: the Commission's world (ok: turned safe); THREAT: the Threatened Corporation; "
    "LAG: a Lag there; red IP cells: Clues give no IP there; outlined: changed by the last turn."
)


def _legend(d: ImageDraw.ImageDraw, y: int) -> int:
    for row in wrap(LEGEND, WIDTH - 2 * MARGIN - 4, 13):
        text(d, (MARGIN + 2, y), row, size=13, fill=MUTED)
        y += 17
    return y


def render_compact(data: dict[str, Any] | GamedecView) -> bytes:
    """The compact public board (see the module's docstring). ``data`` may carry the adapter's ``due``
    ({seat: unix time}); it is drawn as the deadline."""
    view = _checked(data)
    raw = data if isinstance(data, dict) else {}
    seats = _Seats(view)
    last = view.log[-1] if view.log else ""
    actor = next((p.seat for p in view.players if last.startswith((f"{p.seat} ", f"{p.seat}'s "))), None)
    image, d = canvas(WIDTH, 1200)
    y = _header(d, view, raw)
    y = _board(d, view, seats, y, _hot(view))
    for p in view.players:
        y = _player(d, view, seats, p, y, actor)
    y = last_box(d, last_lines(view), y + 2, WIDTH, MARGIN)
    y = _legend(d, y + 2)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), COLOURS)
