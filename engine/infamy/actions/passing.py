"""Passing: on the Contact being auctioned, or on playing a Scheme in the Scheme Phase."""

from __future__ import annotations

from engine.core import Event, Intent
from engine.core.actions import Action

from .. import rules as R
from ..rules import RULES
from ..state import AuctionStep, InfamyState, SchemeStep
from . import bidding
from .scheming import next_schemer


def pass_on_contact(state: InfamyState, seat: str, auto: bool = False) -> list[Event]:
    a = state.auction
    assert a is not None
    a.passes += 1
    if seat not in a.acted:
        a.acted.append(seat)
    name = R.pack().contacts[state.track[a.pos]].name
    how = f"{seat} cannot bid on the {name} and passes." if auto else f"{seat} passes on the {name}."
    events = [R.say(state, how, "pass")]
    n = len(state.seats)
    if a.high is not None and a.passes >= n - 1:
        return events + bidding.win_by_bids(state)
    if a.high is None and a.passes >= n:
        state.face_down[a.pos] = True
        events.append(R.say(state, f"Nobody bids on the {name}: it is turned face down."))
        bidding.next_contact(state)
        return events
    a.to_act = bidding.next_bidder(state, a)
    return events


@RULES.action
class Pass(Action[InfamyState]):
    kind = "pass"
    family = "end"
    args = ()
    when = "There is no bid or Scheme to pass on now"

    def options(self, state: InfamyState, seat: str) -> list[Intent]:
        if bidding.current(state, seat) is not None:
            return [R.intent("pass")]
        if state.phase == "scheme" and state.scheme_order[state.scheme_idx] == seat:
            return [R.intent("pass")]
        return []

    def apply(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        if state.phase == "auction":
            state.now(AuctionStep())
            return pass_on_contact(state, seat)
        state.now(SchemeStep())
        state.plays_left = 0
        next_schemer(state)
        return [R.say(state, f"{seat} plays no Scheme.")]

    def label(self, state: InfamyState, intent: Intent) -> str:
        if state.phase == "auction" and state.auction is not None:
            return f"Pass on the {R.pack().contacts[state.track[state.auction.pos]].name}"
        return "Pass (play no Scheme)" if state.phase == "scheme" else "Pass"
