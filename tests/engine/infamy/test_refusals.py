"""Infamy's refusals say the true reason and what is possible instead (issue 11, Infamy part).

Each test quotes the rulebook passage (../shared/rulebooks/infamy.txt) or the refusal it checks. The last
tests go through every intent kind with the game-agnostic checks of :mod:`.refusal_checks`.
"""

from __future__ import annotations

import re

import pytest

from engine.core import Intent
from engine.infamy import GAME
from engine.infamy import rules as R
from engine.infamy.state import InfamyState

from .helpers import act, answer, auction_of, decision, keys, new, to_select, win_current
from .refusal_checks import (
    RAW_KEY,
    check_refused_where_not_offered,
    check_refused_where_offered,
    offered_kinds,
    refusal_problems,
    sample_states,
)

OTHER = ["cloner", "hacker", "chemist", "arms_dealer"]
KINDS = GAME.rules.shapes.kinds - {"choose"}
"""Every intent kind Infamy declares (the runtime's choose-many answer aside: Infamy never asks one)."""


def track(first: list[str], night: bool = False) -> InfamyState:
    s = new(seed=2)
    s.watchdogs = [6]
    s.day = not night
    s.available = ["m21", "m11", "m28"]
    return auction_of(s, first + OTHER[: 5 - len(first)])


def refusal(state: InfamyState, seat: str, key: str) -> str:
    message = GAME.why_not(state, seat, GAME.parse_intent(key))
    assert message is not None, f"{key} is legal"
    assert not RAW_KEY.search(message), message
    return message


# --- bids and Favors ---------------------------------------------------------------------------


def test_a_favor_at_its_last_chance_is_named_when_a_bid_is_out_of_reach() -> None:
    """ "You may only use a Favor the first time you have the opportunity to bid on the Contact": at that
    moment a bid he cannot afford is refused, and the refusal names the Favor, not "You can only pass"."""
    s = track(["hacker"])
    s, _ = act(s, "ann", "bid:to=5")
    s.tokens["favor"].held["bo"], s.players["bo"].avail, s.players["bo"].spent = 1, 2, 10
    assert "favor" in keys(s, "bo")
    message = refusal(s, "bo", "bid:to=6")
    assert "only pass" not in message
    assert "Use a Favor" in message and "Pass on the Hacker" in message


def test_an_unaffordable_bid_below_the_minimum_names_the_shortfall() -> None:
    """ "Every time you want to bid or increase your bid, you must first pay Expenses" and "Only available
    Bribes may be used to bid": with 3 available against a bid of 5, the least bid (6) needs 7 - 4 short,
    whatever amount was asked."""
    s = track(["hacker"])
    s, _ = act(s, "ann", "bid:to=5")
    s.players["bo"].avail, s.players["bo"].spent = 3, 9
    message = refusal(s, "bo", "bid:to=2")
    assert "4 short" in message and "bid at least" not in message
    assert "You can: Pass on the Hacker." in message


def test_a_bid_without_an_amount_is_told_it_needs_one() -> None:
    """Refusal checked: "A bid needs an amount" (not the highest possible bid)."""
    s = track(["hacker"])
    message = refusal(s, "ann", "bid")
    assert message.startswith("A bid needs an amount") and "highest possible" not in message
    assert "bid 1 to 11" in message


# --- sector cards ------------------------------------------------------------------------------


def accomplice_sectors() -> InfamyState:
    s = track(["accomplice"])
    s = win_current(s, "ann")
    return to_select(s)


def test_an_unmatched_card_for_an_open_sector_is_not_a_watchdog_refusal() -> None:
    """ "The freelancer plays a sector card and places the Accomplice Pawn": one card at a time; sector 2 is
    open, so the refusal must not say it "holds a Watchdog"."""
    s = accomplice_sectors()
    message = refusal(s, "ann", "sector:own=s2,acc=s3")
    assert "Watchdog" not in message and "one card at a time" in message
    s, _ = act(s, "ann", "sector:own=s2")
    message = refusal(s, "ann", "sector:own=s3")
    assert "Watchdog" not in message and "now choose the Accomplice's sector" in message


def test_an_accomplice_card_from_a_seat_without_the_accomplice() -> None:
    """ "The freelancer who successfully wins the Accomplice ... plays a sector card and places the Accomplice
    Pawn": another seat's Accomplice card is refused as such, not as "no such sector"."""
    s = accomplice_sectors()
    message = refusal(s, "bo", "sector:acc=s2")
    assert "no such sector" not in message
    assert "Only the Accomplice's controller" in message and "ann controls it" in message


def test_a_second_card_after_one_is_down() -> None:
    """ "each by placing the corresponding sector card face down in front of him": once down, a second card
    is refused as a choice made (the runtime's words for every secret choice), not "It is not your turn"."""
    s = accomplice_sectors()
    s, _ = act(s, "bo", "sector:own=s3")
    message = refusal(s, "bo", "sector:own=s4")
    assert message.startswith("Your choice is made; it is revealed when everyone has chosen")
    assert "not your turn" not in message.lower()
    assert "s3" not in message and "sector 3" not in message  # the refusal does not echo the secret card


def test_a_watchdog_sector_is_refused_for_its_watchdog() -> None:
    """ "No freelancer may select a sector that contains a Watchdog unless a card specifically allows
    them"."""
    s = to_select(track(["hacker"]))
    message = refusal(s, "bo", "sector:own=s6")
    assert message.startswith("Sector 6 holds a Watchdog")


# --- answers to the questions effects ask --------------------------------------------------------


def test_a_watchdog_moved_to_its_own_sector() -> None:
    """ "If a freelancer is instructed to move a Watchdog ... he must only move one Watchdog to a different
    sector"."""
    s = track(["hacker"])
    s.round = 2
    s = auction_of(s, ["hacker", *OTHER])
    GAME.rules.procedure.run(s)
    s.steps = []
    from engine.infamy.pack import Effect
    from engine.infamy.state import EffectStep

    s.waiting.frames.clear()
    s.now(EffectStep(seat="ann", effect=Effect(op="watchdog_move")))
    GAME.rules.procedure.run(s)
    assert decision(s).kind == "watchdog_move"
    message = refusal(s, "ann", "watchdog:frm=s6,to=s6")
    assert message.startswith("A Watchdog must move to a different sector: this one is in sector 6")
    assert "There is no Watchdog in sector 2" in refusal(s, "ann", "watchdog:frm=s2,to=s3")


def test_the_saboteurs_hazard_on_an_hq_zone() -> None:
    """ "He may then place a Hazard on any non-HQ resupply zone of the sector shown on the mission card"."""
    s = win_current(track(["saboteur"]), "ann")
    s = answer(s, "sabotage:mission=m21")  # sector 5: a Weapon zone and the Militia HQ
    hq = next(z.id for z in R.pack().sectors[5].zones if z.kind == "hq")
    message = refusal(s, "ann", f"hazard:zone={hq}")
    assert "is a faction HQ: this Hazard goes on a non-HQ resupply zone" in message
    assert "sector 5" in refusal(s, "ann", "hazard:zone=s1a")
    assert "Add no Hazard" in message


def test_rep_in_a_faction_not_on_the_mission() -> None:
    """ "If the mission card shows more than one faction, the freelancer chooses in which faction to gain
    Rep": a faction not on the card is refused with the card's factions."""
    from engine.infamy.pack import Effect
    from engine.infamy.state import EffectStep

    s = track(["hacker"])
    s.waiting.frames.clear()
    s.steps = []
    s.now(EffectStep(seat="ann", effect=Effect(op="rep", n=1, factions=["cartel", "militia"])))
    GAME.rules.procedure.run(s)
    message = refusal(s, "ann", "rep:faction=megacorp")
    assert message.startswith("This Rep goes to one of the factions shown on the card: Cartel or Militia")


# --- the Accomplice's Rep lock and wording --------------------------------------------------------


def test_rep_only_schemes_are_marked_under_the_rep_lock() -> None:
    """ "A freelancer who wins the Accomplice is not allowed to gain Rep on the Round in which he won the
    Accomplice": a Scheme whose whole effect is Rep stays playable (RULINGS: the Rep lock) but says it does
    nothing; others are not marked."""
    s = track(["accomplice"])
    s.players["ann"].hand = ["ca09", "mi01"]
    s.tokens["compound"].held["ann"] = 2
    s = win_current(s, "ann")
    s = to_select(s)
    while s.phase != "scheme" or s.scheme_order[s.scheme_idx] != "ann":
        p = GAME.prompts(s)[0]
        s, _ = act(s, p.seat, "pass" if p.kind == "scheme" else p.default.key())
    labels = {i.key(): GAME.describe(s, i) for i in GAME.legal(s, "ann")}
    assert "no effect: you gain no Rep this Round" in labels["play:card=ca09"]
    if "play:card=mi01" in labels:
        assert "no effect" not in labels["play:card=mi01"]


def test_small_wording() -> None:
    """ "place 1 Bribe" (not "1 Bribes"), "draws 1 Cartel Scheme" (not "Scheme(s)"), the Smuggler's option to
    stay out in the placement prompt ("the freelancer may choose to not place his Pawn"), and the secret
    choice saying Watchdog sectors are open to the Sector Chief's winner ("may place his Pawn ... on sectors
    containing Watchdogs")."""
    s = track(["hacker"])
    assert GAME.describe(s, Intent.of("bid", to=1)) == "Bid 1 (place 1 Bribe + 1 for Expenses)"
    events = R.draw_schemes(s, "ann", "cartel", 1)
    assert events[0].text == "ann draws 1 Cartel Scheme."
    smug = win_current(track(["smuggler"]), "ann")
    smug = to_select(smug)
    for seat, key in {"ann": "sector:own=s1", "bo": "sector:own=s3", "cy": "sector:own=s4"}.items():
        smug, _ = act(smug, seat, key)
    assert "stay out (Smuggler" in GAME.prompts(smug)[0].text
    chief = win_current(track(["sector_chief"]), "ann")
    chief = answer(chief, "watchdog:to=s1")
    chief = to_select(chief)
    assert "closed to all but ann, who has the Sector Chief" in GAME.prompts(chief)[0].text


# --- every intent kind ------------------------------------------------------------------------------

WORDS = [
    "s1",
    "s2",
    "s6",
    "s9",
    "s1a",
    "s5b",
    "s3m",
    "none",
    "own",
    "acc",
    "cartel",
    "megacorp",
    "militia",
    "weapon",
    "data",
    "henchman",
    "p1",
    "p2",
    "p3",
    "ca01",
    "mi01",
    "m01",
    "m21",
    "thug",
    "zz",
]


def hidden_from(state: InfamyState, seat: str) -> list[str]:
    """Names of Schemes another seat holds that ``seat`` cannot know (not in its hand, not discarded)."""
    pack = R.pack()
    public = {c for d in state.schemes.values() for c in d.discards} | set(state.players[seat].hand)
    return sorted(
        {
            pack.schemes[c].name
            for s, p in state.players.items()
            if s != seat
            for c in p.hand
            if c not in public
        }
    )


def samples() -> tuple[dict[str, tuple[InfamyState, str, Intent]], dict[str, InfamyState]]:
    """For each kind: a state where it is offered (with the seat and a legal intent), and a state where
    nobody is offered it."""
    offered: dict[str, tuple[InfamyState, str, Intent]] = {}
    absent: dict[str, InfamyState] = {}
    for state in sample_states(GAME, ["p1", "p2", "p3"], range(20)):
        now = offered_kinds(GAME, state)
        for kind, pairs in now.items():
            offered.setdefault(kind, (state, *pairs[0]))
        for kind in KINDS - set(now):
            absent.setdefault(kind, state)
        if len(offered) == len(KINDS) and len(absent) == len(KINDS):
            break
    return offered, absent


OFFERED, ABSENT = samples()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_is_refused_with_a_reason_where_it_is_offered(kind: str) -> None:
    """Refusals checked: not the generic list, no raw intent key, what is possible instead, nothing hidden."""
    check_refused_where_offered(GAME, OFFERED, kind, WORDS, hidden_from)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_is_refused_with_a_reason_where_it_is_not_offered(kind: str) -> None:
    """The same checks for a kind nobody is offered now (a bid in the Sector Phase, an answer to no
    question)."""
    check_refused_where_not_offered(GAME, OFFERED, ABSENT, kind, hidden_from)


def test_the_checks_catch_a_bad_refusal() -> None:
    """The checks can fail: the runtime's generic wording and a raw key are caught."""

    class Loud:
        def why_not(self, state: object, seat: str, intent: Intent) -> str:
            return "That is not one of the choices. Choose one of: bid:to=3."

        def legal(self, state: object, seat: str) -> list[Intent]:
            return [Intent.of("pass")]

        def describe(self, state: object, intent: Intent) -> str:
            return "Pass"

    problems = refusal_problems(Loud(), None, "ann", Intent.of("bid", to=9))
    assert any("raw intent key" in p for p in problems) and any("generic" in p for p in problems)
    assert any("nothing possible" in p for p in problems)
    assert re.search(RAW_KEY, "bid:to=3")
