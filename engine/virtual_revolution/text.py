"""Virtual Revolution's board text and hand text (the terminal's ``board`` and ``hand``, Discord's ``/hand``
and **My hand**), written from the typed view (:mod:`.view`): complete, sectioned with short headings, every
card with what it does beside its name. The board: who acts, what the last turn changed, each player's board,
Neo Paris District by District (each Borough with its Influence, Server, Directors, Agent and neighbours),
the Agents and Verses on offer, the Titles, the Boost cards and the decks. The hand: the Corruption cards,
the Objectives with what each would score now, the Necro card seen, the secret choice pending, then the
player's own Agents, Verses, Boosts and Titles with what they do."""

from __future__ import annotations

from typing import Any

from .cardtext import plural
from .scoring import breakdown_text
from .view import AgentView, BoroughView, LastView, PlayerView, VerseView, VrView

INDENT = "  "
RAID_AT = 5
"""Corruption cards that draw an Interpol raid at the end of the Round."""


def _checked(view: dict[str, Any] | VrView) -> VrView:
    return view if isinstance(view, VrView) else VrView.model_validate(view)


def borough(b: BoroughView) -> str:
    return f"Borough {b.label}"


def agent_line(a: AgentView, used: bool = False) -> str:
    """ "Pixel (Tech, Level 1): activate +3 EC · promote: ... · Boost: Create a Verse: +2 EC" """
    state = ", used this Round" if used and a.turned else ""
    parts = [f"activate: {a.ability}"] if a.ability else []
    parts += [f"promote: {a.promotion}"] if a.promotion else []
    parts += [f"as a Boost: {a.boost}"] if a.boost else []
    head = f"{a.name} ({a.type.capitalize()}, Level {a.level}{state})"
    return head + (": " + " · ".join(parts) if parts else "")


def verse_line(v: VerseView, held: bool = False) -> str:
    """ "Multiverse (Science Fiction, Online): no condition · scores 7 VP for the most EC" """
    side = (", Online" if v.online else ", Loading") if held else ""
    parts = [] if held and v.online else [f"goes Online with {v.condition}"]
    parts += [f"Bonus: {v.bonus}"] if v.bonus and not (held and v.online) else []
    parts += [f"scores {v.scoring}"]
    return f"{v.name} ({v.genre}{side}): " + " · ".join(parts)


def _header(view: VrView) -> list[str]:
    head = f"Virtual Revolution · Round {view.round} of {view.rounds} · Turn Order: {', '.join(view.order)}"
    lines = [head]
    if view.result is not None:
        lines.append(f"Game over: {view.result.reason}.")
    elif view.current:
        lines.append(f"Now: {view.current}'s turn {view.turn_of_round} of 3 this Round.")
    lines += [f"Waiting: {line}" for line in view.asking]
    return lines


def last_lines(view: VrView) -> list[str]:
    """What the latest turn (or the end of the Round) changed."""
    last = view.last
    if last is None:
        return []
    names = {b.id: borough(b) for b in view.boroughs}
    who = f"{last.seat}'s turn (Round {last.round})" if last.seat else f"End of Round {last.round}"
    lines = [f"Last: {who}" + (f", Director in {names[last.director]}." if last.director else ".")]
    if last.boroughs:
        lines.append(INDENT + "Changed on the map: " + ", ".join(names[b] for b in last.boroughs) + ".")
    for seat, moved in last.changes.items():
        lines.append(INDENT + f"{seat}: " + ", ".join(moved) + ".")
    lines += _necro_lines(last)
    return lines


def _necro_lines(last: LastView) -> list[str]:
    necro = last.necro
    if necro is None:
        return []
    lines = [INDENT + f"Necro card {necro.name}: {necro.text}."]
    lines.append(INDENT + f"MINIMUM: {', '.join(necro.low)}; MAXIMUM: {', '.join(necro.high)}.")
    if necro.spent:
        spent = ", ".join(f"{s} {n}" for s, n in necro.spent.items())
        lines.append(INDENT + f"Immunity spent: {spent}.")
    return lines


def player_lines(view: VrView, p: PlayerView) -> list[str]:
    """One player's board: the counts, then what they hold, each card with what it does."""
    pad = INDENT * 2
    titles = [view.district_names.get(t, t) for t in p.titles]
    counts = (
        f"{p.ec} EC · Income {p.income} · {p.imm} Immunity · {plural(p.corruption, 'Corruption card')} · "
        f"{plural(p.plus2, '+2 VP token')}"
    )
    lines = [INDENT + f"{p.seat}: {counts}"]
    lines.append(
        pad + f"Influence: {p.reserve} in reserve, {p.on_map} on the map, {p.recycled} in the Recycle Area · "
        f"Servers: {p.servers} of 7"
    )
    lines += [pad + "On Duty: " + agent_line(a, used=True) for a in p.duty] or [pad + "On Duty: no Agent"]
    lines += [pad + f"Boosts under {action}: " + "; ".join(names) for action, names in p.boosts.items()]
    lines += [pad + "Retired: " + ", ".join(p.retired)] if p.retired else []
    lines += [pad + "Verse: " + verse_line(v, held=True) for v in p.verses]
    lines += [pad + "Titles: " + ", ".join(titles)] if titles else []
    lines += [pad + "Necro markers: " + "; ".join(p.necro_markers)] if p.necro_markers else []
    flags = (
        ("raided with 7+ Corruption cards", p.raided_7),
        ("raided spending no Immunity", p.raided_no_imm),
    )
    history = [text for text, on in flags if on]
    lines += [pad + "So far: " + ", ".join(history)] if history else []
    if p.score is not None:
        kept = f" · Objective kept: {p.kept}" if p.kept else ""
        lines.append(pad + f"Score: {p.score} VP ({breakdown_text(p.breakdown) or 'nothing'}){kept}")
    return lines


def _borough_line(view: VrView, b: BoroughView, neighbours: dict[str, list[str]]) -> str:
    parts = [f"{b.owner} {plural(b.tokens, 'Influence token')}" if b.owner else "no Influence"]
    parts += [f"{b.server}'s Server"] if b.server else []
    parts += ["Directors: " + ", ".join(b.directors)] if b.directors else []
    agent = next((s for s in view.slots if s.borough == b.id and s.agent is not None), None)
    parts += [f"Agent #{agent.slot} {agent.agent.name}"] if agent is not None and agent.agent else []
    near = ", ".join(neighbours.get(b.id, []))
    near = f"Boroughs {near}" if near else ""
    return INDENT * 2 + f"{borough(b)}: " + " · ".join(parts) + (f" (next to {near})" if near else "")


def map_lines(view: VrView, neighbours: dict[str, list[str]]) -> list[str]:
    """Neo Paris District by District, with each District's Title."""
    lines = ["Neo Paris (a reconstructed map, not the printed one), District by District:"]
    titles = {t.id: t for t in view.titles}
    for code, name in view.district_names.items():
        title = titles.get(code)
        held = ""
        if title is not None and title.holder:
            held = f" · Title: {title.holder}" + (" (used this Round)" if title.turned else "")
        lines.append(INDENT + f"{name}{held}")
        lines += [_borough_line(view, b, neighbours) for b in view.boroughs if b.district == code]
    return lines


def offer_lines(view: VrView) -> list[str]:
    """The Agents in Neo Paris, the Verses available, the Titles and the Boost cards."""
    names = {b.id: borough(b) for b in view.boroughs}
    lines = ["Agents in Neo Paris (Recruit an Agent: 4 EC, within Range of your Director):"]
    for s in view.slots:
        if s.agent is not None:
            where = names.get(s.borough or "", "Neo Paris")
            lines.append(INDENT + f"#{s.slot} in {where}: {agent_line(s.agent)}")
        elif s.intercepted:
            lines.append(INDENT + f"#{s.slot}: intercepted")
    if not any(s.agent for s in view.slots):
        lines.append(INDENT + "none left this Round")
    lines.append("Verses available, newest first (Create a Verse: 7 EC):")
    lines += [INDENT + f"{i + 1}. " + verse_line(v) for i, v in enumerate(view.verse_row) if v is not None]
    lines.append("Titles (each once per Round):")
    for t in view.titles:
        holder = t.holder or "nobody"
        lines.append(INDENT + f"{t.name} ({holder}" + (", used" if t.turned else "") + f"): {t.ability}")
    lines.append("Boost cards available: " + ("; ".join(view.boost_cards) or "none"))
    return lines


def deck_lines(view: VrView) -> list[str]:
    lines = [
        "Decks: "
        + " · ".join(
            (
                plural(view.agent_deck, "Agent") + f" ({len(view.agent_discard)} discarded)",
                plural(view.verse_deck, "Verse"),
                plural(view.corruption_deck, "Corruption card") + f" ({view.corruption_discard} discarded)",
                plural(view.necro_deck, "Necro card"),
            )
        )
    ]
    if view.agent_discard:
        lines.append(INDENT + "Agent discard pile: " + ", ".join(view.agent_discard))
    if view.necro_seen:
        lines.append(INDENT + "Necro cards revealed: " + ", ".join(view.necro_seen))
    if view.removed_agents:
        lines.append(INDENT + "Agents out of the game: " + ", ".join(view.removed_agents))
    return lines


def board_lines(data: dict[str, Any] | VrView, neighbours: dict[str, list[str]]) -> list[str]:
    """The whole public table (``neighbours``: each Borough's adjacent Boroughs, by label)."""
    view = _checked(data)
    lines = _header(view) + last_lines(view)
    lines.append("Players, in Turn Order:")
    by_seat = {p.seat: p for p in view.players}
    for seat in view.order:
        lines += player_lines(view, by_seat[seat])
    return lines + map_lines(view, neighbours) + offer_lines(view) + deck_lines(view)


def hand_lines(own: dict[str, Any] | VrView, public: dict[str, Any] | VrView | None = None) -> list[str]:
    """What only this seat sees, first; then its own board with what each card does (to decide with)."""
    view = _checked(own)
    me = view.me
    if me is None:
        return []
    raid = " (an Interpol raid at the end of the Round)" if len(me.hand) >= RAID_AT else ""
    lines = [f"**Your Corruption cards** ({len(me.hand)}){raid}:"]
    lines += [f"• {card}" for card in me.hand] or ["• none"]
    lines.append("**Your Objectives** (you keep one at the end; at most 30 VP):")
    lines += [f"• {o.text}: {o.points} VP now" for o in me.objective_cards]
    if me.peek:
        lines.append(f"**Top Necro card** (you looked): {me.peek}: {me.peek_text}")
    if me.choice:
        lines.append(f"**Your secret choice**: {me.choice}")
    player = next((p for p in view.players if p.seat == me.seat), None)
    if player is not None:
        lines += _own_board(view, player)
    return lines


def _own_board(view: VrView, p: PlayerView) -> list[str]:
    lines = [
        f"**Your board**: {p.ec} EC · Income {p.income} · {p.imm} Immunity · {plural(p.plus2, '+2 VP token')}"
        f" · Influence {p.reserve} in reserve, {p.on_map} on the map, {p.recycled} to collect"
    ]
    lines += [f"• On Duty: {agent_line(a, used=True)}" for a in p.duty]
    lines += [f"• Verse: {verse_line(v, held=True)}" for v in p.verses]
    lines += [f"• Boosts under {a}: " + "; ".join(names) for a, names in p.boosts.items()]
    titles = {t.id: t for t in view.titles}
    lines += [f"• Title {titles[t].name}: {titles[t].ability}" for t in p.titles if t in titles]
    return lines
