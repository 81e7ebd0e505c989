"""The data pack: the 40 CanDo cards, the three house missions with legal loadouts inside the Team Budget,
and a bad pack refused with its file, record and field."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.core.datapack import pack_dir
from engine.core.errors import DataError
from engine.nakamura_tower.loading import load_pack, pack
from engine.nakamura_tower.pack import COST
from engine.nakamura_tower.packcheck import (
    extras,
    fit_problem,
    fits_one_more,
    loadout_cost,
    loadout_problem,
    slots_one_more,
    starting_cybershock,
)

SOURCE = pack_dir("nakamura_tower")


def test_the_cando_deck_has_40_cards_valued_1_to_10_unevenly() -> None:
    """RB Components: "40 x CanDo cards" with a "value ranging from 1 to 10 ... uneven distribution of
    numbers within the deck"."""
    deck = pack().cando_deck()
    values = Counter(int(c.split(".")[0][1:]) for c in deck)
    assert len(deck) == 40 and len(set(deck)) == 40
    assert sorted(values) == list(range(1, 11))
    assert len(set(values.values())) > 1


def test_equipment_costs_follow_availability() -> None:
    """RB Team Budget: "Commercial - 1 point; Military - 2 points; Black Market - 4 points"."""
    assert COST == {"commercial": 1, "military": 2, "black_market": 4}
    e = pack().equipment
    assert (e["kessler_p9"].cost, e["raiden"].cost, e["nihinto"].cost) == (1, 2, 4)


def test_missions_for_one_two_and_three_players() -> None:
    """RB: "The game is for 1+ players"; "Unless otherwise specified in a mission ... the Team consists of
    five members"; "+3 points ... for every member"."""
    p = pack()
    assert {m.seats for m in p.missions.values()} == {1, 2, 3}
    for m in p.missions.values():
        assert m.provenance == "house" and m.text
        for team in m.teams:
            spent = sum(p.equipment[e].cost for member in team.members for e in member.equipment)
            assert spent <= m.budget * len(team.members)
    assert p.mission_for(2).team_size == 5


def test_starting_cybershock_is_the_sum_of_symbols_minus_one_for_uebermensch() -> None:
    """RB: "The Cybershock Level equals the sum of all Cybershock symbols on their gear cards"; the
    Übermensch Faction Special Skill reduces it by 1; it "cannot be higher than nine"."""
    e = pack().equipment
    items = [e["cyberwar_helmet"], e["cyberdeck_07"]]
    assert starting_cybershock(items, "nakamura") == 2
    assert starting_cybershock(items, "uebermensch") == 1
    heavy = [e["kagoma_body"], e["momuro_arm"], e["cyberlegs"], e["cyberwar_helmet"]]
    assert starting_cybershock(heavy, "nakamura") == 7 and loadout_problem(heavy, "nakamura") is None


def test_slot_and_face_up_limits() -> None:
    """RB: one card per slot, "normally 4" slots; "can only have one cyberarm gear"; one Ranged and one CC
    weapon face up; "only allowed two Neurochips each"."""
    e = pack().equipment
    assert "one cyberarm" in str(loadout_problem([e["momuro_arm"], e["ha9_arm"]], "nakamura"))
    assert "Ranged" in str(loadout_problem([e["raiden"], e["brugg_m46"]], "nakamura"))
    five = [e["raiden"], e["needle"], e["cyberlegs"], e["cyberdeck_07"], e["cyberwar_helmet"]]
    assert "slots" in str(loadout_problem(five, "nakamura"))
    chips = [e["door_breaker"]] * 3
    assert "Neurochips" in str(loadout_problem(chips, "nakamura"))


def test_one_more_item_is_judged_as_the_whole_loadout_is() -> None:
    """A Team's menu of purchases judges each item against a member's loadout summed once
    (:func:`fits_one_more`; a hand-over, the slots alone: :func:`slots_one_more`): the same answer as
    :func:`loadout_problem` (:func:`fit_problem`) on the loadout with the item, for random loadouts of every
    size (legal or not) and every item, with and without the Übermensch skill."""
    items = list(pack().equipment.values())
    rng = random.Random(7)
    for _ in range(300):
        carried = rng.sample(items, rng.randint(0, 5)) + [rng.choice(items)] * rng.randint(0, 1)
        slots = slots_one_more(carried)
        for item in items:
            assert slots(item) == (fit_problem([*carried, item]) is None), (carried, item)
        for faction in ("nakamura", "uebermensch"):
            fits = fits_one_more(carried, faction)
            for item in items:
                assert fits(item) == (loadout_problem([*carried, item], faction) is None), (carried, item)


def test_a_loadout_costs_what_its_items_beyond_the_starting_equipment_cost() -> None:
    """RB: "Characters can always have specific equipment from a higher Availability Level when it is
    their starting equipment": :func:`loadout_cost` sums the :func:`extras` alone, each starting item
    free once, for random loadouts (with repeats) of every character."""
    p = pack()
    items = list(p.equipment)
    rng = random.Random(11)
    for character in p.characters.values():
        for _ in range(40):
            starting = list(character.starting) * 2  # each starting item once, twice or not at all
            gear = rng.sample(items, rng.randint(0, 4)) + rng.sample(starting, min(2, len(starting)))
            rng.shuffle(gear)
            expected = sum(p.equipment[e].cost for e in extras(character, gear))
            assert loadout_cost(p, character, gear) == expected


def _broken(tmp_path: Path, file: str, change: object) -> Path:
    folder = tmp_path / "nakamura_tower"
    shutil.copytree(SOURCE, folder)
    path = folder / file
    data = json.loads(path.read_text())
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data))
    return folder


def test_a_bad_record_names_file_record_and_field(tmp_path: Path) -> None:
    def bad_speed(d: dict) -> None:  # type: ignore[type-arg]
        d["characters"][0]["healthy"]["speed"] = 99

    with pytest.raises(DataError, match=r"characters\.json: record 1 \('tomo'\), field 'healthy\.speed'"):
        load_pack(_broken(tmp_path, "characters.json", bad_speed))


def test_an_over_budget_team_is_refused(tmp_path: Path) -> None:
    def rich(d: dict) -> None:  # type: ignore[type-arg]
        d["missions"][0]["availability"] = "black_market"
        for member in d["missions"][0]["teams"][0]["members"]:
            member["equipment"] = ["nihinto"]

    with pytest.raises(
        DataError, match=r"missions\.json: record 'skirmish', field 'teams\.0\.members'.*Budget"
    ):
        load_pack(_broken(tmp_path, "missions.json", rich))


def test_equipment_above_the_availability_level_is_refused(tmp_path: Path) -> None:
    def black(d: dict) -> None:  # type: ignore[type-arg]
        d["missions"][0]["teams"][0]["members"][3]["equipment"] = ["nihinto"]

    with pytest.raises(DataError, match=r"field 'teams\.0\.members\.3\.equipment'.*Availability"):
        load_pack(_broken(tmp_path, "missions.json", black))


def test_a_cando_deck_of_the_wrong_size_is_refused(tmp_path: Path) -> None:
    def short(d: dict) -> None:  # type: ignore[type-arg]
        d["values"][0]["count"] = 1

    with pytest.raises(DataError, match=r"cando\.json: field 'values'"):
        load_pack(_broken(tmp_path, "cando.json", short))
