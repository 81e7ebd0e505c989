"""The data pack: counts, provenance, and precise errors for a bad pack."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.core import DataError
from engine.core.datapack import pack_dir
from engine.gamedec.board import CORPS, WORLDS
from engine.gamedec.pack import load_pack, read_pack


def test_pack_counts_match_the_box() -> None:
    """RB "Box Contents": "Gamedec cards (10) ... Equipment cards (24) G. Task cards (100) H. Corporate
    Commission cards (16) ... Scenario cards (12) O. Terror cards (10) P. Finale cards (10)"."""
    pack = load_pack()
    assert len(pack.detectives) == 10 and len(pack.equipment) == 24 and len(pack.tasks) == 100
    assert len(pack.commissions) == 16 and len(pack.terror) == 10
    assert len(pack.scenarios) == 12 and len(pack.finales) == 10
    assert Counter(t.dl for t in pack.tasks.values()).keys() == {8, 10, 12}
    assert {c.target for c in pack.commissions.values()} == set(WORLDS)
    assert {c.threatened for c in pack.commissions.values()} == set(CORPS)
    assert sum(1 for s in pack.scenarios.values() if s.special) == 2


def test_every_record_has_a_provenance() -> None:
    for path in pack_dir("gamedec").glob("*.json"):
        for record in json.loads(path.read_text()):
            assert record["provenance"] in ("rulebook", "reconstructed", "house"), (path.name, record["id"])


def test_rulebook_facts_are_kept() -> None:
    """RB examples: Max has Discretion +3 and Deduction +2; Jetpack is Agility; "Too Easy a Target" is a Deep
    Past World card of Difficulty 8 on Agility and Melee; "Data Thief" is Difficulty 12 with a bonus point."""
    pack = load_pack()
    assert pack.detectives["max_romanov"].skills["discretion"] == 3
    assert pack.detectives["ben_torres"].skills["contacts"] == 3
    names = {e.name: e for e in pack.equipment.values()}
    assert names["Jetpack"].skill == "agility" and names["Gamedec Goggles"].skill == "deduction"
    tasks = {t.name: t for t in pack.tasks.values()}
    easy = tasks["Too Easy a Target"]
    assert (easy.world, easy.dl, sorted(easy.skills)) == ("deep_past", 8, ["agility", "melee"])
    assert tasks["Data Thief"].dl == 12 and tasks["Data Thief"].success == ["clue", "ip"]


def test_bad_pack_names_file_record_and_field(tmp_path: Path) -> None:
    root = tmp_path / "gamedec"
    shutil.copytree(pack_dir("gamedec"), root)
    tasks = json.loads((root / "tasks.json").read_text())
    tasks[4]["dl"] = 9
    (root / "tasks.json").write_text(json.dumps(tasks))
    with pytest.raises(DataError, match=r"tasks.json: record 5 \('t005'\), field 'dl'"):
        read_pack(root)
    tasks[4]["dl"] = 8
    tasks[4]["success"] = ["ip", "clue"]
    (root / "tasks.json").write_text(json.dumps(tasks))
    with pytest.raises(DataError, match="first success symbol"):
        read_pack(root)


def test_every_terror_effect_has_a_handler() -> None:
    from engine.gamedec import GAME
    from engine.gamedec.steps import TerrorEffectStep

    pack = load_pack()
    for card in pack.terror.values():
        for effect in card.effects:
            step = TerrorEffectStep.model_validate(effect.model_dump())
            assert step.op in GAME.rules.procedure.ops, f"terror.json '{card.id}': no handler for '{step.op}'"
