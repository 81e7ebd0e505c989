"""Helpers for Infamy's tests: build a precise situation, then act through the contract."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Event, Intent
from engine.core.waiting import Waiting
from engine.infamy import GAME
from engine.infamy.state import Auction, AuctionStep, InfamyState, PlaceStep, SchemeStep

SEATS3 = ["ann", "bo", "cy"]
SEATS4 = ["ann", "bo", "cy", "di"]


@dataclass
class Decision:
    """The question an effect is asking (an ask frame): what (``kind``, its topic) and whom."""

    kind: str
    seat: str


def decision(state: InfamyState) -> Decision | None:
    top = state.waiting.top()
    if top is None or top.kind != "ask":
        return None
    return Decision(kind=top.topic, seat=top.asked()[0])


def run(state: InfamyState) -> list[Event]:
    """Run the effects a test queued, before the open turn (which is asked again after them)."""
    top = state.waiting.top()
    if top is not None and top.kind == "turn":
        GAME.rules.end_turn(state)
        state.later({"bid": AuctionStep, "place": PlaceStep, "scheme": SchemeStep}[top.topic]())
    return GAME.rules.procedure.run(state)


def new(seats: list[str] | None = None, seed: int = 1, **options: object) -> InfamyState:
    return GAME.setup(seats or SEATS3, seed, options or None)


def act(state: InfamyState, seat: str, key: str) -> tuple[InfamyState, list[Event]]:
    return GAME.apply(state, seat, GAME.parse_intent(key))


def keys(state: InfamyState, seat: str) -> list[str]:
    return [i.key() for i in GAME.legal(state, seat)]


def auction_of(state: InfamyState, track: list[str], triggerman: str = "ann") -> InfamyState:
    """Restart the Contact Phase with the given Contact Track and Triggerman (before any bid)."""
    state = state.model_copy(deep=True)
    state.steps = []
    state.waiting = Waiting()
    state.track = list(track)
    state.winners = [None] * len(track)
    state.face_down = [False] * len(track)
    state.triggerman = triggerman
    state.phase = "auction"
    state.auction = Auction(pos=0, to_act=triggerman)
    state.steps = [AuctionStep()]
    GAME.rules.procedure.run(state)
    return state


def pass_all(state: InfamyState) -> InfamyState:
    """Everyone passes on the current Contact (answering only bid prompts)."""
    assert state.auction is not None
    pos = state.auction.pos
    while (
        state.auction is not None
        and state.auction.pos == pos
        and state.phase == "auction"
        and not decision(state)
    ):
        state, _ = act(state, state.auction.to_act, "pass")
    return state


def to_select(state: InfamyState) -> InfamyState:
    """Pass on every remaining Contact (and answer any decision with its default) up to the sector choice."""
    while state.phase == "auction":
        prompt = GAME.prompts(state)[0]
        state, _ = GAME.apply(
            state, prompt.seat, Intent.of("pass") if prompt.kind == "bid" else prompt.default
        )
    return state


def choose_sectors(state: InfamyState, picks: dict[str, str]) -> InfamyState:
    for seat, key in picks.items():
        for part in key.split(";"):
            state, _ = act(state, seat, part)
    return state


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def win_current(state: InfamyState, seat: str) -> InfamyState:
    """``seat`` wins the Contact being auctioned with the smallest bids; the others pass."""
    assert state.auction is not None
    pos = state.auction.pos
    while state.auction is not None and state.auction.pos == pos and not decision(state):
        a = state.auction
        if a.to_act == seat:
            high = a.bids.get(a.high, 0) if a.high else 0
            state, _ = act(state, seat, f"bid:to={high + 1}")
        else:
            state, _ = act(state, a.to_act, "pass")
    return state


def answer(state: InfamyState, key: str) -> InfamyState:
    top = decision(state)
    assert top is not None, "no decision is open"
    state, _ = act(state, top.seat, key)
    return state
