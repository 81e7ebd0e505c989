"""Mines. RB: "Mines are placed as a special action. The Mine card must be face up. Place Mine tokens on any
square that the model passes through. Mines become active in the next Player phase (of same turn) or AI
Operations Phase." The Special Actions list: "Place Mine tokens (0 Action points)".

What a mine does is on its card, which the rulebook does not print (rules-notes G23): the house card sets
one off when a model of another side (a character, a drone, a psychotic character) enters its square; that
model stops there and takes the card's Damage, located by a new CanDo card, with no Dodge (ruling K3).
Tokens are placed openly on the table, so mines are public (ruling K4).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Event, public

from . import board
from .board import raise_alarm
from .loading import pack
from .pack import Equipment
from .rules import draw
from .state import Mine, Model, NtState
from .stats import name, spend
from .wounds import hurt

TOKENS = 9
"""RB Contents List: "9 x Mine tokens"."""


def may_lay(state: NtState, model: Model) -> list[str]:
    """The squares ``model`` may mine now: the ones it has passed through this activation and its own, free
    of other models and of Mine tokens, while tokens are left in the box."""
    if len(state.mines) >= TOKENS:
        return []
    taken = {m.cell for m in state.mines}
    others = {m.cell for m in board.present(state) if m.id != model.id}
    cells = [*model.trail, str(model.cell)]
    return sorted(
        {c for c in cells if c not in taken and c not in others}, key=lambda c: board.square(c).reading()
    )


def lay(state: NtState, model: Model, item: Equipment, cell: str) -> list[Event]:
    """Place a token; with the house option ``hidden_mines`` only the placing Team hears of it (ruling K4)."""
    state.mines.append(Mine(cell=cell, owner=model.team, layer=model.id, item=item.id))
    text = f"{name(model)} places a Mine token on {cell}."
    events = [public("mine_laid", text, unit=model.id, cell=cell)] + spend(model, item)
    if state.opts.hidden_mines:
        events = [replace(e, audience=frozenset([model.team])) for e in events]
    return events


def seen_by(state: NtState, seat: str | None) -> list[Mine]:
    """The Mine tokens ``seat`` knows of: all of them (they lie openly on the table), or with
    ``hidden_mines`` only its own Team's."""
    if not state.opts.hidden_mines:
        return list(state.mines)
    return [m for m in state.mines if m.owner == seat]


def arm(state: NtState) -> None:
    """A new Team's activation, or the AI Operations phase, begins: every Mine token placed is active."""
    for mine in state.mines:
        mine.armed = True


def hostile(state: NtState, model: Model, cell: str) -> Mine | None:
    """An active mine on ``cell`` that ``model`` would set off (not its own Team's, nor an allied Team's in
    cooperative play)."""
    if state.opts.cooperative and model.team in state.teams:
        return next(
            (m for m in state.mines if m.cell == cell and m.armed and m.owner not in state.teams), None
        )
    return next((m for m in state.mines if m.cell == cell and m.armed and m.owner != model.team), None)


def enter(state: NtState, model: Model, cell: str) -> list[Event]:
    """``model`` steps onto ``cell`` (a Move, a drone's step, a Take Cover); a mine there goes off."""
    model.cell = cell
    mine = hostile(state, model, cell)
    if mine is None:
        return []
    state.mines.remove(mine)
    item = pack().equipment[mine.item]
    raise_alarm(state, cell, "heavy")  # RB: "+2 Use of Heavy Weapons or grenades" (ruling K3)
    events = [public("mine", f"{name(model)} sets off a mine on {cell}.", unit=model.id, cell=cell)]
    return events + hurt(
        state, model, item.damage, item.pierce, draw(state), state.models.get(mine.layer), item.stun
    )
