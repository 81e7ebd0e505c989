"""Every id in an Infamy intent is named for a player in a menu asked in parts (issue 29, item 1), and a
refusal sums up the bids one can make instead as a range.

The project's standard: "Players read everything: no identifier, intent key, record id ... in any text a
player reads (prompts, labels, events, refusals)". A menu asked in parts shows each argument's value on
its own ("Sector 3 (Harada Row)", "Sector 3 mission zone", a Scheme's name), so each word argument that
holds an id declares how it is named; a seat is named by itself.
"""

from __future__ import annotations

import re

from engine.core import Intent
from engine.infamy import GAME
from engine.infamy import rules as R

from .helpers import auction_of, new
from .refusal_checks import sample_states

WORDS = re.compile(r"\w+")


def raw_ids(state: object, intent: Intent) -> list[str]:
    """The values of ``intent``'s word arguments that a menu part shows as they are (not seats)."""
    found = []
    for name, value in intent.args:
        if isinstance(value, int) or value in getattr(state, "seats", ()):
            continue
        label = GAME.part_label(state, intent.kind, name, value)  # type: ignore[arg-type]
        if str(value) in WORDS.findall(label):
            found.append(f"{intent.key()}: {name} reads {label!r}")
    return found


def test_every_id_an_offered_intent_holds_is_named() -> None:
    """Sectors, zones, missions, Schemes, factions, resources, pawns and effects in every offered intent of
    seeded games (3 and 4 seats) are named for a player, never shown as their ids."""
    kinds: set[str] = set()
    problems: list[str] = []
    for seats in (["p1", "p2", "p3"], ["p1", "p2", "p3", "p4"]):
        for state in sample_states(GAME, seats, range(6)):
            for seat in GAME.awaiting(state):
                for intent in GAME.legal(state, seat):
                    kinds.add(intent.kind)
                    problems += raw_ids(state, intent)
    assert problems == []
    assert {"place", "sector", "play", "watchdog", "resolve", "deck"} <= kinds


def test_the_check_finds_an_unnamed_id() -> None:
    """The check can fail: an argument no namer knows (an undeclared one) reads as its raw value."""
    state = new(seed=1)
    assert raw_ids(state, Intent.of("place", pawn="own", zone="s3a")) == []
    assert raw_ids(state, Intent.of("place", pawn="own", zone="s3a", colour="r2d2")) != []


def test_names_of_the_board_and_the_cards() -> None:
    """ "The board is divided into 6 sectors", each with resupply zones and a mission zone: the names a
    menu reads for them, for a mission, a Scheme and a Hazard left out."""
    state = new(seed=1)
    sector = R.pack().sectors[3].name
    assert GAME.part_label(state, "sector", "own", "s3") == f"Sector 3 ({sector})"
    assert GAME.part_label(state, "place", "zone", "s3m") == "Sector 3 mission zone"
    assert GAME.part_label(state, "place", "zone", "s3a").startswith("Sector 3 ")
    assert GAME.part_label(state, "place", "pawn", "acc") == "The Accomplice pawn"
    mission = R.pack().missions["m21"]
    assert GAME.part_label(state, "sabotage", "mission", "m21") == f"{mission.name} (sector {mission.sector})"
    assert GAME.part_label(state, "play", "card", "ca01") == R.pack().schemes["ca01"].name
    assert GAME.part_label(state, "hazard", "zone", "none") == "No Hazard"
    assert GAME.part_label(state, "liaison", "gain", "cartel") == "1r in Cartel"


def test_a_refusal_sums_up_the_bids_as_a_range() -> None:
    """ "Each freelancer may bid ... or pass": a refused bid names the bids one can make as "bid 1 to 11",
    not eleven labels, beside passing."""
    state = auction_of(new(seed=2), ["hacker", "cloner", "chemist", "arms_dealer", "thug"])
    seat = state.auction.to_act if state.auction else ""
    message = GAME.why_not(state, seat, Intent.of("bid", to=40)) or ""
    assert "bid 1 to 11" in message and "Bid 2 (" not in message
    assert "Pass on the Hacker" in message
