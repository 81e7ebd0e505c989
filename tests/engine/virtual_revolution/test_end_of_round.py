"""Control and Titles, raids, the Necro attack, turn order and Maintenance (the printed examples are in
test_rulebook_examples.py)."""

from __future__ import annotations

from engine.virtual_revolution.control import add_it, recheck, remove_it
from engine.virtual_revolution.state import Duty, MaintenanceStep, NecroStep, OrderStep, RaidStep

from .support import act, cleared, fresh, keys, mover, run


def test_title_gained_on_all_boroughs_and_lost_at_two_fewer() -> None:
    """ "As soon as a player controls all the Boroughs in a District, they gain control of the District ... If
    they subsequently lose control of two Boroughs in the District, they immediately lose control." """
    state = cleared(fresh(3))
    seat = state.seats[0]
    for b in ("b9", "b10"):
        add_it(state, seat, b)
    assert "PI" not in state.titles
    add_it(state, seat, "b18")
    assert state.titles["PI"] == seat
    remove_it(state, "b9")
    assert state.titles["PI"] == seat, "one Borough lost: the Title stays"
    remove_it(state, "b10")
    assert "PI" not in state.titles
    state.servers["b9"] = seat
    state.servers["b10"] = seat
    recheck(state)
    assert state.titles["PI"] == seat, "control by Server counts"


def test_the_raided_player_chooses_the_order() -> None:
    """ "The player reveals all of their Corruption Cards and suffers their effects in the order of their
    choice." With one Immunity token, whether it saves the Income or the Server depends on which card comes
    first: the player picks the next card and how it resolves. (The deadline's answer is tested in
    test_deadline_defaults.py.)"""
    state = cleared(fresh(3))
    seat = state.seats[0]
    player = state.p(seat)
    player.hand = ["c31", "c20", "c16", "c17", "c18"]  # Income -1, a Server in QL/NA, 3 x 2 EC
    player.imm, player.ec = 1, 10
    state.servers["b11"] = seat  # Nation
    state = run(state, RaidStep(seat=seat))
    options = keys(state, seat)
    assert "pick:card=c31,apply=1" in options and "pick:card=c20,at=b11" in options
    assert not [k for k in options if "c17" in k or "c18" in k], "identical cards are one choice"
    state = act(state, "pick:card=c31,apply=1", seat)
    assert state.p(seat).income == 4
    state = act(state, "pick:card=c20,ignore=1", seat)
    player = state.p(seat)
    assert state.servers.get("b11") == seat and (player.imm, player.ec, player.hand) == (0, 4, [])


def test_a_raid_offers_only_what_hits_and_records_the_curse() -> None:
    """ "If one of these options would affect you, you MUST choose it"; The Curse: "Undergo an Interpol Raid
    without spending any Immunity tokens"; Mythologia: "while having 7 Corruption cards or more"."""
    state = cleared(fresh(3))
    seat = state.seats[0]
    player = state.p(seat)
    player.imm = 0
    player.hand = ["c04", "c05", "c16", "c17", "c18", "c19", "c31"]  # PI/ND and ND/QL Influence, 4 EC, Income
    state.owner.update({"b9": seat, "b19": seat})
    state.tokens.update({"b9": 1, "b19": 1})
    state = run(state, RaidStep(seat=seat))
    options = keys(state, seat)
    assert {"pick:card=c04,at=b19", "pick:card=c04,at=b9"} <= set(options), "PI or ND: either hits"
    state = act(state, "pick:card=c04,at=b9", seat)
    assert "b9" not in state.owner and keys(state, seat) == [], "no choice is left: the rest resolve"
    player = state.p(seat)
    assert "b19" not in state.owner and player.raided_no_imm and player.raided_7 and player.income == 4


def test_necro_effects_are_simultaneous_and_floored() -> None:
    """ "If all players have the same Income, they all suffer the 3 effects"; Blackmail +5, −5, −10 on 12
    Eurocredits leaves 2 (ruling A17); Revelations: "The increase or decrease in Income is applied after"."""
    state = fresh(2)
    for seat in state.seats:
        state.p(seat).ec, state.p(seat).imm = 12, 0
    state.necro_deck.append("blackmail")
    state = run(state, NecroStep())
    assert [state.p(s).ec for s in state.seats] == [2, 2]
    state.necro_deck.append("revelations")
    state = run(state, NecroStep())
    assert [state.p(s).income for s in state.seats] == [5 + 1 - 1 - 2] * 2


def test_turn_order_priority() -> None:
    """ "The Player with the most Influence tokens on their Player board chooses their position ... In case of
    a tie, the Player with the lowest Income chooses first." """
    state = fresh(3)
    a, b, c = state.seats
    for seat, reserve, income in ((a, 5, 5), (b, 7, 6), (c, 7, 4)):
        state.p(seat).reserve, state.p(seat).income = reserve, income
    state = run(state, OrderStep())
    assert mover(state) == c
    state = act(state, "pick:pos=2", c)
    assert mover(state) == b
    state = act(state, "pick:pos=1", b)
    assert state.order == [b, c, a], "the last player is placed in the last free position"


def test_maintenance() -> None:
    """ "Discard the rightmost Verse card, slide all the remaining Verse cards to the right, and add a new
    Verse card to the leftmost space"; "Players take their Directors back ... put any active Agents that have
    been activated back upright, as well as any Titles used. They remove any Necro marker from the previous
    Round"."""
    state = fresh(3)
    seat = state.seats[0]
    row = list(state.verse_row)
    top = state.verse_deck[-1]
    state.directors = [(seat, "b1")]
    state.p(seat).duty = [Duty(agent="pixel", turned=True)]
    state.p(seat).markers = {"work": 3}
    state.p(seat).next_markers = {"server": 20}
    state.turned_titles = ["PI"]
    state = run(state, MaintenanceStep())
    assert state.verse_row == [top, *row[:4]] and state.verse_deck[0] == row[4]
    player = state.p(seat)
    assert state.directors == [] and not player.duty[0].turned and state.turned_titles == []
    assert (player.markers, player.next_markers, state.round) == ({"server": 20}, {}, 2)
    assert len([s for s in state.slots if s]) + len(state.intercepted) == 5
