"""Decisions: the questions the rules ask one detective (a Skill to take, the Wound of a lost fight, the
Corporation he offends, the Task cards over his hand limit, ...).

Each topic registers how its answers are built from the state (:func:`decision`) and how they are
handled (``RULES.answers``); :func:`decide` asks it. Most decisions offer the universal actions as asides
(RB "Universal Actions": "at any moment (also in the turns of other players)", RULINGS 37): discarding,
and the Scenario abilities and reveal usable "at any moment". An aside leaves the decision open; when it
changed what the decision offers (Digital Mind took one of the Wounds a lost fight offers), :func:`refresh`
asks it again, or closes it when it no longer stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from engine.core import Event, Intent, private, public
from engine.core.rules import NoPayload, Offer, options

from . import labels as L
from . import rules as R
from .board import NAMES
from .pack import load_pack
from .runtime import RULES
from .state import DECISIONS, GamedecState
from .steps import RollStep

ANYTIME = ("discard", "discard_eq", "story_start", "ability", "trade", "offer")
"""The asides of a decision: RULINGS 35 and 37 (no Equipment discard while taking from a pile, nothing while
discarding or picking cards for Brahma); a trade with the active detective (any detective may propose one,
"Universal actions (also outside one's own round)")."""

Build = Callable[[GamedecState, str, Any], tuple[Offer, Intent | None]]
"""(state, seat, payload) -> the answers offered (intent, label) and the default (None: the first)."""
Closes = Callable[[GamedecState, str, Intent], bool]
"""(state, seat, the aside just taken) -> whether the decision no longer stands."""
B = TypeVar("B", bound=Build)


@dataclass(frozen=True)
class Kind:
    build: Build
    payload: type[BaseModel]
    asides: tuple[str, ...]
    closes: Closes | None


_KINDS: dict[str, Kind] = {}


def decision(
    topic: str,
    payload: type[BaseModel] = NoPayload,
    asides: tuple[str, ...] = ANYTIME,
    closes: Closes | None = None,
) -> Callable[[B], B]:
    """Register how the decision ``topic`` builds its answers."""

    def register(build: B) -> B:
        if topic not in DECISIONS or topic in _KINDS:
            raise ValueError(f"decision '{topic}' is unknown or registered twice")
        _KINDS[topic] = Kind(build, payload, asides, closes)
        return build

    return register


PUBLIC = {
    "skill": "{seat} chooses a new Skill.",
    "pile": "{seat} takes an Equipment card: from the deck or the face-up pile.",
    "corp": "{seat} chooses the Corporation for an Obligation.",
    "wound": "{seat} lost the fight and chooses a Wound.",
    "discard": "{seat} discards down to the hand limit of 8 Task cards.",
    "discard_eq": "{seat} discards Equipment cards down to the limit.",
    "seven": "{seat} decides: take 7 on the dice (3+ Assist cards), or roll.",
    "finale": "{seat} chooses a Finale card.",
    "place_lag": "{seat} decides whether to add a Lag to a Sensory World (Postorganism).",
    "story_offer": "{seat} assisted another detective and decides whether to reveal a Scenario.",
    "mind": "{seat} decides whether to use Digital Mind before a Wound.",
    "sell": "{seat} chooses 3 Task cards to discard for 1 Credit (Brahma).",
}
"""Each decision told to the other players (``Prompt.public``): what is decided, never which cards."""


def decide(
    state: GamedecState, seat: str, topic: str, text: str, payload: BaseModel | None = None
) -> list[Event]:
    """Ask ``seat`` the decision ``topic``."""
    kind = _KINDS[topic]
    data = payload if payload is not None else kind.payload()
    offer, default = kind.build(state, seat, data)
    public = PUBLIC[topic].format(seat=seat)
    return RULES.ask(
        state,
        seat,
        topic,
        text,
        offer,
        default=default,
        payload=data,
        asides=kind.asides,
        pace="quick",
        public=public,
    )


def refresh(state: GamedecState, seat: str, aside: Intent) -> None:
    """After ``seat`` took ``aside`` inside its decision: close it, or ask it again if its answers changed."""
    top = state.decision()
    if top is None or top.seat != seat:
        return
    kind = _KINDS[top.topic]
    if kind.closes is not None and kind.closes(state, seat, aside):
        state.waiting.pop(top)
        return
    payload = kind.payload.model_validate(top.data)
    offer, default = kind.build(state, seat, payload)
    if options(offer) == top.options and (default or offer[0][0]).key() == top.default:
        return
    state.waiting.pop(top)
    decide(state, seat, top.topic, top.text, payload)


def registered() -> frozenset[str]:
    return frozenset(_KINDS)


def _offer(state: GamedecState, intents: list[Intent]) -> Offer:
    return [(i, L.describe(state, i)) for i in intents]


# --- Skills, Equipment, Obligations, Wounds -------------------------------------------------------------


@decision("skill")
def _skills(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    held = state.players[seat].skills
    offer = [Intent.of("skill", id=s) for s in load_pack().skills if s not in held]
    return [(i, L.skill_label(state, seat, i)) for i in offer], None


@RULES.answers("skill")
def _skill_taken(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    state.players[seat].skills.append(intent.word("id"))
    return [public("skill", f"{R.name(state, seat)} gains the Skill {intent.word('id')}.")]


@decision("pile", asides=("discard", "story_start", "ability"))
def _piles(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    return _offer(state, [Intent.of("pile", take=pile) for pile in R.equipment_piles(state)]), None


@RULES.answers("pile")
def _pile_taken(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return R.take_equipment(state, seat, intent.word("take"))


class CorpPayload(BaseModel):
    why: str = ""
    """"offend" (a Task's failure) or "hunt" (Happy Hunting Grounds)."""


@decision("corp", CorpPayload)
def _corps(state: GamedecState, seat: str, payload: CorpPayload) -> tuple[Offer, Intent | None]:
    return _offer(state, [Intent.of("corp", id=c) for c in R.free_corps(state, seat)]), None


@RULES.answers("corp", CorpPayload)
def _obligation(state: GamedecState, seat: str, intent: Intent, payload: CorpPayload) -> list[Event]:
    corp = intent.word("id")
    state.players[seat].obligations.append(corp)
    why = "offends" if payload.why == "offend" else "must place an Obligation at"
    return [public("obligation", f"{R.name(state, seat)} {why} {NAMES[corp]}.", seat=seat, corp=corp)]


def _both_wounds(state: GamedecState, seat: str, aside: Intent) -> bool:
    p = state.players[seat]
    return p.bio and p.neuro


@decision("wound", closes=_both_wounds)
def _wounds(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    """RULINGS 23: the default is the smaller penalty, Bio on a tie."""
    p, d = state.players[seat], R.detective(state, seat)
    kinds = [k for k in ("bio", "neuro") if not getattr(p, k)]
    best = min(kinds, key=lambda k: (getattr(d, k), k != "bio"))
    offer = [Intent.of("wound", type=k) for k in kinds]
    return [(i, L.wound_label(state, seat, i)) for i in offer], Intent.of("wound", type=best)


@RULES.answers("wound")
def _wounded(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return R.wound(state, seat, intent.word("type"))


# --- discards -------------------------------------------------------------------------------------------


def discard(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
    """A Task card to the discard pile, or a piece of Equipment under the face-up pile."""
    who, pack = R.name(state, seat), load_pack()
    if intent.kind == "discard":
        card = intent.word("card")
        state.players[seat].hand.remove(card)
        state.task_deck.discard(card)
        return [public("discard", f"{who} discards {pack.tasks[card].name}.")]
    eq = intent.word("eq")
    R.discard_equipment(state, seat, eq)
    return [public("discard", f"{who} discards {pack.equipment[eq].name}.")]


@decision("discard", asides=())
def _hand(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    hand = [Intent.of("discard", card=c) for c in state.players[seat].hand]
    return _offer(state, hand), hand[-1]


@decision("discard_eq", asides=())
def _equipment(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    return _offer(state, [Intent.of("discard_eq", eq=e) for e in state.players[seat].equipment]), None


@RULES.answers("discard")
def _discarded(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return discard(state, seat, intent)


@RULES.answers("discard_eq")
def _discarded_eq(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return discard(state, seat, intent)


# --- Brahma: three Task cards, picked one at a time --------------------------------------------------------

SELL_TEXT = "Brahma: choose 3 Task cards to discard for 1 Credit (face-down draws are d1, d2...)."


class SellPayload(BaseModel):
    picked: list[str] = []


@decision("sell", SellPayload, asides=())
def _sellable(state: GamedecState, seat: str, payload: SellPayload) -> tuple[Offer, Intent | None]:
    """RULINGS 32: any 3 Task cards of the hand or of this turn's face-down draws (by position)."""
    p = state.players[seat]
    picks = [Intent.of("pick", card=c) for c in p.hand if c not in payload.picked]
    picks += [
        Intent.of("pick", card=f"d{i + 1}") for i in range(len(p.drawn)) if f"d{i + 1}" not in payload.picked
    ]
    return _offer(state, [Intent.of("stop"), *picks]), None


@RULES.answers("sell", SellPayload)
def _sold(state: GamedecState, seat: str, intent: Intent, payload: SellPayload) -> list[Event]:
    if intent.kind == "stop":
        return [private(seat, "pick", "Brahma exchange cancelled.")]
    picked = [*payload.picked, intent.word("card")]
    if len(picked) < 3:
        decide(state, seat, "sell", SELL_TEXT, SellPayload(picked=picked))
        return [private(seat, "pick", f"Chosen {len(picked)} of 3 cards for Brahma.")]
    p = state.players[seat]
    drawn = sorted((int(c[1:]) - 1 for c in picked if c.startswith("d")), reverse=True)
    cards = [c for c in picked if not c.startswith("d")]
    for c in cards:
        p.hand.remove(c)
    for i in drawn:
        cards.append(p.drawn.pop(i))
    state.task_deck.discard(*cards)
    state.credits.gain(seat, 1)
    names = ", ".join(load_pack().tasks[c].name for c in cards)
    return [
        public(
            "exchange",
            f"{R.name(state, seat)} discards 3 Task cards in Brahma for 1 Credit ({names}).",
            seat=seat,
        )
    ]


# --- Less Randomness: take 7 ----------------------------------------------------------------------------


@decision("seven")
def _seven(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    return _offer(state, [Intent.of("seven"), Intent.of("roll")]), None


@RULES.answers("seven")
def _seven_or_roll(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    assert state.test is not None
    state.test.take_seven = intent.kind == "seven"
    state.now(RollStep())
    return []
