"""Fear: the attacker moves the feared unit (RB Fear: "You may move the unit up to 3 squares in any
direction you choose"; ruling A-37)."""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.args import Shape, word
from engine.core.board import Cell, Passage

from .rules import RULES, agent_of_unit, cap, grid, occupied, unit_cell, unit_name, walls
from .state import Hit, HitPayload, IpaState


def shove(state: IpaState, hit: Hit, squares: int) -> list[Event]:
    """Fear: "You may move the unit up to 3 squares in any direction you choose" (A-37: the activator
    moves it along a legal orthogonal path)."""
    start = unit_cell(state, hit.target)
    if start is None:
        return []
    taken = set(occupied(state, but=hit.target))

    reach = grid(state).reachable(
        Cell.parse(start),
        squares,
        may_enter=lambda c: c.label not in taken,
        may_pass=lambda c: c.label not in taken,
        passage=Passage(blocked=walls(state)),
    )
    cells = sorted(
        reach, key=lambda c: (reach[c], c.row, c.col)
    )  # every square: "in any direction you choose"
    offer = [(Intent.of("shove", to=c.label), f"Move it to {c.label}") for c in cells]
    offer.insert(0, (Intent.of("shove", to=start), f"Leave it on {start}"))
    return RULES.ask(
        state,
        hit.seat,
        "shove",
        f"Where does {unit_name(state, hit.target)} go?",
        offer,
        payload=HitPayload(hit=hit),
    )


SHOVE = Shape("shove", (word("to"),), title="Move the feared unit", asks="a square for the feared unit")


@RULES.answers("shove", HitPayload, takes=[SHOVE])
def shoved(state: IpaState, seat: str, intent: Intent, payload: HitPayload) -> list[Event]:
    to = intent.word("to")
    target = agent_of_unit(state, payload.hit.target)
    if target is not None:
        target.cell = to
    elif payload.hit.target in state.equipment:
        state.equipment[payload.hit.target].cell = to
    return [public("shove", f"{cap(unit_name(state, payload.hit.target))} is moved to {to}.", at=to)]
