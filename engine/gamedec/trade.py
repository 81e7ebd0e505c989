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
from engine.core.rules import NoPayload, Offer

from . import labels as L
from . import rules as R
from .actions.base import GamedecAction
from .runtime import RULES
from .settle import ASIDES, agreed, online, over
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


def _offer(state: GamedecState, intents: list[Intent]) -> Offer:
    return [(i, L.describe(state, i)) for i in intents]


def _items(state: GamedecState, first: str, kind: str, items: list[str]) -> Offer:
    return _offer(state, [Intent.of(first)] + [Intent.of(kind, what=w) for w in items])


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
    also = ("trade_call",)
    family = "trade"

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


class Show(GamedecAction):
    """Show a Task card of one's hand to the other side of the trade (RULINGS 35; each card once)."""

    kind = "show"
    family = "trade"

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
        to = L.show_audience(state, seat)
        return [
            public("show", f"{seat} shows a Task card to {', '.join(sorted(to - {seat}))}."),
            private(to, "shown", f"{seat} shows: {L.task_summary(shown)}."),
        ]


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


@RULES.answers("trade_give")
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
    _ask(
        state,
        seat,
        "trade_get",
        f"Trade with {other}: what do you ask for?",
        _items(state, "cancel", "get", asks(state, seat, other, given)),
        public=f"{seat} prepares a trade offer for {other}: what to ask for.",
    )
    return []


@RULES.answers("trade_get")
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
    accepts = (
        [Intent.of("accept", card=c) for c in state.players[answerer].hand]
        if asked == "task" and not online(state)
        else [Intent.of("accept")]
    )
    what = f"{L.item_label(state, offered, False)} for {L.item_label(state, asked, False)}"
    _ask(
        state,
        answerer,
        "trade_answer",
        f"{seat} offers {what}. Accept?",
        _offer(state, [Intent.of("decline"), *accepts]),
        public=f"{answerer} decides whether to accept {seat}'s offer of {what}.",
    )
    return [
        public("trade", f"{seat} offers {answerer} {what}."),
        private(
            {seat, answerer},
            "trade_offer",
            f"Offer: {L.item_label(state, offered, True)} for {L.item_label(state, asked, True)}.",
        ),
    ]


@RULES.answers("trade_answer")
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


@RULES.answers("trade_offer")
def _offer_part(state: GamedecState, seat: str, intent: Intent, payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    if intent.kind == "cancel":
        t.passed.append(seat)
        return [public("trade", f"{seat} makes no offer.")]
    if intent.kind == "give":
        t.offers[seat][0] = intent.word("what")
        RULES.follow_up(
            state,
            "trade_offer",
            seat,
            f"Your offer to {state.active}: what do you ask for in return?",
            _items(state, "cancel", "get", asks(state, seat, state.active, t.offers[seat][0])),
            public=f"{seat} prepares a trade offer for {state.active}: what to ask for in return.",
        )
        return []
    t.offers[seat][1] = intent.word("what")
    g, a = t.offers[seat]
    return [
        public(
            "trade",
            f"{seat} offers {state.active} {L.item_label(state, g, False)} for "
            f"{L.item_label(state, a, False)}.",
        ),
        private(
            {seat, state.active},
            "trade_offer",
            f"{seat} offers {L.item_label(state, g, True)} for {L.item_label(state, a, True)}.",
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
            takes += [Intent.of("take", src=s, card=c) for c in me.hand]
        else:
            takes.append(Intent.of("take", src=s))
    _ask(
        state,
        state.active,
        "trade_choose",
        "Trade offers: take one of them, or decline them all.",
        _offer(state, [Intent.of("decline"), *takes]),
        asides=ASIDES[1:],
        public=f"{state.active} takes one of the trade offers, or declines them all.",
    )
    return []


@RULES.answers("trade_choose")
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
