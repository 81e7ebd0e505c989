"""The data pack: every Item Card the rulebook gives, a 200-card deck, the Injections and the UE table as
printed, and a bad pack refused with its file, record and field."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.core.datapack import pack_dir
from engine.core.errors import DataError
from engine.ipa_agents.pack import load_pack, pack

SOURCE = pack_dir("ipa_agents")


def test_the_box_holds_200_item_cards() -> None:
    """RB "Contents of the Game": "200 Item Cards"."""
    p = pack()
    assert len(p.deck()) == 200 and len(set(p.deck())) == 200
    mix = Counter(p.card(c).type for c in p.deck())
    assert set(mix) == {"artifact", "rift", "construct", "melee", "ranged", "space"}
    assert all(n >= 15 for n in mix.values()), mix


def test_rulebook_cards_are_transcribed_with_their_numbers() -> None:
    """RB: "Butcher's Axe. Strength: 6. Costs 1 credit. Deals 3 fire damage"; "Throwing Stars of the Sun.
    2 credits ... Precision: 12, Strength: 4. Deals 3 fire damage ... Maximum range: 9"; "Drowning. 2 credits.
    Intellect: 9"; Light Weight: "maximum range of 11" and 3 fire with the Damage Converter (+1)."""
    c = pack().cards
    axe = c["butchers_axe"]
    assert (axe.type, axe.price, axe.requires.strength, axe.provenance) == ("melee", 1, 6, "rulebook")
    assert axe.effects[0].amount == 3 and axe.effects[0].type == "fire"
    stars = c["throwing_stars_of_the_sun"]
    assert (
        stars.price,
        stars.requires.precision,
        stars.requires.strength,
        stars.range,
        stars.double_for,
    ) == (2, 12, 4, 9, 2)
    assert (c["drowning"].price, c["drowning"].requires.intellect, c["drowning"].range) == (2, 9, None)
    light = c["light_weight"]
    assert light.provenance == "reconstructed" and light.range == 11 and light.effects[0].amount == 2
    assert c["uzi"].copies >= 2 and c["uzi"].twin
    for name in (
        "fear",
        "space_vacuum",
        "water_shield",
        "thunderbolt",
        "brain_juicer",
        "electrocute",
        "multitasking",
        "destroy_field_equipment",
        "artifact_of_stunning",
        "enhanced_sun_rays",
        "damage_converter",
        "bright_light",
        "damnation",
        "pentagram_of_skulls",
        "skull_of_putrid",
    ):
        assert c[name].provenance == "rulebook"
    assert all(
        card.provenance == "house"
        for card in c.values()
        if card.provenance not in ("rulebook", "reconstructed")
    )


def test_injections_and_the_ue_table_are_complete() -> None:
    """RB page 25: "Speed Boost ... Price 2 credits"; "Action Boost ... Price 4 credits"; the six UE faces."""
    p = pack()
    assert (
        len(p.injections) == 8
        and p.injections["speed_boost"].price == 2
        and p.injections["action_boost"].price == 4
    )
    assert sorted(p.entities) == [1, 2, 3, 4, 5, 6] and p.entities[1].id == "speed"
    assert (
        p.equipment["sentry"].life == 4
        and p.equipment["sentry"].price == 3
        and p.equipment["sentry"].range == 10
    )
    assert (
        p.equipment["gravitational_enforcer"].life == 6 and p.equipment["gravitational_enforcer"].radius == 3
    )
    assert sum(e.count for e in p.events.values()) == 20


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "ipa_agents"
    shutil.copytree(SOURCE, folder)
    return folder


def test_a_bad_card_is_refused_naming_file_record_and_field(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    raw = json.loads((folder / "cards.json").read_text())
    raw["cards"][0]["requires"] = {"strength": "lots"}
    (folder / "cards.json").write_text(json.dumps(raw))
    with pytest.raises(
        DataError, match=r"cards\.json: record 1 \('butchers_axe'\), field 'requires\.strength'"
    ):
        load_pack(folder)


def test_an_unknown_effect_and_a_short_deck_are_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    raw = json.loads((folder / "cards.json").read_text())
    raw["cards"][1]["effects"] = [{"op": "explode"}]
    (folder / "cards.json").write_text(json.dumps(raw))
    with pytest.raises(DataError, match=r"record 2 \('fear'\), field 'effects\.0'"):
        load_pack(folder)
    raw["cards"][1]["effects"] = [{"op": "heal", "amount": 2}]
    raw["cards"][-1]["copies"] += 1
    (folder / "cards.json").write_text(json.dumps(raw))
    with pytest.raises(DataError, match="201 copies, not 200"):
        load_pack(folder)
