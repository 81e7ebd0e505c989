"""The turn's phases: [1] Placing a Director (``director:to=b14``), [2] Influence
(``influence:how=add|remove``, ``influence:how=move,at=b3``) and ending the turn (``end``)."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Intent, public
from engine.core.args import word

from ..control import add_it, can_add, move_it, remove_it
from ..marks import mark
from ..pack import Pack
from ..rules import RULES, P, VrAction, borough_name, borough_named, draw_corruption
from ..state import VrState

HOW = {"add": "Add 1 Influence here", "remove": "Remove 1 Influence here", "move": "Move 1 Influence here"}
"""The Influence manoeuvres, as a menu names them."""


@lru_cache(maxsize=4)
def _placings(pack_now: Pack) -> tuple[Intent, ...]:
    """A Director to each Borough of ``pack_now``'s map, in the map's order (every turn begins with them)."""
    return tuple(Intent.of("director", to=b) for b in pack_now.boroughs)


ADD = Intent.of("influence", how="add")
REMOVE = Intent.of("influence", how="remove")
END = Intent("end")
"""The turn's intents without a Borough, built once (intents are values: one serves every listing)."""


@lru_cache(maxsize=256)
def _move_from(borough: str) -> Intent:
    return Intent.of("influence", how="move", at=borough)


def placed(state: VrState, seat: str) -> bool:
    return state.ctx.seat == seat and state.ctx.borough is not None


@RULES.action
class Director(VrAction):
    """ "Place one of your Director tokens in a Borough of your choice in Neo Paris, without any placement
    constraints." """

    kind = "director"
    family = "move"
    summary = "Place a Director"
    args = (word("to", borough_named),)

    def options(self, state: VrState, seat: str) -> list[Intent]:
        if state.ctx.seat != seat or state.ctx.borough is not None:
            return []
        return list(_placings(P()))

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        borough = intent.word("to")
        mark(state, seat, borough)
        state.ctx.borough = borough
        state.directors.append((seat, borough))
        frame = state.waiting.find("turn")
        name = borough_name(borough)
        if frame is not None:
            frame.default = "end"  # type: ignore[union-attr]
            frame.text = f"Round {state.round}: {seat}'s turn in {name}."
            frame.public = f"{seat}'s turn in {name} (Round {state.round})."
        pack_now = P()
        district = pack_now.district_names[pack_now.district_of(borough)]
        return [public("director", f"{seat} places a Director in {name} ({district}).")]

    def label(self, state: VrState, intent: Intent) -> str:
        return f"Director to {borough_name(intent.word('to'))}"


@RULES.action
class Influence(VrAction):
    """ "Add one, and only one, of your Influence Tokens to the Borough where you placed your Director ...
    Draw 1 Corruption Card. Remove one, and only one, Influence Token (opposing or not) ... Draw 1 Corruption
    Card. Take one, and only one, of your Influence Tokens from any Borough and place it on the Borough." """

    kind = "influence"
    family = "move"
    summary = "Influence manoeuvre"
    args = (word("how", lambda state, how: HOW.get(str(how))), word("at", borough_named, optional=True))

    def options(self, state: VrState, seat: str) -> list[Intent]:
        ctx = state.ctx
        if not placed(state, seat) or ctx.influence_done or ctx.action_done or ctx.performed:
            return []
        here = ctx.borough
        assert here is not None
        out: list[Intent] = []
        if can_add(state, seat, here):
            out.append(ADD)
        if here in state.owner:
            out.append(REMOVE)
        if state.owner.get(here, seat) == seat:
            mine = {b for b, owner in state.owner.items() if owner == seat and b != here}
            if mine:
                out += [_move_from(b) for b in P().boroughs if b in mine]
        return out

    def refusal(self, state: VrState, seat: str, intent: Intent) -> str | None:
        if not placed(state, seat):
            return super().refusal(state, seat, intent)
        if state.ctx.influence_done:
            return "You have already made this turn's Influence manoeuvre."
        if state.ctx.action_done or state.ctx.performed:
            return "The Influence phase comes before the Action."
        return None

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        state.ctx.influence_done = True
        here = state.ctx.borough
        assert here is not None
        how = intent.word("how")
        if how == "add":
            return add_it(state, seat, here) + draw_corruption(state, seat)
        if how == "remove":
            return remove_it(state, here, by=seat) + draw_corruption(state, seat)
        return move_it(state, seat, intent.word("at"), here)

    def label(self, state: VrState, intent: Intent) -> str:
        how = intent.get("how")
        if how == "add":
            return "Add 1 Influence here (draw 1 Corruption)"
        if how == "remove":
            return "Remove 1 Influence here (draw 1 Corruption)"
        return f"Move 1 Influence here from {borough_name(str(intent.get('at')))}"


@RULES.action
class End(VrAction):
    kind = "end"
    family = "end"
    args = ()

    def options(self, state: VrState, seat: str) -> list[Intent]:
        return [END] if placed(state, seat) else []

    def refusal(self, state: VrState, seat: str, intent: Intent) -> str | None:
        return "Place a Director first." if not placed(state, seat) else None

    def apply(self, state: VrState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        return [public("end_turn", f"{seat} ends the turn.")]

    def label(self, state: VrState, intent: Intent) -> str:
        return "End the turn"
