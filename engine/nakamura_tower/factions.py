"""Set-up: the order in which the players choose their Factions (rules-notes 3.4).

RB: "Players choose in the order determined by each drawing a CanDo card and the Player with the higher
number chooses first." Ruling S4: ties draw again among the tied players; each player in that order picks
one of the mission's Teams still free (the last one takes the one left, unasked). The Teams were dealt in
seat order at set-up; the choice only moves them between seats. With the table option
``faction_choice: least_experienced`` the rulebook's alternative is played: "Alternatively the least
experienced player (with this game or gaming in general) chooses first" (ruling S6: the table seats that
player first; the others follow in seat order).
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Intent, public
from engine.core.args import Shape, word

from .rules import RULES, draw
from .sharing import partner_of
from .state import FactionStep, NtState

NAMES = {"uebermensch": "Übermensch", "nakamura": "Nakamura Corporation", "freelance": "the Freelancers"}


def choice_order(state: NtState, seats: list[str]) -> tuple[list[str], list[Event]]:
    """Seats from the highest CanDo card down, ties drawn again among themselves."""
    cards = {s: draw(state) for s in seats}
    events = [public("faction_draw", "Faction choice: " + ", ".join(f"{s} {v}" for s, v in cards.items()))]
    order: list[str] = []
    for value in sorted(set(cards.values()), reverse=True):
        tied = [s for s in seats if cards[s] == value]
        if len(tied) > 1:
            sub, more = choice_order(state, tied)
            order += sub
            events += more
        else:
            order += tied
    return order, events


class FactionPayload(BaseModel):
    order: list[str]
    claimed: dict[str, str]
    """Faction -> the seat that chose it."""


@RULES.step("factions")
def factions(state: NtState, step: FactionStep) -> list[Event]:
    if len(state.sides) == 1:
        state.choosers = list(state.sides)
        return []
    if state.opts.faction_choice == "least_experienced":
        order = list(state.sides)
        events = [public("faction_order", f"{order[0]}, the least experienced player, chooses first.")]
    else:
        order, events = choice_order(state, list(state.sides))
    state.choosers = order
    return events + _ask(state, FactionPayload(order=order, claimed={}))


def _ask(state: NtState, payload: FactionPayload) -> list[Event]:
    chooser = payload.order[len(payload.claimed)]
    free = [t.faction for t in state.teams.values() if t.faction not in payload.claimed]
    offer = [(Intent.of("faction", name=f), f"Play {NAMES.get(f, f)}") for f in free]
    return RULES.ask(
        state,
        chooser,
        "faction",
        "Which Faction's Team do you play?",
        offer,
        payload=payload,
        public=f"{chooser} chooses a Faction's Team to play.",
    )


FACTION = Shape(
    "faction",
    (word("name", lambda state, f: NAMES[str(f)]),),
    title="Choose a Faction",
    asks="a Faction's Team",
)


@RULES.answers("faction", FactionPayload, takes=[FACTION])
def chosen(state: NtState, seat: str, intent: Intent, payload: FactionPayload) -> list[Event]:
    faction = str(intent.get("name"))
    payload.claimed[faction] = seat
    events = [public("faction", f"{seat} plays {NAMES.get(faction, faction)}.")]
    if len(payload.claimed) < len(payload.order):
        return events + _ask(state, payload)
    reseat(state, {t.seat: payload.claimed[t.faction] for t in state.teams.values()})
    return events


def reseat(state: NtState, moves: dict[str, str]) -> None:
    """Give each Team (and its characters) to its new seat."""
    teams = {}
    for old, team in state.teams.items():
        team.seat = moves[old]
        teams[moves[old]] = team
    state.teams = {s: teams[s] for s in state.sides}
    for seat, team in state.teams.items():
        if partner_of(state, seat) is None:
            team.partner_plays = []  # ruling H1: only the Team its partner joined is shared
    for model in state.models.values():
        if model.team in moves:
            model.team = moves[model.team]
