"""Activations, doors, Clean-Up, Cyberpsychosis, drones' choice of room and the mission's scoring, each
quoting the rulebook passage (or the house mission text) it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.nakamura_tower.drones import _tie_break
from engine.nakamura_tower.infection import cybershock_test
from engine.nakamura_tower.keeping import cleanup
from engine.nakamura_tower.phases import begin_turn
from engine.nakamura_tower.state import TurnStep

from .helpers import G, clear_board, place, stack, table, to_real_world


def _moves(state: object, unit: str) -> set[str]:
    return {str(i.get("to")) for i in G.legal(state, "p1") if i.kind == "move" and i.get("unit") == unit}


def test_locked_doors_open_only_for_the_terminal_holder() -> None:
    """RB Doors: "Locked doors can only be opened by a character in control of the corresponding Terminal or
    by a character equipped with the "Door Breaker" Neurochip." """
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2",))
    place(s, "a2", "E3")
    assert "F3" in _moves(s, "a2")  # closed, not locked: opened for free
    s.doors["E3-F3"].state, s.doors["E3-F3"].locked = "locked", True
    assert "F3" not in _moves(s, "a2")
    s.terminals["t_red"].controller = "p1"
    assert "F3" in _moves(s, "a2")
    s.terminals["t_red"].controller = None
    s.models["a2"].equipment.append("door_breaker")
    assert "F3" in _moves(s, "a2")


def test_the_terminal_holder_sets_its_doors_from_anywhere() -> None:
    """RB: "All Players can change the status (to open, closed or locked) of all doors whose Terminals they
    control at any time during their Team's turn"; a green door has no Terminal here, so only a character
    beside it may open it."""
    s = to_real_world(table(), first="p1")
    s.terminals["t_red"].controller = "p1"
    doors = {(str(i.get("edge")), str(i.get("to"))) for i in G.legal(s, "p1") if i.kind == "door"}
    assert {("E3-F3", "open"), ("E3-F3", "locked"), ("C5-C6", "open")} <= doors
    assert not any(e == "E10-F10" for e, _ in doors)


def test_an_attack_ends_the_activation_and_two_moves_spend_it() -> None:
    """RB: "Using an Attack action ... ends that model's activation regardless of whether the model has any
    Action Points or movement left"; "Each model normally has two Action Points"."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "a3", "b2"))
    place(s, "a2", "G2")
    place(s, "a3", "M2")
    place(s, "b2", "G4")
    s.models["b2"].reacted = True
    s, _ = G.apply(s, "p1", Intent.of("attack", unit="a2", target="b2"))
    assert s.models["a2"].activated and s.current is None
    assert all(i.get("unit") != "a2" for i in G.legal(s, "p1") if i.kind != "standing")
    s, _ = G.apply(s, "p1", Intent.of("move", unit="a3", to="M3"))
    assert s.current == "a3"
    assert {str(i.get("unit")) for i in G.legal(s, "p1") if i.kind == "move"} == {"a3"}
    s, _ = G.apply(s, "p1", Intent.of("move", unit="a3", to="M1"))
    assert s.models["a3"].activated and s.current is None


def test_clean_up_closes_doors_but_not_one_held_by_a_character_in_the_doorway() -> None:
    """RB Clean-Up: "Close all doors that can be closed"; Character in a Doorway: "Characters standing in the
    doorway (in the room) can prevent a door from becoming closed"."""
    s = table()
    clear_board(s, ("a2",))
    s.doors["E3-F3"].state = "open"
    s.doors["K3-L3"].state = "open"
    place(s, "a2", "L3")
    cleanup(s)
    assert s.doors["E3-F3"].state == "closed" and s.doors["K3-L3"].state == "open"
    assert s.alarms == {} and all(not m.activated and not m.reacted for m in s.models.values())


def test_cybershock_level_10_is_cyberpsychosis() -> None:
    """RB: "If the CanDo card shows a higher number than the Mental Skill then the character's Cybershock
    Level is increased by one"; at Level 10 "the character has succumbed to Cyberpsychosis and is taken over
    by the AI"."""
    s = table()
    harvey = s.models["a2"]  # MS 5
    harvey.cybershock = 9
    stack(s, 5)
    cybershock_test(s, "a2")
    assert harvey.cybershock == 9 and harvey.team == "p1"
    stack(s, 6)
    cybershock_test(s, "a2")
    assert harvey.cybershock == 10 and harvey.team == "ai" and harvey.psychotic


def test_drones_break_equal_alarms_by_distance_then_by_cando() -> None:
    """FAQ: "If two rooms have exactly the same number of Alarm tokens, the drone moves to the room that is
    nearest. Can Do cards are drawn for both rooms, and the drone moves to the room with the higher score,
    only if both rooms are also equidistant." """
    s = table()
    clear_board(s, ("d1",))
    place(s, "d1", "H6")  # in the cross hallway
    assert _tie_break(s, s.models["d1"], ["hall_n", "suite"]) == "hall_n"  # one step away
    place(s, "d1", "H7")
    stack(s, 3, 8)
    assert _tie_break(s, s.models["d1"], ["hall_n", "hall_s"]) == "hall_s"  # both a step away: CanDo 3 < 8


def test_objectives_and_exits_score_in_the_solo_mission() -> None:
    """House mission "Nanovirus Run": "Secure caches (3 points), escape by an Exit (2 points per
    character)"."""
    s = to_real_world(table(seats=1))
    clear_board(s, ("a2", "a3"))
    place(s, "a2", "C4")
    place(s, "a3", "P11")
    s, _ = G.apply(s, "p1", Intent.of("move", unit="a2", to="D4"))
    s, _ = G.apply(s, "p1", Intent.of("done"))
    assert s.teams["p1"].score == 3 and "D4" not in s.objectives
    s, _ = G.apply(s, "p1", Intent.of("move", unit="a3", to="P12"))
    s, _ = G.apply(s, "p1", Intent.of("escape", unit="a3"))
    assert s.teams["p1"].score == 5 and s.models["a3"].status == "escaped"


def test_players_pick_the_drones_in_turn_when_the_table_says_so() -> None:
    """RB AI Operations: "The Player with the initiative chooses one drone and moves it ... The next drone is
    chosen by the next Player and so on, alternating between Players until all drones have been moved"
    (option drone_order=players; by default the engine orders them, ruling D1)."""
    from engine.nakamura_tower.drones import ai_operations
    from engine.nakamura_tower.setup import add_drone

    s = table(drone_order="players")
    s.waiting.frames.clear()
    s.steps.clear()
    add_drone(s, "P7")
    s.order = ["p2", "p1"]
    ai_operations(s)
    G.rules.procedure.run(s)
    prompts = G.prompts(s)
    assert [(p.seat, p.kind) for p in prompts] == [("p2", "drone")]
    picks = {str(i.get("unit")) for i in G.legal(s, "p2")}
    assert len(picks) == sum(1 for m in s.models.values() if m.kind == "drone" and m.active) >= 2


def test_increased_difficulty_empties_the_hands_at_clean_up() -> None:
    """RB Increased Difficulty: "During the Clean-Up Phase ... they have to discard all cards still in their
    hand"; otherwise "The Players may keep a maximum of five cards in their hand"."""
    for hard, kept in ((True, 0), (False, 5)):
        s = table(hard_hands=hard)
        s.teams["p1"].hand = s.teams["p1"].deck.draw(s.rng, 7)
        cleanup(s)
        for prompt in G.prompts(s):  # the Clean-Up of the Tactical Networks: install nothing
            s, _ = G.apply(s, prompt.seat, prompt.default)
        assert len(s.teams["p1"].hand) == kept


def test_the_higher_cando_card_chooses_the_faction_first() -> None:
    """RB: "Players choose in the order determined by each drawing a CanDo card and the Player with the
    higher number chooses first" (ruling S4: ties draw again)."""
    import re

    for seed in range(6):
        s = G.setup(["p1", "p2"], seed, {"quick_start": True})
        lines = [line for line in s.log if line.startswith("Faction choice")]
        last = dict(re.findall(r"(p\d) (\d+)", lines[-1]))
        first = max(last, key=lambda k: int(last[k]))
        assert last["p1"] != last["p2"]
        prompt = G.prompts(s)[0]
        assert (prompt.seat, prompt.kind) == (first, "faction")
        s, _ = G.apply(s, first, Intent.of("faction", name="nakamura"))
        other = "p2" if first == "p1" else "p1"
        assert s.teams[first].faction == "nakamura" and s.teams[other].faction == "uebermensch"
        tetsuo = next(m for m in s.models.values() if m.card == "tetsuo")
        assert tetsuo.team == first and G.prompts(s)[0].kind == "bid"


def test_each_phase_of_the_turn_is_a_step_of_its_own() -> None:
    """RB "Phase Sequence in a Game Turn": "1. Virus/Worm Infection and Cybershock Test Phase", "2. Check
    System Resources Phase", "3. Initiative Determination Phase", "4. Cyberwarfare Phase", "5. Real World
    Phase", "6. AI Operations Phase", "7. Clean-Up Phase": a turn queues one step per phase, in that order,
    and each names the phase it runs."""
    s = table()
    s.waiting.frames.clear()
    s.steps = []
    begin_turn(s, TurnStep())
    phases = ["infection", "resources", "initiative", "cyber", "real", "ai", "cleanup"]
    assert [step.op for step in s.steps] == phases
    G.start(s)  # phases 1 and 2 run; the Initiative asks the secret bids
    assert s.phase == "initiative" and [step.op for step in s.steps] == phases[3:]
    assert {p.kind for p in G.prompts(s)} == {"bid"}


def test_menus_name_each_model_in_words_and_tell_two_of_one_name_apart() -> None:
    """RB: "Special characters are characters that can be added to any Faction" (ruling S5: every Team has
    its own copy), so two models on the board may share a name: a menu asked in parts names a model by its
    name alone, and by its Team too only where another model shares it; never by its id."""
    s = to_real_world(table(), first="p1")
    names = [c.label for c in G.choices(s, "p1", "move")]
    assert names and not any(m.id in label for label in names for m in s.models.values())
    s.models["b1"].card = s.models["a1"].card
    own = G.part_label(s, "attack", "target", "a1")
    other = G.part_label(s, "attack", "target", "b1")
    assert own.endswith("of p1's Team") and other.endswith("of p2's Team") and own != other
    s.models["b1"].team, s.models["b1"].psychotic = "ai", True
    assert G.part_label(s, "attack", "target", "b1").endswith("lost to the AI from p2's Team")
