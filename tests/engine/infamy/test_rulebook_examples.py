"""Every worked example the Infamy rulebook prints, one test each, played through the engine.

The rulebook prints no "EXAMPLE" paragraph. Its worked cases are the passages that name a concrete case and
its result: two introduced by "for example" (3 Rep in Cartel; the Sector Chief), one by "e.g." (moving a
Watchdog), the NOTEs that walk through one case (the first Megacorp HQ visit and Stringer; 10 of the 13
Contacts a Turn; the Accomplice with the Smuggler), the two walk-throughs in words of the Contact Phase (an
auction from the first bid to the next Contact; a Favor), the two tiebreak cases stated with numbers (5r
against exactly 15i, 5r against more than 15i) and the Henchman count ("1 Infamy for every 2 Henchmen ...
rounding down fractions"). Each test quotes its passage and asserts what the rulebook says happens. The
house pack holds every record they need."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent, Intent
from engine.infamy import GAME
from engine.infamy.state import ACC_PAWN, InfamyState

from .helpers import act, answer, auction_of, choose_sectors, decision, keys, new, to_select, win_current

OTHER = ["hacker", "cloner", "arms_dealer", "fixer", "thug"]


def table(track: list[str], night: bool = False, watchdogs: tuple[int, ...] = (2,)) -> InfamyState:
    """Ann, Bo and Cy at the first Contact of ``track``, Ann the Triggerman."""
    s = new(seed=2)
    s.watchdogs = list(watchdogs)
    s.day = not night
    s.available = ["m27", "m11", "m21"]
    return auction_of(s, track)


def place_others_until(s: InfamyState, seat: str) -> InfamyState:
    """The freelancers before ``seat`` in Contact Order take their first offered placement."""
    while s.order[s.slot] != seat:
        other = s.order[s.slot]
        s, _ = act(s, other, keys(s, other)[0])
    return s


def play_round(s: InfamyState) -> InfamyState:
    """Every remaining bid and Scheme passed, every other question answered with its default, to the next
    Round."""
    start = (s.round, s.day)
    while s.result is None and (s.round, s.day) == start:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    return s


def benefits(s: InfamyState, seat: str) -> list[str]:
    player = GAME.view(s, None)["players"]
    return [b["name"] for p in player if p["seat"] == seat for b in p["benefits"] if b["faction"] == "cartel"]


def test_three_rep_in_cartel_has_the_enforcer_pusher_and_hood_benefits() -> None:
    """ "A freelancer with higher levels of Rep in a faction always has all of the benefits of the lower
    levels as well (for example, a freelancer with 3 Rep in Cartel has the Enforcer, Pusher, and Hood
    benefits)." Each of the three works for him: the Enforcer on a Cartel Contact, the Pusher on a Compound
    resupply, the Hood on an Underworld mission (their effects are house, their names and levels printed)."""
    s = table(["chemist", *OTHER])
    s.players["ann"].rep["cartel"] = 3
    assert benefits(s, "ann") == ["Enforcer", "Pusher", "Hood"]
    compound, weapon = s.held("ann", "compound"), s.held("ann", "weapon")
    s = win_current(s, "ann")  # the Chemist, a Cartel Contact: 2 Compound, and the Enforcer's Weapon
    while decision(s) is not None and decision(s).seat == "ann":  # type: ignore[union-attr]
        s = answer(s, keys(s, "ann")[0])
    assert (s.held("ann", "compound"), s.held("ann", "weapon")) == (compound + 2, weapon + 1)
    s = to_select(s)
    s = choose_sectors(s, {"ann": "sector:own=s6", "bo": "sector:own=s1", "cy": "sector:own=s4"})
    s = place_others_until(s, "ann")
    infamy = s.players["ann"].infamy
    s, _ = act(s, "ann", "place:pawn=own,zone=s6m,mission=m27")  # Underworld: 2i, and the Hood's 1i
    assert s.players["ann"].infamy == infamy + 2 + 1
    pusher = table(OTHER)
    pusher.players["bo"].rep["cartel"] = 3
    pusher = to_select(pusher)
    pusher = choose_sectors(pusher, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    pusher = place_others_until(pusher, "bo")
    compound = pusher.held("bo", "compound")
    pusher, _ = act(pusher, "bo", "place:pawn=own,zone=s3a")
    assert pusher.held("bo", "compound") == compound + 1 + 1
    assert benefits(new(seed=2), "ann") == []


def test_the_first_megacorp_hq_visit_triggers_the_stringer() -> None:
    """ "NOTE: Visiting the Megacorp HQ for the first time will trigger the Stringer effect and result in the
    Freelancer gaining a data." The HQ: "If the freelancer has zero Rep in the faction ... he gains 1 Rep
    (1r) in that faction. If he already has 1 or more Rep ... he draws 1 Scheme ... instead." A second visit
    gives a Scheme and no Data."""
    s = to_select(table(OTHER))
    s = choose_sectors(s, {"ann": "sector:own=s4", "bo": "sector:own=s1", "cy": "sector:own=s5"})
    s = place_others_until(s, "ann")
    data = s.held("ann", "data")
    s, _ = act(s, "ann", "place:pawn=own,zone=s4b")
    assert (s.players["ann"].rep["megacorp"], s.held("ann", "data")) == (1, data + 1)
    again = to_select(table(OTHER))
    again.players["ann"].rep["megacorp"] = 1
    again = choose_sectors(again, {"ann": "sector:own=s4", "bo": "sector:own=s1", "cy": "sector:own=s5"})
    again = place_others_until(again, "ann")
    data = again.held("ann", "data")
    again, _ = act(again, "ann", "place:pawn=own,zone=s4b")
    ann = again.players["ann"]
    assert (ann.rep["megacorp"], again.held("ann", "data"), len(ann.hand)) == (1, data, 1)
    assert ann.hand[0].startswith("mc"), "a Scheme from that faction's Scheme Deck"


def test_the_sector_chief_may_enter_a_watchdog_sector() -> None:
    """ "NOTE: Unless specifically instructed otherwise (by winning the Sector Chief, for example), a
    freelancer that attempts to place in a sector that contains a Watchdog fails to place and does nothing";
    the Sector Chief: "The freelancer who won the Sector Chief may place his Pawn ... on sectors containing
    Watchdogs during the Sector Phase of this Round." """
    s = table(["sector_chief", *OTHER[:4]])
    s = win_current(s, "ann")
    s = answer(s, "watchdog:to=s1")
    assert sorted(s.watchdogs) == [1, 2]
    s = to_select(s)
    assert "sector:own=s1" in keys(s, "ann") and "sector:own=s1" not in keys(s, "bo")
    with pytest.raises(IllegalIntent, match="Watchdog"):
        act(s, "bo", "sector:own=s1")
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    s = place_others_until(s, "ann")
    weapon = s.held("ann", "weapon")
    s, _ = act(s, "ann", "place:pawn=own,zone=s1a")
    assert s.pawns["s1a"] == "ann" and s.held("ann", "weapon") == weapon + 1


def test_moving_a_watchdog_moves_exactly_one_to_another_sector() -> None:
    """ "If a freelancer is instructed to move a Watchdog (e.g., at the beginning of the Contact Phase), he
    must only move one Watchdog to a different sector." With two Watchdogs out, at the start of the second
    Round the Triggerman moves one of them, to any other sector, and the other stays."""
    s = new(seed=4)
    s.watchdogs = [1, 6]
    s = play_round(s)
    top = decision(s)
    assert top is not None and top.kind == "watchdog_move" and top.seat == s.triggerman
    moves = keys(s, s.triggerman)
    assert sorted(moves) == sorted(
        [f"watchdog:frm=s1,to=s{n}" for n in range(2, 7)] + [f"watchdog:frm=s6,to=s{n}" for n in range(1, 6)]
    )
    s, _ = act(s, s.triggerman, "watchdog:frm=s6,to=s3")
    assert sorted(s.watchdogs) == [1, 3]


def test_ten_of_the_thirteen_contacts_each_turn() -> None:
    """ "NOTE: This means freelancers will be bidding on 10 out of the 13 Contacts each Turn (5 during the
    Day, and 5 at Night), and will have the opportunity to bid on all 10 before recovering their bribes at
    the end of the Turn." """
    s = new(seed=3)
    day = list(s.track)
    assert len(day) == 5 and len(s.contact_deck) == 8
    s, _ = act(s, s.triggerman, "bid:to=3")  # 1 Expense and 3 on the Contact
    s = play_round(s)
    night = list(s.track)
    assert not s.day and len(night) == 5 and not set(day) & set(night) and len(s.contact_deck) == 3
    spent = {seat: p.spent for seat, p in s.players.items()}
    assert max(spent.values()) >= 4, "the Day's Bribes stay spent through the Night"
    s = play_round(s)
    assert s.day and all(p.avail == 12 and p.spent == 0 for p in s.players.values())
    assert len(s.track) == 5 and len(s.contact_deck) == 8, "the next Turn shuffles all 13 again"


@pytest.mark.parametrize("night", [False, True])
def test_the_accomplice_with_the_smuggler(night: bool) -> None:
    """ "NOTE: If a freelancer wins both the Accomplice and the Smuggler, he may also choose not to place his
    Accomplice Pawn during the Day in order to get the Smuggler ability twice. At Night, the Accomplice's
    resupply action is also doubled if the Smuggler was also won by that freelancer." Smuggler: "If it is
    Day, the freelancer may choose to not place his Pawn during the Sector Phase to gain 1 resource and draws
    1 scheme ... If it is Night, the freelancer duplicates any resupply action he takes this Round." """
    s = table(["smuggler", "accomplice", *OTHER[:3]], night=night)
    s = win_current(win_current(s, "ann"), "ann")
    s = to_select(s)
    s = choose_sectors(
        s, {"ann": "sector:own=s1;sector:acc=s5", "bo": "sector:own=s3", "cy": "sector:own=s4"}
    )
    weapon, data = s.held("ann", "weapon"), s.held("ann", "data")
    if night:
        s, _ = act(s, "ann", "place:pawn=own,zone=s1a")
        s, _ = act(s, "ann", "place:pawn=acc,zone=s5a")
        assert s.held("ann", "weapon") == weapon + 2 + 2
        return
    for pawn in ("own", "acc"):
        assert f"smuggle:pawn={pawn}" in keys(s, "ann")
        s, _ = act(s, "ann", f"smuggle:pawn={pawn}")
        s = answer(s, "resource:type=data")
        s = answer(s, "deck:faction=militia")
    ann = s.players["ann"]
    assert (s.held("ann", "data"), len(ann.hand)) == (data + 2, 2), "the Smuggler ability twice"
    assert s.placed == {**s.placed, "ann": "smuggled", ACC_PAWN: "smuggled"}, "neither Pawn is placed"


def test_an_auction_from_the_first_bid_to_the_next_contact() -> None:
    """Bribing: "The freelancer then places any number of available Bribes on the Contact to indicate his
    bid. Once he has bid, each freelancer in clockwise order has the opportunity to exceed the current
    highest bid ... In order to increase his bid, a freelancer must pay Expenses again ... Bidding continues
    in this manner until all freelancers pass in succession. All freelancers then take back any available
    losing Bribes ... (Expenses are not Recovered ...). The winning freelancer removes all but one of his
    winning Bribes on the Contact, turning it over to indicate that it has been spent ... Once a Contact has
    been won, the winning freelancer resolves all Contact Rewards. The winner also receives the Triggerman
    Marker. The Triggerman then begins bidding on the next Contact ... If all freelancers pass on a Contact,
    flip it face down." """
    s = auction_of(new(), ["hacker", "chemist", "cloner", "fixer", "thug"], triggerman="bo")
    s, _ = act(s, "bo", "bid:to=2")  # Expenses 1, then 2 Bribes on the Contact
    assert (s.players["bo"].avail, s.players["bo"].spent) == (12 - 1 - 2, 1)
    s, _ = act(s, "cy", "bid:to=3")
    s, _ = act(s, "ann", "pass")
    s, _ = act(s, "bo", "bid:to=4")  # Expenses again, and 2 more Bribes
    s, _ = act(s, "cy", "pass")
    s, _ = act(s, "ann", "pass")
    bo, cy = s.players["bo"], s.players["cy"]
    assert s.winners[0] == "bo" and s.triggerman == "bo"
    assert (bo.avail, bo.spent, bo.markers) == (12 - 2 - 4, 2 + 3, 1), "all but one spent, one marks the win"
    assert (cy.avail, cy.spent) == (12 - 1, 1), "losing Bribes back, Expenses stay spent"
    assert s.held("bo", "data") == 1 + 2, "the Hacker's reward, resolved at once"
    assert s.auction is not None and (s.auction.pos, s.auction.to_act) == (1, "bo")
    for seat in ("bo", "cy", "ann"):
        s, _ = act(s, seat, "pass")
    assert s.face_down[1] and s.winners[1] is None and s.auction.pos == 2


def test_a_favor_wins_the_contact() -> None:
    """Favors: "To use a Favor, a freelancer pays Expenses when their turn to bid comes up and then uses a
    Favor instead of placing a bid. Playing a Favor automatically wins the Contact. He must return the Favor
    to the General Supply and places his spent Expenses on the Contact to mark the player who won the
    Contact. As usual, all losing freelancers get their available Bribes back as well." """
    s = auction_of(new(), ["cloner", "chemist", "hacker", "fixer", "thug"], triggerman="ann")
    s.tokens["favor"].gain("bo", 1)
    s, _ = act(s, "ann", "bid:to=3")
    assert "favor" in keys(s, "bo")
    s, _ = act(s, "bo", "favor")
    ann, bo = s.players["ann"], s.players["bo"]
    assert s.winners[0] == "bo" and s.triggerman == "bo"
    assert (bo.avail, bo.markers, s.held("bo", "favor"), s.held("bo", "henchman")) == (11, 1, 0, 1)
    assert s.tokens["favor"].supply == 6, "the Favor goes back to the General Supply"
    assert (ann.avail, ann.spent) == (11, 1), "her 3 Bribes back, the Expense spent"


def ends_with(s: InfamyState) -> tuple[tuple[str, ...], str]:
    while s.result is None:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    return s.result.winners, s.result.reason


def test_five_rep_beats_exactly_fifteen_infamy() -> None:
    """ "3. If one freelancer achieves 5r and other freelancers achieved 15i exactly, the freelancer who
    achieved 5r wins." """
    s = new(seed=5)
    s.players["ann"].infamy = 15
    s.players["bo"].rep["megacorp"] = 5
    winners, reason = ends_with(s)
    assert winners == ("bo",) and "Rep" in reason


def test_more_than_fifteen_infamy_beats_five_rep() -> None:
    """ "4. If one freelancer achieves 5r and other freelancers achieved more than 15i, the freelancer with
    more than 15i wins." """
    s = new(seed=5)
    s.players["ann"].infamy = 16
    s.players["bo"].rep["megacorp"] = 5
    winners, reason = ends_with(s)
    assert winners == ("ann",) and "Infamy" in reason


@pytest.mark.parametrize(("night", "gained"), [(False, 0), (True, 2)])
def test_one_infamy_for_every_two_henchmen(night: bool, gained: int) -> None:
    """ "At the end of every Turn, freelancers gain 1i for every 2 henchmen they control"; "2. Gain Henchman
    Infamy. -NIGHT ONLY- Freelancers ... gain 1 Infamy for every 2 Henchmen they currently have (rounding
    down fractions)." Five Henchmen: 2i at Night, nothing by Day."""
    s = table(OTHER, night=night)
    s.tokens["henchman"].held["cy"] = 5
    s = to_select(s)
    s = choose_sectors(s, {"ann": "sector:own=s3", "bo": "sector:own=s4", "cy": "sector:own=s1"})
    before = s.players["cy"].infamy
    s = play_round(s)
    assert s.players["cy"].infamy - before == gained
