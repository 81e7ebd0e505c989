"""A Gamedec detective's own picture (``/hand``, **My hand**), laid out for a phone (600 px wide, shown at
about 550, no text under 11 px there) and leading with what only that seat sees: the Task cards in hand,
each with its world, Difficulty Level, Skills, success and failure and the detective's own modifier; the
secret choice pending and the cards drawn face down; the cards set aside for Assists and Sabotages. Then
the detective himself: Skills with their values, Wounds with their penalties, the Reputation range with his
place on it, IP, Credits and Equipment, and his Scenario. The public board is the thread's picture.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.gamedec.view import PENALTY_WORDS, REWARD_WORDS, CardView, GamedecView, HandCard, PlayerView

from .common import ACCENT, INK, MUTED, PANEL, RGB, canvas, text, text_width, to_png, wrap
from .gamedec_style import FLAT_COLOURS, GREEN, RED, _checked

WIDTH = 600
MARGIN = 10
PAD = 12
TEXT_WIDTH = WIDTH - 2 * MARGIN - 2 * PAD
REP_STEPS = (-2, -1, 0, 1, 2)
REP_WORDS = {-2: "Extr. bad", -1: "Bad", 0: "Neutral", 1: "Good", 2: "Excellent"}

Row = tuple[str, int, RGB, str]
"""One line to draw: its text, size, colour and a value drawn at the right edge."""


def _rows(value: str, size: int = 14, fill: RGB = INK, right: str = "") -> list[Row]:
    room = TEXT_WIDTH - (int(text_width(right, size)) + 12 if right else 0)
    return [(line, size, fill, right if i == 0 else "") for i, line in enumerate(wrap(value, room, size))]


def _world(view: GamedecView, world: str) -> str:
    names = {s.id: s.name for s in view.spaces}
    return names.get(world, "any world" if world == "universal" else world.capitalize())


def _card_rows(view: GamedecView, card: CardView, bonus: int | None) -> list[Row]:
    right = f"DL {card.dl}" + (f" · {bonus:+d} for you" if bonus is not None else "")
    skills = ", ".join(s.capitalize() for s in card.skills) or "any Skill"
    success = " + ".join(REWARD_WORDS.get(r, r) for r in card.success)
    failure = PENALTY_WORDS.get(card.failure, card.failure)
    rows = _rows(card.name, 16, INK, right)
    rows += _rows(f"{_world(view, card.world)} · {skills}", 13, MUTED)
    rows += _rows(f"Success: {success} · Failure: {failure}", 13, MUTED)
    return rows


def _section(d: ImageDraw.ImageDraw, title: str, rows: list[Row], y: int, outline: RGB | None = None) -> int:
    h = 30 + sum(size + 6 for _, size, _, _ in rows) + 6
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=PANEL, outline=outline, width=2)
    text(d, (MARGIN + PAD, y + 6), title, size=16, fill=ACCENT)
    ry = y + 30
    for value, size, fill, right in rows:
        text(d, (MARGIN + PAD, ry), value, size=size, fill=fill)
        if right:
            text(d, (WIDTH - MARGIN - PAD, ry), right, size=size, fill=ACCENT, anchor="ra")
        ry += size + 6
    return y + h + 6


def _hand(view: GamedecView, hand: list[HandCard]) -> list[Row]:
    rows: list[Row] = []
    for card in hand:
        rows += _card_rows(view, card, card.bonus)
    return rows or _rows("No Task card in hand.", 14, MUTED)


def _pending(view: GamedecView) -> list[Row]:
    me = view.me
    if me is None:
        return []
    rows: list[Row] = []
    if me.drawn:
        rows += _rows(f"{me.drawn} drawn face down: you see them when your turn ends.", 14)
    if me.start_skill:
        rows += _rows("Your secret choice: starting Skill " + _value(me.start_skill).capitalize(), 14)
    if me.window_answer:
        kind = me.window_answer.partition(":")[0]
        said = {"assist": "an Assist (+2)", "sabotage": "a Sabotage (-2)"}.get(kind, "a pass")
        rows += _rows(f"Your answer before the roll: {said}", 14)
    if me.trade_sent:
        rows += _rows("You have chosen what to send in the trade.", 14)
    return rows


def _value(key: str) -> str:
    return key.partition("=")[2] or key


def _rep_bar(d: ImageDraw.ImageDraw, p: PlayerView, y: int) -> None:
    """The Reputation track -2..+2: the detective's range lit, his place outlined."""
    low, high = (p.rep_range + [0, 0])[:2]
    w = (WIDTH - 2 * MARGIN - 2 * PAD) / len(REP_STEPS)
    for i, rep in enumerate(REP_STEPS):
        x = MARGIN + PAD + i * w
        inside = low <= rep <= high
        fill = (45, 70, 110) if inside else (60, 60, 60)
        d.rectangle((x, y, x + w - 3, y + 24), fill=fill, outline=ACCENT if rep == p.rep else None, width=3)
        label = f"{rep:+d} {REP_WORDS[rep]}"
        text(d, (x + (w - 3) / 2, y + 12), label, size=12, fill=INK if inside else MUTED, anchor="mm")


def _detective(d: ImageDraw.ImageDraw, view: GamedecView, p: PlayerView, y: int) -> int:
    skills = ", ".join(f"{k.capitalize()} +{v}" for k, v in p.skills.items()) or "none yet"
    rest = ", ".join(f"{k.capitalize()} +{v}" for k, v in p.skill_table.items() if k not in p.skills)
    wounds = [
        f"{kind.capitalize()} -{p.wound_values.get(kind, 0)}" + (" (wounded)" if on else "")
        for kind, on in (("bio", p.bio), ("neuro", p.neuro))
    ]
    where = _world(view, p.pos)
    credits = f"{p.credits} Credit" + ("" if p.credits == 1 else "s")
    rows = _rows(f"{p.ip} IP · {credits} · in {where}", 15)
    rows += _rows(f"Skills: {skills}", 14)
    rows += _rows(f"Not yet taken: {rest}", 13, MUTED) if rest else []
    rows += _rows("Wounds: " + ", ".join(wounds), 14, RED if p.bio or p.neuro else INK)
    rows += _rows(
        "Equipment: " + (", ".join(f"{e.name} (+2 {e.skill.capitalize()})" for e in p.equipment) or "none"),
        14,
    )
    rows += _rows(f"Reputation {p.rep_name} ({p.rep:+d}); range {low_high(p)}:", 14)
    end = _section(d, f"Your detective: {p.name}", rows + [("", 24, INK, "")], y)
    _rep_bar(d, p, end - 42)
    return end


def low_high(p: PlayerView) -> str:
    low, high = (p.rep_range + [0, 0])[:2]
    return f"{low:+d} to {high:+d}"


def _scenario(view: GamedecView) -> list[Row]:
    me = view.me
    sc = me.scenario if me is not None else {}
    if not sc:
        return []
    status = {"hidden": "not started yet", "started": "started", "done": "completed"}.get(
        str(sc.get("status")), ""
    )
    return _rows(f"{sc.get('name', '')} ({status}): {sc.get('text', '')}", 13)


def render_private(data: dict[str, Any] | GamedecView) -> bytes:
    """One detective's own picture (see the module's docstring)."""
    view = _checked(data)
    me = view.me
    image, d = canvas(WIDTH, 2400)
    if me is None:
        text(d, (MARGIN + PAD, 12), "Nothing private to show.", size=18, fill=INK)
        return to_png(image.crop((0, 0, WIDTH, 50)), FLAT_COLOURS)
    p = me.detective
    text(d, (MARGIN + 2, 8), f"{view.seat} · {p.name}: your hand", size=20, fill=INK)
    turn = "your turn" if view.active == view.seat else (f"{view.active}'s turn" if view.active else "")
    text(d, (MARGIN + 2, 34), f"Round {view.round}" + (f" · {turn}" if turn else ""), size=14, fill=MUTED)
    y = 58
    title = f"Task cards in hand: {len(me.hand)} (at most 8 when your turn ends)"
    y = _section(d, title, _hand(view, me.hand), y, ACCENT)
    pending = _pending(view)
    if pending:
        y = _section(d, "Secret and face down", pending, y, ACCENT)
    aside: list[Row] = []
    for card in me.set_aside:
        aside += _card_rows(view, card, None)
    y = _section(d, f"Set aside for Assists (+2) and Sabotages (-2): {len(me.set_aside)}", aside, y)
    y = _detective(d, view, p, y)
    if p.ability:
        y = _section(d, "Ability", _rows(p.ability, 13), y)
    story = _scenario(view)
    if story:
        y = _section(d, "Your Scenario", story, y, GREEN)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), FLAT_COLOURS)
