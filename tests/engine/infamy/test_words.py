"""Infamy's own words (issue 30) and what its boards mark (issue 31): the board and hand text written from the
typed view, the rulebook's terms for Turns and Rounds, the latest move's changes, the sector cards once
revealed, a placement with one possible zone made without asking, and an intent log written before that
replaying as it was played."""

from __future__ import annotations

import random
import re

import pytest

from bot.present import standing
from engine.core import RandomAgent
from engine.core.agents import decide
from engine.core.errors import RuleError
from engine.core.lone import Replayer, noting
from engine.core.playout import advance, next_decision, replay
from engine.infamy import GAME
from engine.infamy.text import board_lines, hand_lines

from .helpers import SEATS3, act, choose_sectors, keys, new, to_select, win_current
from .test_sector_phase import OTHER, setup_track

PROGRAM_TEXT = re.compile(r"\bs[1-6][abm]\b|\b[a-z]+_[a-z_]+\b|\bm\d\d\b|\b(ca|mc|mi)\d\d\b")
"""Zone, mission and Scheme ids and snake_case names: never in a text a player reads."""


def _midgame(steps: int = 150, seed: int = 4) -> object:
    state = GAME.setup(["Ann", "Agent1", "Agent2"], seed)
    agents = {s: RandomAgent(i) for i, s in enumerate(state.seats)}
    return advance(GAME, state, agents, steps)


def test_the_board_text_is_the_whole_table_in_the_games_words() -> None:
    """Issue 30: complete, sectioned, card values beside card names, no identifiers."""
    state = _midgame()
    view = GAME.view(state, None)
    lines = board_lines(view)
    text = "\n".join(lines)
    assert lines == GAME.board_lines(view)
    assert not PROGRAM_TEXT.search(text), PROGRAM_TEXT.findall(text)
    for p in view["players"]:
        assert f"{p['seat']} ({p['colour']} pawn): {p['infamy']} Infamy" in text
    for c in view["track"]:
        assert f"{c['pos']}. {c['name']}" in text and c["text"] in text
    for s in view["sectors"]:
        assert f"Sector {s['id']} ({s['name']})" in text
    for m in view["missions"]:
        assert re.search(re.escape(m["name"]) + r" \(Sector \d.*\): pay ", text), m["name"]
    assert text.startswith(f"Infamy · Turn {view['turn']}, {'Day' if view['day'] else 'Night'} Round · ")
    assert "General Supply:" in text and "Scheme decks:" in text


def test_turns_and_rounds_are_named_as_the_rulebook_names_them() -> None:
    """ "Infamy proceeds in a series of Turns. Each Turn consists of two Rounds, called "Day" and "Night."":
    the second Round of the game is the Night Round of Turn 1, never "Round 2" beside "Turn 1"."""
    state = new(seed=2)
    assert GAME.view(state, None)["standing"].startswith("Turn 1, Day Round · Contact Phase")
    agents = {s: RandomAgent(i) for i, s in enumerate(state.seats)}
    while state.round == 1:
        seat = next_decision(GAME, state, agents)
        assert seat is not None
        state, events = GAME.apply(
            state, seat, decide(agents[seat], GAME, state, seat, GAME.legal(state, seat))
        )
    opened = [e.text for e in events if e.kind == "round"]
    assert opened and opened[0].startswith("Turn 1, Night Round. Contacts: ")
    view = GAME.view(state, None)
    assert standing(view) == view["standing"] and view["standing"].startswith("Turn 1, Night Round")


def test_the_hand_text_leads_with_the_schemes_then_the_secret_card() -> None:
    """Issue 30: the hand with each Scheme's faction, cost and effect; the face-down sector card shown to its
    owner only."""
    s = to_select(setup_track(OTHER))
    s.players["ann"].hand = ["ca09", "mc02"]
    s, _ = act(s, "ann", "sector:own=s3")
    own, public = GAME.view(s, "ann"), GAME.view(s, None)
    lines = hand_lines(own, public)
    assert lines[0] == "**Your hand** (2 Schemes, played in the Scheme Phase):"
    assert lines[1].startswith("• **Harada Patronage** (Cartel; costs 2 Compound): ")
    assert "**Your sector card** (face down until everyone has chosen): Sector 3 (Harada Row)" in lines
    assert not PROGRAM_TEXT.search("\n".join(lines))
    for other in ("bo", "cy"):
        assert "Harada Row" not in "\n".join(hand_lines(GAME.view(s, other), public))
    assert "Sector 3 (Harada Row)" not in "\n".join(board_lines(public)).split("Sectors (")[0]


def test_the_board_shows_what_each_seat_chose_once_revealed() -> None:
    """Issue 31 item 3: after the secret choice is revealed, the board shows every sector card chosen."""
    s = to_select(win_current(setup_track(["accomplice", *OTHER[1:]]), "ann"))
    s = choose_sectors(
        s, {"ann": "sector:own=s1;sector:acc=s2", "bo": "sector:own=s4", "cy": "sector:own=s5"}
    )
    view = GAME.view(s, None)
    assert view["revealed"] == {"ann": 1, "*acc": 2, "bo": 4, "cy": 5}
    text = "\n".join(board_lines(view))
    assert (
        "Sector cards revealed: ann Sector 1 (Regolith Yards), ann's Accomplice Sector 2 (Dome Market), "
        "bo Sector 4 (Trust Spire), cy Sector 5 (Kepler Dig)." in text
    )


def test_the_last_move_is_marked_with_what_it_changed() -> None:
    """Issue 31 item 3: a bid marks its Contact and the Bribes it took; a placement its zone and its gain."""
    s = new(seed=5)
    seat, contact = GAME.prompts(s)[0].seat, GAME.view(s, None)["track"][0]["name"]
    s, _ = act(s, seat, "bid:to=2")
    last = GAME.view(s, None)["last"]
    assert last["seat"] == seat and last["contacts"] == [1]
    assert last["changes"][seat] == ["-3 available Bribes"]
    assert last["lines"] == [f"{seat} pays 1 Bribe of Expenses and bids 2 on the {contact}."]
    s = to_select(s)
    open_ = [n for n in range(1, 7) if n not in s.watchdogs]
    s = choose_sectors(s, {p: f"sector:own=s{open_[i]}" for i, p in enumerate(SEATS3)})
    first = s.order[0]
    zone = next(k for k in keys(s, first) if k.endswith("zone=s" + str(s.sectors[first]) + "a"))
    s, _ = act(s, first, zone)
    last = GAME.view(s, None)["last"]
    assert last["seat"] == first and f"s{s.sectors[first]}a" in last["zones"]
    assert any(c.startswith("+1 ") for c in last["changes"][first])


def test_a_placement_with_one_possible_zone_is_made_without_asking() -> None:
    """Issue 30: a question with one possible answer is not asked. Where a pawn may go is public (the sector
    revealed, the free zones, Watchdogs, the missions and what each freelancer holds)."""
    s = to_select(setup_track(OTHER))
    s.hazards = ["s1b"]  # sector 1: only its Weapon zone is free, and no mission is available there
    s.available = []
    first = s.order[0]
    assert 1 not in s.watchdogs
    others = iter(n for n in range(2, 7) if n not in s.watchdogs)
    picks = {seat: f"sector:own=s{1 if seat == first else next(others)}" for seat in SEATS3}
    s = choose_sectors(s, picks)
    assert s.pawns.get("s1a") == first
    assert all(p.seat != first or p.kind != "place" for p in GAME.prompts(s))


def _lone_log(seed: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]], object]:
    """A seeded game's log as it is written now, and as it was written when lone placements were asked
    (each move the game made by itself logged after the intent that led to it)."""
    state = GAME.setup(SEATS3, seed)
    agents = {s: RandomAgent(seed + i) for i, s in enumerate(SEATS3)}
    now: list[tuple[str, str]] = []
    then: list[tuple[str, str]] = []
    for _ in range(400):
        seat = next_decision(GAME, state, agents)
        if seat is None:
            break
        intent = decide(agents[seat], GAME, state, seat, GAME.legal(state, seat))
        with noting() as made:
            state, _ = GAME.apply(state, seat, intent)
        now.append((seat, intent.key()))
        then += [(seat, intent.key()), *made]
    return now, then, state


def test_a_log_written_when_lone_placements_were_asked_replays_as_it_was_played() -> None:
    """An Infamy game saved before (format 6) is rebuilt from its intent log: the placements the game now
    makes by itself are in that log, and the replay takes them for what they now are."""
    now, then, state = _lone_log(seed=11)
    assert len(then) > len(now), "the seeded game has lone placements"
    rebuilt = replay(GAME, SEATS3, 11, {}, then)
    assert GAME.dump(rebuilt) == GAME.dump(replay(GAME, SEATS3, 11, {}, now))
    assert rebuilt.round == state.round and rebuilt.players == state.players
    plain = GAME.setup(SEATS3, 11)
    with pytest.raises(RuleError):  # without the replayer, the old log stops at its first lone placement
        for seat, key in then:
            plain, _ = GAME.apply(plain, seat, GAME.parse_intent(key))


def test_the_replayer_refuses_what_the_game_did_not_make_alone() -> None:
    """Only a refused intent that the game made by itself is skipped: any other refusal still raises."""
    state = GAME.setup(SEATS3, 3)
    seat = GAME.prompts(state)[0].seat
    other = next(s for s in SEATS3 if s != seat)
    with pytest.raises(RuleError):
        Replayer(GAME, made=[(seat, "pass")]).apply(state, other, "pass")


def test_seeded_games_read_without_program_text() -> None:
    """Every board and hand text along seeded games: no ids, no snake_case (the scan of issue 30, here with
    names that share an initial)."""
    rng = random.Random(7)
    for seed in (1, 2):
        state = GAME.setup(["Ann", "Agent1", "Agent2", "Bo"], seed)
        agents = {s: RandomAgent(rng.randrange(1000)) for s in state.seats}
        for _ in range(12):
            state = advance(GAME, state, agents, 25)
            public = GAME.view(state, None)
            texts = board_lines(public) + [
                line for s in state.seats for line in hand_lines(GAME.view(state, s), public)
            ]
            found = [t for t in texts if PROGRAM_TEXT.search(t)]
            assert not found, found[:3]
            if GAME.outcome(state) is not None:
                break
