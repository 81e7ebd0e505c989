"""Nakamura Tower's board text and hand text (the terminal's ``board`` and ``hand``, Discord's ``/hand`` and
**My hand**), written from the typed view (:mod:`.view`): complete, sectioned with short headings, every card
with what it does beside its name.

The board: the mission and the turn, who acts now (the character under way with its Action Points), the
latest events, each Team with its Tactical Network and its characters (square and room, wounds, Cybershock,
Action Points, standing order, numbers and gear), the tower's models, the rooms and hallways (TAC, alarms),
the Terminals, the doors, the marks on the floor, the CanDo deck, and a text map of the floor. The hand: the
Cyberwarfare cards, the secret choice so far, what the Fly Eye saw, the Team being built, then the seat's
own Team as it stands (which characters the seat plays, in a shared Faction)."""

from __future__ import annotations

from typing import Any

from .naming import door_named, plural, terminal_named
from .textmap import LEGEND, map_lines
from .view import ModelView, NtView, TeamView, TerminalView

INDENT = "  "
LATEST = 6
"""Log lines the board text repeats (``log`` shows more)."""
ORDERS = {
    "ask": "asks before reacting",
    "fire": "Fast Attack at the first chance",
    "cover": "Take Cover at the first chance",
    "dodge": "only Dodge",
}
"""A character's standing order for its reactions, in words."""


def _checked(view: dict[str, Any] | NtView) -> NtView:
    return view if isinstance(view, NtView) else NtView.model_validate(view)


def rooms_by_square(view: NtView) -> dict[tuple[int, int], str]:
    """Each square's room or hallway name (from the picture's areas)."""
    out: dict[tuple[int, int], str] = {}
    for area in view.picture.get("shading", []):
        for cell in area.get("cells", []):
            out[(int(cell[0]), int(cell[1]))] = str(area.get("label", ""))
    return out


def where(view: NtView, m: ModelView, rooms: dict[tuple[int, int], str]) -> str:
    """ "D4 in the Laboratory"; or why it is off the board."""
    if m.cell is None:
        return {"escaped": "left the tower", "destroyed": "destroyed"}.get(m.status, "off the board")
    room = rooms.get((m.cell.col, m.cell.row))
    return f"{m.cell.label}" + (f" in the {room}" if room else "")


def _state_of(view: NtView, m: ModelView) -> str:
    """Its state this turn: acting now (with the Action Points left), activated, or still to act."""
    if m.status == "unconscious":
        return "unconscious"
    if m.status != "ok":
        return m.status
    marks = (("crippled", m.crippled), ("stunned", m.stunned), ("lost to Cyberpsychosis", m.psychotic))
    flags = [f for f, on in marks if on]
    if view.current == m.id:
        flags.append(f"acting now, {plural(m.ap, 'Action Point')} left")
    elif m.activated:
        flags.append("activated this turn")
    elif m.kind == "character" and not m.psychotic and not m.stunned:
        flags.append(plural(m.ap, "Action Point"))
    flags += ["has reacted"] if m.reacted else []
    return ", ".join(flags)


def model_lines(
    view: NtView, m: ModelView, rooms: dict[tuple[int, int], str], pad: str = INDENT
) -> list[str]:
    """One model: who and where, its wounds and state; then its numbers and its gear with what each does."""
    team = next((t for t in view.teams if t.seat == m.team), None)
    roles = [
        r
        for r, on in (("Team Leader", team and team.leader == m.id), ("Hacker", team and team.hacker == m.id))
        if on
    ]
    role = f" ({', '.join(roles)})" if roles else ""
    played = f", played by {m.controller}" if team and m.controller and m.controller != m.team else ""
    head = f"{pad}{m.id} {m.name}{role}{played}: {where(view, m, rooms)}"
    if m.status in ("ok", "unconscious") and m.cell is not None:
        head += f" · {m.wounds} of {m.wound_limit} wounds"
        head += f" · Cybershock {m.cybershock}" if m.kind == "character" else ""
        state = _state_of(view, m)
        head += f" · {state}" if state else ""
        if m.kind == "character" and m.status == "ok" and not m.psychotic:
            head += f" · reactions: {ORDERS.get(m.standing, m.standing)}"
    lines = [head]
    if m.cell is not None and m.status in ("ok", "unconscious"):
        lines.append(pad + INDENT + m.stats)
        if m.gear_values:
            lines.append(pad + INDENT + "Gear: " + "; ".join(m.gear_values))
    return lines


def _header(view: NtView) -> list[str]:
    when = f"Turn {view.round} of {view.turns} · {view.phase} phase" if view.round else "Set-up"
    lines = [f"Human Interface: Nakamura Tower · {view.mission} · {when}"]
    if view.result is not None:
        lines.append(f"Game over: {view.result.reason}.")
        return lines
    acting = next((m for m in view.models if m.id == view.current), None)
    if acting is not None:
        who = acting.controller or acting.team
        lines.append(f"Acting now: {acting.name} ({who}), {plural(acting.ap, 'Action Point')} left.")
    if view.awaiting:
        lines.append("Waiting for: " + ", ".join(view.awaiting) + ".")
    if view.order:
        lines.append("Real World order this turn: " + ", ".join(view.order) + ".")
    return lines


def points(view: NtView, team: TeamView) -> str:
    """ "3 points", or "3 points (+2 for a Terminal held)": what the Terminals held add at the end."""
    if not team.held_points:
        return plural(team.score, "point")
    held = sum(1 for t in view.terminals if t.controller == team.seat)
    terminals = "a Terminal" if held == 1 else f"{held} Terminals"
    return f"{plural(team.score, 'point')} (+{team.held_points} for {terminals} held)"


def team_lines(view: NtView, team: TeamView, rooms: dict[tuple[int, int], str]) -> list[str]:
    """A Team: its score and resources, its Tactical Network with what each programme does, its characters."""
    own = [m for m in view.models if m.team == team.seat]
    partners = sorted({m.controller for m in own if m.controller and m.controller != team.seat})
    players = " and ".join([team.seat, *partners])
    faction = team.faction_name or team.faction
    cards = f"{plural(team.hand_size, 'Cyberwarfare card')} in hand, {team.deck_size} in the deck"
    lines = [f"{players} ({faction}, letter {team.letter}): {points(view, team)} · {team.sr} SR · {cards}"]
    lines.append(
        INDENT + "Tactical Network: " + ("; ".join(team.tn_values or team.tn) or "no programme running")
    )
    for m in view.models:
        if m.team == team.seat and m.kind == "character":
            lines += model_lines(view, m, rooms, INDENT)
    return lines


def tower_lines(view: NtView, rooms: dict[tuple[int, int], str]) -> list[str]:
    """The tower's models: its drones and the characters lost to Cyberpsychosis."""
    found = [m for m in view.models if m.team == "ai" and m.cell is not None]
    lines = ["The tower's models (AI):"]
    for m in found:
        lines += model_lines(view, m, rooms, INDENT)
    return lines if found else ["The tower's models (AI): none on the floor."]


def _room_line(view: NtView, area: str) -> str:
    tac = view.tac.get(area, 0)
    alarm = view.alarms.get(area, 0)
    kind = view.area_kinds.get(area, "room")
    alarms = f", {plural(alarm, 'Alarm token')}" if alarm else ""
    return f"{INDENT}{view.areas[area]} ({kind}): TAC {tac}{alarms}"


def terminal_line(t: TerminalView) -> str:
    """ "the red Terminal at B2 (security, defence 2): held by p1, 1 card in it; ..." """
    parts = [
        f"held by {t.controller}, {plural(t.installed, 'card')} in it" if t.controller else "held by nobody"
    ]
    parts += [f"against {seat}: {', '.join(cards)} face up" for seat, cards in t.face_up.items() if cards]
    parts += [f"against {seat}: {plural(n, 'card')} face down" for seat, n in t.face_down.items() if n]
    name = terminal_named(t.colour, t.cell.label)
    return f"{INDENT}{name[:1].upper()}{name[1:]} ({t.kind}, defence {t.defence}): " + "; ".join(parts)


def floor_lines(view: NtView) -> list[str]:
    """The rooms and hallways, the Terminals, the doors and what lies on the floor."""
    lines = ["Rooms and hallways (TAC: the Target Acquisition Characteristic):"]
    lines += [_room_line(view, a) for a in view.areas]
    lines.append("Terminals:")
    lines += [terminal_line(t) for t in view.terminals]
    lines.append("Doors:")
    for d in view.doors:
        name = door_named(d.colour, d.number, d.edge)
        lines.append(
            f"{INDENT}{name[:1].upper()}{name[1:]}: {d.state}" + (", forced open" if d.forced else "")
        )
    marks = (
        ("Objectives still to secure", [c.label for c in view.objectives]),
        ("Exits", [c.label for c in view.exits]),
        ("Drone Entry Points", [c.label for c in view.entry_points]),
    )
    lines += [f"{what}: {', '.join(cells) or 'none'}." for what, cells in marks]
    mines = [f"{m.cell.label} ({m.owner}'s" + (")" if m.armed else ", not yet active)") for m in view.mines]
    lines.append("Mine tokens: " + (", ".join(mines) if mines else "none") + ".")
    drawn = ", ".join(str(v) for v in view.draws[-6:])
    left = f"CanDo deck: {plural(view.cando_left, 'card')} left"
    lines.append(left + (f"; drawn lately: {drawn}." if drawn else "."))
    return lines


def last_lines(view: NtView) -> list[str]:
    """What the last move changed, and what the seats chose once it was revealed."""
    last = view.last
    if last is None:
        return []
    lines = [
        f"Last: {last.what}" + ("" if last.changes or last.revealed else ", nothing changed on the board.")
    ]
    return lines + [INDENT + line for line in last.revealed + last.changes]


def board_lines(data: dict[str, Any] | NtView) -> list[str]:
    """The whole public table (see the module's docstring)."""
    view = _checked(data)
    rooms = rooms_by_square(view)
    lines = _header(view)
    lines.append(f"Mission: {view.mission_text}")
    lines += last_lines(view)
    if view.log:
        lines.append("Latest:")
        lines += [INDENT + line for line in view.log[-LATEST:]]
    lines.append("Teams:")
    for team in view.teams:
        lines += team_lines(view, team, rooms)
    lines += tower_lines(view, rooms) + floor_lines(view)
    lines.append("Map:")
    return lines + map_lines(view) + [LEGEND]


def hand_lines(own: dict[str, Any] | NtView, public: dict[str, Any] | NtView | None = None) -> list[str]:
    """What only this seat sees, first: its Cyberwarfare cards with what each does, its secret choice so far,
    what its Fly Eye saw, its Team being built; then its own Team as it stands."""
    view = _checked(own)
    if view.my_team is None:
        return ["You watch this game: you hold no cards."]
    lines = [f"**Your Cyberwarfare cards** ({len(view.my_cards or view.my_hand)}):"]
    lines += [f"• {card}" for card in view.my_cards or view.my_hand] or ["• none"]
    if view.my_plan:
        lines.append("**Your secret choice so far**: " + "; ".join(view.my_plan))
    if view.my_seen:
        lines.append("**What your Fly Eye saw**:")
        lines += [f"• {seen}" for seen in view.my_seen]
    own_mines = [m for m in view.mines if m.owner == view.my_team]
    if own_mines:
        cells = ", ".join(m.cell.label + ("" if m.armed else " (not yet active)") for m in own_mines)
        lines.append(f"**Your Mine tokens**: {cells}")
    if view.my_draft:
        lines += _draft_lines(view)
    team = next((t for t in view.teams if t.seat == view.my_team), None)
    if team is not None and not view.my_draft:
        lines += _own_team(view, team)
    return lines


def _draft_lines(view: NtView) -> list[str]:
    lines = [f"**Your Team, being built** (Team Budget left: {plural(view.my_budget, 'point')}):"]
    for member in view.my_draft:
        notes = [
            n for n, on in (("Team Leader", member.leader), ("your partner plays them", member.partner)) if on
        ]
        head = member.name + (f" ({', '.join(notes)})" if notes else "")
        gear = ", ".join(member.equipment) or "no gear"
        bought = f"; bought: {', '.join(member.bought)}" if member.bought else ""
        lines.append(f"• {head}: {gear}{bought}")
    return lines


def _own_team(view: NtView, team: TeamView) -> list[str]:
    rooms = rooms_by_square(view)
    lines = [
        f"**Your Team** ({team.faction_name or team.faction}): {points(view, team)} · {team.sr} SR",
        "• Tactical Network: " + ("; ".join(team.tn_values or team.tn) or "no programme running"),
    ]
    mine = [m for m in view.models if m.team == team.seat and m.kind == "character"]
    shared = any(m.controller and m.controller != team.seat for m in mine)
    for m in mine:
        yours = " (you play them)" if shared and m.controller == view.me else ""
        state = f" · {_state_of(view, m)}" if m.cell else ""
        lines.append(f"• {m.name}{yours}: {where(view, m, rooms)}{state}")
    return lines
