"""Set-up at the table: Team selection, the Team Budget, the loadout limits, the Team Leader and the
Faction choice order (each test quotes the rulebook passage it checks)."""

from __future__ import annotations

import pytest

from engine.core import Intent, RuleError
from engine.nakamura_tower.loading import pack
from engine.nakamura_tower.packcheck import loadout_problem, starting_cybershock
from engine.nakamura_tower.state import NtState

from .helpers import G, table


def building(seats: int = 2, seed: int = 1, **options: object) -> NtState:
    """A table whose Factions are chosen (``p<n>`` plays the mission's n-th Team), at the first building
    turn."""
    state = G.setup([f"p{i}" for i in range(1, seats + 1)], seed, options)
    wanted = {f"p{i + 1}": t.faction for i, t in enumerate(pack().mission_for(seats).teams)}
    while G.prompts(state)[0].kind == "faction":
        seat = G.prompts(state)[0].seat
        state, _ = G.apply(state, seat, Intent.of("faction", name=wanted[seat]))
    assert G.prompts(state)[0].kind == "build"
    return state


def act(state: NtState, seat: str, key: str) -> NtState:
    state, _ = G.apply(state, seat, G.parse_intent(key))
    return state


def turn_of(faction: str) -> tuple[NtState, str]:
    """A building table at the turn of the seat playing ``faction`` (the Teams before it kept as drafted)."""
    s = building()
    seat = next(t.seat for t in s.teams.values() if t.faction == faction)
    while G.prompts(s)[0].seat != seat:
        s = act(s, G.prompts(s)[0].seat, "ready")
    return s, seat


def finish(state: NtState) -> NtState:
    while G.prompts(state) and G.prompts(state)[0].kind == "build":
        state = act(state, G.prompts(state)[0].seat, "ready")
    return state


def test_teams_are_built_in_the_faction_choice_order() -> None:
    """RB: "Each Player chooses one of the available Factions. Players choose in the order determined by
    each drawing a CanDo card and the Player with the higher number chooses first." The Teams are then built
    in that order, and none is on the board before all are ready."""
    for seed in range(4):
        s = building(seed=seed)
        assert [p.seat for p in G.prompts(s)] == [s.choosers[0]]
        assert not [m for m in s.models.values() if m.kind == "character"]
        s = act(s, s.choosers[0], "ready")
        assert [(p.seat, p.kind) for p in G.prompts(s)] == [(s.choosers[1], "build")]
        s = act(s, s.choosers[1], "ready")
        assert G.prompts(s)[0].kind == "bid"
        assert len([m for m in s.models.values() if m.kind == "character"]) == 10


def test_a_team_kept_as_drafted_is_the_quick_start_team() -> None:
    """The draft starts as the mission's suggested Team, so the building turn's default (its deadline)
    keeps a legal Team; the ``quick_start`` option skips the building."""
    built = table()
    quick = table(quick_start=True)
    assert {k: (m.card, m.cell, m.equipment, m.cybershock) for k, m in built.models.items()} == {
        k: (m.card, m.cell, m.equipment, m.cybershock) for k, m in quick.models.items()
    }
    assert list(built.models) == list(quick.models)
    s = building()
    assert G.prompts(s)[0].default == Intent.of("ready")


def test_the_team_budget_is_three_points_a_member_at_the_printed_costs() -> None:
    """RB: "You gather +3 points of Team Budget for every member of the Team" and "Commercial - 1 point;
    Military - 2 points; Black Market - 4 points"."""
    s, seat = turn_of("uebermensch")
    # 5 x 3 = 15 points; the suggested loadouts buy 13 (Tomo's Cyberdeck and Shoko's arm are on the cards)
    assert G.view(s, seat)["my_budget"] == 2
    s = act(s, seat, "drop:who=shoko,item=raiden")
    assert G.view(s, seat)["my_budget"] == 4  # Military: 2 points back
    s = act(s, seat, "buy:who=shoko,item=kessler_p9")
    assert G.view(s, seat)["my_budget"] == 3  # Commercial: 1 point
    s = act(s, seat, "buy:who=harvey,item=needle")
    assert G.view(s, seat)["my_budget"] == 1  # Military: 2 points
    with pytest.raises(RuleError, match="costs 2 points; the Team Budget has 1 left"):
        act(s, seat, "buy:who=markus,item=needle")
    assert "buy:who=markus,item=stun_baton" in {i.key() for i in G.legal(s, seat)}


def test_gear_above_the_availability_level_cannot_be_bought() -> None:
    """RB: "The Team Budget for extra equipment is set by the mission rules that also determine their
    Availability Level (Commercial, Military or Black Market)": the Skirmish is Military, so the Black Market
    Nihinto cannot be bought whatever the budget."""
    s = building()
    seat = s.choosers[0]
    member = s.teams[seat].draft[1]
    for item in list(member.equipment):
        s = act(s, seat, f"drop:who={member.character},item={item}")
    with pytest.raises(RuleError, match="black market: this mission allows up to military"):
        act(s, seat, f"buy:who={member.character},item=nihinto")
    legal = {i.key() for i in G.legal(s, seat)}
    assert f"buy:who={member.character},item=needle" in legal
    assert not any("nihinto" in k or "kagoma_body" in k for k in legal)


def test_slot_and_face_up_limits_hold_when_buying() -> None:
    """RB: "A character can only have one cyberarm gear ... one cyberleg gear, one helmet/visors/goggles and
    one cyberbody"; "limited to one Ranged Attack weapon face-up"; "all characters are only allowed two
    Neurochips each"."""
    s = building()
    seat = s.choosers[0]
    team = s.teams[seat]
    armed = next(r for r in team.draft if any(pack().equipment[e].kind == "ranged" for e in r.equipment))
    with pytest.raises(RuleError, match="at most one Ranged and one Close Combat weapon"):
        act(s, seat, f"buy:who={armed.character},item=kessler_p9")
    chips = [pack().equipment["door_breaker"]] * 3
    assert loadout_problem(chips, "nakamura") == "3 Neurochips (at most 2)"
    arms = [pack().equipment["ha9_arm"], pack().equipment["momuro_arm"]]
    assert loadout_problem(arms, "nakamura") == "only one cyberarm may be carried"


def test_starting_cybershock_over_nine_is_refused() -> None:
    """RB: "The total Cybershock level of a character at the start of the game cannot be higher than nine.
    Revise the assignments of the additional gear if required"; the Übermensch "have a Special Skill that
    reduces their starting Cybershock level by one"; Neurochips "do not increase the starting Cybershock
    level"."""
    e = pack().equipment
    heavy = [e["kagoma_body"], e["momuro_arm"], e["cyberwar_helmet"], e["cyberlegs"]]
    assert starting_cybershock(heavy, "nakamura") == 7
    assert starting_cybershock(heavy, "uebermensch") == 6
    assert starting_cybershock([*heavy, e["door_breaker"]], "nakamura") == 7
    implants = [e["kagoma_body"].model_copy(update={"id": f"x{n}", "slot": ""}) for n in range(4)]  # 3 each
    assert "starting Cybershock 12 is over 9: revise" in (loadout_problem(implants, "nakamura") or "")
    assert loadout_problem(implants[:3], "nakamura") is None  # 9 is allowed


def test_special_characters_replace_at_most_two_members_and_lose_faction_skills() -> None:
    """RB: "the Player may replace one or two Team members with special characters available"; "Special
    characters that were added to a Faction other than their own cannot use Faction Special Skills" (the
    Übermensch Cybershock -1)."""
    s, seat = turn_of("uebermensch")
    s = act(s, seat, "recruit:out=harvey,hire=kaito")
    s = act(s, seat, "recruit:out=markus,hire=juno")
    with pytest.raises(RuleError, match="At most 2 special characters"):
        act(s, seat, "recruit:out=shoko,hire=ilse")
    assert "recruit:out=juno,hire=ilse" in {i.key() for i in G.legal(s, seat)}  # a special for a special
    draft = {d["character"]: d for d in G.view(s, seat)["my_draft"]}
    assert draft["kaito"]["equipment"] == ["Cyberdeck 07"] and draft["kaito"]["bought"] == []
    s = act(s, seat, "drop:who=tomo,item=cyberwar_helmet")  # Tomo and Kaito both carry a Cyberdeck 07 only
    s = act(s, seat, "drop:who=tomo,item=kessler_p9")
    s = finish(s)
    kaito = next(m for m in s.models.values() if m.card == "kaito")
    tomo = next(m for m in s.models.values() if m.card == "tomo")
    assert kaito.equipment == tomo.equipment == ["cyberdeck_07"]
    assert (tomo.cybershock, kaito.cybershock) == (0, 1)


def test_starting_equipment_is_free_and_a_bought_item_is_refunded() -> None:
    """RB: "A character's Starting Equipment is given on their character card"; the Budget buys the
    "Additional equipment": Tomo's Cyberdeck 07 costs nothing, his bought Cyberwar Helmet (Military) 2."""
    s, seat = turn_of("uebermensch")
    tomo = next(d for d in G.view(s, seat)["my_draft"] if d["character"] == "tomo")
    assert tomo["bought"] == ["Cyberwar Helmet", "Kessler P9 pistol"]
    s = act(s, seat, "drop:who=tomo,item=cyberdeck_07")
    assert G.view(s, seat)["my_budget"] == 2  # nothing back for Starting Equipment
    s = act(s, seat, "drop:who=tomo,item=cyberwar_helmet")
    assert G.view(s, seat)["my_budget"] == 4


def test_the_team_leader_is_chosen_and_revealed_with_the_team() -> None:
    """RB: "The Player should choose one of the characters to be the Team Leader." The house missions score
    1 more for putting out an enemy Team Leader (missions.json ``victory.leader``)."""
    s = building()
    seat = s.choosers[0]
    third = s.teams[seat].draft[2].character
    s = act(s, seat, f"leader:who={third}")
    assert [d["leader"] for d in G.view(s, seat)["my_draft"]] == [False, False, True, False, False]
    s = finish(s)
    leader = s.teams[seat].leader
    assert leader is not None and s.models[leader].card == third
    assert next(t for t in G.view(s, None)["teams"] if t["seat"] == seat)["leader"] == leader
    from engine.nakamura_tower.scoring import knocked_out

    other = next(x for x in s.seats if x != seat)
    by = next(m for m in s.models.values() if m.team == other)
    before = s.teams[other].score
    knocked_out(s, s.models[leader], by)
    assert s.teams[other].score == before + 2 + 1  # knock-out 2, Team Leader 1 (Skirmish)


def test_a_team_in_building_is_hidden_from_the_others() -> None:
    """Ruling S5: a Team's picks stay private until every Team is ready: two different choices leave the
    other seat's view, the public view and every event the others see the same."""
    s = building()
    seat = s.choosers[0]
    other = next(x for x in s.seats if x != seat)
    team = s.teams[seat]
    a, events_a = G.apply(s, seat, Intent.of("leader", who=team.draft[1].character))
    b, events_b = G.apply(s, seat, Intent.of("leader", who=team.draft[3].character))
    for viewer in (None, other):
        assert G.view(a, viewer) == G.view(b, viewer)
        assert [e.text for e in events_a if e.visible_to(viewer)] == [
            e.text for e in events_b if e.visible_to(viewer)
        ]
    assert G.view(a, seat) != G.view(b, seat)
    assert G.view(s, None)["my_draft"] == []


def test_the_least_experienced_player_may_choose_first() -> None:
    """RB: "Alternatively the least experienced player (with this game or gaming in general) chooses
    first" (option ``faction_choice: least_experienced``; ruling S6: the first seat, then seat order)."""
    s = G.setup(["p1", "p2"], 3, {"faction_choice": "least_experienced"})
    assert not any(line.startswith("Faction choice") for line in s.log)
    assert G.prompts(s)[0].seat == "p1" and s.choosers == ["p1", "p2"]


def test_a_hostile_building_intent_changes_nothing() -> None:
    """Nothing from Discord is trusted: a character from another Faction, an unknown item or a member not
    in the Team is refused in plain words."""
    s = building()
    seat = s.choosers[0]
    other = next(t for t in s.teams.values() if t.seat != seat)
    foreign = other.draft[0].character
    with pytest.raises(RuleError, match="Only your Faction's characters and the special characters"):
        act(s, seat, f"recruit:out={s.teams[seat].draft[0].character},hire={foreign}")
    with pytest.raises(RuleError, match="There is no such item"):
        act(s, seat, f"buy:who={s.teams[seat].draft[0].character},item=bfg")
    with pytest.raises(RuleError, match="is not in your Team"):
        act(s, seat, f"buy:who={foreign},item=kessler_p9")
    with pytest.raises(RuleError):
        act(s, other.seat, "ready")


def test_three_teams_build_in_turn_and_quick_start_skips_the_building() -> None:
    """RB: "Players choose in the order determined by each drawing a CanDo card": with three Factions the
    three Teams build one after another in that order (the Three-Way Breach: Teams of 3, "Unless otherwise
    specified in a mission ... the Team consists of five members"); with ``quick_start`` nobody builds."""
    s = building(seats=3, seed=2)
    built = []
    while G.prompts(s)[0].kind == "build":
        seat = G.prompts(s)[0].seat
        assert len(s.teams[seat].draft) == 3
        built.append(seat)
        s = act(s, seat, "ready")
    assert built == s.choosers and len(set(built)) == 3
    assert len([m for m in s.models.values() if m.kind == "character"]) == 9
    quick = G.setup(["p1", "p2", "p3"], 2, {"quick_start": True})
    while G.prompts(quick)[0].kind == "faction":
        quick = act(quick, G.prompts(quick)[0].seat, G.prompts(quick)[0].default.key())
    assert G.prompts(quick)[0].kind != "build"
    assert len([m for m in quick.models.values() if m.kind == "character"]) == 9
