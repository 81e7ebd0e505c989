"""The special abilities of viruses and worms (a card's ``effect``, the hook vocabulary of the Cyberwarfare
cards): applied when the card infects a Tactical Network and again in phase 1 of every later turn.

RB: "If the infecting virus or worm has any special effects these will be applied immediately and also in
the first phase of the next turn (marked with tokens on the character cards)"; FAQ phase 1: "(b) if a
Virus/Worm on an enemy Tactical Network has Special Rules, select the Team Members affected (this may be
the player or the opponent); (c) apply the special rules of the hostile Virus/Worm to the appropriate team
members (your opponent may be selecting the team member(s) affected)."

Hooks (the printed cards are not in the rulebook; the pack's cards are house, ruling C20):

- ``drain``: the infected Team has ``effect_value`` SR fewer: at once, and in every phase 2 (paid with the
  card's running cost, so it never frees the card);
- ``jam``: one character of the infected Team has ``effect_value`` Action Points fewer this turn, chosen by
  the card's owner (the AI's cards jam the infected Team's Hacker).
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, word

from . import board
from .loading import pack
from .rules import RULES
from .state import NtState
from .stats import called, name


class JamPayload(BaseModel):
    card: str
    victim: str


def apply_effect(state: NtState, owner: str, card: str, victim: str) -> list[Event]:
    """The card's special ability against ``victim``'s Team, now (``owner`` is the seat or ``ai``)."""
    data = pack().card(card)
    if data.effect == "drain":
        team = state.teams[victim]
        team.sr = max(0, team.sr - data.effect_value)
        return [public("virus", f"{data.name} drains {data.effect_value} SR from {victim}.")]
    if data.effect != "jam":
        return []
    targets = [m for m in board.on_board(state) if m.team == victim and m.kind == "character" and m.ap > 0]
    if not targets:
        return []
    if owner not in state.teams:
        hacker = board.hacker_of(state, victim)
        return _jam(state, card, hacker.id if hacker is not None and hacker in targets else targets[0].id)
    offer = [(Intent.of("jam", unit=m.id), f"Jam {name(m)} ({m.id})") for m in targets]
    return RULES.ask(
        state,
        owner,
        "jam",
        f"Your {data.name} jams one of {victim}'s characters: it has {data.effect_value} Action Point fewer "
        "this turn. Which one?",
        offer,
        payload=JamPayload(card=card, victim=victim),
        public=f"{owner} chooses which of {victim}'s characters its {data.name} jams.",
    )


@RULES.answers(
    "jam", JamPayload, takes=[Shape("jam", (word("unit", called),), asks="the character your programme jams")]
)
def jammed(state: NtState, seat: str, intent: Intent, payload: JamPayload) -> list[Event]:
    return _jam(state, payload.card, str(intent.get("unit")))


def _jam(state: NtState, card: str, model_id: str) -> list[Event]:
    data = pack().card(card)
    model = state.models[model_id]
    model.ap = max(0, model.ap - data.effect_value)
    return [public("virus", f"{data.name} jams {name(model)}: {model.ap} Action Point(s) this turn.")]


def phase_one(state: NtState) -> list[Event]:
    """FAQ (b) and (c): every hostile virus or worm with a special ability applies it again (``drain`` is
    paid in phase 2, with the running costs)."""
    events: list[Event] = []
    for seat, team in state.teams.items():
        for slot in team.tn:
            if slot.owner != seat and pack().card(slot.card).effect == "jam":
                events += apply_effect(state, slot.owner, slot.card, seat)
    return events


def drain(card: str) -> int:
    """The SR a hostile card takes from its victim each phase 2 besides its running cost."""
    data = pack().card(card)
    return data.effect_value if data.effect == "drain" else 0


__all__ = ["apply_effect", "drain", "phase_one"]
