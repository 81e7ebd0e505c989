"""Settling an agreed trade: the exchange of the goods, the Task card of the giver's choice, and Online
Trade's secret sending (RB "Online Trade": "both players taking part in the trade secretly prepare the
tokens and cards sent to the counterparty ... A player who did not send those cards or tokens that he
agreed on before the transaction lowers his Reputation by 1")."""

from __future__ import annotations

from engine.core import Event, Intent, private, public
from engine.core.args import Shape, word
from engine.core.frame import Frame
from engine.core.rules import NoPayload, Offer

from . import rules as R
from .answers import not_own_task
from .names import item_label, task_named
from .pack import load_pack
from .runtime import RULES
from .state import GamedecState
from .window import refresh_window

ASIDES = ("show", "discard", "discard_eq")
"""Showing a Task card; discards are named so that they are refused in plain words (no discard "during
Trade", RB "Universal Actions")."""


def online(state: GamedecState) -> bool:
    return state.opts.online_trade


def over(state: GamedecState) -> None:
    """The trade is settled; a window it was made in asks again if the tester's modifier changed."""
    state.trade = None
    refresh_window(state)


def _offer(state: GamedecState, intents: list[Intent]) -> Offer:
    return [(i, _send_label(state, i)) for i in intents]


def _send_label(state: GamedecState, intent: Intent) -> str:
    if intent.kind == "cheat":
        return "Send nothing (cheat)"
    card = intent.get("card")
    return f"Send {item_label(state, str(card), True)}"[:80] if card else "Send the agreed goods"


# --- the exchange -------------------------------------------------------------------------------------


def agreed(state: GamedecState) -> list[Event]:
    """Both sides agreed: exchange at once, or first ask for the secret sending / the card to give."""
    t = state.trade
    assert t is not None
    active, partner = state.active, t.partner
    if online(state):
        senders = [active, partner]
        text, news = "Online trade: send the agreed goods, or cheat?", "both now secretly send their goods"
    else:
        senders = [s for s, item in ((active, t.give), (partner, t.get)) if item == "task"]
        text, news = "Trade agreed: choose the Task card you give.", "the Task card to give is being chosen"
        if not senders:
            return _exchange(state, t.give, t.get)
    t.stage = "send"
    RULES.secret(
        state,
        senders,
        "trade_send",
        text,
        {s: _offer(state, _sendings(state, s)) for s in senders},
        announce="{seat} has chosen what to send.",
        confirm="",
        pace="quick",
        asides=ASIDES[1:],
        public="The goods of the agreed trade are chosen in secret.",
        lone=[s for s in senders if empty_handed(state, s)],
    )
    return [public("trade", f"{partner} and {active} agree; {news}.")]


def empty_handed(state: GamedecState, seat: str) -> bool:
    """Whether ``seat`` holds no Task card. Then it can take none of a trade's asides (showing a Task card;
    discards are refused during a trade) and what it can answer is public (hand sizes, Credits and
    Equipment are), so a question with one answer is not asked."""
    return not state.players[seat].hand


def _sendings(state: GamedecState, seat: str) -> list[Intent]:
    t = state.trade
    assert t is not None
    mine = t.give if seat == state.active else t.get
    hand = state.players[seat].hand
    if not online(state):
        return [Intent.of("send", card=c) for c in hand]
    if mine == "none":
        return [Intent.of("send")]
    if mine == "task":
        return [Intent.of("send", card=c) for c in hand] + [Intent.of("cheat")]
    if _holds(state, seat, mine):
        return [Intent.of("send"), Intent.of("cheat")]
    return [Intent.of("cheat")]


def _holds(state: GamedecState, seat: str, item: str) -> bool:
    p = state.players[seat]
    if item in ("c1", "c2"):
        return state.credits.of(seat) >= int(item[1])
    return item in p.equipment or item in p.hand or item == "none"


def transfer(state: GamedecState, src: str, dst: str, item: str) -> None:
    a, b = state.players[src], state.players[dst]
    if item in ("c1", "c2"):
        n = int(item[1])
        state.credits.move(src, dst, n)
    elif item in a.equipment:
        a.equipment.remove(item)
        b.equipment.append(item)
    elif item in a.hand:
        a.hand.remove(item)
        b.hand.append(item)


def _exchange(state: GamedecState, give: str, got: str) -> list[Event]:
    t = state.trade
    assert t is not None
    active, partner = state.active, t.partner
    transfer(state, active, partner, give)
    transfer(state, partner, active, got)
    over(state)
    state.trade_done = True
    return [
        public(
            "trade",
            f"Trade done: {active} gives {item_label(state, give, False)}, {partner} gives "
            f"{item_label(state, got, False)}.",
        ),
        private(
            {active, partner},
            "trade_done",
            f"Trade: {active} gives {item_label(state, give, True)}, "
            f"{partner} gives {item_label(state, got, True)}.",
        ),
    ]


SENDS = "the goods of a trade"


def _send_refused(state: GamedecState, frame: Frame, seat: str, intent: Intent) -> str | None:
    return not_own_task(state, frame, seat, intent) if intent.kind == "send" else None


@RULES.revealed(
    "trade_send",
    takes=[Shape("send", (word("card", task_named, optional=True),), asks=SENDS), Shape("cheat", asks=SENDS)],
    refusal=_send_refused,
)
def _sent(state: GamedecState, choices: dict[str, Intent], payload: NoPayload) -> list[Event]:
    t = state.trade
    assert t is not None
    active, partner = state.active, t.partner
    if not online(state):
        give = choices[active].word("card") if active in choices else t.give
        got = choices[partner].word("card") if partner in choices else t.get
        return _exchange(state, give, got)
    events: list[Event] = []
    for s, other, item in ((active, partner, t.give), (partner, active, t.get)):
        answer = choices[s]
        if answer.kind == "cheat":
            events.append(public("trade_cheat", f"{R.name(state, s)} did not send the agreed goods."))
            events += R.change_rep(state, s, -1)
            continue
        card = answer.get("card")
        sent = card if isinstance(card, str) else item
        transfer(state, s, other, sent)
        events.append(public("trade", f"{s} sends {item_label(state, sent, False)}."))
        if sent in load_pack().tasks:
            events.append(private({s, other}, "trade_card", f"{s} sends {item_label(state, sent, True)}."))
    over(state)
    state.trade_done = True
    return events
