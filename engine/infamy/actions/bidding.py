"""The Contact Phase auction: bids and Favors (passing is in :mod:`.passing`), and winning a Contact."""

from __future__ import annotations

from engine.core import Event, Intent, next_seat
from engine.core.actions import Action
from engine.core.args import number

from .. import rules as R
from ..rules import RULES
from ..state import Auction, AuctionStep, Block, InfamyState, OrderStep


def current(state: InfamyState, seat: str) -> Auction | None:
    """The auction, when ``seat`` is the one to bid on it now."""
    a = state.auction
    return a if state.phase == "auction" and a is not None and a.to_act == seat else None


_BIDS: list[Intent] = [Intent.of("bid", to=0)]
"""``bid:to=N`` at index N, built once: intents are immutable, and building them was a fifth of a playout."""


def bid_intent(total: int) -> Intent:
    while len(_BIDS) <= total:
        _BIDS.append(Intent.of("bid", to=len(_BIDS)))
    return _BIDS[total]


def bid_range(state: InfamyState, seat: str) -> range:
    """The totals ``seat`` may bid now: above the highest bid, up to his own bid + available - 1
    (Expenses)."""
    a = current(state, seat)
    if a is None or seat == a.high:
        return range(0)
    high = a.bids.get(a.high, 0) if a.high else 0
    return range(high + 1, a.bids.get(seat, 0) + state.players[seat].avail)


def bid_options(state: InfamyState, seat: str) -> list[Intent]:
    return [bid_intent(total) for total in bid_range(state, seat)]


def favor_options(state: InfamyState, seat: str) -> list[Intent]:
    a = current(state, seat)
    if a is None:
        return []
    p = state.players[seat]
    contact = R.pack().contacts[state.track[a.pos]]
    if state.held(seat, "favor") > 0 and p.avail >= 1 and seat not in a.acted and contact.favor_allowed:
        return [R.intent("favor")]
    return []


def next_bidder(state: InfamyState, a: Auction) -> str:
    return next_seat(state.seats, a.to_act, skip=[a.high] if a.high else [])


def next_contact(state: InfamyState) -> None:
    assert state.auction is not None
    state.auction = Auction(pos=state.auction.pos + 1, to_act=state.triggerman)


def return_bids(state: InfamyState, winner: str) -> None:
    assert state.auction is not None
    for s, b in state.auction.bids.items():
        if s != winner:
            state.players[s].avail += b


def win_by_bids(state: InfamyState) -> list[Event]:
    a = state.auction
    assert a is not None and a.high is not None
    winner, bid = a.high, a.bids[a.high]
    return_bids(state, winner)
    p = state.players[winner]
    p.markers += 1
    p.spent += bid - 1
    return won(state, winner, f"with a bid of {bid}")


def won(state: InfamyState, winner: str, how: str) -> list[Event]:
    """The winner takes the reward at once (and orders it with the Rep benefits it triggers)."""
    a = state.auction
    assert a is not None
    pack = R.pack()
    cid = state.track[a.pos]
    contact = pack.contacts[cid]
    state.winners[a.pos] = winner
    state.triggerman = winner
    events = [
        R.say(
            state,
            f"{winner} wins the {contact.name} {how} and becomes the Triggerman.",
            "won",
            seat=winner,
            contact=cid,
        )
    ]
    blocks = [Block(id=cid, text=f"{contact.name}: {contact.text}", effects=list(contact.reward))]
    for f in contact.factions:
        blocks += [
            Block(id=b.id, text=f"{b.name}: {b.text}", effects=list(b.effects))
            for b in R.benefits_for(state, winner, "contact", f)
        ]
    next_contact(state)
    if len(blocks) > 1:
        state.now(OrderStep(seat=winner, blocks=blocks))
    else:
        R.queue_front(state, winner, blocks[0].effects, cid)
    return events


@RULES.action
class Bid(Action[InfamyState]):
    kind = "bid"
    summary = "Bid (1 Bribe of Expenses + Bribes on the Contact)"
    args = (number("to", optional=True),)
    """The total of one's Bribes on the Contact after the bid; a bid without it reads, and is refused with
    "A bid needs an amount"."""
    when = "Bids are made in the Contact Phase, by the freelancer whose turn it is to bid"

    def options(self, state: InfamyState, seat: str) -> list[Intent]:
        return bid_options(state, seat)

    def why_not(self, state: InfamyState, seat: str, intent: Intent) -> str | None:
        # The range answers without listing every bid (the check runs once per intent played).
        total = intent.get("to")
        if intent.args == (("to", total),) and isinstance(total, int) and total in bid_range(state, seat):
            return None
        return super().why_not(state, seat, intent)

    def refusal(self, state: InfamyState, seat: str, intent: Intent) -> str | None:
        """The reason only: the game adds what the seat can do instead (pass, a Favor, the bids it can
        make)."""
        a = current(state, seat)
        if a is None:
            return None
        p = state.players[seat]
        total = intent.get("to")
        if total is None:
            return "A bid needs an amount: the total of your Bribes on the Contact after the bid"
        high = a.bids.get(a.high, 0) if a.high else 0
        if seat == a.high:
            return "You are already the highest bidder: you cannot raise your own bid"
        own = a.bids.get(seat, 0)
        most = own + p.avail - 1
        counting = f" (counting your {own} already on it)" if own else ""
        if most <= high:
            # Whatever was asked, the least bid is out of reach: name the shortfall, not the minimum.
            need = high + 1 - own + 1
            return (
                f"You cannot afford to top {high}: the least bid, {high + 1}{counting}, needs "
                f"{R.plural(need, 'bribe')} available ({high + 1 - own} placed + 1 for Expenses) "
                "and you have "
                f"{p.avail}: {need - p.avail} short"
            )
        if isinstance(total, int) and total <= high:
            return f"A bid must beat the highest bid ({high}): bid at least {high + 1}"
        return (
            f"You have {R.plural(p.avail, 'bribe')} available; with 1 for Expenses your highest possible bid "
            f"is {most}{counting}"
        )

    def alternatives(self, state: InfamyState, intents: list[Intent]) -> list[str] | None:
        """The bids a refusal names instead, as a range ("bid 4 to 11"), not one label per amount."""
        totals = [i.num("to") for i in intents]
        return [f"bid {totals[0]}" if len(totals) == 1 else f"bid {min(totals)} to {max(totals)}"]

    def apply(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        state.now(AuctionStep())
        a = state.auction
        assert a is not None
        total = intent.num("to")
        p = state.players[seat]
        own = a.bids.get(seat, 0)
        R.spend(state, seat, 1)
        p.avail -= total - own
        a.bids[seat] = total
        a.expenses[seat] = a.expenses.get(seat, 0) + 1
        a.high = seat
        a.passes = 0
        if seat not in a.acted:
            a.acted.append(seat)
        name = R.pack().contacts[state.track[a.pos]].name
        events = [
            R.say(
                state,
                f"{seat} pays 1 Bribe of Expenses and bids {total} on the {name}.",
                "bid",
                seat=seat,
                total=total,
            )
        ]
        a.to_act = next_bidder(state, a)
        return events

    def label(self, state: InfamyState, intent: Intent) -> str:
        a = state.auction
        own = a.bids.get(a.to_act, 0) if a else 0
        total = intent.num("to")
        if own:
            return f"Raise to {total} (place {R.plural(total - own, 'bribe')} more + 1 for Expenses)"
        return f"Bid {total} (place {R.plural(total, 'bribe')} + 1 for Expenses)"


@RULES.action
class Favor(Action[InfamyState]):
    kind = "favor"
    args = ()
    when = "A Favor is used in the Contact Phase, at your first opportunity to bid on a Contact"

    def options(self, state: InfamyState, seat: str) -> list[Intent]:
        return favor_options(state, seat)

    def refusal(self, state: InfamyState, seat: str, intent: Intent) -> str | None:
        a = current(state, seat)
        if a is None:
            return None
        contact = R.pack().contacts[state.track[a.pos]]
        if not contact.favor_allowed:
            return f"A Favor cannot be used on the {contact.name}"
        if state.held(seat, "favor") == 0:
            return "You have no Favor"
        if seat in a.acted:
            return "A Favor can only be used at your first opportunity to bid on a Contact"
        return "Using a Favor needs 1 available Bribe for Expenses"

    def apply(self, state: InfamyState, seat: str, intent: Intent) -> list[Event]:
        RULES.end_turn(state)
        state.now(AuctionStep())
        a = state.auction
        assert a is not None
        p = state.players[seat]
        p.avail -= 1
        p.markers += 1  # the Expense marks the Contact
        a.expenses[seat] = a.expenses.get(seat, 0) + 1
        R.lose(state, seat, "favor", 1)
        return_bids(state, seat)
        return won(state, seat, "with a Favor")

    def label(self, state: InfamyState, intent: Intent) -> str:
        return "Use a Favor (+1 Expense): win outright"
