"""The AI's models through doors and after Cyberpsychosis, forcing doors, running costs, and what each seat
may see, each quoting the rulebook (or the rules notes) for the passage it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.nakamura_tower.cyber import upkeep
from engine.nakamura_tower.drones import _advance, _goals, drone_acts
from engine.nakamura_tower.state import DroneStep, Slot

from .helpers import G, clear_board, place, stack, table, to_real_world


def test_drones_pass_doors_with_the_master_code_and_leave_them_as_they_were() -> None:
    """RB: "Drones possess the master code to all doors (including those controlled by Players) ... they
    automatically open all doors they need to ... These doors are returned to their original state after
    the passage of the drone." """
    s = table()
    clear_board(s, ("d1", "a2"))
    place(s, "d1", "G3")
    place(s, "a2", "B4")  # in the Security office, behind the red doors
    s.doors["E3-F3"].state, s.doors["E3-F3"].locked = "locked", True
    s.alarms = {"office": 5}
    _advance(s, s.models["d1"], _goals(s, s.models["d1"]))
    assert s.models["d1"].cell in {"E3", "D3", "D2", "D4", "E2", "E4", "C2", "C4"}
    assert s.doors["E3-F3"].state == "locked"


def test_a_psychotic_character_acts_as_a_drone() -> None:
    """RB: at Cyberpsychosis the character "is then activated in the next AI Operations Phase as a drone but
    with the abilities and equipment of the character" (ruling G19: it attacks every Team)."""
    s = table()
    clear_board(s, ("a2", "a3"))
    place(s, "a2", "G2")
    place(s, "a3", "G5")
    harvey = s.models["a2"]
    harvey.team, harvey.psychotic = "ai", True
    s.waiting.frames.clear()
    s.steps.clear()
    drone_acts(s, DroneStep(model="a2"))
    assert s.steps and s.steps[0].op == "attack" and s.steps[0].target == "a3"  # type: ignore[union-attr]


def test_forcing_a_locked_door() -> None:
    """RB Forcing Locked Doors: 1 Action Point, a character with a cyberarm or cyberlegs; it opens on a CanDo
    "9-10", or "8-10 if their Physical Skill value is 7 or more"; "A forced open door cannot be closed
    again"."""
    s = to_real_world(table(forcing_doors=True), first="p1")
    clear_board(s, ("a3",))
    place(s, "a3", "F3")  # Shoko: PH 8, the HA9 cyberarm
    s.doors["E3-F3"].state, s.doors["E3-F3"].locked = "locked", True
    force = Intent.of("force", unit="a3", edge="E3-F3")
    assert force in G.legal(s, "p1")
    stack(s, 7)
    s, _ = G.apply(s, "p1", force)
    assert s.doors["E3-F3"].state == "locked" and s.models["a3"].ap == 1
    stack(s, 8)
    s, _ = G.apply(s, "p1", force)
    assert s.doors["E3-F3"].state == "open" and s.doors["E3-F3"].forced
    assert not G.legal(s, "p1") or all(i.get("edge") != "E3-F3" for i in G.legal(s, "p1") if i.kind == "door")


def test_running_costs_are_paid_or_the_programme_goes() -> None:
    """RB phase 2: "remove the SRs required to run these programmes in background"; hostile ones: "their SR
    is taken from the SRs available to your opponent" (ruling G09: they stay even unpaid)."""
    s = table()
    team = s.teams["p2"]
    team.tn = [Slot(card="n_bastion.1", owner="p2"), Slot(card="u_navajo.2", owner="p1")]
    team.sr = 1
    upkeep(s, "p2")
    assert [x.card for x in team.tn] == ["u_navajo.2"] and team.sr == 0


def test_a_hand_is_seen_by_its_owner_alone() -> None:
    """Rules-notes 6: each Team's CW hand is "Private to its owner ... Opponents see only the card count"."""
    s = to_real_world(table(), first="p1")
    mine, theirs, public = G.view(s, "p1"), G.view(s, "p2"), G.view(s, None)
    assert mine["my_hand"] == [card_name(c) for c in s.teams["p1"].hand] and mine["my_hand"]
    assert theirs["my_hand"] == [card_name(c) for c in s.teams["p2"].hand]
    assert public["my_hand"] == [] and public["my_team"] is None
    counts = {t["seat"]: t["hand_size"] for t in public["teams"]}
    assert counts == {"p1": len(s.teams["p1"].hand), "p2": len(s.teams["p2"].hand)}
    shown = {n for t in public["teams"] for n in t["tn"]} | {public_line for public_line in public["log"]}
    for card in s.teams["p1"].hand:
        name = card_name(card)
        if not any(name in line for line in shown):
            for view in (public, theirs):
                rest = {k: v for k, v in view.items() if k not in ("log", "my_hand", "my_cards")}
                assert name not in str(rest)


def card_name(card: str) -> str:
    from engine.nakamura_tower.loading import pack

    return pack().card(card).name
