"""The Scheme Phase: from the Triggerman clockwise, each freelancer may play one Scheme (two with the
Informant), paying its cost; its effects resolve at once."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Event, Intent
from engine.core.actions import Action
from engine.core.args import word

from .. import rules as R
from ..naming import scheme_named
from ..pack import Effect
from ..rules import RULES
from ..state import InfamyState, SchemeStep


def next_schemer(state: InfamyState) -> None:
    state.scheme_idx += 1
    if state.scheme_idx < len(state.scheme_order):
        seat = state.scheme_order[state.scheme_idx]
        state.plays_left = 1 + (1 if state.informant == seat else 0)


def rep_only(effects: Sequence[Effect]) -> bool:
    """A Scheme whose whole effect is Rep (nothing at all under the Accomplice's Rep lock)."""
    return bool(effects) and all(e.op == "rep" for e in effects)


def schemer(state: InfamyState) -> str | None:
    if state.phase == "scheme" and state.scheme_idx < len(state.scheme_order):
        return state.scheme_order[state.scheme_idx]
    return None


@RULES.action
class Play(Action[InfamyState]):
    kind = "play"
    summary = "Play a Scheme"
    args = (word("card", scheme_named),)
    when = "Schemes are played in the Scheme Phase, each freelancer in turn"

    def options(self, state: InfamyState, seat: str) -> list[Intent]:
        if schemer(state) != seat:
            return []
        pack = R.pack()
        return [
            R.intent("play", card=c)
            for c in sorted(set(state.players[seat].hand))
            if R.can_pay(state, seat, pack.schemes[c].cost)
        ]

    def refusal(self, state: InfamyState, seat: str, intent: Intent) -> str | None:
        if schemer(state) != seat:
            return None
        card = intent.get("card")
        if card not in state.players[seat].hand:
            return "You do not hold that Scheme"
        s = R.pack().schemes.get(str(card))
        return f"You cannot pay the cost of {s.name} ({s.cost.words()})" if s is not None else None

    def apply(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        state.now(SchemeStep())
        card = intent.word("card")
        s = R.pack().schemes[card]
        state.players[seat].hand.remove(card)
        R.pay(state, seat, s.cost)
        state.schemes[s.faction].discard(card)
        state.plays_left -= 1
        if state.plays_left <= 0:
            next_schemer(state)
        R.queue_front(state, seat, s.effects, card)
        return [R.say(state, f"{seat} plays the Scheme {s.name}: {s.text}", "scheme", seat=seat, card=card)]

    def label(self, state: InfamyState, intent: Intent) -> str:
        s = R.pack().schemes[intent.word("card")]
        if schemer(state) in state.rep_locked and rep_only(s.effects):
            # Still playable (RULINGS: the Rep lock), but the player must see it would do nothing.
            return f"Play {s.name} (no effect: you gain no Rep this Round): {s.text}"
        return f"Play {s.name}: {s.text}"
