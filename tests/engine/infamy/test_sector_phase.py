"""Sector Phase and Contact rewards, each from the rulebook's own text."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent
from engine.infamy import GAME
from engine.infamy.state import ACC_PAWN

from .helpers import (
    SEATS4,
    act,
    answer,
    auction_of,
    choose_sectors,
    decision,
    keys,
    new,
    pass_all,
    texts,
    to_select,
    win_current,
)

OTHER = ["hacker", "chemist", "cloner", "arms_dealer", "fixer"]


def setup_track(
    track: list[str], seats: list[str] | None = None, night: bool = False, watchdogs: list[int] | None = None
):
    s = new(seats, seed=2)
    s.watchdogs = list(watchdogs if watchdogs is not None else [6])
    s.day = not night
    s.available = ["m21", "m11", "m28"][: len(s.seats)] + (["m02"] if len(s.seats) == 4 else [])
    return auction_of(s, track)


def test_secret_sector_choice_then_reveal() -> None:
    """ "Freelancers secretly and simultaneously choose one of the 6 sectors ... No freelancer may select a
    sector that contains a Watchdog" ... "Once all freelancers have chosen ... flip over their cards"."""
    s = to_select(setup_track(OTHER))
    prompts = GAME.prompts(s)
    assert {p.seat for p in prompts} == {"ann", "bo", "cy"} and all(p.simultaneous for p in prompts)
    assert "sector:own=s6" not in keys(s, "ann") and len(keys(s, "ann")) == 5
    with pytest.raises(IllegalIntent, match="Watchdog"):
        act(s, "ann", "sector:own=s6")
    s, events = act(s, "ann", "sector:own=s1")
    assert all("1" not in e.text for e in events if e.audience is None)
    assert keys(s, "ann") == []  # the card is face down: no change
    assert GAME.view(s, None)["choosing"]["chosen"] == ["ann"]
    s = choose_sectors(s, {"bo": "sector:own=s2", "cy": "sector:own=s1"})
    assert s.phase == "place" and s.sectors == {"ann": 1, "bo": 2, "cy": 1}


def test_placement_resupply_and_failure_when_no_zone_is_free() -> None:
    """ "A zone is considered available only if it does not contain a Hazard or Pawn" ... "If a freelancer
    cannot enter an available zone, he does not place his Pawn this Round and has failed."."""
    s = to_select(setup_track(OTHER, seats=SEATS4))
    s.hazards = ["s1b"]
    first, second = s.order[0], s.order[1]
    s = choose_sectors(s, {seat: "sector:own=s1" for seat in SEATS4[:-1]})
    # the last card down reveals them; the first placer's one free zone (the Data zone has a Hazard, no
    # mission is payable) is taken without asking him (issue 30: a question with one answer is not asked)
    s, events = act(s, SEATS4[-1], "sector:own=s1")
    resupplied = [e.text for e in events if e.kind == "resupply"]
    assert resupplied == [f"{first} resupplies at sector 1 Weapon zone."] and s.held(first, "weapon") == 2
    # everyone after the first fails: the only free resupply zone is taken, the mission zone is unpayable
    failed = [e.text for e in events if e.kind == "failed"]
    assert len(failed) == 3 and failed[0].startswith(f"{second} fails to place in sector 1")


def test_watchdog_arriving_after_reveal_makes_the_placement_fail() -> None:
    """ "a freelancer that attempts to place in a sector that contains a Watchdog fails to place and does
    nothing during the Sector Phase"."""
    s = to_select(setup_track(OTHER))
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s2", "cy": "sector:own=s3"})
    first = s.order[0]
    victim = next(x for x in s.order[1:])
    s.watchdogs.append(s.sectors[victim])
    s, events = act(s, first, keys(s, first)[0])
    assert s.placed[victim] == "failed" and "Watchdog" in texts(events)


def test_mission_needs_the_requirements_then_reward_infamy_rep() -> None:
    """ "A freelancer must have the requirements to complete a mission in order to enter the mission zone."
    ... "claim all rewards listed on the mission card, starting with the Reward section and THEN receiving any
    Infamy/Rep rewards"."""
    s = to_select(setup_track(OTHER))
    s = choose_sectors(s, {"ann": "sector:own=s5", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    assert not any("zone=s5m" in k for k in keys(s, "ann")) or s.order[0] != "ann"
    s.tokens["weapon"].held["ann"] = 2  # m21 Arm the Miners: 2 Weapons 1 Data -> Henchman, 2i, 1r Militia
    while s.order[s.slot] != "ann":
        seat = s.order[s.slot]
        s, _ = act(s, seat, keys(s, seat)[0])
    assert "place:pawn=own,zone=s5m,mission=m21" in keys(s, "ann")
    s, events = act(s, "ann", "place:pawn=own,zone=s5m,mission=m21")
    ann = s.players["ann"]
    assert (
        s.held("ann", "weapon") == 0
        and s.held("ann", "henchman") == 1
        and ann.infamy == 2
        and ann.rep["militia"] == 1
    )
    text = texts(events)
    assert text.index("Henchman") < text.index("2 Infamy") < text.index("1r in Militia")
    assert "m21" in ann.missions and "m21" not in s.available


def test_mission_with_several_factions_asks_for_one() -> None:
    """ "The freelancer must gain the Rep in only ONE of the factions shown on the card ... If the mission
    card
    shows more than one faction, the freelancer chooses in which faction to gain Rep."."""
    s = setup_track(OTHER, watchdogs=[2])
    s.available = ["m26", "m11", "m28"]
    s = to_select(s)
    s.tokens["data"].held["ann"] = s.tokens["compound"].held["ann"] = 1
    s.tokens["henchman"].held["ann"] = 1
    s = choose_sectors(s, {"ann": "sector:own=s6", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    while s.order[s.slot] != "ann":
        seat = s.order[s.slot]
        s, _ = act(s, seat, keys(s, seat)[0])
    s, _ = act(s, "ann", "place:pawn=own,zone=s6m,mission=m26")
    assert keys(s, "ann") == ["rep:faction=cartel", "rep:faction=militia"]
    s = answer(s, "rep:faction=militia")
    assert s.players["ann"].rep == {"cartel": 0, "megacorp": 0, "militia": 1}


def test_hq_gives_rep_then_schemes_and_stringer() -> None:
    """ "If the freelancer has zero Rep in the faction ... he gains 1 Rep ... If he already has 1 or more Rep
    ... he draws 1 Scheme from that faction's Scheme Deck instead." "Visiting the Megacorp HQ for the first
    time will trigger the Stringer effect and result in the Freelancer gaining a data."."""
    s = to_select(setup_track(OTHER))
    s = choose_sectors(s, {"ann": "sector:own=s4", "bo": "sector:own=s3", "cy": "sector:own=s5"})
    while s.order[s.slot] != "ann":
        seat = s.order[s.slot]
        s, _ = act(s, seat, [k for k in keys(s, seat) if "m" not in k.split("zone=")[1]][0])
    data = s.held("ann", "data")
    s, _ = act(s, "ann", "place:pawn=own,zone=s4b")
    assert s.players["ann"].rep["megacorp"] == 1 and s.held("ann", "data") == data + 1
    s2 = to_select(setup_track(OTHER))
    s2.players["bo"].rep["cartel"] = 2
    s2 = choose_sectors(s2, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s5"})
    while s2.order[s2.slot] != "bo":
        seat = s2.order[s2.slot]
        s2, _ = act(s2, seat, keys(s2, seat)[0])
    s2, events = act(s2, "bo", "place:pawn=own,zone=s3b")
    assert len(s2.players["bo"].hand) == 1 and s2.players["bo"].hand[0].startswith("ca")
    assert any(e.audience == frozenset({"bo"}) for e in events)


def test_special_zone_day_recovers_and_night_gives_infamy() -> None:
    """ "During the Day, a freelancer resupplying here may Recover up to three of his Spent Bribes. During the
    Night, a freelancer resupplying here gains 1 Infamy."."""
    for night in (False, True):
        s = to_select(setup_track(OTHER, night=night))
        s.players["ann"].avail, s.players["ann"].spent = 7, 5
        s = choose_sectors(s, {"ann": "sector:own=s2", "bo": "sector:own=s3", "cy": "sector:own=s5"})
        while s.order[s.slot] != "ann":
            seat = s.order[s.slot]
            s, _ = act(s, seat, keys(s, seat)[0])
        s, _ = act(s, "ann", "place:pawn=own,zone=s2a")
        ann = s.players["ann"]
        assert (ann.avail, ann.spent, ann.infamy) == ((7, 5, 1) if night else (10, 2, 0))


def test_accomplice_second_pawn_and_rep_lock() -> None:
    """ "The freelancer who successfully wins the Accomplice treats him as an additional freelancer" ...
    "NOTE: A freelancer who wins the Accomplice is not allowed to gain Rep on the Round in which he won the
    Accomplice. A freelancer is still allowed to gain Rep prior to winning the Accomplice."."""
    s = setup_track(["liaison", "accomplice", "cloner", "hacker", "chemist"])
    s = win_current(s, "ann")
    assert keys(s, "ann") == [
        "liaison:gain=infamy",
        "liaison:gain=cartel",
        "liaison:gain=megacorp",
        "liaison:gain=militia",
    ]
    s = answer(s, "liaison:gain=cartel")
    assert s.players["ann"].rep["cartel"] == 1  # Rep before the Accomplice is kept
    s = win_current(s, "ann")
    assert s.acc_owner == "ann" and "ann" in s.rep_locked
    s = to_select(s)
    assert keys(s, "ann") == [f"sector:own=s{n}" for n in range(1, 6)]
    s, events = act(s, "ann", "sector:own=s1")
    assert all(e.audience == frozenset({"ann"}) for e in events)  # nothing public until both cards are down
    assert keys(s, "ann") == [f"sector:acc=s{n}" for n in range(1, 6)]
    assert GAME.view(s, None)["choosing"]["chosen"] == []  # not chosen until both cards are down
    assert GAME.view(s, "ann")["my_choice"] == {"own": 1, "acc": None}
    s = choose_sectors(s, {"ann": "sector:acc=s4", "bo": "sector:own=s3", "cy": "sector:own=s5"})
    assert s.sectors == {"ann": 1, ACC_PAWN: 4, "bo": 3, "cy": 5}
    assert s.order[0] == "ann"
    opts = keys(s, "ann")
    assert "place:pawn=acc,zone=s4b" in opts and "place:pawn=own,zone=s1a" in opts
    s, _ = act(s, "ann", "place:pawn=acc,zone=s4b")  # Megacorp HQ at 0 Rep: no Rep (and so no Stringer)
    assert s.players["ann"].rep["megacorp"] == 0 and s.held("ann", "data") == 1
    assert GAME.prompts(s)[0].seat == "ann"  # the own pawn follows at once
    s, _ = act(s, "ann", "place:pawn=own,zone=s1a")
    assert s.pawns["s4b"] == ACC_PAWN and s.pawns["s1a"] == "ann"


def test_liaison_after_accomplice_offers_only_infamy() -> None:
    """ "not allowed to gain Rep on the Round in which he won the Accomplice" (ruling A8)."""
    s = setup_track(["accomplice", "liaison", "cloner", "hacker", "chemist"])
    s = win_current(s, "ann")
    s = win_current(s, "ann")  # the only option, 2 Infamy, is taken without asking
    assert s.players["ann"].infamy == 2 and decision(s) is None


def test_smuggler_night_doubles_resupply_also_for_the_accomplice() -> None:
    """ "If it is Night, the freelancer duplicates any resupply action he takes this Round." "At Night, the
    Accomplice's resupply action is also doubled if the Smuggler was also won by that freelancer."."""
    s = setup_track(["smuggler", "accomplice", "cloner", "hacker", "chemist"], night=True)
    s = win_current(s, "ann")
    s = win_current(s, "ann")
    s = to_select(s)
    s = choose_sectors(
        s, {"ann": "sector:own=s1;sector:acc=s5", "bo": "sector:own=s3", "cy": "sector:own=s4"}
    )
    s, _ = act(s, "ann", "place:pawn=own,zone=s1a")
    s, _ = act(s, "ann", "place:pawn=acc,zone=s5a")
    assert s.held("ann", "weapon") == 1 + 2 + 2


def test_smuggler_day_skip_gives_resource_and_scheme() -> None:
    """ "If it is Day, the freelancer may choose to not place his Pawn during the Sector Phase to gain 1
    resource and draws 1 scheme."."""
    s = setup_track(["smuggler", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(s, "ann")
    s = to_select(s)
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    assert "smuggle:pawn=own" in keys(s, "ann")
    s, _ = act(s, "ann", "smuggle:pawn=own")
    s = answer(s, "resource:type=data")
    s = answer(s, "deck:faction=militia")
    ann = s.players["ann"]
    assert s.held("ann", "data") == 2 and len(ann.hand) == 1 and ann.hand[0].startswith("mi")
    assert s.placed["ann"] == "smuggled" and "s1a" not in s.pawns


def test_sector_chief_adds_ignores_and_removes_a_watchdog() -> None:
    """ "adds 1 Watchdog Token to a sector of his choice. The freelancer who won the Sector Chief may place
    his Pawn ... on sectors containing Watchdogs ... At the end of the Round, the freelancer removes 1
    Watchdog"."""
    s = setup_track(["sector_chief", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(s, "ann")
    s = answer(s, "watchdog:to=s1")
    assert sorted(s.watchdogs) == [1, 6]
    s = to_select(s)
    assert "sector:own=s1" in keys(s, "ann") and "sector:own=s1" not in keys(s, "bo")
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    s, _ = act(s, "ann", "place:pawn=own,zone=s1a")
    while s.phase != "cleanup" or decision(s) is None:
        p = GAME.prompts(s)[0]
        s, _ = act(s, p.seat, "pass" if p.kind == "scheme" else p.default.key())
    assert decision(s).kind == "watchdog_remove" and decision(s).seat == "ann"
    s = answer(s, "watchdog:frm=s6")
    assert s.watchdogs == [1] and s.round == 2


def test_thug_victim_may_spend_three_bribes_to_cancel() -> None:
    """ "The freelancer who wins the Thug steals a resource of his choice from a chosen rival. That rival may
    Spend 3 Bribes to cancel this ability."."""
    base = setup_track(["thug", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(base, "ann")
    assert "steal:rival=bo,type=weapon" in keys(s, "ann")
    s = answer(s, "steal:rival=bo,type=weapon")
    top = decision(s)
    assert top.seat == "bo" and top.kind == "thug_cancel"
    assert GAME.prompts(s)[0].pace == "quick" and GAME.prompts(s)[0].default.key() == "allow"
    cancelled = answer(s, "cancel")
    assert cancelled.held("bo", "weapon") == 1 and cancelled.players["bo"].avail == 9
    allowed = answer(s, "allow")
    assert allowed.held("bo", "weapon") == 0 and allowed.held("ann", "weapon") == 2
    # a victim without 3 available Bribes is not asked
    poor = base.model_copy(deep=True)
    poor.players["bo"].avail, poor.players["bo"].spent = 2, 10
    poor = win_current(poor, "ann")
    poor = answer(poor, "steal:rival=bo,type=data")
    assert decision(poor) is None and poor.held("bo", "data") == 0


def test_saboteur_sabotages_and_may_add_a_non_hq_hazard() -> None:
    """ "chooses an available mission and Sabotages it (places it on the bottom of the Mission Deck). He may
    then place a Hazard on any non-HQ resupply zone of the sector shown on the mission card."."""
    s = setup_track(["saboteur", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(s, "ann")
    s = answer(s, "sabotage:mission=m21")  # sector 5: Weapon zone and Militia HQ
    assert s.missions.cards[0] == "m21" and "m21" not in s.available
    assert keys(s, "ann") == ["hazard:zone=none", "hazard:zone=s5a"]
    s = answer(s, "hazard:zone=s5a")
    assert s.hazards == ["s5a"]


def test_hazards_are_limited_to_the_supply() -> None:
    """ "Hazards cannot be added to any zone if none are available in the General Supply."."""
    s = setup_track(["saboteur", "cloner", "hacker", "chemist", "arms_dealer"])
    s.hazards = ["s1a", "s1b", "s2a", "s2b"]
    s = win_current(s, "ann")
    s = answer(s, "sabotage:mission=m21")
    assert decision(s) is None and len(s.hazards) == 4


def test_informant_draws_two_discards_one_and_plays_two_schemes() -> None:
    """ "draws 2 schemes (from any combination of Factions). He then discards any 1 scheme from his hand. That
    freelancer may play 1 additional scheme during the Scheme Phase this Round."."""
    s = setup_track(["informant", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(s, "ann")
    s = answer(s, "deck:faction=cartel")
    s = answer(s, "deck:faction=megacorp")
    hand = list(s.players["ann"].hand)
    assert len(hand) == 2 and decision(s).kind == "discard"
    s = answer(s, f"discard:card={hand[0]}")
    assert s.players["ann"].hand == hand[1:]
    s.players["ann"].hand.append("mi01")
    s.schemes["militia"].remove("mi01")
    s = to_select(s)
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    while s.phase == "place" or decision(s):
        p = GAME.prompts(s)[0]
        s, _ = act(s, p.seat, p.default.key())
    for r in ("weapon", "data", "compound"):
        s.tokens[r].held["ann"] = 5
    s.tokens["henchman"].held["ann"] = 3
    while s.scheme_order[s.scheme_idx] != "ann":
        s, _ = act(s, s.scheme_order[s.scheme_idx], "pass")
    s, _ = act(s, "ann", "play:card=mi01")
    while decision(s):
        s = answer(s, keys(s, decision(s).seat)[0])
    assert s.scheme_order[s.scheme_idx] == "ann" and s.plays_left == 1
    s, _ = act(s, "ann", [k for k in keys(s, "ann") if k.startswith("play")][0])


def test_peddler_lets_the_winner_order_triggered_effects() -> None:
    """ "NOTE: If winning Peddler triggers multiple effects, the freelancer who won him may choose the order
    to
    resolve those." (Enforcer, Insider and Recruit trigger on Cartel, Megacorp and Militia Contacts.)"""
    s = setup_track(["peddler", "cloner", "hacker", "chemist", "arms_dealer"])
    s.players["ann"].rep = {"cartel": 1, "megacorp": 2, "militia": 0}
    s = win_current(s, "ann")
    assert keys(s, "ann") == ["resolve:item=peddler", "resolve:item=enforcer", "resolve:item=insider"]
    s = answer(s, "resolve:item=insider")
    assert s.held("ann", "data") == 2
    s = answer(s, "resolve:item=enforcer")
    assert s.held("ann", "weapon") == 2 and decision(s).kind == "resource"


def test_night_henchman_infamy() -> None:
    """ "Gain Henchman Infamy. -NIGHT ONLY- ... gain 1 Infamy for every 2 Henchmen they currently have
    (rounding down fractions)."."""
    for night in (False, True):
        s = setup_track(OTHER, night=night)
        s.tokens["henchman"].held["bo"] = 5
        s = to_select(s)
        s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"})
        before = s.players["bo"].infamy
        while s.phase in ("place", "scheme"):
            p = GAME.prompts(s)[0]
            s, _ = act(s, p.seat, "pass" if p.kind == "scheme" else p.default.key())
        gained = s.players["bo"].infamy - before
        assert gained == (2 if night else 0) or (not night and gained <= 1)


def test_passing_everything_keeps_the_game_going() -> None:
    s = to_select(pass_all(setup_track(OTHER)))
    assert s.phase == "select" and all(s.face_down)
