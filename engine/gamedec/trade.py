"""Trading between detectives, as finite steps that fit a chat.

RB "Trading with Other Players": "Trade may be proposed by any player, but the player currently playing his
turn must always take part in it ... There is a limit of one transaction per player's turn" and "after
becoming acquainted with all offers, the player currently playing his turn may choose one of them".

Two ways in, both from the active detective's prompt (his turn, or his own pre-roll window, FAQ "Can one
trade while performing a Task? Yes, but only before the dice roll"):
- ``trade:to=X``: the active detective builds one offer in two steps (what he gives, what he asks for) and
  X accepts or declines;
- ``trade_call``: every other detective still playing may build an offer to him in the same two steps (or
  make none); the offers are public, and the active detective takes one of them or declines them all.
With the Online Trade option, both sides then secretly choose whether to really send their part (a
SecretChoice revealed together); goods need not be held when promised; whoever did not send loses 1
Reputation. Without it, a "Task card of the giver's choice" is picked by its giver after the agreement.
"""

from __future__ import annotations

from engine.core import Event, Intent, Prompt, SecretChoice, private, public

from . import rules as R
from .pack import load_pack
from .state import GamedecState, TradeState

MAX_PROPOSALS = 2
"""House limit: at most two proposals or calls for offers per turn (so a turn cannot stall on offers)."""


def _label(state: GamedecState, item: str, owner_view: bool) -> str:
    pack = load_pack()
    if item == "none":
        return "nothing"
    if item in ("c1", "c2"):
        return f"{item[1]} Credit{'s' if item == 'c2' else ''}"
    if item == "task":
        return "a Task card (giver's choice)"
    if item in pack.equipment:
        return pack.equipment[item].name
    if item in pack.tasks:
        return f"the Task card {pack.tasks[item].name}" if owner_view else "a Task card"
    return item


def _online(state: GamedecState) -> bool:
    return bool(state.options.get("online_trade"))


def can_trade(state: GamedecState, seat: str) -> bool:
    return (seat == state.active and not state.trade_done and state.trade_proposals < MAX_PROPOSALS
            and any(o != seat and not state.players[o].finished for o in state.seats))


def turn_intents(state: GamedecState, seat: str) -> list[Intent]:
    """The active detective's ways to start a trade."""
    if not can_trade(state, seat):
        return []
    others = [o for o in state.seats if o != seat and not state.players[o].finished]
    return [Intent.of("trade_call")] + [Intent.of("trade", to=o) for o in others]


def gives(state: GamedecState, seat: str) -> list[str]:
    """What ``seat`` may put on the table (Online Trade: Credits and a Task card need not be held)."""
    p = state.players[seat]
    online = _online(state)
    out = ["none"] + [f"c{n}" for n in (1, 2) if p.credits >= n or online]
    out += list(p.equipment) + list(p.hand)
    if online:
        out.append("task")
    return out


def asks(state: GamedecState, seat: str, other: str, gave: str) -> list[str]:
    """What ``seat`` may ask of ``other`` (whose Credits and Equipment are public)."""
    q = state.players[other]
    online = _online(state)
    out = [] if gave == "none" else ["none"]
    out += [f"c{n}" for n in (1, 2) if q.credits >= n or online]
    out += list(q.equipment)
    if q.hand or online:
        out.append("task")
    return out


def step_ref(state: GamedecState, kind: str) -> str:
    """The ref of a decision only its seat answers: the number of intents applied so far names it, and the
    next decision of that seat (even another action of the same turn) has a higher number."""
    return f"s{state.step}:{kind.replace('_', '-')}"[:16]


def _trade_ref(state: GamedecState, stage: str) -> str:
    """A trade's decisions: the turn (Round and the active seat's place), which proposal of that turn, and
    its stage, so several seats answering a call for offers keep their refs while the others answer."""
    turn = f"{state.round}-{state.seats.index(state.active) if state.active in state.seats else 0}"
    return f"{turn}t{state.trade_proposals}:{stage}"[:16]


class TradeRules:
    @staticmethod
    def open(state: GamedecState, seat: str, partner: str) -> list[Event]:
        state.trade_proposals += 1
        state.trade = TradeState(partner=partner)
        return [public("trade", f"{seat} prepares a trade offer for {partner}.")]

    @staticmethod
    def call(state: GamedecState, seat: str) -> list[Event]:
        state.trade_proposals += 1
        others = [o for o in state.seats if o != seat and not state.players[o].finished]
        state.trade = TradeState(stage="offers", offers={o: ["", ""] for o in others})
        return [public("trade", f"{seat} asks for trade offers: {', '.join(others)} may each make one.")]

    @staticmethod
    def prompts(state: GamedecState) -> list[Prompt]:
        t = state.trade
        assert t is not None
        if t.stage == "give":
            return [Prompt(state.active, "trade_give", f"Trade with {t.partner}: what do you give?",
                           Intent.of("cancel"), pace="quick", ref=_trade_ref(state, "give"))]
        if t.stage == "get":
            return [Prompt(state.active, "trade_get", f"Trade with {t.partner}: what do you ask for?",
                           Intent.of("cancel"), pace="quick", ref=_trade_ref(state, "get"))]
        if t.stage == "answer":
            offer = (f"{state.active} offers {_label(state, t.give, False)} for {_label(state, t.get, False)}.")
            return [Prompt(t.partner, "trade_answer", offer + " Accept?", Intent.of("decline"), pace="quick",
                           ref=_trade_ref(state, "answer"))]
        if t.stage == "offers":
            out = []
            for s, (g, _) in t.offers.items():
                if s in t.passed or _ready(t, s):
                    continue
                text = (f"{state.active} asks for trade offers: what do you give? (or make no offer)" if not g
                        else f"Your offer to {state.active}: what do you ask for in return?")
                out.append(Prompt(s, "trade_offer", text, Intent.of("cancel"), pace="quick",
                                  ref=_trade_ref(state, "o2" if g else "o1")))
            return out
        if t.stage == "choose":
            return [Prompt(state.active, "trade_choose", "Trade offers: take one of them, or decline them all.",
                           Intent.of("decline"), pace="quick", ref=_trade_ref(state, "choose"))]
        assert t.sending is not None
        text = ("Online trade: send the agreed goods, or cheat?" if _online(state)
                else "Trade agreed: choose the Task card you give.")
        return [Prompt(s, "trade_send", text, TradeRules.legal(state, s)[0], simultaneous=True, pace="quick",
                       ref=_trade_ref(state, "send"))
                for s in t.sending.waiting()]

    @staticmethod
    def legal(state: GamedecState, seat: str) -> list[Intent]:
        t = state.trade
        assert t is not None
        online = _online(state)
        if t.stage == "give":
            if seat != state.active:
                return []
            return ([Intent.of("cancel")] + [Intent.of("give", what=w) for w in gives(state, seat)]
                    + _shows(state, seat))
        if t.stage == "get":
            if seat != state.active:
                return []
            return ([Intent.of("cancel")] + [Intent.of("get", what=w) for w in asks(state, seat, t.partner, t.give)]
                    + _shows(state, seat))
        if t.stage == "answer":
            if seat != t.partner:
                return []
            partner = state.players[t.partner]
            out = [Intent.of("decline")]
            if t.get == "task" and not online:
                out += [Intent.of("accept", card=c) for c in partner.hand]
            else:
                out.append(Intent.of("accept"))
            return out + _shows(state, seat)
        if t.stage == "offers":
            if seat not in t.offers or seat in t.passed or _ready(t, seat):
                return []
            g = t.offers[seat][0]
            if not g:
                out = [Intent.of("cancel")] + [Intent.of("give", what=w) for w in gives(state, seat)]
            else:
                out = [Intent.of("cancel")] + [Intent.of("get", what=w) for w in asks(state, seat, state.active, g)]
            return out + _shows(state, seat)
        if t.stage == "choose":
            if seat != state.active:
                return []
            out = [Intent.of("decline")]
            me = state.players[seat]
            for s, (_g, a) in t.offers.items():
                if not _ready(t, s):
                    continue
                if a == "task" and not online:
                    out += [Intent.of("take", src=s, card=c) for c in me.hand]
                else:
                    out.append(Intent.of("take", src=s))
            return out
        assert t.sending is not None
        if seat not in t.sending.waiting():
            return []
        mine = t.give if seat == state.active else t.get
        holder = state.players[seat]
        if not online:
            return [Intent.of("send", card=c) for c in holder.hand]
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
    def _agreed(state: GamedecState) -> list[Event]:
        """Both sides agreed: exchange at once, or first ask for the secret sending / the card to give."""
        t = state.trade
        assert t is not None
        active, partner = state.active, t.partner
        if _online(state):
            t.stage = "send"
            t.sending = SecretChoice(kind="trade_send", seats=[active, partner], allow_change=False)
            return [public("trade", f"{partner} and {active} agree; both now secretly send their goods.")]
        pickers = [s for s, item in ((active, t.give), (partner, t.get)) if item == "task"]
        if pickers:
            t.stage = "send"
            t.sending = SecretChoice(kind="trade_send", seats=pickers, allow_change=False)
            return [public("trade", f"{partner} and {active} agree; the Task card to give is being chosen.")]
        return TradeRules._exchange(state, t.give, t.get)

    @staticmethod
    def _exchange(state: GamedecState, give: str, got: str) -> list[Event]:
        t = state.trade
        assert t is not None
        active, partner = state.active, t.partner
        TradeRules._transfer(state, active, partner, give)
        TradeRules._transfer(state, partner, active, got)
        state.trade = None
        state.trade_done = True
        return [public("trade", f"Trade done: {active} gives {_label(state, give, False)}, {partner} gives "
                                f"{_label(state, got, False)}."),
                private({active, partner}, "trade_done", f"Trade: {active} gives {_label(state, give, True)}, "
                                                         f"{partner} gives {_label(state, got, True)}.")]

    @staticmethod
    def apply(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        t = state.trade
        assert t is not None
        active = state.active
        kind = intent.kind
        if kind == "show":
            shown = intent.word("card")
            t.shown.append(f"{seat}:{shown}")
            to = _show_audience(state, seat)
            task = load_pack().tasks[shown]
            detail = (f"{task.name} ({task.world.replace('_', ' ')}, DL {task.dl}, {'/'.join(task.skills)}; "
                      f"success {'+'.join(task.success)}, failure {task.failure})")
            return [public("show", f"{seat} shows a Task card to {', '.join(sorted(to - {seat}))}."),
                    private(to, "shown", f"{seat} shows: {detail}.")]
        if t.stage == "offers":
            return TradeRules._offer_step(state, seat, intent)
        partner = t.partner
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
            if t.stage == "choose":
                return [public("trade", f"{active} declines every offer.")]
            return [public("trade", f"{partner} declines the trade.")]
        if kind == "accept":
            card = intent.get("card")
            if isinstance(card, str):
                t.get = card
            return [public("trade", f"{partner} accepts.")] + TradeRules._agreed(state)
        if kind == "take":
            src = intent.word("src")
            offered, asked = t.offers[src]
            t.partner, t.give, t.get = src, asked, offered
            card = intent.get("card")
            if isinstance(card, str):
                t.give = card
            return [public("trade", f"{active} takes {src}'s offer.")] + TradeRules._agreed(state)
        # send / cheat: Online Trade, or the giver picking "a Task card of his choice"
        assert t.sending is not None
        t.sending.commit(seat, intent.key())
        events: list[Event] = [public("trade", f"{seat} has chosen what to send.")]
        if not t.sending.complete:
            return events
        answers = {s: Intent.parse(k) for s, k in t.sending.reveal().items()}
        if not _online(state):
            give = answers[active].word("card") if active in answers else t.give
            got = answers[partner].word("card") if partner in answers else t.get
            return events + TradeRules._exchange(state, give, got)
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
            if sent in load_pack().tasks:
                events.append(private({s, other}, "trade_card", f"{s} sends {_label(state, sent, True)}."))
        state.trade = None
        state.trade_done = True
        return events

    @staticmethod
    def _offer_step(state: GamedecState, seat: str, intent: Intent) -> list[Event]:
        t = state.trade
        assert t is not None
        events: list[Event] = []
        if intent.kind == "cancel":
            t.passed.append(seat)
            events.append(public("trade", f"{seat} makes no offer."))
        elif intent.kind == "give":
            t.offers[seat][0] = intent.word("what")
        else:
            t.offers[seat][1] = intent.word("what")
            g, a = t.offers[seat]
            events += [public("trade", f"{seat} offers {state.active} {_label(state, g, False)} for "
                                       f"{_label(state, a, False)}."),
                       private({seat, state.active}, "trade_offer", f"{seat} offers {_label(state, g, True)} "
                                                                   f"for {_label(state, a, True)}.")]
        if all(s in t.passed or _ready(t, s) for s in t.offers):
            if any(_ready(t, s) for s in t.offers):
                t.stage = "choose"
            else:
                state.trade = None
                events.append(public("trade", "Nobody made a trade offer."))
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
        if k == "take":
            src = str(intent.get("src"))
            t = state.trade
            card = intent.get("card")
            if t is not None and src in t.offers:
                g, a = t.offers[src]
                paid = _label(state, str(card), True) if card else _label(state, a, True)
                return f"Take {src}'s offer: {_label(state, g, True)} for {paid}"[:80]
            return f"Take {src}'s offer"
        if k == "send":
            card = intent.get("card")
            return f"Send {_label(state, str(card), True)}"[:80] if card else "Send the agreed goods"
        if k == "cheat":
            return "Send nothing (cheat)"
        if k == "show":
            card = str(intent.get("card"))
            pack = load_pack()
            name = pack.tasks[card].name if card in pack.tasks else card
            seat = _shower(state)
            if seat:
                to = ", ".join(sorted(_show_audience(state, seat) - {seat}))
            else:
                to = state.active or "the other trader"
            return f"Show your Task card {name} to {to}"[:80]
        return intent.key()


def _show_audience(state: GamedecState, seat: str) -> set[str]:
    """Who sees a shown card: the other side of the trade (RB: "one may show one's Task cards to the other
    players for this purpose"), and the shower."""
    t = state.trade
    assert t is not None
    if seat == state.active:
        others = {t.partner} if t.partner else {s for s in t.offers if s not in t.passed}
    else:
        others = {state.active}
    return others | {seat}


def _shower(state: GamedecState) -> str:
    """The seat a show intent is being described for (the one asked in this trade stage)."""
    t = state.trade
    if t is None:
        return ""
    if t.stage in ("give", "get"):
        return state.active
    if t.stage == "answer":
        return t.partner
    return ""


def _shows(state: GamedecState, seat: str) -> list[Intent]:
    """Task cards ``seat`` may show to the other side of this trade (each card once)."""
    t = state.trade
    assert t is not None
    return [Intent.of("show", card=c) for c in state.players[seat].hand if f"{seat}:{c}" not in t.shown]


def _ready(t: TradeState, seat: str) -> bool:
    g, a = t.offers.get(seat, ["", ""])
    return bool(g) and bool(a)
