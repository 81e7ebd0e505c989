"""The Focused Shot (alternative rules): ``focus:card=x,at=a2``.

RB: "When a unit fires with a ranged weapon, it may fire an additional shot, the so-called "Focused Shot".
A Focused Shot costs all of the unit's movement points for this round. Therefore the unit may not move in
the round in which a Focused Shot was fired. No enemy units may stand on the square next to the unit firing
the Focused Shot. Units that make a defensive roll against a Focused Shot must roll a 5 or 6 to prevent
being hit." R-31: an Agent (field equipment is not a unit), with a Ranged Weapon it fired this turn, before
it has moved; one Focused Shot a turn; no action.
"""

from __future__ import annotations

from engine.core import Event, Intent, public
from engine.core.actions import Action
from engine.core.args import word

from .. import undo
from ..effects import card_hit, queue_hits, shot_line
from ..names import card_named, unit_named
from ..rules import RULES, adjacent8, card_of, named_card, stunned, unit_cell, unit_name
from ..sides import allied
from ..state import IpaState
from .play import next_attack, targets


def _weapons(state: IpaState, seat: str) -> list[str]:
    agent = state.agents[seat]
    if not state.opts.focused_shot or not agent.alive or stunned(agent):
        return []
    if state.turn.used("move") or state.turn.used("focused"):
        return []
    near = [
        a
        for a in state.agents.values()
        if a.alive and not allied(state, a.seat, seat) and adjacent8(a.cell, agent.cell)
    ]
    if near:
        return []
    return [a.card for a in agent.active if card_of(a.card).type == "ranged" and a.turn == state.turn.number]


@RULES.action
class Focus(Action[IpaState]):
    kind = "focus"
    summary = "Fire a Focused Shot (no move this round)"
    args = (word("card", card_named), word("at", unit_named))
    when = (
        "A Focused Shot follows a shot of a Ranged Weapon in your own turn, before the Agent moves, with "
        "no enemy next to it"
    )

    def options(self, state: IpaState, seat: str) -> list[Intent]:
        agent = state.agents[seat]
        return [
            Intent.of("focus", card=c, at=u)
            for c in _weapons(state, seat)
            for u in targets(state, agent, card_of(c))
        ]

    def apply(self, state: IpaState, seat: str, intent: Intent) -> list[Event]:
        agent = state.agents[seat]
        instance, at = intent.word("card"), intent.word("at")
        state.turn.use("focused")
        hit = card_hit(state, seat, instance, at)
        hit.focused = True
        next_attack(state, card_of(instance))  # an Ocular Precision bought for it is spent on it
        shot_line(state, agent.cell, unit_cell(state, at) or agent.cell, True)
        RULES.end_turn(state)
        undo.record(state, seat, agent.unit, instance, [at])
        queue_hits(state, [hit], seat)
        return [
            public(
                "focus",
                f"{seat} fires a Focused Shot with {card_of(instance).name} at {unit_name(state, at)}.",
            )
        ]

    def label(self, state: IpaState, intent: Intent) -> str:
        card, at = named_card(intent), intent.get("at")
        target = unit_name(state, at) if isinstance(at, str) else "a target"
        return f"Focused Shot with {card.name if card is not None else 'a Ranged Weapon'} at {target}"
