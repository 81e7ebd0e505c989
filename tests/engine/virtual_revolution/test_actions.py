"""Set-up, the turn's phases and the five Actions, each checked against the rulebook passage it quotes."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.virtual_revolution.pack import pack
from engine.virtual_revolution.state import FIRST, Duty, Held

from .support import GAME, act, cleared, fresh, keys, mover, turn_in


@pytest.mark.parametrize(("seats", "pool", "cards"), [(2, 20, 12), (3, 18, 8), (4, 15, 6)])
def test_setup_pools_localization_and_money(seats: int, pool: int, cards: int) -> None:
    """ "2 Players: 20 Influence tokens; 3 Players: 18 ...; 4 Players: 15"; "10 Eurocredit tokens and 1
    Immunity token"; "Deal 2 Objective cards to each Player"; "an Income of 5"; "Deal the 24 Localization
    cards so that all Players have the same number of cards (12 for 2 Players, 8 for 3 Players, and 6 for 4
    Players). Each player places 1 Influence token on each of the Boroughs indicated"."""
    state = fresh(seats, seed=seats)
    assert len(state.tokens) == 23 and set(state.tokens.values()) == {1}
    first = state.order[0]
    for seat, player in state.players.items():
        on_map = sum(1 for b in state.owner if state.owner[b] == seat)
        assert on_map == cards - (1 if seat == first else 0)
        assert player.reserve == pool - on_map
        assert (player.ec, player.imm, player.income, len(player.objectives)) == (10, 1, 5, 2)


def test_setup_agent_deck_and_rows() -> None:
    """ "Shuffle the Level 2 Agent cards face-down, remove 6 of them ... remove 3 [Level 1] ... place the
    remaining 15 on top"; "Reveal the first 5 Agent cards ... draw 1 Localization card" each."""
    state = fresh(4, seed=9)
    removed = [pack().agents[a].level for a in state.removed_agents]
    assert removed.count(1) == 3 and removed.count(2) == 6
    assert len(state.agent_deck) + sum(1 for a in state.slots if a) + len(state.agent_discard) == 24
    assert all(pack().agents[a].level == 1 for a in state.agent_deck[-10:])
    assert len(state.loc_deck) == 19 and len(set(state.located.values())) == len(state.located)
    assert len([v for v in state.verse_row if v]) == 5 and len(state.verse_deck) == 19
    assert len(state.necro_deck) == 5 and pack().necro[state.necro_deck[0]].kind == "end"


def test_the_first_player_card_sets_the_turn_order() -> None:
    """ "The player who gets the 1st Player card places their Marker on the 1st Player space ... The other
    players, in clockwise order, place their tokens in the next available space." """
    for seed in range(6):
        state = fresh(3, seed=seed)
        first = state.order[0]
        assert state.players[first].reserve == 18 - 7
        i = state.seats.index(first)
        assert state.order == state.seats[i:] + state.seats[:i]
        assert FIRST in state.loc_deck or state.intercepted != []


def test_director_first_then_the_influence_manoeuvres() -> None:
    """ "Place one of your Director tokens in a Borough of your choice"; "Add one ... Draw 1 Corruption Card.
    Remove one ... This token is placed in the Recycling area. Draw 1 Corruption Card. Take one ... of your
    Influence Tokens from any Borough and place it on the Borough where you placed your Director." """
    state = cleared(fresh(3))
    seat = mover(state)
    assert {k.split(":")[0] for k in keys(state)} == {"director"}
    other = next(s for s in state.seats if s != seat)
    state.owner.update({"b1": other, "b2": seat})
    state.tokens.update({"b1": 2, "b2": 2})
    state = turn_in(state, "b1")
    assert "influence:how=add" not in keys(state), "A single Borough can NEVER contain two players' tokens"
    assert not any(k.startswith("influence:how=move") for k in keys(state))
    state = act(state, "influence:how=remove")
    assert state.tokens["b1"] == 1 and state.recycle[other] == 1 and len(state.p(seat).hand) == 1
    assert keys(state, kind="influence") == [], "perform only one of the following 3 maneuvers"


def test_moving_influence_draws_no_corruption() -> None:
    state = cleared(fresh(3))
    seat = mover(state)
    state.owner["b2"] = seat
    state.tokens["b2"] = 2
    state = act(turn_in(state, "b3"), "influence:how=move,at=b2")
    assert (state.tokens["b2"], state.tokens["b3"], state.owner["b3"]) == (1, 1, seat)
    assert state.p(seat).hand == []


def test_work_with_boosts_title_and_necro_marker() -> None:
    """ "Gain 5 Eurocredits"; Boost "When you perform the Work action, gain 3 additional Eurocredits"; Denfert
    Rochereau "If you perform the Work Action, gain 5 additional Eurocredits"; Disruption of Transports "you
    will gain only 3 Eurocredits (instead of 5)"."""
    state = fresh(3)
    seat = mover(state)
    state.p(seat).boosts["work"] = ["jade"]
    state.titles["DR"] = seat
    state = act(act(turn_in(state, "b5"), "title:id=DR"), "work")
    assert state.p(seat).ec == 10 + 5 + 3 + 5
    marked = fresh(3)
    seat = mover(marked)
    marked.p(seat).markers["work"] = 3
    assert act(turn_in(marked, "b5"), "work").p(seat).ec == 13
    assert keys(act(turn_in(fresh(3), "b5"), "work"), kind="work") == [], "You may perform 1 Action"


def test_recruit_range_boost_and_three_on_duty() -> None:
    """Miss Yoshida's Boost: "gain 2 Eurocredits and add +1 to the Range"; "You do not already have 3 Agents
    on
    Duty"."""
    state = fresh(3)
    seat = mover(state)
    state.slots[0] = "lance"
    state.located = {0: "b3"}  # two steps from b14 (b14-b13-b3)
    state.p(seat).boosts["recruit"] = ["yoshida"]
    state = act(turn_in(state, "b14"), "recruit:slot=1")
    assert state.p(seat).ec == 10 - 4 + 2
    full = fresh(3)
    seat = mover(full)
    full.slots[0] = "lance"
    full.located = {0: "b14"}
    full.p(seat).duty = [Duty(agent=a) for a in ("pixel", "delta", "zero")]
    assert keys(turn_in(full, "b14"), kind="recruit") == []


def test_build_a_server() -> None:
    """ "1. Pay 10 Eurocredits. 2. Immediately increase your Income by 2 ... 3. Gain 1 +2 VPs token ... 4.
    Draw 1 Corruption card. 5. Finally, place one of your Server tokens in the Borough." "A Borough with a
    Server may therefore be controlled by 2 Players simultaneously." """
    state = cleared(fresh(3))
    seat = mover(state)
    state.owner["b1"] = seat
    state.tokens["b1"] = 1
    state.p(seat).ec = 12
    state = act(turn_in(state, "b1"), "server")
    player = state.p(seat)
    assert (player.ec, player.income, player.plus2, len(player.hand), state.servers["b1"]) == (
        2,
        7,
        1,
        1,
        seat,
    )
    from engine.virtual_revolution.control import controls

    other = next(s for s in state.seats if s != seat)
    state.owner["b1"] = other
    assert controls(state, seat, "b1") and controls(state, other, "b1")


def test_server_conditions_and_delta() -> None:
    """ "You have at least one Influence token in the Borough, You do not already have a Server in the same
    District"; Delta: "you may build the Server even if your Director is in a Borough where you have no
    Influence token"."""
    state = cleared(fresh(3))
    seat = mover(state)
    state.p(seat).ec = 30
    assert keys(turn_in(state, "b1"), kind="server") == []
    state.servers["b2"] = seat  # b2 is in the Marais, like b1
    state.owner["b1"] = seat
    state.tokens["b1"] = 1
    assert keys(turn_in(state, "b1"), kind="server") == []
    del state.servers["b2"]
    del state.owner["b1"]
    del state.tokens["b1"]
    state.p(seat).duty = [Duty(agent="delta")]
    armed = act(turn_in(state, "b1"), "promote:agent=delta,use=yes,to=retire")
    assert "server" in keys(armed)
    assert act(armed, "server").servers["b1"] == seat


def test_create_a_verse_slides_the_row() -> None:
    """ "2. Pay 7 Eurocredits. 3. Immediately increase your Income by 1. 4. Draw 1 Corruption card. 5. Take 1
    of the 5 available Verse cards ... slide the remaining Verse cards to the right to fill the gap, if any,
    and add a new Verse card to the leftmost empty space." A refresh costs 2."""
    state = fresh(3)
    seat = mover(state)
    row = list(state.verse_row)
    top = state.verse_deck[-1]
    state = act(turn_in(state, "b1"), "verse:slot=3")
    player = state.p(seat)
    assert (player.ec, player.income, len(player.hand)) == (3, 6, 1)
    assert player.verses[0].verse == row[2]
    assert state.verse_row == [top, row[0], row[1], row[3], row[4]]
    state = fresh(3)
    seat = mover(state)
    state = act(turn_in(state, "b1"), "refresh")
    assert state.p(seat).ec == 8 and "refresh" not in keys(state), "then 8 - 2 < 7: no Verse could be paid"


def test_refusals_are_plain() -> None:
    state = fresh(3)
    with pytest.raises(RuleError, match="Place a Director first"):
        GAME.apply(state, mover(state), GAME.parse_intent("work"))


def test_refusals_say_what_is_wrong() -> None:
    """Out of Range, out of money, one Action a turn: each refusal says which."""
    state = fresh(3)
    state.slots[2], state.located = "pixel", {2: "b22"}
    seat = mover(state)
    state = turn_in(state, "b14")
    with pytest.raises(RuleError, match="beyond your Range of 1"):
        GAME.apply(state, seat, GAME.parse_intent("recruit:slot=3"))
    with pytest.raises(RuleError, match="needs your Influence in the Borough"):
        GAME.apply(state, seat, GAME.parse_intent("server"))
    state.p(seat).verses = [Held(verse="westland")]  # something left to do after the Action: the turn stays
    state = act(state, "work")
    with pytest.raises(RuleError, match="already performed this turn's Action"):
        GAME.apply(state, seat, GAME.parse_intent("verse:slot=1"))


def test_a_turn_with_nothing_left_but_ending_ends_by_itself() -> None:
    """Issue 30 (a question with one possible answer is never asked): once the Action is done and nothing
    else is possible, the turn ends without asking, and the next player is asked; with a Verse still held
    (it may be exchanged for Immunity) the turn stays open."""
    state = cleared(fresh(3))
    seat = mover(state)
    state.p(seat).verses, state.p(seat).duty = [], []
    state = act(turn_in(state, "b14"), "work")
    assert mover(state) != seat, "the turn ended by itself"
    state = cleared(fresh(3))
    seat = mover(state)
    state.p(seat).verses, state.p(seat).duty = [Held(verse="westland")], []
    state = act(turn_in(state, "b14"), "work")
    assert mover(state) == seat and "end" in keys(state, seat)
