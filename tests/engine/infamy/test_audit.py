"""Audit against the rulebook and the Discord contract: each test quotes the passage (or contract rule) it
pins."""

from __future__ import annotations

import re

import pytest

from engine.core import IllegalIntent
from engine.infamy import GAME
from engine.infamy.pack import default_pack
from engine.infamy.state import ACC_PAWN

from .helpers import (
    SEATS4,
    act,
    answer,
    auction_of,
    choose_sectors,
    decision,
    keys,
    run,
    to_select,
    win_current,
)
from .test_sector_phase import OTHER, setup_track


def test_accomplice_owner_places_in_his_order_and_a_mission_can_free_a_zone_for_the_other_pawn() -> None:
    """ "The freelancer places both his Pawn and the Accomplice Pawn in whichever order he chooses (though
    still in Contact Order)." and "Until the Hazard Token is removed (through a mission or scheme), no
    freelancer can resupply in that zone.": a pawn with no free zone yet must not fail before its owner has
    placed the other one, whose mission may remove the Hazard."""
    s = setup_track(["accomplice", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(s, "ann")
    s = to_select(s)
    s.available = ["m13", "m11", "m28"]  # m13 Silence a Witness, sector 3: pay 2W 1D, "Remove a Hazard."
    s.tokens["weapon"].held["ann"] = 2
    s.hazards = ["s1a", "s1b"]  # sector 1 has no free resupply zone and no mission
    s = choose_sectors(
        s, {"ann": "sector:own=s3;sector:acc=s1", "bo": "sector:own=s5", "cy": "sector:own=s4"}
    )
    assert s.order[0] == "ann" and ACC_PAWN not in s.placed  # the Accomplice has not failed yet
    assert keys(s, "ann") == [
        "place:pawn=own,zone=s3a",
        "place:pawn=own,zone=s3b",
        "place:pawn=own,zone=s3m,mission=m13",
    ]
    s, _ = act(s, "ann", "place:pawn=own,zone=s3m,mission=m13")
    s = answer(s, "unhazard:zone=s1a")  # the reward; ann gains no Rep (Accomplice), so no faction is asked
    # s1a is now the Accomplice's one possible zone: it is placed there without asking (issue 30)
    assert s.placed[ACC_PAWN] == "s1a"
    assert s.pawns["s1a"] == ACC_PAWN and s.held("ann", "weapon") == 1  # paid 2, then resupplied 1


def test_accomplice_pawn_fails_only_when_no_pawn_can_be_placed() -> None:
    """ "If a freelancer is not able to place his Pawn due to these restrictions, he has failed and cannot
    place
    his Pawn.": the stuck Accomplice fails once the other pawn is down and nothing freed a zone."""
    s = setup_track(["accomplice", "cloner", "hacker", "chemist", "arms_dealer"])
    s = win_current(s, "ann")
    s = to_select(s)
    s.hazards = ["s1a", "s1b"]
    s = choose_sectors(
        s, {"ann": "sector:own=s3;sector:acc=s1", "bo": "sector:own=s5", "cy": "sector:own=s4"}
    )
    s, events = act(s, "ann", "place:pawn=own,zone=s3a")
    assert s.placed[ACC_PAWN] == "failed" and any(e.kind == "failed" for e in events)
    assert GAME.prompts(s)[0].seat != "ann"


def test_rules_summary_lists_the_scheme_phase_steps_in_order() -> None:
    """ "2. Gain Henchman Infamy ... 3. Check for Winner ... 4. Retrieve Bribes ... 5. Recover Bribes
    -NIGHT ONLY-": the newcomer summary must not put the recovery before the win check."""
    rules = GAME.meta.rules
    assert rules.index("Henchmen") < rules.index("win check") < rules.index("recovered")


def test_secret_choice_prompt_is_the_same_for_every_seat_and_both_accomplice_steps() -> None:
    """Contract: the public line of a secret choice shows one prompt's text; it must say neither who has put
    down which card nor whether the Accomplice's controller has put down his first one ("he counts as chosen
    only when both are down, and until then nothing about either card is public", RULINGS)."""
    s = setup_track(["accomplice", "cloner", "hacker", "chemist", "arms_dealer"])
    s = to_select(win_current(s, "ann"))
    before = GAME.prompts(s)
    assert len({p.text for p in before}) == 1 and not before[0].text.startswith("ann")
    half, _ = act(s, "ann", "sector:own=s2")
    assert [(p.seat, p.text) for p in GAME.prompts(half)] == [(p.seat, p.text) for p in before]
    assert GAME.view(half, "bo") == GAME.view(s, "bo") and GAME.view(half, None) == GAME.view(s, None)


def test_placement_default_is_never_a_mission_when_a_resupply_zone_or_the_smuggler_skip_is_open() -> None:
    """RULINGS "Default placement": on a deadline the pawn resupplies; paying for a mission is a player's
    choice
    ("If a mission cannot be completed the freelancer must choose a resupply zone in that sector")."""
    s = setup_track(["smuggler", "cloner", "hacker", "chemist", "arms_dealer"])
    s = to_select(win_current(s, "ann"))
    s.available = ["m13", "m11", "m28"]
    s.tokens["weapon"].held["ann"] = 2
    s.hazards = ["s3a", "s3b"]
    s = choose_sectors(s, {"ann": "sector:own=s3", "bo": "sector:own=s5", "cy": "sector:own=s4"})
    prompt = GAME.prompts(s)[0]
    assert prompt.seat == "ann" and prompt.default.key() == "smuggle:pawn=own"
    assert "sector 3" in prompt.text


def test_precise_refusals_for_common_mistakes() -> None:
    """Contract: explain_illegal gives the reason (bidding more than you can pay, a Watchdog sector, a zone
    that is taken or has a Hazard, a mission you cannot pay)."""
    s = setup_track(OTHER)
    with pytest.raises(IllegalIntent, match="highest possible bid is 11"):
        act(s, "ann", "bid:to=12")
    s.players["ann"].avail, s.players["ann"].spent = 1, 11
    with pytest.raises(IllegalIntent, match="cannot afford"):
        act(s, "ann", "bid:to=1")
    s = to_select(setup_track(OTHER, seats=SEATS4))
    with pytest.raises(IllegalIntent, match="Sector 6 holds a Watchdog"):
        act(s, "ann", "sector:own=s6")
    with pytest.raises(IllegalIntent, match="no such sector"):
        act(s, "ann", "sector:own=s9")
    s.hazards = ["s1b"]
    first = s.order[0]
    mid = next(m.id for m in default_pack().missions.values() if m.sector == 1)
    s.available = [mid]  # payable, so the first placer has two zones and is asked (one would not be)
    for what, n in default_pack().missions[mid].requires.items():
        s.tokens[what].held[first] = n
    s = choose_sectors(s, {seat: "sector:own=s1" for seat in SEATS4})
    assert GAME.prompts(s)[0].seat == first
    with pytest.raises(IllegalIntent, match="Hazard"):
        act(s, first, "place:pawn=own,zone=s1b")
    with pytest.raises(IllegalIntent, match="sector 1"):
        act(s, first, "place:pawn=own,zone=s2a")
    for r in ("weapon", "data", "compound"):
        s.tokens[r].held[first] = 0
    with pytest.raises(IllegalIntent, match="cannot pay"):
        act(s, first, f"place:pawn=own,zone=s1m,mission={mid}")


def test_labels_say_what_an_intent_does() -> None:
    """Contract: every intent has a describe() label of at most 80 characters that says what it does."""
    s = setup_track(OTHER)
    assert GAME.describe(s, GAME.parse_intent("pass")) == "Pass on the Hacker"
    assert GAME.describe(s, GAME.parse_intent("bid:to=2")) == "Bid 2 (place 2 Bribes + 1 for Expenses)"
    s = to_select(s)
    assert GAME.describe(s, GAME.parse_intent("sector:own=s1")).startswith("Your card: sector 1 (")
    s = choose_sectors(s, {"ann": "sector:own=s1", "bo": "sector:own=s2", "cy": "sector:own=s3"})
    first = s.order[0]
    labels = [GAME.describe(s, i) for i in GAME.legal(s, first)]
    assert all(len(label) <= 80 for label in labels)
    assert any(
        "gain 1 " in label or "Infamy" in label or "Recover" in label or "Scheme" in label for label in labels
    )


def test_sabotage_x_with_a_hazard_after_each_sabotages_x_missions() -> None:
    """ "Some cards have an effect written as Sabotage X. When a freelancer plays this effect, he chooses X
    number of available missions ... and puts them on the bottom of the Mission Deck." A Hazard choice after
    the first
    must not swallow the second Sabotage; and a "non-HQ" Hazard stays non-HQ for every token it adds."""
    from engine.infamy.pack import Effect
    from engine.infamy.rules import queue_front

    s = setup_track(OTHER)
    queue_front(s, "ann", [Effect(op="sabotage", n=2, hazard_after=True)], "test")
    run(s)
    first = s.available[0]
    s = answer(s, f"sabotage:mission={first}")
    s = answer(s, "hazard:zone=none")
    assert decision(s) is not None and decision(s).kind == "sabotage"
    second = s.available[0]
    s = answer(s, f"sabotage:mission={second}")
    assert len(s.available) == 1 and s.missions.cards[:2] == [second, first]  # the bottom is index 0

    s = setup_track(OTHER)
    queue_front(s, "ann", [Effect(op="hazard_add", n=2, zone="non_hq")], "test")
    run(s)
    s = answer(s, "hazard:zone=s1a")
    assert "hazard:zone=s3b" not in keys(s, "ann")  # sector 3's second zone is the Cartel HQ


def test_rulings_cover_every_ambiguity_of_the_rules_notes() -> None:
    """Brief: "every rules-notes ambiguity should have a ruling" (A1-A41 in the notes' section 10)."""
    from pathlib import Path

    import engine.infamy

    text = (Path(engine.infamy.__file__).parent / "RULINGS.md").read_text()
    missing = [f"A{n}" for n in range(1, 42) if not re.search(rf"\bA{n}\b", text)]
    assert missing == []


def test_smuggler_night_doubles_an_hq_visit_and_sector_2() -> None:
    """ "If it is Night, the freelancer duplicates any resupply action he takes this Round." With "If the
    freelancer has zero Rep in the faction ... he gains 1 Rep ... If he already has 1 or more Rep ... he
    draws 1
    Scheme ... instead" the doubled HQ visit gives 1r then a Scheme (A10); Sector 2 at Night gives 2i."""
    s = setup_track(["smuggler", "cloner", "hacker", "chemist", "arms_dealer"], night=True)
    s = to_select(win_current(s, "ann"))
    s = choose_sectors(s, {"ann": "sector:own=s3", "bo": "sector:own=s2", "cy": "sector:own=s4"})
    s, _ = act(s, "ann", "place:pawn=own,zone=s3b")  # the Cartel HQ
    ann = s.players["ann"]
    assert ann.rep["cartel"] == 1 and len(ann.hand) == 1 and ann.hand[0].startswith("ca")
    s = setup_track(["smuggler", "cloner", "hacker", "chemist", "arms_dealer"], night=True)
    s = to_select(win_current(s, "ann"))
    s = choose_sectors(s, {"ann": "sector:own=s2", "bo": "sector:own=s3", "cy": "sector:own=s4"})
    s, _ = act(s, "ann", "place:pawn=own,zone=s2a")
    assert s.players["ann"].infamy == 2


def test_a_seat_named_acc_does_not_collide_with_the_accomplice_pawn() -> None:
    """Contract: "Seats are opaque names matching ^[A-Za-z][A-Za-z0-9_]{0,15}$", so a freelancer may be called
    "acc"; the Accomplice ("his own (black) Pawn and sector cards") must stay a separate pawn."""
    s = GAME.setup(["acc", "bo", "cy"], 2)
    s.watchdogs = [6]
    s = auction_of(s, ["accomplice", "cloner", "hacker", "chemist", "arms_dealer"], triggerman="bo")
    s = to_select(win_current(s, "bo"))
    s = choose_sectors(
        s, {"acc": "sector:own=s1", "bo": "sector:own=s3;sector:acc=s4", "cy": "sector:own=s5"}
    )
    assert s.sectors == {"acc": 1, "bo": 3, ACC_PAWN: 4, "cy": 5}
    s, _ = act(s, "bo", "place:pawn=acc,zone=s4a")
    s, _ = act(s, "bo", "place:pawn=own,zone=s3a")
    assert s.placed == {ACC_PAWN: "s4a", "bo": "s3a"}
    s, _ = act(s, "cy", "place:pawn=own,zone=s5a")
    s, events = act(s, "acc", "place:pawn=own,zone=s1a")  # the last pawn: the Round then ends
    assert "acc resupplies at sector 1 Weapon zone." in [e.text for e in events]
    assert s.held("acc", "weapon") == 2


def test_only_the_sector_chiefs_own_watchdog_arms_his_end_of_round_removal() -> None:
    """ "The freelancer who wins the Sector Chief adds 1 Watchdog Token ... At the end of the Round, the
    freelancer removes 1 Watchdog Token" (A9: no removal when he added none): a Watchdog added by another
    effect does not count as his."""
    from engine.infamy.pack import Effect
    from engine.infamy.rules import queue_front

    s = setup_track(OTHER)
    queue_front(s, "bo", [Effect(op="watchdog_add")], "m01")
    run(s)
    s = answer(s, "watchdog:to=s2")
    assert sorted(s.watchdogs) == [2, 6] and not s.chief_added
