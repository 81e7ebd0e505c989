"""The Real World's other actions: doors (RB: "Open a Close Door (0 Action Points)", "Close an Open Door
(0 Action Points)", and the controller of a Terminal "can change the status (to open, closed or locked) of
all doors whose Terminals they control at any time during their Team's turn"), forcing a locked door
(advanced), leaving by an Exit, ending a character's activation and ending the Team's turn."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Event, Intent, public
from engine.core.actions import Action
from engine.core.args import word
from engine.core.waiting import TurnFrame

from .. import board, naming, sharing
from ..activation import REAL_WORLD, actors, finish, settle, start
from ..intents import made
from ..marks import mark
from ..rules import RULES, draw
from ..scoring import escape
from ..state import Model, NtState
from ..stats import called, gear, name, ph
from ..summed import Summed
from .move import dragged

FORCE_AT, FORCE_STRONG_AT, STRONG = 9, 8, 7
"""RB Forcing Locked Doors: it opens on a CanDo "9-10", or "8-10 if their Physical Skill value is 7 or
more"."""


def beside(model: Model, edge: str) -> bool:
    e = board.edge_of(edge)
    return model.cell is not None and board.square(model.cell) in (e.a, e.b)


def _door_changes(state: NtState, seat: str) -> list[tuple[str, str]]:
    team_models = [m for m in board.on_board(state) if m.team == seat and m.kind == "character"]
    standing = [(m, board.square(str(m.cell))) for m in team_models]  # on the board: on a square
    cells = {cell for _, cell in standing}
    holders = board.colour_holders(state)  # read once for every door
    holds = seat in holders.values()  # a door's colour matters only to a seat holding a colour
    out: list[tuple[str, str]] = []
    for edge, door in state.doors.items():
        if door.forced:
            continue
        controls = holds and holders.get(board.door_colour(state, edge)) == seat
        sides = board.edge_of(edge)
        beside_it = sides.a in cells or sides.b in cells
        near = [m for m, cell in standing if cell in (sides.a, sides.b)] if beside_it else []
        wanted = ["open", "closed", "locked"] if controls else []
        if not controls and near:
            if door.state == "open":
                wanted = ["closed"]
            elif door.state == "closed" or any(board.may_unlock(state, m, edge) for m in near):
                wanted = ["open"]
        out += [(edge, to) for to in wanted if to != door.state]
    return out


SET = {"open": "Open it", "closed": "Close it", "locked": "Lock it"}
"""What a door is set to, as a menu names it."""


@RULES.action
class DoorAction(Action[NtState]):
    kind = "door"
    summary = "Open, close or lock a door"
    args = (
        word("edge", lambda state, edge: naming.cap(naming.door(state, str(edge)))),
        word("to", lambda state, to: SET[str(to)]),
    )
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [made("door", edge=e, to=to) for e, to in _door_changes(state, seat)]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        door = state.doors[str(intent.get("edge"))]
        mark(state, f"{seat}'s door")
        door.state = str(intent.get("to"))  # type: ignore[assignment]
        verb = {"open": "opens", "closed": "closes", "locked": "locks"}[door.state]
        return [public("door", f"{seat} {verb} {naming.door(state, door.edge)}.")]

    def label(self, state: NtState, intent: Intent) -> str:
        to = {"open": "Open", "closed": "Close", "locked": "Lock"}.get(str(intent.get("to")), "Change")
        edge = intent.get("edge")
        return f"{to} {naming.door(state, edge)}" if isinstance(edge, str) else f"{to} a door"


@RULES.action
class Force(Summed, Action[NtState]):
    kind = "force"
    summary = "Force a locked door"
    args = (
        word("unit", called),
        word("edge", lambda state, edge: naming.cap(naming.door(state, str(edge)))),
    )
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        if not state.opts.forcing_doors:
            return []
        out = []
        for model in actors(state, seat):
            if not any(g.slot in ("cyberarm", "cyberleg") for g in gear(model)):
                continue  # RB: "requires a character to have a cyberarm or cyberlegs"
            out += [
                made("force", unit=model.id, edge=e)
                for e, d in state.doors.items()
                if d.state == "locked" and beside(model, e) and not board.may_unlock(state, model, e)
            ]
        return out

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model = state.models[str(intent.get("unit"))]
        door = state.doors[str(intent.get("edge"))]
        start(state, model, 1)
        card = draw(state)
        need = FORCE_STRONG_AT if ph(model) >= STRONG else FORCE_AT
        if card >= need:
            door.state, door.forced = "open", True
            events = [
                public("forced", f"{name(model)} forces {naming.door(state, door.edge)} open (CanDo {card}).")
            ]
        else:
            events = [
                public(
                    "force_failed",
                    f"{name(model)} fails to force {naming.door(state, door.edge)} (CanDo {card}).",
                )
            ]
        return events + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        model = state.models.get(str(intent.get("unit")))
        edge = intent.get("edge")
        door = naming.door(state, edge) if isinstance(edge, str) else "a locked door"
        return f"{name(model) if model else 'A character'} forces {door}"


@RULES.action
class Escape(Summed, Action[NtState]):
    kind = "escape"
    summary = "Leave the tower by an Exit"
    args = (word("unit", called),)
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        exits = board.mission(state).exits
        return [made("escape", unit=m.id) for m in actors(state, seat) if m.cell in exits]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        """A character dragging a friend takes it out with it (ruling M6: a fallen Team member can be
        carried out, and counts as escaped)."""
        model = state.models[str(intent.get("unit"))]
        hauled = dragged(state, model)
        events = finish(state, model)
        if hauled is not None:
            events += escape(state, hauled)
        events += escape(state, model)
        return events + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        model = state.models.get(str(intent.get("unit")))
        return f"{name(model) if model else 'A character'} leaves by the Exit"


@RULES.action
class Done(Action[NtState]):
    kind = "done"
    summary = "End this character's activation"
    args = ()
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [Intent.of("done")] if state.current is not None and actors(state, seat) else []

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        assert state.current is not None
        return finish(state, state.models[state.current]) + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        model = state.models.get(state.current or "")
        return f"End {name(model)}'s activation" if model else "End the activation"


@RULES.action
class End(Action[NtState]):
    """Ruling H1: in a shared Team each partner ends the activations of the characters it plays: the Team's
    first seat with ``end``, its partner with ``end:by=<partner>`` (see :mod:`..sharing`)."""

    kind = "end"
    family = "end"
    summary = "End the Team's activation"
    args = (word("by", optional=True),)
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        partner = sharing.partner_of(state, seat)
        return [Intent.of("end")] + ([Intent.of("end", by=partner)] if partner is not None else [])

    def refusal(self, state: NtState, seat: str, intent: Intent) -> str | None:
        by = intent.get("by")
        if by is not None and by != sharing.partner_of(state, seat):
            return "Only a shared Team's partner ends the activations of their own characters apart."
        return None

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        who = str(intent.get("by") or seat)
        events: list[Event] = []
        for model in [m for m in state.models.values() if m.team == seat and m.active and not m.activated]:
            if sharing.controller_of(state, model) == who:
                events += finish(state, model)
        if sharing.partner_of(state, seat) is not None:
            events.append(public("end", f"{who} ends the activations of the characters they play."))
            if actors(state, seat):
                return events  # ruling H1: the partner's characters still act
        RULES.end_turn(state)
        return events + [public("end", f"{seat} ends the Team's activation.")]

    def label(self, state: NtState, intent: Intent) -> str:
        """In a shared Team each partner's ``end`` ends only the characters that partner plays."""
        turn = state.waiting.find("turn")
        seat = intent.get("by") or (turn.seat if isinstance(turn, TurnFrame) else None)
        if seat is not None and (intent.get("by") or sharing.partner_of(state, str(seat)) is not None):
            return f"End the activations of the characters {seat} plays"
        return "End the Team's activation"


ORDERS = {
    "ask": "ask me",
    "fire": "Fast Attack at the first chance",
    "cover": "Take Cover at the first chance",
    "dodge": "only Dodge",
}


@lru_cache(maxsize=1024)
def _orders(unit: str, standing: str) -> tuple[Intent, ...]:
    """The standing orders ``unit`` may be given while it has ``standing``, made once per pair."""
    return tuple(made("standing", unit=unit, order=o) for o in ORDERS if o != standing)


@RULES.action
class Standing(Summed, Action[NtState]):
    """Rules-notes 8 #13: "Standing order per model" so that most reaction prompts never need to be asked."""

    kind = "standing"
    family = "end"
    summary = "Set a character's standing order for reactions"
    args = (word("unit", called), word("order", lambda state, order: naming.cap(ORDERS[str(order)])))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        models = [m for m in board.on_board(state) if m.team == seat and m.kind == "character"]
        return [order for m in models for order in _orders(m.id, m.standing)]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model = state.models[str(intent.get("unit"))]
        mark(state, f"{name(model)}'s standing order")
        model.standing = str(intent.get("order"))  # type: ignore[assignment]
        return [public("standing", f"{name(model)}'s standing order: {ORDERS[model.standing]}.")]

    def label(self, state: NtState, intent: Intent) -> str:
        model = state.models.get(str(intent.get("unit")))
        order = ORDERS.get(str(intent.get("order")), "a standing order")
        return f"{name(model)}: {order}" if model else f"Standing order: {order}"
