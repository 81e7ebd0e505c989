"""Contact Phase scenarios, each from the rulebook's own text."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent, NotYourTurn
from engine.infamy import GAME

from .helpers import SEATS3, SEATS4, act, auction_of, decision, keys, new, pass_all, to_select


def test_setup_three_and_four_players() -> None:
    """ "Place missions equal to the number of freelancers" ... "Each freelancer takes 1 Compound Token,
    1 Data Token, and 1 Weapon Token" ... "12 Bribe Tokens" ... "The Triggerman places 1 Watchdog Token"."""
    for seats in (SEATS3, SEATS4):
        s = new(seats, seed=3)
        assert len(s.available) == len(seats)
        assert len(s.missions) == 30 - len(seats)
        assert len(s.watchdogs) == 1 and 1 <= s.watchdogs[0] <= 6
        assert s.day and s.round == 1 and s.triggerman in seats
        for seat, p in s.players.items():
            assert [s.held(seat, r) for r in ("weapon", "data", "compound")] == [1, 1, 1]
            assert p.avail == 12 and p.spent == 0 and p.hand == [] and p.infamy == 0
        assert len(s.track) == 5 and len(s.contact_deck) == 8
        assert GAME.view(s, None)["supply"]["weapon"] == 18 - len(seats)
    with pytest.raises(IllegalIntent):
        GAME.setup(["a", "b"], 1)
    with pytest.raises(IllegalIntent):
        GAME.setup(["a", "b", "c", "d", "e"], 1)


def test_bids_cost_expenses_and_losers_take_back_bribes() -> None:
    """ "Spend a Bribe to initiate or increase a bid. This is called paying 'Expenses'." ... "All freelancers
    then take back any available losing Bribes ... (Expenses are not Recovered when a freelancer fails to win
    a
    Contact)" ... "The winning freelancer removes all but one of his winning Bribes on the Contact"."""
    s = auction_of(new(), ["hacker", "chemist", "cloner", "fixer", "thug"])
    s, _ = act(s, "ann", "bid:to=2")
    assert (s.players["ann"].avail, s.players["ann"].spent) == (9, 1)
    s, _ = act(s, "bo", "bid:to=3")
    s, _ = act(s, "cy", "pass")
    s, _ = act(s, "ann", "bid:to=4")  # a raise: another Expense, 2 more Bribes placed
    assert (s.players["ann"].avail, s.players["ann"].spent) == (6, 2)
    s, _ = act(s, "bo", "pass")
    s, _ = act(s, "cy", "pass")
    ann, bo = s.players["ann"], s.players["bo"]
    assert s.winners[0] == "ann" and s.triggerman == "ann"
    assert (ann.avail, ann.spent, ann.markers) == (6, 2 + 3, 1)
    assert (bo.avail, bo.spent, bo.markers) == (11, 1, 0)
    assert s.held("ann", "data") == 3  # the Hacker's reward, at once


def test_bid_range_is_bounded_by_available_bribes_including_expenses() -> None:
    """ "Only available Bribes may be used to bid" and "Every time you want to bid or increase your bid, you
    must first pay Expenses": with 5 available, the highest opening bid is 4."""
    s = auction_of(new(), ["hacker", "chemist", "cloner", "fixer", "thug"])
    s.players["ann"].avail, s.players["ann"].spent = 5, 7
    assert keys(s, "ann") == ["pass", "bid:to=1", "bid:to=2", "bid:to=3", "bid:to=4"]
    before = GAME.dump(s)
    with pytest.raises(IllegalIntent, match="highest possible bid is 4"):
        act(s, "ann", "bid:to=5")
    assert GAME.dump(s) == before
    with pytest.raises(NotYourTurn):
        act(s, "bo", "bid:to=1")


def test_high_bidder_cannot_raise_and_passers_may_reenter() -> None:
    """ "Anyone (including anyone who passed on the chance to bid the first time around), may either join the
    bidding or increase his existing bid." Bidding ends "until all freelancers pass in succession"."""
    s = auction_of(new(), ["hacker", "chemist", "cloner", "fixer", "thug"])
    s, _ = act(s, "ann", "pass")
    s, _ = act(s, "bo", "bid:to=1")
    s, _ = act(s, "cy", "pass")
    assert s.auction is not None and s.auction.to_act == "ann"  # the high bidder bo is skipped later
    s, _ = act(s, "ann", "bid:to=2")  # re-entry after passing
    assert s.auction.to_act == "bo"
    s, _ = act(s, "bo", "pass")
    assert s.auction.to_act == "cy"
    with pytest.raises(IllegalIntent):
        act(s, "cy", "bid:to=2")
    s, _ = act(s, "cy", "pass")
    assert s.winners[0] == "ann"


def test_all_pass_turns_the_contact_face_down() -> None:
    """ "If all freelancers pass on a Contact, flip it face down. No one may bid on this Contact again this
    Round." The Triggerman does not change."""
    s = auction_of(new(), ["hacker", "chemist", "cloner", "fixer", "thug"], triggerman="bo")
    s = pass_all(s)
    assert s.face_down[0] and s.winners[0] is None and s.triggerman == "bo"
    assert s.auction is not None and s.auction.pos == 1 and s.auction.to_act == "bo"


def test_favor_only_at_first_opportunity_and_never_on_the_fixer() -> None:
    """ "You may only use a Favor the first time you have the opportunity to bid on the Contact for which
    you're using it. You may not use a Favor to bribe the Fixer." ... "Playing a Favor automatically wins the
    Contact. He must return the Favor ... and places his spent Expenses on the Contact"."""
    s = auction_of(new(), ["fixer", "chemist", "cloner", "hacker", "thug"])
    s.tokens["favor"].gain("bo", 1)
    s, _ = act(s, "ann", "bid:to=1")
    assert "favor" not in keys(s, "bo")
    with pytest.raises(IllegalIntent, match="Fixer"):
        act(s, "bo", "favor")
    s, _ = act(s, "bo", "pass")
    s, _ = act(s, "cy", "pass")
    assert s.winners[0] == "ann"
    # Chemist: bo passes first, then may not use the Favor later.
    s, _ = act(s, "ann", "bid:to=1")
    assert "favor" in keys(s, "bo")
    s, _ = act(s, "bo", "pass")
    s, _ = act(s, "cy", "bid:to=2")
    s, _ = act(s, "ann", "pass")
    assert "favor" not in keys(s, "bo")
    with pytest.raises(IllegalIntent, match="first opportunity"):
        act(s, "bo", "favor")
    s, _ = act(s, "bo", "pass")
    assert s.winners[1] == "cy" and s.players["cy"].avail == 12 - 3
    # Cloner: cy (Triggerman) bids, bo uses the Favor at his first chance and wins outright.
    s, _ = act(s, "cy", "bid:to=3")
    s, _ = act(s, "ann", "pass")
    s, _ = act(s, "bo", "favor")
    bo, cy = s.players["bo"], s.players["cy"]
    assert s.winners[2] == "bo" and s.triggerman == "bo"
    assert s.held("bo", "favor") == 0 and bo.markers == 1 and bo.avail == 11 and s.held("bo", "henchman") == 1
    assert cy.avail == 12 - 3 - 1  # cy's 3 bribes come back; his Expense stays spent


def test_contact_order_then_clockwise_from_triggerman() -> None:
    """ "each freelancer will place his Pawn, starting with the winner of the Contact on the Contact 1 tab ...
    Those freelancers [without Contacts] will place after Contact Order is complete, clockwise starting with
    the Triggerman"."""
    s = auction_of(new(SEATS4), ["hacker", "chemist", "cloner", "arms_dealer", "thug"], triggerman="ann")
    s = pass_all(s)  # Hacker face down
    s, _ = act(s, "ann", "pass")
    s, _ = act(s, "bo", "pass")
    s, _ = act(s, "cy", "bid:to=1")
    s, _ = act(s, "di", "pass")
    s, _ = act(s, "ann", "pass")
    s, _ = act(s, "bo", "pass")  # cy wins the Chemist, becomes Triggerman
    s = to_select(s)
    assert s.order == ["cy", "di", "ann", "bo"]


def test_watchdog_move_skipped_first_round_then_mandatory() -> None:
    """ "Move a Watchdog. The current Triggerman must choose exactly 1 Watchdog Token that is in a sector and
    move it to a new sector of his choice. NOTE: This step is skipped on the first Round of the game.\""""
    s = new(seed=4)
    assert decision(s) is None
    from engine.core.playout import step
    from engine.infamy.agent import HeuristicAgent

    agent = HeuristicAgent(1)
    while s.round == 1:
        s, _, _ = step(GAME, s, GAME.prompts(s)[0].seat, agent)
    top = decision(s)
    assert top is not None and top.kind == "watchdog_move" and top.seat == s.triggerman
    legal = keys(s, s.triggerman)
    here = s.watchdogs[0]
    assert len(legal) == 5 and all(f"frm=s{here}" in k for k in legal) and f"to=s{here}" not in "".join(legal)
    s, _ = act(s, s.triggerman, legal[0])
    assert s.watchdogs != [here]


def test_expenses_across_a_turn_and_recovery_at_night_end() -> None:
    """ "Freelancers only Recover their Spent Bribes at the end of the Scheme Phase of each Night Round." ...
    "Retrieve Bribes. All freelancers retrieve any Bribes they have on Contacts, and place them in the Spent
    Bribe sections" ... "Recover Bribes. -NIGHT ONLY-"."""
    from engine.core import Intent

    s = auction_of(new(seed=9), ["hacker", "chemist", "cloner", "arms_dealer", "thug"])
    s, _ = act(s, "ann", "bid:to=2")
    s, _ = act(s, "bo", "pass")
    s, _ = act(s, "cy", "pass")
    assert (s.players["ann"].avail, s.players["ann"].spent, s.players["ann"].markers) == (9, 2, 1)
    while s.day:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    ann = s.players["ann"]
    assert ann.markers == 0 and ann.avail + ann.spent == 12 and ann.spent >= 3  # marker moved to Spent
    while not s.day:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    assert s.round == 3 and decision(s) is not None  # the Watchdog move opens Round 3
    for p in s.players.values():
        assert (p.avail, p.spent, p.markers) == (12, 0, 0)


def test_opener_favor_wins_before_anyone_else_acts() -> None:
    """ "Playing a Favor automatically wins the Contact." The Triggerman's opening turn is his first
    opportunity, so a Favor there ends the auction at once."""
    s = auction_of(new(), ["cloner", "chemist", "hacker", "fixer", "thug"], triggerman="cy")
    s.tokens["favor"].gain("cy", 1)
    assert "favor" in keys(s, "cy")
    s, events = act(s, "cy", "favor")
    cy = s.players["cy"]
    assert s.winners[0] == "cy" and (
        cy.avail,
        cy.markers,
        s.held("cy", "favor"),
        s.held("cy", "henchman"),
    ) == (11, 1, 0, 1)
    assert (
        s.tokens["favor"].supply == 6
        and s.auction is not None
        and s.auction.pos == 1
        and s.auction.to_act == "cy"
    )
    assert "with a Favor" in events[0].text


def test_several_contacts_one_placement() -> None:
    """ "Even if a freelancer has bribed multiple Contacts, he can only place one Pawn a Round"."""
    from .helpers import choose_sectors, win_current

    s = auction_of(new(), ["cloner", "chemist", "hacker", "arms_dealer", "thug"])
    s.watchdogs = [6]
    s = win_current(s, "bo")
    s = win_current(s, "bo")
    s = to_select(s)
    assert s.order[0] == "bo" and s.order.count("bo") == 1
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    s, _ = act(s, "bo", "place:pawn=own,zone=s3a")
    assert GAME.prompts(s)[0].seat != "bo"
