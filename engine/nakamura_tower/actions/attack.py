"""Attack: a Ranged or Close Combat Attack on a model in sight and in reach, costing one Action Point and
ending the attacker's activation (RB: "Using an Attack action (Ranged Attack or Close Combat Attack) ends
that model's activation regardless of whether the model has any Action Points or movement left")."""

from __future__ import annotations

from engine.core import Event, Intent
from engine.core.actions import Action
from engine.core.args import word
from engine.core.board import Cell

from .. import board
from ..activation import REAL_WORLD, actors, finish, settle, start
from ..combat import begin_attack, weapon_for
from ..infection import against_ally
from ..intents import made
from ..listing import once
from ..rules import RULES
from ..state import Model, NtState
from ..stats import called, name, weapons
from ..summed import Summed


@once
def _foes(state: NtState, team: str) -> list[tuple[Model, Cell]]:
    """The models on the board that are not ``team``'s (:func:`board.friends`: the only ones it may
    attack), with their squares, read once per listing for every attacker of the Team."""
    return [(t, board.square(str(t.cell))) for t in board.on_board(state) if t.team != team]


@RULES.action
class Attack(Summed, Action[NtState]):
    kind = "attack"
    summary = "Attack with a character"
    args = (word("unit", called), word("target", called))
    when = REAL_WORLD

    def options(self, state: NtState, seat: str) -> list[Intent]:
        out: list[Intent] = []
        g = board.grid(state)
        blocking, closed = board.blockers_of(state), board.closed_edges(state)  # the table read once
        for model in actors(state, seat):
            if not model.able:
                continue  # weapon_for finds no way for it to attack
            arms = weapons(model)  # read once, and who blocks its sight once it is needed
            reach = max(1, arms[0].maximum if arms[0] is not None else 1)
            here, look = board.square(str(model.cell)), None
            for target, there in _foes(state, model.team):
                if g.distance(here, there) > reach:
                    continue  # weapon_for would find no way: beyond its weapons' reach
                look = look or board.sight(state, model, blocking(model), closed)
                if weapon_for(state, model, target, look, arms) is not None:
                    out.append(made("attack", unit=model.id, target=target.id))
        return out

    def apply(self, state: NtState, seat: str, intent: Intent) -> list[Event]:
        model = state.models[str(intent.get("unit"))]
        start(state, model, 1)
        events = finish(state, model)
        events += against_ally(state, model, state.models[str(intent.get("target"))].team)
        events += begin_attack(state, model.id, str(intent.get("target")))
        return events + settle(state, seat)

    def label(self, state: NtState, intent: Intent) -> str:
        unit, target = state.models.get(str(intent.get("unit"))), state.models.get(str(intent.get("target")))
        if unit is None or target is None:
            return "Attack"
        return f"{name(unit)} attacks {name(target)}"
