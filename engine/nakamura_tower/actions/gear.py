"""The Real World's Special Actions with gear (RB Special Actions): throwing a grenade (an Attack: 1 Action
Point, ending the activation), placing Mine tokens ("0 Action points"), dragging a character ("0 Actions
points, added to a Move Action"), medical gear ("Use medical gear (e.g. First Aid) on an adjacent character
(1 Action Point)") and exchanging items ("Exchange an item with another friendly adjacent character (1
Action Point)")."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, Intent, public
from engine.core.actions import Action
from engine.core.args import word
from engine.core.board import Cell

from .. import board
from ..activation import REAL_WORLD, actors, finish, settle, start
from ..grenades import targets, throw
from ..intents import made
from ..listing import once
from ..loading import pack
from ..marks import mark
from ..mines import lay, may_lay
from ..naming import plural
from ..pack import Equipment
from ..packcheck import slots_one_more
from ..rules import RULES
from ..state import Model, NtState
from ..stats import called, carried, gear, item_named, name, spend
from ..summed import Summed
from ..wounds import wake

IMPLANTED = frozenset({"cyberarm", "cyberleg", "cyberbody"})
"""Ruling K7: cyberware and Neurochips are part of the body and cannot be handed over."""


def _begin(state: NtState, model: Model, cost: int) -> None:
    """Spend ``cost`` Action Points; a character's first action starts its activation."""
    if state.current == model.id:
        mark(state, f"{name(model)}'s action")
        model.ap -= cost
    else:
        start(state, model, cost)


def _beside(state: NtState, model: Model, lying: bool = False) -> list[Model]:
    """The friendly characters on the squares next to ``model`` (stunned ones too; with ``lying``, the
    unconscious ones lying there as well)."""
    near = _lying_beside(state, model.id)
    return near if lying else [m for m in near if m.active]


@once
def _lying_beside(state: NtState, unit: str) -> list[Model]:
    """:func:`_beside` with ``lying``, found once per listing (dragging, First Aid and handing over ask)."""
    model = state.models[unit]
    assert model.cell is not None
    g, here = board.grid(state), board.square(model.cell)
    return [m for m, cell in _squad(state, model.team) if m.id != unit and g.distance(cell, here) == 1]


@once
def _squad(state: NtState, team: str) -> list[tuple[Model, Cell]]:
    """The characters of ``team`` on a square (:func:`board.present`: the unconscious too), with their
    squares, read once per listing for every character that looks beside itself. Same side is
    :func:`board.friends`."""
    return [
        (m, board.square(m.cell))
        for m in board.present(state)
        if m.team == team and m.kind == "character" and m.cell is not None
    ]


def _who(state: NtState, intent: Intent, key: str = "unit") -> Model:
    return state.models[str(intent.get(key))]


def _named(state: NtState, intent: Intent, key: str) -> str | None:
    model = state.models.get(str(intent.get(key)))
    return name(model) if model is not None else None


@RULES.action
class Throw(Summed, Action[NtState]):
    kind = "throw"
    summary = "Throw a grenade at a square"
    args = (word("unit", called), word("item", item_named), word("at"))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        out: list[Intent] = []
        blocking, closed = board.blockers_of(state), board.closed_edges(state)  # the table read once
        for model in actors(state, seat):
            squares: dict[int, list[str]] = {}  # by range: grenades of one range reach the same squares
            for item in carried(model, "grenade"):
                if item.maximum not in squares:
                    squares[item.maximum] = targets(state, model, item, blocking(model), closed)
                out += [made("throw", unit=model.id, item=item.id, at=c) for c in squares[item.maximum]]
        return out

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model = _who(state, intent)
        _begin(state, model, 1)
        events = finish(state, model)
        events += throw(state, model, pack().equipment[str(intent.get("item"))], str(intent.get("at")))
        return events + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        item, who = pack().equipment.get(str(intent.get("item"))), _named(state, intent, "unit")
        if item is None or who is None or not isinstance(intent.get("at"), str):
            return "Throw a grenade"
        return f"{who} throws the {item.name} at {intent.get('at')}"


@RULES.action
class LayMine(Summed, Action[NtState]):
    kind = "mine"
    summary = "Place a Mine token"
    args = (word("unit", called), word("at"))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [
            made("mine", unit=m.id, at=c)
            for m in actors(state, seat)
            if carried(m, "mine")
            for c in may_lay(state, m)
        ]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model = _who(state, intent)
        _begin(state, model, 0)
        return lay(state, model, carried(model, "mine")[0], str(intent.get("at")))

    def label(self, state: NtState, intent: Intent) -> str:
        who = _named(state, intent, "unit")
        if who is None or not isinstance(intent.get("at"), str):
            return "Place a Mine token"
        return f"{who} places a Mine token on {intent.get('at')}"


@RULES.action
class Drag(Summed, Action[NtState]):
    kind = "drag"
    summary = "Drag a stunned or unconscious friend beside you"
    args = (word("unit", called), word("target", called))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [
            made("drag", unit=m.id, target=f.id)
            for m in actors(state, seat)
            if m.dragging is None
            for f in _beside(state, m, lying=True)
        ]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model, other = _who(state, intent), _who(state, intent, "target")
        _begin(state, model, 0)
        model.dragging = other.id
        return [public("drag", f"{name(model)} takes hold of {name(other)} to drag along the next Move.")]

    def label(self, state: NtState, intent: Intent) -> str:
        who, other = _named(state, intent, "unit"), _named(state, intent, "target")
        return f"{who} drags {other} along the next Move" if who and other else "Drag a character"


def _needs_aid(model: Model) -> bool:
    return model.stunned or model.wounds > 0


@RULES.action
class Aid(Summed, Action[NtState]):
    kind = "aid"
    summary = "Use First Aid on a character beside you"
    args = (word("unit", called), word("target", called))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        return [
            made("aid", unit=m.id, target=f.id)
            for m in actors(state, seat)
            if carried(m, "medical")
            for f in _beside(state, m)
            if _needs_aid(f)
        ]

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        """House First Aid (ruling K6): it wakes a stunned character, or removes its ``heal`` wounds; RB "No
        amount of healing (wound removal) will flip a card back to its "healthy side" on this mission"."""
        model, other = _who(state, intent), _who(state, intent, "target")
        item = carried(model, "medical")[0]
        _begin(state, model, 1)
        if other.stunned:
            events = wake(other)
        else:
            healed = min(item.heal, other.wounds)
            other.wounds -= healed
            healing = f"{plural(healed, 'wound')} removed"
            events = [public("aid", f"{name(model)} gives {name(other)} First Aid: {healing}.")]
        return events + spend(model, item) + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        who, other = _named(state, intent, "unit"), _named(state, intent, "target")
        return f"{who} gives First Aid to {other}" if who and other else "Use First Aid"


@once
def _one_more(state: NtState, unit: str) -> Callable[[Equipment], bool]:
    """Whether ``unit`` can carry one more card (:func:`slots_one_more`), its gear read once per listing
    (a character beside several that may act is asked by each)."""
    return slots_one_more(gear(state.models[unit]))


def _movable(item: Equipment) -> bool:
    return item.kind != "neurochip" and item.slot not in IMPLANTED


@RULES.action
class Swap(Summed, Action[NtState]):
    kind = "swap"
    summary = "Hand an item to, or take one from, a friend beside you"
    args = (word("unit", called), word("item", item_named), word("other", called))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        """Each card the acting character may hand over, then each it may take: a card both carry is the
        acting character's to hand over (ruling K7), so the key names one exchange and is listed once."""
        out: list[Intent] = []
        for model in actors(state, seat):
            takes = _one_more(state, model.id)
            for friend in _beside(state, model):
                gets = _one_more(state, friend.id)
                given = [(ident, gets) for ident in dict.fromkeys(model.equipment)]
                taken = [(i, takes) for i in dict.fromkeys(friend.equipment) if i not in model.equipment]
                for ident, fits in given + taken:
                    item = pack().equipment[ident]
                    if _movable(item) and fits(item):
                        out.append(made("swap", unit=model.id, item=ident, other=friend.id))
        return out

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model, other = _who(state, intent), _who(state, intent, "other")
        ident = str(intent.get("item"))
        giver, taker = (model, other) if ident in model.equipment else (other, model)
        _begin(state, model, 1)
        giver.equipment.remove(ident)
        taker.equipment.append(ident)
        if ident not in giver.equipment and ident in giver.used:
            taker.used[ident] = giver.used.pop(ident)  # the card in use changes hands with its uses spent
        item = pack().equipment[ident]
        events = [public("swap", f"{name(giver)} hands the {item.name} to {name(taker)}.")]
        return events + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        item = pack().equipment.get(str(intent.get("item")))
        who, other = _named(state, intent, "unit"), _named(state, intent, "other")
        if item is None or who is None or other is None:
            return "Exchange an item"
        if item.id in _who(state, intent).equipment:
            return f"{who} hands the {item.name} to {other}"
        return f"{who} takes the {item.name} from {other}"
