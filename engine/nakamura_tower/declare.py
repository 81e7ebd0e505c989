"""Phase 4, Cyberwarfare, begins: the players draw their Cyberwarfare cards, then the declarations: each Team
with a Hacker chooses, in one secret choice revealed together,
which Hacker acts this turn, what it attacks (a Terminal, an enemy Tactical Network, a Purge of its own, or
nothing) and, with the table option ``sniffers``, what its Fly Eye looks at. Then the Terminals attacked
draw their AI defence cards face down, the sniffs are resolved, and the planning begins.

RB Examples, in order: "Attack Declaration and Terminal CW Cards Draw" ("Tomo declares a direct attack on
the Terminal ... The base defence of the Terminal is 1, which means it is protected by one Cyberwarfare
card. Draw the card from the AI Cyberwarfare deck"), then "Sniffing", then "Planning". RB: "Only one
character in a Team can act as the Hacker in any turn but a different character can be chosen each turn."
Ruling C13: the declarations are public once revealed (rules-notes 8 #5), so the Reactive Player knows
what to defend against when planning ("the Reactive Player should place any cards he may wish to use for
defence").
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, number, word
from engine.core.intent import Value

from . import board
from .battles import draw_defence
from .cyber import draw_cards, open_plan
from .loading import pack
from .marks import reveal
from .naming import cap, plural, terminal, terminal_named
from .rules import RULES
from .sniffing import look_named, sniff, sniff_offer
from .state import CyberwarfareStep, NtState
from .stats import called, name

NONE = "none"
PURGE = "purge"


@RULES.step("cyber")
def cyberwarfare_phase(state: NtState, step: CyberwarfareStep) -> list[Event]:
    state.phase = step.op
    return cyberwarfare(state)


def cyberwarfare(state: NtState) -> list[Event]:
    """RB: "The players draw their Cyberwarfare cards for the turn"; the example: "the Nakamura Team has no
    hackers thus the Cyberwarfare Phase ends" (for it)."""
    for seat in state.sides:
        draw_cards(state, seat)
    seats = [s for s in state.cw_order or state.sides if board.hacker_of(state, s) is not None]
    if not seats:
        return [public("cw", "No Team has a Hacker in the tower: the Cyberwarfare phase ends.")]
    return open_declarations(state, seats)


def targets(state: NtState, seat: str) -> list[tuple[str, str]]:
    """What the Team's Hacker may attack this turn: the Terminals it does not hold, the enemy Tactical
    Networks, and a Purge when its own Tactical Network is infected (all public facts)."""
    out = [
        (t.id, terminal_named(t.colour, t.cell))
        for t in board.mission(state).terminals
        if state.terminals[t.id].controller != seat
    ]
    out += [(f"tn_{s}", f"{s}'s Tactical Network") for s in state.sides if s != seat]
    if any(slot.owner != seat for slot in state.teams[seat].tn):
        out.append((PURGE, "a Purge of your own Tactical Network"))
    return out


def _offers(
    state: NtState, seat: str
) -> tuple[list[tuple[Intent, str]], list[tuple[str, list[tuple[Intent, str]]]]]:
    main = [(Intent.of("declare", target=NONE), "No attack this turn")]
    main += [
        (Intent.of("declare", target=t), f"Make {label}" if t == PURGE else f"Attack {label}")
        for t, label in targets(state, seat)
    ]
    more: list[tuple[str, list[tuple[Intent, str]]]] = []
    candidates = board.hackers(state, seat)
    if len(candidates) > 1:
        more.append(
            (
                "Which of your Hackers acts this turn?",
                [
                    (Intent.of("declare", hacker=m.id), f"{called(state, m.id)}, at {m.cell}")
                    for m in candidates
                ],
            )
        )
    if state.opts.sniffers and any(pack().card(c).kind == "sniffer" for c in state.teams[seat].hand):
        more.append(("Does your Fly Eye look at anything before you plan?", sniff_offer(state, seat)))
    return main, more


def _target_named(state: NtState, value: Value) -> str:
    """What a declaration attacks (the words of :func:`targets`)."""
    target = str(value)
    if target == NONE:
        return "No attack this turn"
    if target == PURGE:
        return "Make a Purge of your own Tactical Network"
    if target.startswith("tn_"):
        return f"Attack {target.removeprefix('tn_')}'s Tactical Network"
    return f"Attack {terminal(state, target)}"


DECLARE = Shape(
    "declare",
    (
        word("target", _target_named, optional=True),
        word("hacker", called, optional=True),
        word("look", look_named, optional=True),
        number("n", lambda state, n: f"{plural(int(n), 'card')} ({n} SR)", optional=True),
    ),
    title="Declare your Hacker's attack",
    asks="your Hacker's declaration",
    least=1,
)
"""A declaration's parts: what the Hacker attacks, which Hacker (when the Team has several) and what its Fly
Eye looks at (``look``, with ``n`` cards of an enemy hand)."""


class DeclarePayload(BaseModel):
    seats: list[str]


def open_declarations(state: NtState, seats: list[str]) -> list[Event]:
    """Every Team with a Hacker declares at once and in secret."""
    offers, more = {}, {}
    for seat in seats:
        offers[seat], more[seat] = _offers(state, seat)
    return RULES.secret(
        state,
        seats,
        "declare",
        "Cyberwarfare: declare your Hacker's attack (revealed when every Team has declared).",
        offers,
        more=more,
        defaults={s: Intent.of("declare", target=NONE) for s in seats},
        payload=DeclarePayload(seats=seats),
        announce="{seat} has declared.",
        confirm="Your declaration: {label}.",
        public="Cyberwarfare: the Hackers declare their attacks in secret.",
    )


@RULES.revealed("declare", DeclarePayload, takes=[DECLARE])
def declared(state: NtState, choices: dict[str, Intent], payload: DeclarePayload) -> list[Event]:
    events: list[Event] = []
    plans: dict[str, str] = {}
    for seat in [s for s in state.cw_order or state.sides if s in choices]:
        intent = choices[seat]
        chosen = str(intent.get("hacker") or "")
        if chosen in {m.id for m in board.hackers(state, seat)}:
            state.hackers[seat] = chosen
        hacker = board.hacker_of(state, seat)
        target = str(intent.get("target") or NONE)
        if hacker is None:
            continue
        state.hackers[seat] = hacker.id
        plans[seat] = target if target in {t for t, _ in targets(state, seat)} else NONE
        label = dict(targets(state, seat)).get(plans[seat], "nothing")
        events.append(public("cw_declare", f"{seat}'s Hacker {name(hacker)} declares: {label}."))
        reveal(state, events[-1].text, "the Cyberwarfare declarations")
        if plans[seat].startswith("t_"):
            drawn = draw_defence(state, seat, plans[seat])
            events.append(
                public(
                    "cw_defence",
                    f"{cap(terminal(state, plans[seat]))} draws {plural(len(drawn), 'defence card')} "
                    f"face down against {seat}.",
                )
            )
    for seat, intent in choices.items():
        if seat in plans:
            events += sniff(state, seat, intent, plans[seat])
    return events + open_plan(state, plans)


__all__ = ["NONE", "PURGE", "cyberwarfare", "open_declarations", "targets"]
