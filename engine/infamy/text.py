"""Infamy's board text and hand text (the terminal's ``board`` and ``hand``, Discord's ``/hand`` and **My
hand**), written from the typed view (:mod:`.view`): complete, sectioned with short headings, in the
rulebook's words (a Turn is a Day Round then a Night Round; Contacts, Bribes, Expenses, Watchdogs, Hazards),
every card with what it does beside its name.

The board: where the game stands and who is asked, what the latest move changed, each freelancer (Infamy,
Rep, what he holds, his Bribes, the Contacts he won this Round, his missions and Rep benefits), the Contact
Track, the six sectors zone by zone, the sector cards and the Contact Order, the available missions with
what they cost and give, and the General Supply and the decks. The hand: the Schemes with their cost and
effect, the secret sector card(s), then what the freelancer holds, his Contacts' abilities this Round, his
Rep benefits and the missions he could complete now."""

from __future__ import annotations

from typing import Any

from .view import (
    ACC_PAWN,
    FACTION_NAMES,
    HandCard,
    InfamyView,
    LastView,
    PlayerView,
    SectorView,
    TrackEntry,
    ZoneView,
    count,
)

INDENT = "  "
FACTIONS = ("cartel", "megacorp", "militia")
ZONE_NAMES = {
    "weapon": "Weapon zone",
    "data": "Data zone",
    "compound": "Compound zone",
    "henchman": "Henchman zone",
    "special": "special zone",
}
FLAGS = (
    ("accomplice", "controls the Accomplice (no Rep this Round)"),
    ("smuggler", "has the Smuggler"),
    ("chief", "has the Sector Chief (ignores Watchdogs)"),
    ("informant", "has the Informant (1 extra Scheme)"),
)
"""The ongoing Contacts' marks on a freelancer this Round."""


def _checked(view: dict[str, Any] | InfamyView) -> InfamyView:
    return view if isinstance(view, InfamyView) else InfamyView.model_validate(view)


def pawn_name(view: InfamyView, pawn: str) -> str:
    """A pawn on the board: its freelancer, or "Ann's Accomplice" for the black pawn."""
    if pawn == ACC_PAWN:
        owner = view.flags.accomplice
        return f"{owner}'s Accomplice" if owner else "the Accomplice"
    return pawn


def pawn_word(view: InfamyView, pawn: str) -> str:
    """A pawn standing on a zone: "Ann's pawn", "Ann's Accomplice"."""
    return pawn_name(view, pawn) if pawn == ACC_PAWN else f"{pawn}'s pawn"


def sector_name(view: InfamyView, n: int) -> str:
    found = next((s.name for s in view.sectors if s.id == n), "")
    return f"Sector {n} ({found})" if found else f"Sector {n}"


def scheme_line(c: HandCard) -> str:
    """ "**Cook the Books** (Megacorp; costs 1 Compound, 1 Data): Pay 1 Compound and 1 Data: gain 2i." """
    cost = f"; costs {c.cost}" if c.cost else ""
    return f"**{c.name}** ({FACTION_NAMES.get(c.faction, c.faction)}{cost}): {c.text}"


def zone_gain(z: ZoneView, day: bool) -> str:
    """What resupplying at a zone gives this Round."""
    if z.kind == "hq" and z.faction is not None:
        faction = FACTION_NAMES[z.faction]
        return f"1r in {faction} at 0 Rep, else draw a {faction} Scheme"
    if z.kind == "special":
        return "Recover up to 3 Bribes" if day else "gain 1 Infamy"
    return "gain 1 " + ZONE_NAMES[z.kind].removesuffix(" zone")


def zone_name(z: ZoneView) -> str:
    if z.kind == "hq" and z.faction is not None:
        return f"{FACTION_NAMES[z.faction]} HQ"
    return ZONE_NAMES[z.kind]


# --- the board ----------------------------------------------------------------------------------


def _header(view: InfamyView) -> list[str]:
    lines = [f"Infamy · {view.standing} · Triggerman: {view.triggerman}"]
    if view.result is not None:
        who = ", ".join(view.result.winners) or "nobody"
        lines.append(
            f"Game over: {'a draw between ' if view.result.draw else ''}{who} ({view.result.reason})."
        )
        return lines
    asked: dict[str, list[str]] = {}
    for w in view.waiting_for:
        asked.setdefault(w.text, []).append(w.seat)
    for question, seats in asked.items():
        named = len(seats) == 1 and question.startswith(seats[0])
        lines.append(f"Now: {question}" if named else f"Waiting for {', '.join(seats)}: {question}")
    if view.choosing is not None:
        chosen = ", ".join(view.choosing.chosen) or "nobody yet"
        lines.append(f"Sector cards chosen so far: {chosen} ({view.choosing.count} of {view.choosing.of}).")
    return lines


def last_lines(last: LastView | None) -> list[str]:
    """What the latest move changed: its public lines, then each freelancer's counts that moved."""
    if last is None:
        return []
    lines = ["Last move" + (f" ({last.seat}):" if last.seat else ":")]
    lines += [INDENT + line for line in last.lines] or [INDENT + "nothing anyone can see changed."]
    for seat, moved in last.changes.items():
        lines.append(INDENT + f"{seat}: " + ", ".join(moved) + ".")
    return lines


def player_lines(view: InfamyView, p: PlayerView) -> list[str]:
    pad = INDENT * 2
    roles = ["Triggerman"] if p.triggerman else []
    roles += [words for key, words in FLAGS if getattr(view.flags, key) == p.seat]
    head = f"{p.seat} ({p.colour} pawn): {count(p.infamy, 'Infamy', 'Infamy')} · {p.rep_text()}"
    lines = [INDENT + head + (" · " + "; ".join(roles) if roles else "")]
    lines.append(pad + f"Holds: {p.holdings()} · {count(p.hand_count, 'Scheme')} in hand")
    lines.append(pad + p.bribes_text())
    if p.contacts:
        lines.append(pad + "Contacts won this Round: " + ", ".join(p.contacts))
    if p.missions:
        done = "; ".join(f"{m.name} (Sector {m.sector})" for m in p.missions)
        lines.append(pad + f"Missions completed ({len(p.missions)}): {done}")
    lines += [
        pad + f"Rep benefit {b.name} ({FACTION_NAMES[b.faction]} {b.level}): {b.text}" for b in p.benefits
    ]
    return lines


def contact_line(view: InfamyView, c: TrackEntry) -> str:
    tags = [FACTION_NAMES[f] for f in c.factions] + (["ongoing"] if c.ongoing else [])
    head = f"{c.pos}. {c.name}" + (f" ({', '.join(tags)})" if tags else "") + f": {c.text}"
    if c.winner:
        return head + f" Won by {c.winner}."
    if c.face_down:
        return head + " Face down: nobody bid."
    if c.current and view.auction is not None:
        bids = ", ".join(f"{s} {n}" for s, n in sorted((c.bids or {}).items(), key=lambda kv: -kv[1]))
        lead = f"Bids: {bids}; {c.high} leads" if bids else "No bid yet"
        return head + f" Being auctioned. {lead}; {view.auction.to_act} to act."
    return head


def track_lines(view: InfamyView) -> list[str]:
    head = f"Contact Track ({count(view.contact_deck, 'Contact')} left in the Contact deck):"
    return [head] + [INDENT + contact_line(view, c) for c in view.track]


def _zone_line(view: InfamyView, z: ZoneView) -> str:
    state = [pawn_word(view, z.pawn)] if z.pawn else []
    state += ["Hazard (nobody can resupply here)"] if z.hazard else []
    shown = " · ".join(state) or "free"
    return INDENT * 2 + f"{zone_name(z)} ({zone_gain(z, view.day)}): {shown}"


def sector_lines(view: InfamyView, sec: SectorView) -> list[str]:
    closed = f" · {count(sec.watchdogs, 'Watchdog')}: closed" if sec.watchdogs else ""
    lines = [INDENT + f"{sector_name(view, sec.id)}{closed}"]
    here = [m.name for m in view.missions if m.sector == sec.id]
    pawn = pawn_word(view, sec.mission_pawn) if sec.mission_pawn else "free"
    offered = f" (missions: {', '.join(here)})" if here else " (no mission available here)"
    lines.append(INDENT * 2 + f"Mission zone{offered}: {pawn}")
    return lines + [_zone_line(view, z) for z in sec.zones]


def sector_phase_lines(view: InfamyView) -> list[str]:
    """The sector cards once revealed (what each freelancer chose), the Contact Order and the placements."""
    lines: list[str] = []
    if view.revealed:
        chosen = ", ".join(f"{pawn_name(view, s)} {sector_name(view, n)}" for s, n in view.revealed.items())
        lines.append(f"Sector cards revealed: {chosen}.")
    if view.order:
        now = (
            f" · placing now: {view.order[view.slot]}"
            if view.phase == "place" and view.slot < len(view.order)
            else ""
        )
        lines.append("Contact Order: " + ", ".join(view.order) + now)
    outcomes = {"failed": "failed to place", "smuggled": "stayed out (Smuggler)"}
    done = [f"{pawn_name(view, s)} {outcomes[z]}" for s, z in view.placed.items() if z in outcomes]
    if done:
        lines.append("Not placed: " + "; ".join(done) + ".")
    return lines


def supply_lines(view: InfamyView) -> list[str]:
    s = view.supply
    tokens = ", ".join(
        (
            count(s.weapon, "Weapon"),
            count(s.data, "Data", "Data"),
            count(s.compound, "Compound", "Compound"),
            count(s.henchman, "Henchman", "Henchmen"),
            count(s.favor, "Favor"),
        )
    )
    left = f"{count(s.hazard, 'Hazard')} and {count(s.watchdog, 'Watchdog')} not on the board"
    decks = ", ".join(
        f"{FACTION_NAMES[f]} {view.scheme_decks.get(f, 0)} ({view.scheme_discards.get(f, 0)} discarded)"
        for f in FACTIONS
    )
    return [f"General Supply: {tokens} · {left}.", f"Scheme decks: {decks}."]


def board_lines(data: dict[str, Any] | InfamyView) -> list[str]:
    """The whole public table (see the module's docstring)."""
    view = _checked(data)
    lines = _header(view) + last_lines(view.last)
    lines.append("Freelancers:")
    for p in view.players:
        lines += player_lines(view, p)
    lines += track_lines(view)
    lines.append("Sectors (a Watchdog closes its sector; a pawn or a Hazard fills its zone):")
    for sec in view.sectors:
        lines += sector_lines(view, sec)
    lines += sector_phase_lines(view)
    lines.append(f"Missions available ({len(view.missions)}; {view.mission_deck} in the Mission deck):")
    lines += [INDENT + m.line() for m in view.missions] or [INDENT + "none"]
    return lines + supply_lines(view)


# --- the hand -----------------------------------------------------------------------------------


def _sector_card(view: InfamyView, me: str) -> list[str]:
    """The secret sector card(s) while hidden, then the sector entered this Round."""
    mine = view.my_choice
    if mine is not None:
        line = f"**Your sector card** (face down until everyone has chosen): {sector_name(view, mine.own)}"
        if mine.acc is not None:
            line += f"; the Accomplice's: {sector_name(view, mine.acc)}"
        return [line]
    if me in view.revealed:
        line = f"**Your sector this Round**: {sector_name(view, view.revealed[me])}"
        if view.flags.accomplice == me and ACC_PAWN in view.revealed:
            line += f"; the Accomplice's: {sector_name(view, view.revealed[ACC_PAWN])}"
        return [line]
    if view.phase == "select":
        return ["**Your sector card**: not chosen yet."]
    return []


def hand_lines(
    own: dict[str, Any] | InfamyView, public: dict[str, Any] | InfamyView | None = None
) -> list[str]:
    """What only this seat sees, first (its Schemes and its sector card), then what it holds and can do."""
    view = _checked(own)
    me = view.me
    p = view.player(me) if me is not None else None
    if me is None or p is None:
        return []
    hand = view.hand or []
    lines = [f"**Your hand** ({count(len(hand), 'Scheme')}, played in the Scheme Phase):"] if hand else []
    lines += [f"• {scheme_line(c)}" for c in hand] or ["**Your hand**: no Scheme."]
    lines += _sector_card(view, me)
    lines.append(f"**You hold**: {count(p.infamy, 'Infamy', 'Infamy')} · {p.rep_text()} · {p.holdings()}")
    lines.append(f"• {p.bribes_text()}")
    won = [c for c in view.track if c.winner == me]
    if won:
        lines.append("**Your Contacts this Round**:")
        lines += [f"• {c.name}: {c.text}" for c in won]
    if p.benefits:
        lines.append("**Your Rep benefits**:")
        lines += [f"• {b.name} ({FACTION_NAMES[b.faction]} {b.level}): {b.text}" for b in p.benefits]
    payable = [m for m in view.missions if p.can_pay(m.requires)]
    if payable:
        lines.append("**Missions you can pay now** (enter their sector's mission zone):")
        lines += [f"• {m.line()}" for m in payable]
    return lines
