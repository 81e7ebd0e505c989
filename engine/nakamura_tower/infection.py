"""Phase 1, Virus/Worm Infection and Cybershock Test: the Cybershock tests and their consequence, and the
special abilities of viruses and worms.

RB "Phase Sequence in a Game Turn": "1. Virus/Worm Infection and Cybershock Test Phase". A Cybershock test:
RB "If the CanDo card shows a higher number than the Mental Skill then the character's Cybershock Level is
increased by one"; at level 10 the character falls to Cyberpsychosis and the AI takes it over (a Hacker so
lost, or out of the game, lets go of the Terminal it held). RB Cooperation missions: "each time one of your
characters attacks another Player's characters (in either the Cyberwarfare or Real World Phases) that
character has to take a Cybershock test" (:func:`against_ally`).

The special abilities of viruses and worms (a card's ``effect``, the hook vocabulary of the Cyberwarfare
cards) are applied when the card infects a Tactical Network and again in phase 1 of every later turn. RB:
"If the infecting virus or worm has any special effects these will be applied immediately and also in the
first phase of the next turn (marked with tokens on the character cards)"; FAQ phase 1: "(b) if a
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
from .naming import plural
from .rules import RULES, draw
from .scoring import playing_together
from .state import InfectionStep, Model, NtState
from .stats import called, ms, name

CYBERPSYCHOSIS = 10


def cybershock_test(state: NtState, model_id: str) -> list[Event]:
    """RB: "If the CanDo card shows a higher number than the Mental Skill then the character's Cybershock
    Level is increased by one"."""
    model = state.models[model_id]
    card = draw(state)
    if card <= ms(model):
        return [public("cybershock", f"{name(model)} passes a Cybershock test ({card}).")]
    model.cybershock += 1
    events = [
        public("cybershock", f"{name(model)} fails a Cybershock test ({card}): level {model.cybershock}.")
    ]
    if model.cybershock >= CYBERPSYCHOSIS and model.team != "ai":
        release(state, model.id)
        model.team, model.psychotic = "ai", True
        events.append(public("psychosis", f"{name(model)} succumbs to Cyberpsychosis: the AI takes over."))
    return events


def release(state: NtState, model_id: str) -> None:
    """A Hacker out of the game "loses control of the Terminal (but any CW cards installed remain)"."""
    for terminal in state.terminals.values():
        if terminal.hacker == model_id:
            terminal.controller = terminal.hacker = None


@RULES.step("infection")
def infection_phase(state: NtState, step: InfectionStep) -> list[Event]:
    state.phase = step.op
    return infection(state)


def infection(state: NtState) -> list[Event]:
    """FAQ (a): "make a Cybershock Test for every hostile Virus/Worm in your Tactical Network for all your
    team members"; the mission's own tests (the tower's nanovirus) follow; then (b) and (c), the viruses'
    special abilities (:func:`phase_one`)."""
    events: list[Event] = []
    tests = pack().missions[state.mission].cybershock_tests
    for seat, team in state.teams.items():
        hostile = sum(1 for s in team.tn if s.owner != seat)
        for model in [m for m in board.on_board(state) if m.team == seat and m.kind == "character"]:
            for _ in range(hostile + tests):
                if model.team == seat:
                    events += cybershock_test(state, model.id)
    return events + phase_one(state)


def against_ally(state: NtState, attacker: Model, seat: str) -> list[Event]:
    """The Cybershock test of a character attacking another Player's Team (its characters or, in
    Cyberwarfare, its Tactical Network)."""
    if not playing_together(state) or attacker.team == seat or attacker.team not in state.teams:
        return []
    if seat not in state.teams or attacker.kind != "character":
        return []
    return cybershock_test(state, attacker.id)


class JamPayload(BaseModel):
    card: str
    victim: str


def apply_effect(state: NtState, owner: str, card: str, victim: str) -> list[Event]:
    """The card's special ability against ``victim``'s Team, now (``owner`` is the seat or ``ai``)."""
    data = pack().card(card)
    if data.effect == "drain":
        team = state.teams[victim]
        team.sr = max(0, team.sr - data.effect_value)
        return [public("virus", f"{data.name} drains {data.effect_value} SR from {victim}'s Team.")]
    if data.effect != "jam":
        return []
    targets = [m for m in board.on_board(state) if m.team == victim and m.kind == "character" and m.ap > 0]
    if not targets:
        return []
    if owner not in state.teams:
        hacker = board.hacker_of(state, victim)
        return _jam(state, card, hacker.id if hacker is not None and hacker in targets else targets[0].id)
    offer = [(Intent.of("jam", unit=m.id), f"Jam {called(state, m.id)}") for m in targets]
    return RULES.ask(
        state,
        owner,
        "jam",
        f"Your {data.name} jams one of {victim}'s characters: it has "
        f"{plural(data.effect_value, 'Action Point')} fewer this turn. Which one?",
        offer,
        payload=JamPayload(card=card, victim=victim),
        public=f"{owner} chooses which of {victim}'s characters the {data.name} jams.",
    )


@RULES.answers(
    "jam",
    JamPayload,
    takes=[
        Shape(
            "jam", (word("unit", called),), title="Jam a character", asks="the character your programme jams"
        )
    ],
)
def jammed(state: NtState, seat: str, intent: Intent, payload: JamPayload) -> list[Event]:
    return _jam(state, payload.card, str(intent.get("unit")))


def _jam(state: NtState, card: str, model_id: str) -> list[Event]:
    data = pack().card(card)
    model = state.models[model_id]
    model.ap = max(0, model.ap - data.effect_value)
    return [public("virus", f"{data.name} jams {name(model)}: {plural(model.ap, 'Action Point')} this turn.")]


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
