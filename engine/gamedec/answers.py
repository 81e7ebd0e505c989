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
from engine.core.args import Shape, word
from engine.core.frame import Frame
from engine.core.intent import Value
from engine.core.rules import NoPayload, Offer, options

from . import rules as R
from .board import NAMES
from .names import equipment_named, pile_named, skill_name, skill_named, space_named, task_named, wound_named
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


def not_own_task(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    """Why a Task card named in an answer is refused (the seat's own hand only: nothing hidden is told)."""
    return "That is not a Task card of your hand (or it is already chosen)"


# --- Skills, Equipment, Obligations, Wounds -------------------------------------------------------------


def skill_label(state: GamedecState, seat: str, intent: Intent) -> str:
    """A Skill to take (its value for ``seat``'s detective) or to buy in Deep Past World."""
    value = ""
    if seat in state.players and state.players[seat].detective:
        value = f" +{R.detective(state, seat).skills.get(intent.word('id'), 0)}"
    buy = intent.kind == "buy_skill"
    name = skill_name(intent.word("id"))
    return f"{'Buy' if buy else 'Take'} Skill {name}{value}{' (2 Credits)' if buy else ''}"


def skill_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    """A Skill not offered: unknown, or one the seat has."""
    if intent.get("id") not in load_pack().skills:
        return "There is no such Skill"
    return "You already have that Skill"


SKILL = Shape("skill", (word("id", skill_named),), title="Take a Skill", asks="a Skill to take")
"""Taking a Skill: a reward, and the starting Skill."""


@decision("skill")
def _skills(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    held = state.players[seat].skills
    offer = [Intent.of("skill", id=s) for s in load_pack().skills if s not in held]
    return [(i, skill_label(state, seat, i)) for i in offer], None


@RULES.answers("skill", takes=[SKILL], refusal=skill_refused)
def _skill_taken(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    state.players[seat].skills.append(intent.word("id"))
    return [public("skill", f"{R.name(state, seat)} gains the Skill {intent.word('id')}.")]


def pile_label(state: GamedecState, verb: str, pile: Value, cost: str = "") -> str:
    """Taking (or buying, at ``cost``) the top card of the Equipment deck, unseen, or of the face-up pile."""
    if pile == "deck":
        return f"{verb} the top Equipment card of the deck, unseen{cost}"
    top_eq = load_pack().equipment[state.equip_faceup[-1]] if state.equip_faceup else None
    shown = f" {top_eq.name} (+2 {skill_name(top_eq.skill)})" if top_eq else " the face-up Equipment"
    return f"{verb}{shown} from the face-up pile{cost}"


def _pile_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    if intent.get("take") not in ("deck", "faceup"):
        return "There is no such pile: the Equipment deck or the face-up pile"
    return "That Equipment pile is empty"


@decision("pile", asides=("discard", "story_start", "ability"))
def _piles(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    piles = R.equipment_piles(state)
    return [(Intent.of("pile", take=pile), pile_label(state, "Take", pile)) for pile in piles], None


@RULES.answers(
    "pile",
    takes=[Shape("pile", (word("take", pile_named),), asks="an Equipment pile")],
    refusal=_pile_refused,
)
def _pile_taken(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return R.take_equipment(state, seat, intent.word("take"))


class CorpPayload(BaseModel):
    why: str = ""
    """"offend" (a Task's failure) or "hunt" (Happy Hunting Grounds)."""


@decision("corp", CorpPayload)
def _corps(state: GamedecState, seat: str, payload: CorpPayload) -> tuple[Offer, Intent | None]:
    return [(Intent.of("corp", id=c), f"Obligation at {NAMES[c]}") for c in R.free_corps(state, seat)], None


def _corp_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    corp = intent.get("id")
    if not isinstance(corp, str) or corp not in NAMES or corp not in state.corp_equip:
        return "There is no such Corporation"
    return f"Your Obligation already lies at {NAMES[corp]}"


CORP = Shape(
    "corp", (word("id", space_named),), title="Place an Obligation", asks="a Corporation for your Obligation"
)


@RULES.answers("corp", CorpPayload, takes=[CORP], refusal=_corp_refused)
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
    return [(i, wound_label(state, seat, i)) for i in offer], Intent.of("wound", type=best)


def wound_label(state: GamedecState, seat: str, intent: Intent) -> str:
    kind = intent.word("type")
    return f"Take a {kind.capitalize()} Wound (-{getattr(R.detective(state, seat), kind)} to your rolls)"


def _wound_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    kind = intent.get("type")
    if kind not in ("bio", "neuro"):
        return "There is no such Wound: the Wounds are Bio and Neuro"
    return f"You already have a {str(kind).capitalize()} Wound"


WOUND = Shape("wound", (word("type", wound_named),), asks="the Wound of a lost fight")


@RULES.answers("wound", takes=[WOUND], refusal=_wound_refused)
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


def discard_label(state: GamedecState, intent: Intent) -> str:
    """Discarding a Task card of one's hand, or a piece of one's Equipment."""
    pack = load_pack()
    if intent.kind == "discard":
        return f"Discard {pack.tasks[intent.word('card')].name}"[:80]
    eq = pack.equipment[intent.word("eq")]
    return f"Discard {eq.name} (+2 {skill_name(eq.skill)})"


DISCARD_ARGS = (word("card", task_named),)
DISCARD_EQ_ARGS = (word("eq", equipment_named),)
"""The arguments of the discards: the actions (at any moment) and the answers to the limits' decisions."""


def _offer(state: GamedecState, intents: list[Intent]) -> Offer:
    return [(i, discard_label(state, i)) for i in intents]


@decision("discard", asides=())
def _hand(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    hand = [Intent.of("discard", card=c) for c in state.players[seat].hand]
    return _offer(state, hand), hand[-1]


@decision("discard_eq", asides=())
def _equipment(state: GamedecState, seat: str, payload: NoPayload) -> tuple[Offer, Intent | None]:
    return _offer(state, [Intent.of("discard_eq", eq=e) for e in state.players[seat].equipment]), None


def _not_own_equipment(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str:
    return "You do not own that Equipment card"


@RULES.answers("discard", takes=[Shape("discard", DISCARD_ARGS)], refusal=not_own_task)
def _discarded(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    return discard(state, seat, intent)


@RULES.answers("discard_eq", takes=[Shape("discard_eq", DISCARD_EQ_ARGS)], refusal=_not_own_equipment)
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
    return [(Intent.of("stop"), "Stop (cancel)"), *((i, _pick_label(i.word("card"))) for i in picks)], None


def _pick_label(card: str) -> str:
    """A Task card of the hand, or a face-down card drawn this turn (by its position: d1, d2...)."""
    return f"Pick {_pick_named(None, card)}"[:80]


def _pick_named(state: GamedecState | None, value: Value) -> str:
    card = str(value)
    if card.startswith("d") and card[1:].isdigit():
        return f"face-down card #{card[1:]}"
    return load_pack().tasks[card].name


def _pick_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    return not_own_task(state, frame, seat, intent) if intent.kind == "pick" else None


BRAHMA = "Task cards for Brahma"


@RULES.answers(
    "sell",
    SellPayload,
    takes=[
        Shape("pick", (word("card", _pick_named),), title="Pick a Task card", asks=BRAHMA),
        Shape("stop", asks=BRAHMA),
    ],
    refusal=_pick_refused,
)
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
    return [(Intent.of("seven"), "Take 7 on the dice"), (Intent.of("roll"), "Roll the dice")], None


SEVEN = "whether to take 7"


@RULES.answers("seven", takes=[Shape("seven", asks=SEVEN), Shape("roll", asks=SEVEN)])
def _seven_or_roll(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    assert state.test is not None
    state.test.take_seven = intent.kind == "seven"
    state.now(RollStep())
    return []
