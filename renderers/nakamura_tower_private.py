"""A Nakamura Tower player's own picture (``/hand``, **My hand**): what only that seat sees, first, laid out
for a phone (550 px wide, no text under 11 px, none over another): its Cyberwarfare cards with what each
does, its secret choice so far, what its Fly Eye saw, the Team being built; then its own Team as it stands:
points, SR, the Tactical Network with what each programme does, and each character's square, wounds, state
and gear (in a shared Faction, which characters this seat plays). The floor is the thread's picture; it is
not drawn again. (A spectator's view holds nothing private: :func:`renderers.nakamura_tower.render_private`
draws the full board for it.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

from engine.nakamura_tower.view import ModelView, NtView, TeamView

from .common import ACCENT, BACKGROUND, INK, MUTED, PANEL, RGB, canvas, ink_on, to_png
from .nakamura_tower_style import COLOURS, WHITE, checked, counted, plain, points, team_colour, text, wrap

WIDTH = 550
MARGIN = 8
PAD = 10
TEXT_WIDTH = WIDTH - 2 * MARGIN - 2 * PAD


@dataclass(frozen=True)
class Row:
    value: str
    size: int = 14
    fill: RGB = INK
    indent: int = 0

    @property
    def height(self) -> int:
        return self.size + 5


@dataclass
class Section:
    title: str
    rows: list[Row] = field(default_factory=list)
    outline: RGB | None = None

    @property
    def height(self) -> int:
        return 28 + sum(r.height for r in self.rows) + 6


def _wrapped(value: str, size: int = 14, fill: RGB = INK, indent: int = 0) -> list[Row]:
    return [Row(line, size, fill, indent) for line in wrap(value, TEXT_WIDTH - indent, size)]


def _secrets(view: NtView) -> list[Section]:
    cards = view.my_cards or view.my_hand
    hand = Section(f"Your Cyberwarfare cards ({len(cards)})", outline=ACCENT)
    hand.rows = [r for card in cards for r in _wrapped(f"- {card}")] or [Row("none", 14, MUTED)]
    out = [hand]
    if view.my_plan:
        plan = Section("Your secret choice so far", outline=ACCENT)
        plan.rows = [r for part in view.my_plan for r in _wrapped(f"- {part}")]
        out.append(plan)
    if view.my_seen:
        seen = Section("What your Fly Eye saw", outline=ACCENT)
        seen.rows = [r for line in view.my_seen for r in _wrapped(line)]
        out.append(seen)
    own_mines = [m for m in view.mines if m.owner == view.my_team]
    if own_mines:
        cells = ", ".join(m.cell.label + ("" if m.armed else " (not yet active)") for m in own_mines)
        out.append(Section("Your Mine tokens", _wrapped(cells), ACCENT))
    if view.my_draft:
        draft = Section(f"Your Team, being built (Team Budget left: {view.my_budget})", outline=ACCENT)
        for member in view.my_draft:
            notes = [
                n
                for n, on in (("Team Leader", member.leader), ("your partner plays them", member.partner))
                if on
            ]
            draft.rows += _wrapped(member.name + (f" ({', '.join(notes)})" if notes else ""), 14)
            gear = ", ".join(member.equipment) or "no gear"
            bought = f"; bought: {', '.join(member.bought)}" if member.bought else ""
            draft.rows += _wrapped(gear + bought, 12, MUTED, 10)
        out.append(draft)
    return out


def _character(view: NtView, m: ModelView, shared: bool) -> list[Row]:
    yours = " (you play them)" if shared and m.controller == view.me else ""
    if m.cell is None:
        return _wrapped(f"{m.id} {m.name}{yours}: {m.status}", 14, MUTED)
    state = [f"{m.wounds}/{m.wound_limit} wounds", f"Cybershock {m.cybershock}"]
    state += [f for f, on in (("crippled", m.crippled), ("stunned", m.stunned)) if on]
    if m.status == "unconscious":
        state.append("unconscious")
    elif view.current == m.id:
        state.append(f"acting, {m.ap} AP left")
    elif m.activated:
        state.append("activated")
    rows = _wrapped(f"{m.id} {m.name}{yours}: {m.cell.label} · " + ", ".join(state), 14)
    rows += [r for gear in m.gear_values for r in _wrapped(gear, 12, MUTED, 10)]
    return rows


def _team(view: NtView, team: TeamView) -> Section:
    own = Section(f"Your Team: {plain(team.faction_name or team.faction)}")
    counts = (
        f"{points(view, team)} · {team.sr} SR · {counted(team.hand_size, 'card')} in hand"
        f" · {team.deck_size} in the deck"
    )
    own.rows = _wrapped(counts)
    own.rows += _wrapped(
        "Tactical Network: " + ("; ".join(team.tn_values or team.tn) or "no programme running"), 13, MUTED
    )
    mine = [m for m in view.models if m.team == team.seat and m.kind == "character"]
    shared = any(m.controller and m.controller != team.seat for m in mine)
    for m in mine:
        own.rows += _character(view, m, shared)
    return own


def _sections(view: NtView) -> list[Section]:
    out = _secrets(view)
    team = next((t for t in view.teams if t.seat == view.my_team), None)
    return out + ([_team(view, team)] if team is not None and not view.my_draft else [])


def _header(d: ImageDraw.ImageDraw, view: NtView) -> int:
    me = view.me or view.my_team or ""
    colour = team_colour(view, view.my_team or "")
    letter = next((t.letter for t in view.teams if t.seat == view.my_team), "")
    d.ellipse((MARGIN, 8, MARGIN + 26, 34), fill=colour, outline=WHITE, width=2)
    text(d, (MARGIN + 13, 21), letter, size=15, fill=ink_on(colour), anchor="mm")
    text(d, (MARGIN + 34, 10), me, size=18, fill=INK)
    text(d, (WIDTH - MARGIN - 2, 21), "only you see this", size=13, fill=ACCENT, anchor="rm")
    when = f"Turn {view.round} of {view.turns} · {view.phase}" if view.round else "Set-up"
    if view.result is not None:
        when += " · game over"
    elif view.awaiting:
        when += " · waiting for " + ", ".join(view.awaiting[:3])
    text(d, (MARGIN + 2, 42), when, size=13, fill=MUTED)
    return 64


def _section(d: ImageDraw.ImageDraw, section: Section, y: int) -> int:
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + section.height),
        radius=8,
        fill=PANEL,
        outline=section.outline,
        width=2,
    )
    text(d, (MARGIN + PAD, y + 7), section.title, size=14, fill=ACCENT)
    yy = y + 28
    for row in section.rows:
        text(d, (MARGIN + PAD + row.indent, yy), row.value, size=row.size, fill=row.fill)
        yy += row.height
    return y + section.height + 6


def render_private(data: dict[str, Any] | NtView) -> bytes:
    """The seat's own picture (see the module's docstring); ``data`` is a seat's view."""
    view = checked(data)
    sections = _sections(view)
    height = 64 + sum(s.height + 6 for s in sections) + 6
    image, d = canvas(WIDTH, height, BACKGROUND)
    y = _header(d, view)
    for section in sections:
        y = _section(d, section, y)
    return to_png(image.crop((0, 0, WIDTH, y + 4)), COLOURS)
