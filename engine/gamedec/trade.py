"""Trading between detectives: the active detective proposes one concrete offer at a time.

RB "Trading with Other Players": "the player currently playing his turn must always take part in it";
"There is a limit of one transaction per player's turn". An offer is built in two small steps (what the
active detective gives, what he asks for), then the partner accepts or declines. With the Online Trade
option, both sides then secretly choose whether to really send their part (a SecretChoice revealed
together); whoever did not send loses 1 Reputation.
"""

from __future__ import annotations

from engine.core import Event, Intent, Prompt, SecretChoice, private, public

from . import rules as R
from .pack import load_pack
from .state import GamedecState, TradeState

MAX_PROPOSALS = 2
"""House limit: at most two proposals per turn (so a turn cannot stall on endless offers)."""


def _label(state: GamedecState, item: str, owner_view: bool) -> str:
    pack = load_pack()
    if item == "none":
        return "nothing"
    if item in ("c1", "c2"):
        return f"{item[1]} Credit{'s' if item == 'c2' else ''}"
    if item == "task":
        return "a Task card of the partner's choice"
    if item in pack.equipment:
        return pack.equipment[item].name
    if item in pack.tasks:
        return f"the Task card {pack.tasks[item].name}" if owner_view else "a Task card"
    return item


class TradeRules:
    @staticmethod
    def open(state: GamedecState, seat: str, partner: str) -> list[Event]:
        state.trade_proposals += 1
        state.trade = TradeState(partner=partner)
        return [public("trade", f"{seat} prepares a trade offer for {partner}.")]

    @staticmethod
    def prompts(state: GamedecState) -> list[Prompt]:
        t = state.trade
        assert t is not None
        if t.stage == "give":
            return [Prompt(state.active, "trade_give", f"Trade with {t.partner}: what do you give?",
                           Intent.of("cancel"), pace="quick")]
        if t.stage == "get":
            return [Prompt(state.active, "trade_get", f"Trade with {t.partner}: what do you ask for?",
                           Intent.of("cancel"), pace="quick")]
        if t.stage == "answer":
            offer = (f"{state.active} offers {_label(state, t.give, False)} for {_label(state, t.get, False)}.")
            return [Prompt(t.partner, "trade_answer", offer + " Accept?", Intent.of("decline"), pace="quick")]
        assert t.sending is not None
        return [Prompt(s, "trade_send", "Online trade: send the agreed goods, or cheat?",
                       TradeRules.legal(state, s)[0], simultaneous=True, pace="quick")
                for s in t.sending.waiting()]

    @staticmethod
    def legal(state: GamedecState, seat: str) -> list[Intent]:
        t = state.trade
        assert t is not None
        me, partner = state.players[state.active], state.players[t.partner]
        online = bool(state.options.get("online_trade"))
        if t.stage == "give":
            if seat != state.active:
                return []
            out = [Intent.of("cancel"), Intent.of("give", what="none")]
            out += [Intent.of("give", what=f"c{n}") for n in (1, 2) if me.credits >= n or online]
            out += [Intent.of("give", what=e) for e in me.equipment]
            out += [Intent.of("give", what=c) for c in me.hand]
            return out
        if t.stage == "get":
            if seat != state.active:
                return []
            out = [Intent.of("cancel")]
            if t.give != "none":
                out.append(Intent.of("get", what="none"))
            out += [Intent.of("get", what=f"c{n}") for n in (1, 2) if partner.credits >= n or online]
            out += [Intent.of("get", what=e) for e in partner.equipment]
            if partner.hand or online:
                out.append(Intent.of("get", what="task"))
            return out
        if t.stage == "answer":
            if seat != t.partner:
                return []
            out = [Intent.of("decline")]
            if t.get == "task" and not online:
                out += [Intent.of("accept", card=c) for c in partner.hand]
            else:
                out.append(Intent.of("accept"))
            return out
        assert t.sending is not None
        if seat not in t.sending.waiting():
            return []
        mine = t.give if seat == state.active else t.get
        holder = state.players[seat]
        if mine == "none":
            return [Intent.of("send")]
        if mine == "task":
            return [Intent.of("send", card=c) for c in holder.hand] + [Intent.of("cheat")]
        if TradeRules._holds(state, seat, mine):
            return [Intent.of("send"), Intent.of("cheat")]
        return [Intent.of("cheat")]

    @staticmethod
    def _holds(state: GamedecState, seat: str, item: str) -> bool:
        p = state.players[seat]
        if item in ("c1", "c2"):
            return p.credits >= int(item[1])
        return item in p.equipment or item in p.hand or item == "none"

    @staticmethod
    def _transfer(state: GamedecState, src: str, dst: str, item: str) -> None:
        a, b = state.players[src], state.players[dst]
        if item in ("c1", "c2"):
            n = int(item[1])
            a.credits -= n
            b.credits += n
        elif item in a.equipment:
            a.equipment.remove(item)
            b.equipment.append(item)
        elif item in a.hand:
            a.hand.remove(item)
            b.hand.append(item)

    @staticmethod
    def apply(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        t = state.trade
        assert t is not None
        active, partner = state.active, t.partner
        kind = intent.kind
        if kind == "cancel":
            state.trade = None
            return [public("trade", f"{active} withdraws the trade offer.")]
        if kind == "give":
            t.give = intent.word("what")
            t.stage = "get"
            return []
        if kind == "get":
            t.get = intent.word("what")
            t.stage = "answer"
            parties = {active, partner}
            return [public("trade", f"{active} offers {partner} {_label(state, t.give, False)} for "
                                    f"{_label(state, t.get, False)}."),
                    private(parties, "trade_offer", f"Offer: {_label(state, t.give, True)} for "
                                                    f"{_label(state, t.get, True)}.")]
        if kind == "decline":
            state.trade = None
            return [public("trade", f"{partner} declines the trade.")]
        if kind == "accept":
            if state.options.get("online_trade"):
                t.stage = "send"
                t.sending = SecretChoice(kind="trade_send", seats=[active, partner], allow_change=False)
                return [public("trade", f"{partner} accepts; both now secretly send their goods.")]
            card = intent.get("card")
            got = card if isinstance(card, str) else t.get
            TradeRules._transfer(state, active, partner, t.give)
            TradeRules._transfer(state, partner, active, got)
            state.trade = None
            state.trade_done = True
            return [public("trade", f"Trade done: {active} gives {_label(state, t.give, False)}, {partner} gives "
                                    f"{_label(state, got, False)}."),
                    private({active, partner}, "trade_done", f"Trade: {_label(state, t.give, True)} for "
                                                             f"{_label(state, got, True)}.")]
        # send / cheat (Online Trade)
        assert t.sending is not None
        t.sending.commit(seat, intent.key())
        events: list[Event] = [public("trade", f"{seat} has sent (or not).")]
        if not t.sending.complete:
            return events
        answers = {s: Intent.parse(k) for s, k in t.sending.reveal().items()}
        for s, other, item in ((active, partner, t.give), (partner, active, t.get)):
            ans = answers[s]
            if ans.kind == "cheat":
                events.append(public("trade_cheat", f"{R.name(state, s)} did not send the agreed goods."))
                events += R.change_rep(state, s, -1)
                continue
            card = ans.get("card")
            sent = card if isinstance(card, str) else item
            TradeRules._transfer(state, s, other, sent)
            events.append(public("trade", f"{s} sends {_label(state, sent, False)}."))
        state.trade = None
        state.trade_done = True
        return events

    @staticmethod
    def describe(state: GamedecState, intent: Intent) -> str:
        k = intent.kind
        what = intent.get("what")
        if k == "give":
            return f"Give {_label(state, str(what), True)}"[:80]
        if k == "get":
            return f"Ask for {_label(state, str(what), True)}"[:80]
        if k == "accept":
            card = intent.get("card")
            return f"Accept, giving {_label(state, str(card), True)}"[:80] if card else "Accept the trade"
        if k == "send":
            card = intent.get("card")
            return f"Send {_label(state, str(card), True)}"[:80] if card else "Send the agreed goods"
        if k == "cheat":
            return "Send nothing (cheat)"
        return intent.key()
