"""Infamy's own side of the contract: its refusals, hidden information, the pack and token counts (the
checks every game shares are in tests/engine/test_conformance.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import engine
from engine.core import DataError, IllegalIntent, MalformedIntent, NotYourTurn, RandomAgent
from engine.core.agents import decide
from engine.core.playout import play_out
from engine.infamy import GAME
from engine.infamy.agent import HeuristicAgent
from engine.infamy.pack import load_pack

from .helpers import SEATS3, SEATS4, act, auction_of, new, to_select


def test_registered() -> None:
    assert engine.get("infamy") is GAME
    assert GAME.meta.min_seats == 3 and GAME.meta.max_seats == 4
    assert 20 <= len(GAME.meta.rules.splitlines()) <= 40


def test_only_the_sector_choice_is_simultaneous() -> None:
    """ "Freelancers secretly and simultaneously choose one of the 6 sectors to enter this Round": of
    Infamy's decisions only the sector choice is made at once by everyone, in secret. (Playouts, replays,
    round trips, defaults and labels are checked for every game by tests/engine/test_conformance.py.)"""
    for seed, seats in ((1, SEATS3), (2, SEATS4)):
        state = GAME.setup(seats, seed)
        agents = {s: RandomAgent(seed + i) for i, s in enumerate(seats)}
        kinds = set()
        while state.result is None:
            prompts = GAME.prompts(state)
            for p in prompts:
                assert p.simultaneous == (p.kind == "sector"), p
                kinds.add(p.kind)
            seat = prompts[0].seat
            state, _ = GAME.apply(
                state, seat, decide(agents[seat], GAME, state, seat, GAME.legal(state, seat))
            )
        assert "sector" in kinds and len(kinds) > 3


def test_refusals_change_nothing() -> None:
    s = auction_of(new(), ["hacker", "chemist", "cloner", "fixer", "thug"])
    before = GAME.dump(s)
    with pytest.raises(MalformedIntent):
        GAME.parse_intent("teleport:to=s3")
    with pytest.raises(MalformedIntent):
        GAME.parse_intent("bid:to")
    with pytest.raises(NotYourTurn):
        act(s, "cy", "pass")
    with pytest.raises(NotYourTurn):
        act(s, "zed", "pass")
    with pytest.raises(IllegalIntent):
        act(s, "ann", "bid:to=0")
    with pytest.raises(IllegalIntent):
        act(s, "ann", "sector:own=s1")
    with pytest.raises(IllegalIntent, match="no Favor"):
        act(s, "ann", "favor")
    assert GAME.dump(s) == before


def public_side(state, seat: str) -> tuple[object, object]:
    return GAME.view(state, seat), GAME.view(state, None)


def test_secret_sector_choice_never_leaks() -> None:
    s = to_select(new(seed=3))
    allowed = [
        k for k in (f"sector:own=s{n}" for n in range(1, 7)) if k in [i.key() for i in GAME.legal(s, "ann")]
    ]
    a, ea = act(s, "ann", allowed[0])
    b, eb = act(s, "ann", allowed[1])
    assert public_side(a, "bo") == public_side(b, "bo")
    assert [e.to_json() for e in ea if e.visible_to("bo")] == [e.to_json() for e in eb if e.visible_to("bo")]
    assert GAME.view(a, "ann")["my_choice"]["own"] != GAME.view(b, "ann")["my_choice"]["own"]
    assert GAME.prompts(a) == GAME.prompts(b)
    from renderers.infamy import render

    assert render(GAME.view(a, None)) == render(GAME.view(b, None))


def test_hands_never_leak() -> None:
    s = new(seed=4)
    a, b = s.model_copy(deep=True), s.model_copy(deep=True)
    a.players["ann"].hand = ["ca01", "mc02"]
    b.players["ann"].hand = ["mi05", "mi06"]
    for seat in ("bo", "cy", None):
        assert GAME.view(a, seat) == GAME.view(b, seat)
    assert "ca01" in json.dumps(GAME.view(a, "ann")) and "ca01" not in json.dumps(GAME.view(a, "bo"))
    from renderers.infamy import render

    assert render(GAME.view(a, None)) == render(GAME.view(b, None))
    open_hands = new(seed=4, open_hands=True)
    open_hands.players["ann"].hand = ["ca01"]
    assert "ca01" in json.dumps(GAME.view(open_hands, "bo"))


def test_scheme_draws_are_private() -> None:
    state = GAME.setup(SEATS3, 8)
    agents = {s: HeuristicAgent(i) for i, s in enumerate(SEATS3)}
    result = play_out(GAME, state, agents, keep_events=True)
    names = {s.name for s in load_pack().schemes.values()}
    for e in result.events:
        if e.kind in ("drew", "stolen"):
            assert e.audience is not None
    assert any(e.kind == "drew" for e in result.events) or not names


def test_bad_pack_record_names_file_record_and_field(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[3] / "data" / "infamy"
    dst = tmp_path / "infamy"
    shutil.copytree(src, dst)
    missions = json.loads((dst / "missions.json").read_text())
    missions[4]["sector"] = 9
    (dst / "missions.json").write_text(json.dumps(missions))
    with pytest.raises(DataError, match=r"missions.json: record 5 \('m05'\), field 'sector'"):
        load_pack(dst)
    missions[4]["sector"] = 1
    missions[4]["reward"] = [{"op": "gain", "what": "scheme"}]
    (dst / "missions.json").write_text(json.dumps(missions))
    with pytest.raises(DataError, match="field 'reward.0'"):
        load_pack(dst)


def test_pack_contents() -> None:
    pack = load_pack()
    assert len(pack.contacts) == 13 and len(pack.missions) == 30 and len(pack.schemes) == 60
    for f in ("cartel", "megacorp", "militia"):
        assert sum(1 for s in pack.schemes.values() if s.faction == f) == 20
    assert all(c.provenance == "rulebook" for c in pack.contacts.values())
    assert {b.name for b in pack.benefits} >= {"Enforcer", "Pusher", "Hood", "Stringer"}


@pytest.mark.parametrize("seed", range(4))
def test_tokens_are_conserved_through_random_games(seed: int) -> None:
    """Every freelancer always owns 12 Bribes (available, spent, on Contacts or bid); resources, Henchmen and
    Favors only move between freelancers and the General Supply (18/18/18, 20, 6); at most 4 Hazards and 2
    Watchdogs are on the board; no Scheme (60) or Mission (30) card is lost or duplicated."""
    seats = SEATS4 if seed % 2 else SEATS3
    state = GAME.setup(seats, 40 + seed)
    agents = {s: RandomAgent(seed * 3 + i) for i, s in enumerate(seats)}
    while state.result is None:
        bids = state.auction.bids if state.auction else {}
        for seat, p in state.players.items():
            assert p.avail + p.spent + p.markers + bids.get(seat, 0) == 12
            assert min(p.avail, p.spent, p.markers, *(state.held(seat, t) for t in state.tokens)) >= 0
        shown = GAME.view(state, None)["supply"]
        for what, box in (("weapon", 18), ("data", 18), ("compound", 18), ("henchman", 20), ("favor", 6)):
            assert shown[what] + sum(state.tokens[what].held.values()) == box
        assert len(state.hazards) <= 4 and len(set(state.hazards)) == len(state.hazards)
        assert 0 < len(state.watchdogs) <= 2
        schemes = sum(len(d.cards) + len(d.discards) for d in state.schemes.values())
        assert schemes + sum(len(p.hand) for p in state.players.values()) == 60
        missions = len(state.missions.cards) + len(state.available)
        assert missions + sum(len(p.missions) for p in state.players.values()) == 30
        seat = GAME.prompts(state)[0].seat
        state, _ = GAME.apply(state, seat, decide(agents[seat], GAME, state, seat, GAME.legal(state, seat)))
