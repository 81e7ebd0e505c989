"""Trading between detectives, as finite steps that fit a chat.

RB "Trading with Other Players": "Trade may be proposed by any player, but the player currently playing his
turn must always take part in it ... There is a limit of one transaction per player's turn" and "after
becoming acquainted with all offers, the player currently playing his turn may choose one of them".

Two ways in, both from the active detective's prompt (his turn, or his own pre-roll window, FAQ "Can one
trade while performing a Task? Yes, but only before the dice roll"):
- ``trade:to=X``: the active detective builds one offer in two questions (what he gives, what he asks for)
  and X accepts or declines;
- ``trade_call``: every other detective still playing may build an offer to him in the same two questions
  (or make none), all at once and in the open; then the active detective takes one or declines them all.
With the Online Trade option, both sides then secretly choose whether to really send their part (a secret
frame revealed together); goods need not be held when promised; whoever did not send loses 1 Reputation.
Without it, a "Task card of the giver's choice" is picked by its giver when the trade is agreed (the
settling is in :mod:`.settle`). While a trade is being built or answered, its sides may show Task cards of
their hands to each other (an aside).
"""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.args import Shape, word
from engine.core.frame import Frame
from engine.core.lone import made_alone
from engine.core.rules import NoPayload, Offer

from . import rules as R
from .actions.base import GamedecAction
from .names import goods_named, item_label, seat_named, task_named, task_summary
from .pack import load_pack
from .runtime import RULES
from .settle import ASIDES, agreed, empty_handed, online, over
from .state import GamedecState, TradeState

MAX_PROPOSALS = R.MAX_PROPOSALS


_others = R.trade_partners
can_trade = R.can_trade


def gives(state: GamedecState, seat: str) -> list[str]:
    """What ``seat`` may put on the table (Online Trade: Credits and a Task card need not be held)."""
    p = state.players[seat]
    unchecked = online(state)
    out = ["none"] + [f"c{n}" for n in (1, 2) if state.credits.of(seat) >= n or unchecked]
    out += list(p.equipment) + list(p.hand)
    if unchecked:
        out.append("task")
    return out


def asks(state: GamedecState, seat: str, other: str, gave: str) -> list[str]:
    """What ``seat`` may ask of ``other`` (whose Credits and Equipment are public)."""
    q = state.players[other]
    unchecked = online(state)
    out = [] if gave == "none" else ["none"]
    out += [f"c{n}" for n in (1, 2) if state.credits.of(other) >= n or unchecked]
    out += list(q.equipment)
    if q.hand or unchecked:
        out.append("task")
    return out


def _items(state: GamedecState, first: str, kind: str, items: list[str]) -> Offer:
    """``cancel`` (making no offer, in a call for offers), then each good to give or ask for."""
    verb = "Give" if kind == "give" else "Ask for"
    t = state.trade
    cancel = "Make no offer" if t is not None and t.stage == "offers" else "Cancel the trade"
    goods = [(Intent.of(kind, what=w), f"{verb} {item_label(state, w, True)}"[:80]) for w in items]
    return [(Intent.of(first), cancel), *goods]


# --- what answers a trade's questions, and why an answer not offered is refused -------------------------

CANCEL = Shape("cancel", asks="your part of a trade")
DECLINE = Shape("decline", asks="an answer to a trade offer")
ACCEPT = Shape("accept", (word("card", task_named, optional=True),), asks="an answer to a trade offer")
GIVE = Shape("give", (word("what", goods_named),), asks="what you give in a trade")
GET = Shape("get", (word("what", goods_named),), title="Ask for", asks="what you ask for in a trade")
TAKE = Shape(
    "take",
    (word("src", seat_named), word("card", task_named, optional=True)),
    title="Take an offer",
    asks="a trade offer to take",
)
"""Answers several trade questions take (each kind declared once)."""


def goods_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    """A good not offered in a trade being built (the seat's own means, or the other side's public ones)."""
    if intent.kind not in ("give", "get", "add"):
        return None
    what = intent.get("what")
    if what in ("c1", "c2"):
        return "That many Credits are not there to trade"
    if isinstance(what, str) and what in load_pack().equipment:
        return "That Equipment card is not there to trade"
    return "That is not among the goods this trade can hold"


def accept_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    if intent.kind != "accept":
        return None
    return "This offer asks for a Task card of your hand: accept by naming one, or decline"


def _take_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    if intent.kind != "take":
        return None
    src = intent.get("src")
    t = state.trade
    if t is None or src not in t.offers:
        return f"{src} made no offer" if isinstance(src, str) and src in state.players else "No such offer"
    return "That offer is paid with a Task card of your hand"


def _ask(
    state: GamedecState,
    seat: str,
    topic: str,
    text: str,
    offer: Offer,
    asides: tuple[str, ...] = ASIDES,
    public: str = "",
) -> None:
    RULES.ask(state, seat, topic, text, offer, asides=asides, pace="quick", public=public)


# --- opening a trade ------------------------------------------------------------------------------------


class Trade(GamedecAction):
    """``trade:to=X`` and ``trade_call``: the active detective's ways to start a trade."""

    kind = "trade"
    summary = "Propose a trade"
    also = ("trade_call",)
    family = "trade"
    args = (word("to", seat_named),)
    also_args = {"trade_call": ()}
    when = "A trade always includes the detective whose turn it is, and is proposed while his turn is open"
    also_when = {"trade_call": "Only the detective whose turn it is asks for trade offers"}
    turn = "any"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        if state.test is not None and state.test.kind == "attack":
            return []  # RULINGS 15: before a Task's roll, not a fight's
        if seat != state.active:
            return [Intent.of("trade", to=state.active)] if _may_propose(state, seat) else []
        if not can_trade(state, seat):
            return []
        return [Intent.of("trade_call")] + [Intent.of("trade", to=o) for o in _others(state, seat)]

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if seat != state.active and (intent.kind == "trade_call" or intent.get("to") != state.active):
            return (
                f"Trades this turn include {state.active or 'the active detective'}: the player currently "
                "playing his turn must always take part in it"
            )
        if state.trade_done:
            return "You already made a trade this turn (one trade per turn)."
        if state.trade_proposals >= MAX_PROPOSALS:
            return "You already proposed two trades this turn."
        if state.test is not None and state.test.kind == "attack":
            return "No trade before a fight's roll (only before a Task's)"
        to = intent.get("to")
        if intent.kind == "trade" and to not in _others(state, seat):
            return "Propose a trade to another detective still playing"
        return None

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        state.trade_proposals += 1
        if seat != state.active:
            state.trade = TradeState(partner=seat, by=seat)
            text = f"Your trade offer to {state.active}: what do you give?"
            public_text = f"{seat} prepares a trade offer for {state.active}: what to give."
            offer = _items(state, "cancel", "give", gives(state, seat))
            _ask(state, seat, "trade_give", text, offer, public=public_text)
            return [public("trade", f"{seat} prepares a trade offer for {state.active}.")]
        if intent.kind == "trade":
            partner = intent.word("to")
            state.trade = TradeState(partner=partner)
            _ask(
                state,
                seat,
                "trade_give",
                f"Trade with {partner}: what do you give?",
                _items(state, "cancel", "give", gives(state, seat)),
                public=f"{seat} prepares a trade offer for {partner}: what to give.",
            )
            return [public("trade", f"{seat} prepares a trade offer for {partner}.")]
        others = _others(state, seat)
        state.trade = TradeState(stage="offers", offers={o: ["", ""] for o in others})
        text = f"{seat} asks for trade offers: what do you give? (or make no offer)"
        RULES.each(
            state,
            others,
            "trade_offer",
            {o: (text, _items(state, "cancel", "give", gives(state, o))) for o in others},
            asides=ASIDES,
            pace="quick",
            publics={o: f"{o} may make {seat} a trade offer: what to give." for o in others},
        )
        return [public("trade", f"{seat} asks for trade offers: {', '.join(others)} may each make one.")]

    def label(self, state: GamedecState, intent: Intent) -> str:
        if intent.kind == "trade_call":
            return "Ask every player for trade offers"
        return f"Propose a trade to {intent.word('to')}"


class Show(GamedecAction):
    """Show a Task card of one's hand to the other side of the trade (RULINGS 35; each card once)."""

    kind = "show"
    summary = "Show a Task card"
    family = "trade"
    args = (word("card", task_named),)
    when = "Task cards are shown to the other side of a trade being made"

    def options(self, state: GamedecState, seat: str) -> list[Intent]:
        t = state.trade
        if t is None:
            return []
        return [Intent.of("show", card=c) for c in state.players[seat].hand if f"{seat}:{c}" not in t.shown]

    def refusal(self, state: GamedecState, seat: str, intent: Intent) -> str | None:
        if state.trade is None:
            return "Task cards are shown to the other side of a trade being made"
        card = intent.get("card")
        if f"{seat}:{card}" in state.trade.shown:
            return "You have shown that card already"
        return "You can show only Task cards of your hand"

    def apply(self, state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        t = state.trade
        assert t is not None
        shown = intent.word("card")
        t.shown.append(f"{seat}:{shown}")
        to = show_audience(state, seat)
        return [
            public("show", f"{seat} shows a Task card to {', '.join(sorted(to - {seat}))}."),
            private(to, "shown", f"{seat} shows: {task_summary(shown)}."),
        ]

    def label(self, state: GamedecState, intent: Intent) -> str:
        name = load_pack().tasks[intent.word("card")].name
        seat = shower(state)
        to = (
            ", ".join(sorted(show_audience(state, seat) - {seat}))
            if seat
            else (state.active or "the other trader")
        )
        return f"Show your Task card {name} to {to}"[:80]


def show_audience(state: GamedecState, seat: str) -> set[str]:
    """Who sees a shown card: the other side of the trade (RB: "one may show one's Task cards to the other
    players for this purpose"), and the shower."""
    t = state.trade
    assert t is not None
    if seat == state.active:
        others = {t.partner} if t.partner else {s for s in t.offers if s not in t.passed}
    else:
        others = {state.active}
    return others | {seat}


def shower(state: GamedecState) -> str:
    """The seat a show intent is being labelled for (the one asked in this trade stage)."""
    t = state.trade
    if t is None:
        return ""
    if t.stage in ("give", "get"):
        return t.by or state.active
    if t.stage == "answer":
        return state.active if t.by else t.partner
    return ""


RULES.action(Trade)
RULES.action(Show)


# --- one offer to one partner ----------------------------------------------------------------------------


def _may_propose(state: GamedecState, seat: str) -> bool:
    """RB: "Trade may be proposed by any player, but the player currently playing his turn must always take
    part in it ... There is a limit of one transaction per player's turn": another detective, where he is
    asked something (the window before a roll), may propose one to the active detective."""
    active = state.active
    return (
        bool(active)
        and state.trade is None
        and not state.players[seat].finished
        and not state.players[active].finished
        and not state.trade_done
        and state.trade_proposals < MAX_PROPOSALS
    )


def _withdrawn(state: GamedecState) -> list[Event]:
    t = state.trade
    over(state)
    return [public("trade", f"{(t.by if t else '') or state.active} withdraws the trade offer.")]


def _other_side(state: GamedecState, t: TradeState) -> str:
    """Who answers the offer: the partner of the active detective's offer, or the active detective."""
    return state.active if t.by else t.partner


@RULES.answers("trade_give", takes=[CANCEL, GIVE], refusal=goods_refused)
def _given(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "cancel":
        return _withdrawn(state)
    given = intent.word("what")
    if t.by:
        t.get = given  # what the active detective receives
    else:
        t.give = given
    t.stage = "get"
    other = _other_side(state, t)
    wanted = asks(state, seat, other, given)
    if not wanted and empty_handed(state, seat):  # cancelling is the one answer left
        made_alone(seat, "cancel")  # a replay of a log written when it was asked skips it
        over(state)
        return [public("trade", f"{seat} withdraws the trade offer: {other} holds nothing to ask for.")]
    _ask(
        state,
        seat,
        "trade_get",
        f"Trade with {other}: what do you ask for?",
        _items(state, "cancel", "get", wanted),
        public=f"{seat} prepares a trade offer for {other}: what to ask for.",
    )
    return []


@RULES.answers("trade_get", takes=[CANCEL, GET], refusal=goods_refused)
def _asked(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "cancel":
        return _withdrawn(state)
    asked = intent.word("what")
    if t.by:
        t.give = asked  # what the active detective gives
    else:
        t.get = asked
    t.stage = "answer"
    answerer = _other_side(state, t)
    offered = t.get if t.by else t.give
    hand = state.players[answerer].hand
    accepts = (
        [(Intent.of("accept", card=c), f"Accept, giving {item_label(state, c, True)}"[:80]) for c in hand]
        if asked == "task" and not online(state)
        else [(Intent.of("accept"), "Accept the trade")]
    )
    what = f"{item_label(state, offered, False)} for {item_label(state, asked, False)}"
    _ask(
        state,
        answerer,
        "trade_answer",
        f"{seat} offers {what}. Accept?",
        [(Intent.of("decline"), "Decline the trade"), *accepts],
        public=f"{answerer} decides whether to accept {seat}'s offer of {what}.",
    )
    return [
        public("trade", f"{seat} offers {answerer} {what}."),
        private(
            {seat, answerer},
            "trade_offer",
            f"Offer: {item_label(state, offered, True)} for {item_label(state, asked, True)}.",
        ),
    ]


@RULES.answers("trade_answer", takes=[DECLINE, ACCEPT], refusal=accept_refused)
def _answered(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "decline":
        over(state)
        return [public("trade", f"{seat} declines the trade.")]
    card = intent.get("card")
    if isinstance(card, str):  # the answerer's Task card of his choice
        if t.by:
            t.give = card
        else:
            t.get = card
    return [public("trade", f"{seat} accepts.")] + agreed(state)


# --- offers from every other detective ---------------------------------------------------------------------


def _ready(t: TradeState, seat: str) -> bool:
    g, a = t.offers.get(seat, ["", ""])
    return bool(g) and bool(a)


@RULES.answers("trade_offer", takes=[CANCEL, GIVE, GET], refusal=goods_refused)
def _offer_part(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "cancel":
        t.passed.append(seat)
        return [public("trade", f"{seat} makes no offer.")]
    if intent.kind == "give":
        t.offers[seat][0] = intent.word("what")
        wanted = asks(state, seat, state.active, t.offers[seat][0])
        if not wanted and empty_handed(state, seat):  # making no offer is the one answer left
            made_alone(seat, "cancel")  # a replay of a log written when it was asked skips it
            t.passed.append(seat)
            return [public("trade", f"{seat} makes no offer: {state.active} holds nothing to ask for.")]
        RULES.follow_up(
            state,
            "trade_offer",
            seat,
            f"Your offer to {state.active}: what do you ask for in return?",
            _items(state, "cancel", "get", wanted),
            public=f"{seat} prepares a trade offer for {state.active}: what to ask for in return.",
        )
        return []
    t.offers[seat][1] = intent.word("what")
    g, a = t.offers[seat]
    return [
        public(
            "trade",
            f"{seat} offers {state.active} {item_label(state, g, False)} for {item_label(state, a, False)}.",
        ),
        private(
            {seat, state.active},
            "trade_offer",
            f"{seat} offers {item_label(state, g, True)} for {item_label(state, a, True)}.",
        ),
    ]


@RULES.closed("trade_offer")
def _offers_made(state: GamedecState, answers: list[tuple[str, Intent]], payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if not any(_ready(t, s) for s in t.offers):
        over(state)
        return [public("trade", "Nobody made a trade offer.")]
    t.stage = "choose"
    me = state.players[state.active]
    takes = []
    for s, (_g, a) in t.offers.items():
        if not _ready(t, s):
            continue
        if a == "task" and not online(state):
            takes += [_take(state, s, c) for c in me.hand]
        else:
            takes.append(_take(state, s, None))
    _ask(
        state,
        state.active,
        "trade_choose",
        "Trade offers: take one of them, or decline them all.",
        [(Intent.of("decline"), "Decline every offer"), *takes],
        asides=ASIDES[1:],
        public=f"{state.active} takes one of the trade offers, or declines them all.",
    )
    return []


def _take(state: GamedecState, src: str, card: str | None) -> tuple[Intent, str]:
    """Taking ``src``'s offer (paid with a Task card of one's hand where it asks for one), labelled."""
    t = state.trade
    assert t is not None
    g, a = t.offers[src]
    paid = item_label(state, card or a, True)
    intent = Intent.of("take", src=src, card=card) if card else Intent.of("take", src=src)
    return intent, f"Take {src}'s offer: {item_label(state, g, True)} for {paid}"[:80]


@RULES.answers("trade_choose", takes=[DECLINE, TAKE], refusal=_take_refused)
def _chose(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "decline":
        over(state)
        return [public("trade", f"{state.active} declines every offer.")]
    src = intent.word("src")
    offered, asked = t.offers[src]
    t.partner, t.give, t.get = src, asked, offered
    card = intent.get("card")
    if isinstance(card, str):
        t.give = card
    return [public("trade", f"{state.active} takes {src}'s offer.")] + agreed(state)
