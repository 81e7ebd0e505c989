"""IPA: The Agents as text a player reads: the board (the terminal's ``board``) and a seat's own hand
(``/hand``, "My hand", the terminal's ``hand``), written from the typed view (:class:`~.view.IpaView`,
validated once), in the game's words: Item Cards with their type, damage, range, price and requirements,
each Agent's life, abilities, credits, Science Points (SP), Unknown Entity (UE), upgrades and statuses, the
field equipment by owner and square, and a text map of the battle map (rows of squares with coordinates).

Only the view is read, so nothing another seat may not see can appear: the board text reads the public
view; the hand text reads the seat's own view for what only it holds.
"""

from __future__ import annotations

from typing import Any

from engine.core.board.cell import Cell, column_label

from .view import AgentView, CardView, EquipmentView, IpaView, choice_words

GLYPHS = {"sentry": "S", "gravitational_enforcer": "G", "scary_mary": "M", "space_tunnel": "T"}
"""Field equipment on the text map (lower case: ownerless, its owner dead)."""
MAP_KEY = (
    "x a corpse, # wall, ? face-down Event, S Sentry, G Gravitational Enforcer, M Scary Mary, "
    "T Space Tunnel (lower case: ownerless), . open square."
)
TOPICS = {"round_end": "End of the round", "gaia": "Gaia's Helpers (the battle map)"}


def _checked(view: dict[str, Any] | IpaView) -> IpaView:
    return view if isinstance(view, IpaView) else IpaView.model_validate(view)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def abilities(agent: AgentView) -> str:
    ab = agent.abilities
    return f"Precision {ab.precision}, Strength {ab.strength}, Intellect {ab.intellect}"


# --- the board -----------------------------------------------------------------------------------------


def board_lines(data: dict[str, Any] | IpaView) -> list[str]:
    """The whole public table: who is to act, the Agents, field equipment, what was just revealed, the
    Item Card piles and the battle map as a text map with its key."""
    view = _checked(data)
    lines = [_title(view), *_waiting(view)]
    lines += ["", "Agents:"] + [
        line for i, a in enumerate(view.agents) for line in _agent_lines(view, i + 1, a)
    ]
    if view.equipment:
        lines += ["", "Field equipment:"] + [f"  • {_equipment(e)}" for e in view.equipment]
    if view.last.chosen:
        lines += ["", "Just revealed: " + "; ".join(f"{s} {c}" for s, c in view.last.chosen.items()) + "."]
    lines += [
        "",
        f"Item Cards: {plural(view.deck, 'card')} in the stack, {view.recycle} on the recycle pile.",
    ]
    if view.events:
        lines.append(f"Face-down Events ({len(view.events)}): {', '.join(view.events)}.")
    if view.log:
        lines += ["", "Latest:"] + [f"  {line}" for line in view.log[-4:]]
    return [*lines, "", *map_lines(view)]


def _title(view: IpaView) -> str:
    head = f"IPA: The Agents, round {view.round}, rank {view.rank}"
    if view.result is not None:
        winners = ", ".join(view.result.winners) or "nobody"
        return f"{head}: the game is over ({winners} won: {view.result.reason})."
    if view.round == 0:
        return f"{head}: set-up ({plural(len(view.walls), 'wall')} placed)."
    return f"{head}: {view.acting}'s turn." if view.acting else f"{head}."


def _waiting(view: IpaView) -> list[str]:
    if view.result is not None:
        return []
    out = [f"To act: {', '.join(view.awaiting)}."] if view.awaiting else []
    if view.choosing:
        topic = TOPICS.get(str(view.choosing.get("topic")), "A secret choice")
        chosen = [str(s) for s in view.choosing.get("chosen", [])]
        out.append(
            f"{topic}: {len(chosen)} of {view.choosing.get('of')} have chosen in secret"
            + (f" ({', '.join(chosen)})." if chosen else ".")
        )
    if view.controlled_by:
        out.append(f"{view.controlled_by} plays this turn of {view.acting}'s Agent (Mind Control).")
    return out


def _agent_lines(view: IpaView, number: int, agent: AgentView) -> list[str]:
    if not agent.alive:
        return [
            f"  {number}. {agent.seat}: dead, the corpse lies on {agent.cell}; "
            f"{plural(agent.hand, 'inactive card')}."
        ]
    change = view.last.life.get(agent.seat, 0)
    moved = f" ({change:+d} in the last turns)" if change else ""
    first = (
        f"  {number}. {agent.seat} on {agent.cell}: life {agent.life}/{agent.max_life}{moved}; "
        f"{abilities(agent)}; {agent.hand} of {agent.hand_limit} inactive cards; "
        f"{plural(agent.credits, 'credit')} saved; {agent.sp} SP."
    )
    more = _extras(agent)
    return [first] + ([f"     {more}"] if more else [])


def _extras(agent: AgentView) -> str:
    parts = []
    if agent.points:
        parts.append(f"{plural(agent.points, 'ability point')} to place")
    if agent.ue:
        parts.append(f"Unknown Entity (UE): {agent.ue} ({agent.ue_text.rstrip('.')})")
    if agent.upgrades:
        parts.append("SP upgrades: " + ", ".join(agent.upgrades))
    if agent.active:
        parts.append("active cards: " + ", ".join(agent.active))
    if agent.statuses:
        parts.append("statuses: " + ", ".join(agent.statuses))
    if agent.injections:
        parts.append("injections waiting: " + ", ".join(agent.injections))
    if agent.permits:
        parts.append("lets the units of " + ", ".join(agent.permits) + " pass through")
    return "; ".join(parts) + "." if parts else ""


def _equipment(fe: EquipmentView) -> str:
    owner = f"{fe.owner}'s" if fe.owner else "Ownerless"
    life = f"life {fe.life}" if fe.life is not None else "any damage destroys it"
    armed = "" if fe.armed or fe.kind != "gravitational_enforcer" else ", not armed yet"
    return f"{owner} {fe.name} on {fe.cell}: {life}{armed}."


def map_lines(view: IpaView) -> list[str]:
    """The battle map as rows of squares, row 1 at the top, with the columns' letters above and below."""
    grid = [["."] * view.size for _ in range(view.size)]

    def put(label: str | Cell, glyph: str) -> None:
        cell = label if isinstance(label, Cell) else Cell.parse(label)
        if 0 <= cell.row < view.size and 0 <= cell.col < view.size:
            grid[cell.row][cell.col] = glyph

    for wall in view.walls:
        put(wall, "#")
    for event in view.events:
        put(event, "?")
    for fe in view.equipment:
        glyph = GLYPHS.get(fe.kind, "E")
        put(fe.cell, glyph if fe.owner else glyph.lower())
    for agent in view.agents:
        if not agent.alive:
            put(agent.cell, "x")
    for i, agent in enumerate(view.agents):
        if agent.alive:
            put(agent.cell, str(i + 1))
    letters = "".join(column_label(c) for c in range(view.size))
    width = len(str(view.size))
    head = " " * (width + 1) + letters
    rows = [f"{r + 1:>{width}} {''.join(row)} {r + 1}" for r, row in enumerate(grid)]
    agents = ", ".join(f"{i + 1} {a.seat}" for i, a in enumerate(view.agents))
    return ["Battle map:", head, *rows, head, f"Key: {agents}, {MAP_KEY}"]


# --- the hand ------------------------------------------------------------------------------------------


def hand_lines(own: dict[str, Any] | IpaView, public: dict[str, Any] | None = None) -> list[str]:
    """What only this seat sees: its inactive cards with their numbers, its credits from sales, a card
    offered to it, Mind Control's two cards, its secret choice; then its Agent in short."""
    view = _checked(own)
    mine = next((a for a in view.agents if a.seat == view.viewer), None)
    if view.hand is None or mine is None:
        return []
    lines = [f"**Your hand** ({len(view.hand)} of {mine.hand_limit} inactive cards):"]
    lines += [f"• {card_line(c)}" for c in view.hand] or ["• none"]
    sale = view.sale_credits or 0
    lines.append(
        f"**Credits**: {plural(mine.credits, 'credit')} saved"
        + (f", {plural(sale, 'credit')} from sales this turn (spent now or lost)" if sale else "")
        + f"; {mine.sp} SP (Science Points)."
    )
    if view.offered:
        lines.append(f"**Offered to you**: {view.offered} (accept or decline it).")
    if view.controlled_cards is not None:
        lines.append(f"**Mind Control's two cards**: {', '.join(view.controlled_cards) or 'none'}.")
    if view.my_choice:
        lines.append(f"**Your secret choice**: {choice_words(view.my_choice)} (told when all have chosen).")
    lines.append(f"**Your Agent** on {mine.cell}: life {mine.life}/{mine.max_life}; {abilities(mine)}.")
    more = _extras(mine)
    return lines + ([more[:1].upper() + more[1:]] if more else [])


def card_line(card: CardView) -> str:
    """``**Flare Pistol** (Ranged Weapon): 2 fire damage; range up to 7; sells for 1 credit; usable now.``
    and the card's text."""
    return f"**{card.name}** ({card.type}): {card.facts()}. {card.text}"
