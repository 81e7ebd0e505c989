"""Three players with a shared Faction (option ``three_players: shared``, rulings H1-H2). RB: "It is
possible to play with three Players in two ways. The simplest is that one Faction is controlled by two
Players, having agreed which characters each Player is to control.\""""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent, Intent, NotYourTurn, RandomAgent
from engine.core.playout import play_out
from engine.nakamura_tower.loading import pack
from engine.nakamura_tower.rules import RULES
from engine.nakamura_tower.sharing import controller_of
from engine.nakamura_tower.state import NtState

from .helpers import G, clear_board, place, table, to_real_world


def _shared(seed: int = 1) -> NtState:
    """p1 and p3 share the mission's first Team; p2 plays the second."""
    state = G.setup(["p1", "p2", "p3"], seed, {"three_players": "shared"})
    wanted = {f"p{i + 1}": t.faction for i, t in enumerate(pack().mission_for(2).teams)}
    while G.prompts(state)[0].kind == "faction":
        seat = G.prompts(state)[0].seat
        state, _ = G.apply(state, seat, Intent.of("faction", name=wanted[seat]))
    while G.prompts(state)[0].kind == "build":
        state, _ = G.apply(state, G.prompts(state)[0].seat, Intent.of("ready"))
    return state


def _seats(state: NtState) -> set[str]:
    return {p.seat for p in G.prompts(state)}


def test_two_teams_of_the_two_player_mission_and_a_partner() -> None:
    """RB: "one Faction is controlled by two Players": two Teams, the third seat partners the first."""
    s = G.setup(["p1", "p2", "p3"], 1, {"three_players": "shared"})
    assert sorted(s.teams) == ["p1", "p2"] and s.partners == {"p3": "p1"}
    assert s.mission == pack().mission_for(2).id
    assert _seats(s) <= {"p1", "p2"}  # the Faction choice is the Teams' (ruling H2)
    third = G.setup(["p1", "p2", "p3"], 1, {})
    assert sorted(third.teams) == ["p1", "p2", "p3"] and not third.partners


def test_each_partner_activates_only_the_characters_it_plays() -> None:
    """RB: "having agreed which characters each Player is to control"; ruling H1's default split gives the
    partner the 2nd and 4th characters. RB: "each Team member completing all of their actions before
    activating another Team member": while one is under way only its player is asked."""
    s = to_real_world(_shared(), first="p1")
    assert _seats(s) == {"p1", "p3"}
    units = {str(i.get("unit")) for i in G.legal(s, "p3") if i.get("unit") is not None}
    assert units and units <= {"a2", "a4"}
    assert not any(i.get("unit") in ("a2", "a4") for i in G.legal(s, "p1"))
    move = next(i for i in G.legal(s, "p3") if i.kind == "move" and i.get("unit") == "a2")
    with pytest.raises(IllegalIntent, match="^That character is played by your partner in the shared Team"):
        G.apply(s, "p1", move)
    s, _ = G.apply(s, "p3", move)
    if s.current == "a2":
        assert _seats(s) == {"p3"}
        with pytest.raises(NotYourTurn):
            G.apply(s, "p1", Intent.of("end"))


def test_ending_a_partners_activations_leaves_the_others_to_act() -> None:
    """Ruling H1: each partner ends the activations of its own characters (the Team's first seat with
    ``end``, the partner with ``end:by=p3``: the intent says whose it is); the Team's activation goes on
    while the other partner has characters left (RB: "Each Team completes its activation before another
    Team is activated")."""
    s = to_real_world(_shared(), first="p1")
    ends = {seat: [i for i in G.legal(s, seat) if i.kind == "end"] for seat in ("p1", "p3")}
    assert ends == {"p1": [Intent.of("end")], "p3": [Intent.of("end", by="p3")]}
    defaults = {p.seat: p.default for p in G.prompts(s)}
    assert defaults == {"p1": Intent.of("end"), "p3": Intent.of("end", by="p3")}  # each may send its own
    with pytest.raises(IllegalIntent, match="^Each partner ends the activations of the characters they play"):
        G.apply(s, "p3", Intent.of("end"))
    with pytest.raises(IllegalIntent, match="^Each partner ends the activations of the characters they play"):
        G.apply(s, "p1", Intent.of("end", by="p3"))
    s, _ = G.apply(s, "p3", Intent.of("end", by="p3"))
    assert s.models["a2"].activated and s.models["a4"].activated
    assert not s.models["a1"].activated
    assert _seats(s) == {"p1"}
    s, _ = G.apply(s, "p1", Intent.of("end"))
    assert "p1" not in _seats(s) and "p3" not in _seats(s)


def test_only_a_shared_team_lists_the_partners_end() -> None:
    """The partner's ``end:by=...`` is listed only where a Team is shared; elsewhere the Team's activation
    ends with ``end`` alone, as before."""
    s = to_real_world(table(2), first="p1")
    assert [i for i in G.legal(s, "p1") if i.kind == "end"] == [Intent.of("end")]
    with pytest.raises(IllegalIntent):
        G.apply(s, "p1", Intent.of("end", by="p2"))


def test_the_player_of_the_target_is_asked_its_reaction() -> None:
    """RB: Take Cover and Fast Attack are the target's reactions; ruling H1: the seat that plays a
    character reacts with it."""
    s = to_real_world(_shared(), first="p2")
    clear_board(s, keep=("a2", "b1"))
    place(s, "a2", "C6")
    place(s, "b1", "D6")
    attack = Intent.of("attack", unit="b1", target="a2")
    assert G.is_legal(s, "p2", attack)
    s, _ = G.apply(s, "p2", attack)
    asked = [p for p in G.prompts(s) if p.kind == "react"]
    assert asked and {p.seat for p in asked} == {"p3"}


def test_the_partner_sees_its_teams_hand_and_shares_its_result() -> None:
    """Ruling H2: the partner sees its Team's private information (same Faction: hand and plans); both
    share the Team's place in the result."""
    s = to_real_world(_shared(), first="p1")
    mine, partner, enemy = (G.view(s, seat)["my_hand"] for seat in ("p1", "p3", "p2"))
    assert mine and mine == partner and mine != enemy
    views = {m["id"]: m["controller"] for m in G.view(s, None)["models"] if m["kind"] == "character"}
    assert views["a2"] == "p3" and views["a1"] == "p1" and views["b1"] == "p2"


@pytest.mark.parametrize("seed", [3, 8])
def test_random_three_seat_playouts_end_with_the_partners_together(seed: int) -> None:
    """A 3-seat shared game plays to its end; the partner is asked and placed with its Team."""
    start = G.setup(["p1", "p2", "p3"], seed, {"three_players": "shared"})
    agents = {s: RandomAgent(seed + i) for i, s in enumerate(["p1", "p2", "p3"])}
    result = play_out(G, start, agents)
    outcome = G.outcome(result.state)
    assert outcome is not None
    place_of = {s: n for n, group in enumerate(outcome.ranking) for s in group}
    assert place_of["p1"] == place_of["p3"] != place_of["p2"] or place_of["p1"] == place_of["p2"]
    assert outcome.scores["p1"] == outcome.scores["p3"]
    assert any(seat == "p3" for seat, _ in result.log)


def test_the_boards_say_which_seat_plays_each_character() -> None:
    """Ruling H1: the split is public, so both images name the partner and the characters it plays."""
    from renderers.nakamura_tower import panel_lines, render
    from renderers.nakamura_tower_compact import render_compact
    from renderers.nakamura_tower_style import checked, partners

    view = G.view(to_real_world(_shared(), first="p1"), None)
    typed = checked(view)
    assert partners(typed, "p1") == {"p3": ["a2", "a4"]} and partners(typed, "p2") == {}
    assert any("p3 plays a2, a4" in line for line, _ in panel_lines(typed))
    assert render(view).startswith(b"\x89PNG") and render_compact(view).startswith(b"\x89PNG")


def test_the_split_is_agreed_while_the_team_is_built() -> None:
    """RB: "having agreed which characters each Player is to control"; ruling H1: the shared Team's first
    seat hands characters to its partner (or takes them back) while building; each keeps at least one."""
    s = G.setup(["p1", "p2", "p3"], 1, {"three_players": "shared"})
    wanted = {f"p{i + 1}": t.faction for i, t in enumerate(pack().mission_for(2).teams)}
    while G.prompts(s)[0].kind == "faction":
        seat = G.prompts(s)[0].seat
        s, _ = G.apply(s, seat, Intent.of("faction", name=wanted[seat]))
    while G.prompts(s)[0].seat != "p1":
        s, _ = G.apply(s, G.prompts(s)[0].seat, Intent.of("ready"))
    first = s.teams["p1"].draft[0].character
    s, _ = G.apply(s, "p1", Intent.of("share", who=first))
    assert s.teams["p1"].partner_plays == [0, 1, 3]
    assert [d["partner"] for d in G.view(s, "p3")["my_draft"]] == [True, True, False, True, False]
    assert not G.view(s, None)["my_draft"]  # the draft stays the Team's secret
    assert not any(d["partner"] for d in G.view(s, "p2")["my_draft"])
    for n in (1, 3):
        s, _ = G.apply(s, "p1", Intent.of("share", who=s.teams["p1"].draft[n].character))
    last = s.teams["p1"].draft[0].character
    refusal = G.why_not(s, "p1", Intent.of("share", who=last))
    assert refusal is not None and refusal.startswith(
        "Your partner must play at least one character. You can:"
    )
    other = Intent.of("share", who=s.teams["p2"].draft[0].character)
    assert RULES.actions["share"].why_not(s, "p2", other) == (
        "Only a shared Team splits its characters between two players."
    )
    while G.prompts(s)[0].kind == "build":
        s, _ = G.apply(s, G.prompts(s)[0].seat, Intent.of("ready"))
    played = {m.id: controller_of(s, m) for m in s.models.values() if m.team == "p1"}
    assert played == {"a1": "p3", "a2": "p1", "a3": "p1", "a4": "p1", "a5": "p1"}
    assert any("p3 plays" in line for line in s.log)
