"""Agents, Verses, Titles, the Recycle Area and the scoring (the printed examples: test_rulebook_examples)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.core import DataError
from engine.virtual_revolution.pack import GAME_ID, load_pack, pack
from engine.virtual_revolution.rules import borough_name, corruption_label
from engine.virtual_revolution.scoring import breakdown
from engine.virtual_revolution.state import Duty, Held

from .support import GAME, act, cleared, fresh, keys, mover, turn_in


@pytest.mark.parametrize(
    ("agent", "ec", "imm", "removed"),
    [("zero", 10, 1, True), ("pixel", 13, 1, False), ("lance", 10, 2, False)],
)
def test_agent_type_abilities(agent: str, ec: int, imm: int, removed: bool) -> None:
    """ "Fighter: Remove 1 Influence token (opposing or not) from this Borough ... (do not draw a Corruption
    card). Tech: Gain 3 Eurocredits. Diplomat: Gain 1 Immunity token." "A turned Agent will remain turned"."""
    state = cleared(fresh(3))
    seat = mover(state)
    other = next(s for s in state.seats if s != seat)
    state.owner["b1"], state.tokens["b1"] = other, 1
    state.p(seat).duty = [Duty(agent=agent)]
    state = act(turn_in(state, "b1"), f"activate:agent={agent}")
    player = state.p(seat)
    assert (player.ec, player.imm, "b1" not in state.owner, player.hand) == (ec, imm, removed, [])
    assert player.duty[0].turned and keys(state, kind="activate") == []


def test_extra_action_from_a_promotion() -> None:
    """Trunk: "In addition to your action for the turn, you may perform the Work action." """
    state = fresh(3)
    seat = mover(state)
    state.p(seat).duty = [Duty(agent="trunk")]
    state = act(act(turn_in(state, "b1"), "work"), "promote:agent=trunk,use=yes,to=retire")
    assert "work" in keys(state)
    state = act(state, "work")
    assert state.p(seat).ec == 20 and state.p(seat).retired == ["trunk"] and state.p(seat).hand == []


def test_level_one_promotion_draws_and_level_two_is_retire_only() -> None:
    """ "Level 1 Agents Promotion Ability always makes you draw 1 Corruption card if you choose to use it";
    "Turn the Agent into a Boost (Level 1 Agents only)"."""
    state = fresh(3)
    seat = mover(state)
    state.p(seat).duty = [Duty(agent="dimka"), Duty(agent="mole")]
    state = turn_in(state, "b1")
    assert "promote:agent=mole,use=yes,to=boost" not in keys(state)
    state = act(state, "promote:agent=dimka,use=yes,to=retire")
    assert (state.p(seat).income, len(state.p(seat).hand)) == (6, 1)
    state = act(state, "promote:agent=mole,use=yes,to=retire")
    assert (state.p(seat).income, len(state.p(seat).hand)) == (8, 1)


def test_verses_without_condition_and_with_one() -> None:
    """ "Some Verses do not have a condition to complete and automatically go Online"; Westland: "Have 2
    Agents on
    duty of the indicated Type ... Gain 1 Boost card from those available"."""
    state = fresh(3)
    seat = mover(state)
    state.verse_row[0] = "codex"
    state = act(turn_in(state, "b1"), "verse:slot=1")
    assert state.p(seat).verses[0].online
    state = fresh(3)
    seat = mover(state)
    state.p(seat).verses = [Held(verse="westland")]
    state = turn_in(state, "b1")
    assert keys(state, kind="online") == []
    state.p(seat).duty = [Duty(agent="pixel"), Duty(agent="delta")]
    state = act(state, "online:verse=westland")
    assert "pick:boost=bst_work" in keys(state)
    state = act(state, "pick:boost=bst_work")
    assert state.p(seat).boosts["work"] == ["bst_work"] and "bst_work" not in state.boost_cards


def test_trade_a_verse_for_immunity() -> None:
    """ "You may, at any time during your turn, exchange a Verse, whether it is Online or not, for 1 Immunity
    token. The Verse is discarded ... place it back under the Verse deck." """
    state = fresh(3)
    seat = mover(state)
    state.p(seat).verses = [Held(verse="codex", online=True)]
    state = act(turn_in(state, "b1"), "trade:verse=codex")
    assert state.p(seat).imm == 2 and state.p(seat).verses == [] and state.verse_deck[0] == "codex"


def test_titles_pigalle_and_champs_elysees() -> None:
    """Pigalle: "Turn one of your Agents on Duty upright"; Champs-Élysées: "Remove 1 of your Servers from Neo
    Paris, OR discard one of your Verse cards (Online or not) to gain 10 Eurocredits"; "once per Round"."""
    state = fresh(3)
    seat = mover(state)
    state.titles.update({"PI": seat, "CE": seat})
    state.p(seat).duty = [Duty(agent="pixel", turned=True)]
    state.p(seat).verses = [Held(verse="codex")]
    state = act(act(turn_in(state, "b1"), "title:id=PI,at=pixel"), "title:id=CE,at=codex")
    assert not state.p(seat).duty[0].turned and state.p(seat).ec == 20
    assert keys(state, kind="title") == []


def test_a_peek_is_told_only_to_the_peeker() -> None:
    """ "2 tokens: ... Secretly look at the top Necro card": the card goes to the peeker's view and a private
    event, never to another seat's view nor the public one."""
    state = fresh(3)
    seat = mover(state)
    state.recycle[seat] = 2
    state = turn_in(state, "b1")
    new, events = GAME.apply(state, seat, GAME.parse_intent("collect:ec=0,drop=0,peek=1,imm=0"))
    name = pack().necro[new.necro_deck[-1]].name
    assert GAME.view(new, seat)["me"]["peek"] == name
    assert GAME.view(new, None)["me"] is None
    for other in (s for s in new.seats if s != seat):
        assert GAME.view(new, other)["me"]["peek"] is None
        assert all(name not in e.text for e in events if e.visible_to(other))
    assert any(name in e.text for e in events if e.visible_to(seat))


def test_verse_scoring_is_capped_per_card() -> None:
    """ "Verse cards can not score more than 10 VPs." Jurassic Land: "2 VPs per Immunity token"."""
    state = cleared(fresh(3))
    seat = state.seats[0]
    state.p(seat).imm = 7
    state.p(seat).verses = [Held(verse="jurassic", online=True)]
    assert breakdown(state, seat, None)["verses"] == 10
    state.p(seat).end.verse_cap = 8
    assert breakdown(state, seat, None)["verses"] == 8


def test_a_bad_pack_names_file_record_and_field(tmp_path: Path) -> None:
    root = tmp_path / GAME_ID
    shutil.copytree(pack().root, root)
    agents = json.loads((root / "agents.json").read_text())
    agents[2]["level"] = 3
    (root / "agents.json").write_text(json.dumps(agents))
    with pytest.raises(DataError, match=r"agents.json: record 3 \('zero'\), field 'level'"):
        load_pack(root)
    areas = json.loads((pack().root / "map.json").read_text())
    areas["areas"][0]["adjacent"].append("b99")
    shutil.copy(pack().root / "agents.json", root / "agents.json")
    (root / "map.json").write_text(json.dumps(areas))
    with pytest.raises(DataError, match=r"map.json: record 1 \('b1'\), field 'adjacent'"):
        load_pack(root)


def test_the_reconstructed_map_honours_the_rulebook() -> None:
    """ "Neo Paris (divided into 7 Districts, each divided into 3 or 4 Boroughs)"; "the 14th Borough, which is
    adjacent to the 13th"."""
    graph = pack().graph
    assert len(graph.nodes) == 23 and graph.adjacent("b13", "b14")
    sizes = sorted(len(v) for v in graph.groups().values())
    assert sizes == [3, 3, 3, 3, 3, 4, 4]
    assert all(len(graph.components(v)) == 1 for v in graph.groups().values())


def test_a_pack_given_through_arbiter_data_is_the_one_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pack is looked up again when ``ARBITER_DATA`` changes (an owner's printed map and cards), and what
    the rules keep of a pack to answer faster (Corruption labels, the Directors' intents) is that pack's."""
    house = pack()
    card = next(
        c for c, k in house.corruption.items() if k.template == "remove_influence" and "PI" in k.districts
    )
    told = corruption_label(card)
    assert "Pigalle" in told and borough_name("b1") == f"Borough {house.label('b1')}"
    root = tmp_path / GAME_ID
    shutil.copytree(house.root, root)
    owned = json.loads((root / "map.json").read_text())
    owned["districts"][0]["name"] = "Montmartre"
    owned["areas"][0]["label"] = "101"
    (root / "map.json").write_text(json.dumps(owned))
    with monkeypatch.context() as swapped:
        swapped.setenv("ARBITER_DATA", str(tmp_path))
        assert pack() is not house and corruption_label(card) == told.replace("Pigalle", "Montmartre")
        assert borough_name("b1") == "Borough 101"
        state = fresh(3)
        assert [i.get("to") for i in GAME.legal(state, mover(state))] == pack().boroughs
    assert pack() is house and corruption_label(card) == told
