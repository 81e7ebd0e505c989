"""Trades of any size: each side a bundle, built one good at a time (issue 11, RULINGS 35a).

RB "Trading with Other Players": "everyone has the right to demand any number of Credits, specific Equipment
cards or any number of Task cards (more or less specified)", and its example offers "for two Task cards ...
2 Credit tokens". ``offer:to=X`` opens one: the active detective adds what he gives (a Credit at a time up
to what he holds, any of his Equipment cards, any Task cards of his hand), then what he asks of X (Credits
up to X's, any of X's Equipment cards, Task cards of X's choice up to the size of X's hand), each question
a short menu; X accepts or declines, and on accepting picks the Task cards of his choice the offer asks for.
The single-good trade (``trade:to=X``, ``trade_call``) stays as it was, so games saved before go on.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Event, Intent, private, public
from engine.core.args import Shape, word
from engine.core.frame import Frame
from engine.core.lone import made_alone
from engine.core.rules import NoPayload
from engine.core.waiting import CHOOSE, parse_pick

from . import rules as R
from . import settle as S
from .actions.base import GamedecAction
from .answers import not_own_task
from .names import goods_named, item_label, plural, seat_named
from .pack import load_pack
from .runtime import RULES
from .state import GamedecState, TradeState
from .trade import ACCEPT, CANCEL, DECLINE, accept_refused, goods_refused

CHOICE = "task"
"""An item asked of the other side: a Task card of his choice."""


def bundle_label(state: GamedecState, items: list[str], owner_view: bool) -> str:
    """ "2 Credits, Jetpack and 2 Task cards (giver's choice)"; Task cards named only to the two traders
    (``owner_view``), else counted."""
    if not items:
        return "nothing"
    tasks = load_pack().tasks
    hidden = "hidden task"
    counts = Counter(hidden if item in tasks and not owner_view else item for item in items)
    parts = []
    for item, n in counts.items():
        if item == "c1":
            parts.append(f"{n} Credit{'s' if n > 1 else ''}")
        elif item in (CHOICE, hidden):
            choice = " (giver's choice)" if item == CHOICE else ""
            parts.append(f"{n} Task card{'s' if n > 1 else ''}{choice}")
        else:
            parts.append(item_label(state, item, owner_view))
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _giving(state: GamedecState, t: TradeState) -> list[str]:
    """What the active detective may still add to what he gives."""
    p = state.players[state.active]
    out = ["c1"] if state.credits.of(state.active) > t.give_all.count("c1") else []
    return out + [c for c in (*p.equipment, *p.hand) if c not in t.give_all]


def _asking(state: GamedecState, t: TradeState) -> list[str]:
    """What he may still ask of his partner (whose Credits, Equipment and hand size are public)."""
    q = state.players[t.partner]
    out = ["c1"] if state.credits.of(t.partner) > t.get_all.count("c1") else []
    out += [e for e in q.equipment if e not in t.get_all]
    return out + ([CHOICE] if len(q.hand) > t.get_all.count(CHOICE) else [])


def _build(state: GamedecState) -> list[Event]:
    """Ask the next good of the side being built, or that it is complete ("done"). Nothing given and
    nothing left to ask for: the trade is withdrawn at once (cancelling is its one answer)."""
    t = state.trade
    assert t is not None
    giving = t.stage == "give"
    items = _giving(state, t) if giving else _asking(state, t)
    side = t.give_all if giving else t.get_all
    so_far = f" (so far: {bundle_label(state, side, True)})" if side else ""
    verb = "give" if giving else "ask for"
    offer: list[tuple[Intent, str]] = [(Intent.of("cancel"), "Cancel the trade")]
    if giving or t.give_all or t.get_all:  # a trade of nothing for nothing is no trade
        offer.append((Intent.of("done"), "That is all" if side else f"{verb.capitalize()} nothing"))
    offer += [(Intent.of("add", what=w), _add_label(state, giving, w)) for w in items]
    if len(offer) == 1 and S.empty_handed(state, state.active):  # cancelling is the one answer left
        made_alone(state.active, "cancel")  # a replay of a log written when it was asked skips it
        S.over(state)
        return [
            public(
                "trade", f"{state.active} withdraws the trade offer: {t.partner} holds nothing to ask for."
            )
        ]
    text = f"Trade with {t.partner}: what do you {verb}{so_far}?"
    public_text = f"{state.active} prepares a trade offer for {t.partner}: what to {verb}."
    RULES.ask(state, state.active, "bundle", text, offer, asides=S.ASIDES, pace="quick", public=public_text)
    return []


def _add_label(state: GamedecState, giving: bool, what: str) -> str:
    """A good added to the side being built: what one gives, or asks for."""
    if what == CHOICE:
        return "Ask for a Task card of their choice"
    verb = "Give" if giving else "Ask for"
    return f"{verb} {'1 Credit' if what == 'c1' else item_label(state, what, True)}"[:80]


class Bundle(GamedecAction):
    """``offer:to=X``: the active detective proposes a trade of any size to X."""

    kind = "offer"
    summary = "Propose a trade of several goods"
    family = "trade"
    args = (word("to", seat_named),)
    when = "Only the detective whose turn it is proposes a trade of several goods"
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.opts.online_trade or (state.test is not None and state.test.kind == "attack"):
            return []
        if seat != state.active or not R.can_trade(state, seat):
            return []
        return [Intent.of("offer", to=o) for o in R.trade_partners(state, seat)]

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if state.opts.online_trade:
            return "With Online Trade a trade holds one good a side (trade:to=X)"
        to = intent.get("to")
        return RULES.actions["trade"].refusal(
            state, seat, Intent.of("trade", to=to if to is not None else "")
        )

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        state.trade_proposals += 1
        partner = intent.word("to")
        state.trade = TradeState(partner=partner, bundle=True)
        return [public("trade", f"{seat} prepares a trade offer for {partner}.")] + _build(state)

    def label(self, state: GamedecState, intent: Intent) -> str:
        return f"Propose a trade of several goods to {intent.word('to')}"


RULES.action(Bundle)


GOODS = "the goods of a trade you propose"
BUILT = [
    CANCEL,
    Shape("done", asks=GOODS),
    Shape("add", (word("what", goods_named),), title="Add a good", asks=GOODS),
]
"""The answers to each question of a trade being built: cancel it, that is all, one more good."""


def _pick_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    """Task cards of one's choice to give: only those of one's hand (a wrong count: the frame says so)."""
    picked = parse_pick(intent) if intent.kind == "choose" else []
    hand = state.players[seat].hand
    return not_own_task(state, frame, seat, intent) if any(c not in hand for c in picked) else None


@RULES.answers("bundle", takes=BUILT, refusal=goods_refused)
def _built(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "cancel":
        S.over(state)
        return [public("trade", f"{seat} withdraws the trade offer.")]
    if intent.kind == "add":
        (t.give_all if t.stage == "give" else t.get_all).append(intent.word("what"))
        return _build(state)
    if t.stage == "give":
        t.stage = "get"
        return _build(state)
    t.stage = "answer"
    named = f"{bundle_label(state, t.give_all, True)} for {bundle_label(state, t.get_all, True)}"
    offer = [(Intent.of("decline"), "Decline the trade"), (Intent.of("accept"), "Accept the trade")]
    RULES.ask(
        state,
        t.partner,
        "bundle_answer",
        f"{seat} offers {named}. Accept?",
        offer,
        asides=S.ASIDES,
        pace="quick",
        public=f"{t.partner} decides whether to accept {seat}'s offer.",
    )
    gives, gets = bundle_label(state, t.give_all, False), bundle_label(state, t.get_all, False)
    return [
        public("trade", f"{seat} offers {t.partner} {gives} for {gets}."),
        private({seat, t.partner}, "trade_offer", f"Offer: {named}."),
    ]


@RULES.answers("bundle_answer", takes=[DECLINE, ACCEPT], refusal=accept_refused)
def _answered(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "decline":
        S.over(state)
        return [public("trade", f"{seat} declines the trade.")]
    owed = t.get_all.count(CHOICE)
    if owed:
        t.stage = "send"
        hand = [(Intent(c), item_label(state, c, True)) for c in state.players[seat].hand]
        events = [public("trade", f"{seat} accepts and chooses the Task cards to give.")]
        RULES.choose_many(
            state,
            seat,
            "bundle_pick",
            f"Choose the {plural(owed, 'Task card')} you give.",
            hand,
            least=owed,
            most=owed,
            public=f"{seat} chooses the {plural(owed, 'Task card')} to give.",
        )
        return events
    return [public("trade", f"{seat} accepts.")] + _exchange(state)


@RULES.answers("bundle_pick", takes=[CHOOSE], refusal=_pick_refused)
def _picked(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    t.get_all = [c for c in t.get_all if c != CHOICE] + parse_pick(intent)
    return _exchange(state)


def _exchange(state: GamedecState) -> list[Event]:
    t = state.trade
    assert t is not None
    active, partner = state.active, t.partner
    for item in t.give_all:
        S.transfer(state, active, partner, item)
    for item in t.get_all:
        S.transfer(state, partner, active, item)
    gives, gets = bundle_label(state, t.give_all, False), bundle_label(state, t.get_all, False)
    named = (
        f"{active} gives {bundle_label(state, t.give_all, True)}, {partner} gives "
        f"{bundle_label(state, t.get_all, True)}."
    )
    S.over(state)
    state.trade_done = True
    return [
        public("trade", f"Trade done: {active} gives {gives}, {partner} gives {gets}."),
        private({active, partner}, "trade_done", f"Trade: {named}"),
    ]
