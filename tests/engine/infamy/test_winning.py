"""Winning and the four tiebreak cases (rulebook "Winning the Game")."""

from __future__ import annotations

import pytest

from engine.core import GameOver, Intent
from engine.infamy import GAME
from engine.infamy.rules import winners
from engine.infamy.state import InfamyState

from .helpers import SEATS4, act, new


def board(**players: tuple[int, dict[str, int], int, int]) -> InfamyState:
    """players: seat=(infamy, rep, henchmen, missions)."""
    s = new(SEATS4)
    for seat, (inf, rep, hench, missions) in players.items():
        p = s.players[seat]
        p.infamy = inf
        s.tokens["henchman"].held[seat] = hench
        p.rep.update(rep)
        p.missions = [f"m{i + 1:02d}" for i in range(missions)]
    return s


def test_nobody_qualifies() -> None:
    """ "a freelancer wins the game if he has accumulated at least 15i or 5r in any one of the three
    factions"."""
    s = board(ann=(14, {"cartel": 2, "megacorp": 2, "militia": 2}, 0, 0))
    assert winners(s) is None


def test_case1_most_infamy_then_single_faction_rep_then_total_then_henchmen_then_draw() -> None:
    """ "1. ... a. Whoever has the most Infamy wins. b. ... most Rep in a single faction wins. c. ... highest
    total number of Rep wins. d. ... most henchmen wins. e. ... it's a draw."."""
    assert winners(board(ann=(17, {}, 0, 0), bo=(16, {}, 0, 0))) == (["ann"], "Infamy")
    assert winners(board(ann=(16, {"cartel": 3}, 0, 0), bo=(16, {"militia": 2, "cartel": 2}, 0, 0))) == (
        ["ann"],
        "Infamy",
    )
    assert winners(board(ann=(16, {"cartel": 3}, 0, 0), bo=(16, {"militia": 3, "cartel": 1}, 0, 0))) == (
        ["bo"],
        "Infamy",
    )
    assert winners(board(ann=(16, {}, 3, 0), bo=(16, {}, 4, 0))) == (["bo"], "Infamy")
    assert winners(board(ann=(16, {}, 3, 0), bo=(16, {}, 3, 0))) == (["ann", "bo"], "Infamy")


def test_case2_several_reach_5r() -> None:
    """ "2. If no freelancer has more than 15i but multiple freelancers achieve 5r simultaneously: a. ... the
    one who has the most Infamy wins. b. ... most total Rep ... c. ... most henchmen ... d. ... most completed
    missions wins. e. ... it's a draw."."""
    assert winners(board(ann=(9, {"cartel": 5}, 0, 0), bo=(10, {"militia": 5}, 0, 0))) == (["bo"], "Rep")
    assert winners(board(ann=(9, {"cartel": 5, "militia": 1}, 0, 0), bo=(9, {"militia": 5}, 0, 0))) == (
        ["ann"],
        "Rep",
    )
    assert winners(board(ann=(9, {"cartel": 5}, 2, 0), bo=(9, {"militia": 5}, 1, 0))) == (["ann"], "Rep")
    assert winners(board(ann=(9, {"cartel": 5}, 2, 3), bo=(9, {"militia": 5}, 2, 4))) == (["bo"], "Rep")
    assert winners(board(ann=(9, {"cartel": 5}, 2, 3), bo=(9, {"militia": 5}, 2, 3))) == (
        ["ann", "bo"],
        "Rep",
    )


def test_case3_rep_beats_exactly_15_infamy() -> None:
    """ "3. If one freelancer achieves 5r and other freelancers achieved 15i exactly, the freelancer who
    achieved 5r wins."."""
    assert winners(board(ann=(15, {}, 9, 9), bo=(3, {"megacorp": 5}, 0, 0))) == (["bo"], "Rep")


def test_case4_more_than_15_infamy_beats_rep() -> None:
    """ "4. If one freelancer achieves 5r and other freelancers achieved more than 15i, the freelancer with
    more
    than 15i wins."."""
    assert winners(board(ann=(16, {}, 0, 0), bo=(3, {"megacorp": 5}, 0, 0))) == (["ann"], "Infamy")


def test_win_is_checked_at_the_end_of_a_day_round_too() -> None:
    """ "3. Check for Winner. At the end of the Scheme Phase ... If anyone has, the game is over!" (every
    Round, Day and Night)."""
    s = new(seed=5)
    s.players["bo"].infamy = 15
    while s.result is None:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    assert s.round == 1 and s.day and s.result.winners == ("bo",) and not s.result.draw
    assert GAME.prompts(s) == [] and GAME.legal(s, "bo") == []
    with pytest.raises(GameOver):
        act(s, "bo", "pass")


def test_a_full_tie_is_a_draw() -> None:
    s = new(seed=5)
    s.players["bo"].infamy = 16
    s.players["ann"].infamy = 16
    while s.result is None:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    assert s.result.draw and set(s.result.winners) == {"ann", "bo"}


def test_round_cap_option_ends_the_game() -> None:
    s = new(seed=6, round_cap=2)
    while s.result is None:
        p = GAME.prompts(s)[0]
        s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
    assert s.round == 2 and "Round limit" in s.result.reason


def test_options_auto_pass_and_finite_supply() -> None:
    """Table options on the rulebook's gaps (RULINGS.md): automatic passes and the token supply (A16)."""
    from engine.infamy.rules import gain

    from .helpers import auction_of

    s = auction_of(new(seed=7), ["hacker", "chemist", "cloner", "fixer", "thug"])
    s.players["bo"].avail, s.players["bo"].spent = 1, 11
    s, _ = act(s, "ann", "bid:to=1")
    assert s.auction is not None and s.auction.to_act == "cy"  # bo could not bid: passed for him
    manual = auction_of(new(seed=7, auto_pass=False), ["hacker", "chemist", "cloner", "fixer", "thug"])
    manual.players["bo"].avail, manual.players["bo"].spent = 1, 11
    manual, _ = act(manual, "ann", "bid:to=1")
    assert manual.auction is not None and manual.auction.to_act == "bo"
    assert [i.key() for i in GAME.legal(manual, "bo")] == ["pass"]
    limited = new(seed=7)
    limited.tokens["data"].held["bo"] = 18 - 2 - 1  # ann and cy hold 1 each: 1 Data left in the supply
    assert gain(limited, "ann", "data", 2) == 1 and limited.held("ann", "data") == 2
    unlimited = new(seed=7, finite_supply=False)
    unlimited.tokens["data"].held["bo"] = 18 - 2 - 1
    assert gain(unlimited, "ann", "data", 2) == 2


def test_sector_chief_literal_removal_option() -> None:
    """A9: with both Watchdogs on the board the Sector Chief adds none; by default he then removes none."""
    from .helpers import auction_of, to_select, win_current

    for literal in (False, True):
        s = auction_of(
            new(seed=7, sector_chief_literal_removal=literal),
            ["sector_chief", "cloner", "hacker", "chemist", "fixer"],
        )
        s.watchdogs = [5, 6]
        s = win_current(s, "ann")
        assert s.watchdogs == [5, 6] and not s.chief_added
        s = to_select(s)
        while s.round == 1:
            p = GAME.prompts(s)[0]
            s, _ = GAME.apply(s, p.seat, Intent.of("pass") if p.kind in ("bid", "scheme") else p.default)
        assert len(s.watchdogs) == (1 if literal else 2)
