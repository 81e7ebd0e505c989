"""The phases' procedures played through the engine (reactions asked or not, initiative ties, Terminal locks,
remote hacks, infections, standing orders, Rapid Strike's second reaction), each quoting the passage it
checks. The rulebook's worked examples are in test_rulebook_examples.py."""

from __future__ import annotations

from engine.core import Intent
from engine.nakamura_tower.battles import attack_terminal, attack_tn
from engine.nakamura_tower.infection import infection

from .helpers import G, clear_board, place, stack, table, to_real_world


def test_a_move_nobody_can_react_to_happens_at_once() -> None:
    """Rules-notes 8 #13: "If there are none, execute at once" (RB: reactions need Line of Sight)."""
    s = to_real_world(table(), first="p2")
    clear_board(s, ("a3", "b2"))
    place(s, "a3", "B2")  # in the Security office, behind walls and a closed door
    place(s, "b2", "G8")
    s, _ = G.apply(s, "p2", Intent.of("move", unit="b2", to="G12"))
    assert G.prompts(s)[0].kind == "activate" and s.models["b2"].cell == "G12"


def test_an_attack_asks_the_target_only_when_it_may_react() -> None:
    """Rules-notes 8 #14: "Prompt only when Fast Attack or Take Cover is legal for the target. Otherwise Dodge
    automatically"; RB: Fast Attack and Take Cover are "once per turn per character"."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a2", "b2"))
    place(s, "a2", "G9")
    place(s, "b2", "G11")
    s.models["b2"].reacted = True
    s, _ = G.apply(s, "p1", Intent.of("attack", unit="a2", target="b2"))
    assert all(p.kind != "react" for p in G.prompts(s))
    s2 = to_real_world(table(), first="p1")
    clear_board(s2, ("a2", "b2"))
    place(s2, "a2", "G9")
    place(s2, "b2", "G11")
    s2, _ = G.apply(s2, "p1", Intent.of("attack", unit="a2", target="b2"))
    assert [p.kind for p in G.prompts(s2)] == ["react"] and G.prompts(s2)[0].seat == "p2"


def test_initiative_ties_are_drawn_again_with_the_same_bids() -> None:
    """RB: "On a tie, each player draws another CanDo card until there is a winner, keeping the same number
    of SRs as originally chosen"; FAQ: the score is CanDo + SR bid."""
    s = table()
    stack(s, 5, 6, 8, 3)
    pool = s.teams["p1"].sr
    s, _ = G.apply(s, "p1", Intent.of("bid", sr=1))
    s, events = G.apply(s, "p2", Intent.of("bid", sr=0))
    lines = [e.text for e in events if e.kind == "initiative"]
    assert lines == [
        "Initiative (bid and CanDo card): p1 6, p2 6.",
        "Initiative (bid and CanDo card): p1 9, p2 3.",
    ]
    assert G.prompts(s)[0].seat == "p1" and G.prompts(s)[0].kind == "order"
    assert s.teams["p1"].sr == pool - 1  # the bid SR are spent


def test_the_first_terminal_taken_locks_every_terminals_doors() -> None:
    """RB: "Only after defeating all of the defending cards during one CW Phase would Tomo be able to take
    control of the Terminal"; doors are unlocked "until the first Terminal has been taken over, when all doors
    controlled by all Terminals become locked"; "+2 Direct Terminal takeover"."""
    s = table()
    team = s.teams["p1"]
    team.sr = 2
    team.hand = ["u_navajo.1"]
    tomo = s.models["a1"]
    place(s, "a1", "B3")  # next to the red Terminal at B2: a direct hack
    s.ai_deck.cards += ["ai_watchdog.1", "ai_watchdog.2"]
    s.teams["p1"].sr = 2 + 2 + 1  # the virus costs 1 + 1, a boost of 2, then its running cost 1 to go on
    stack(s, 8, 3, 5, 7, 2, 4)  # Tomo (Codebreaker) 8|3, AI 5; Tomo 7|2, AI 4
    team.hand.remove("u_navajo.1")
    events = attack_terminal(s, "p1", tomo, "u_navajo.1", None, "t_red")
    assert s.terminals["t_red"].controller == "p1", [e.text for e in events]
    assert s.doors["E3-F3"].state == "locked" and s.doors["C5-C6"].locked
    assert s.doors["K3-L3"].state == "closed"  # green: no Terminal on this floor
    assert s.alarms.get("office") == 2


def test_a_remote_hack_takes_minus_3_and_the_winning_ai_card_stays_face_up() -> None:
    """RB: a remote attack "from anywhere on the board" with "-3"; "The one that defeated his attack would
    stay face up"."""
    s = table()
    s.teams["p1"].sr = 2
    place(s, "a1", "N2")
    s.ai_deck.cards += ["ai_watchdog.1", "ai_watchdog.2"]
    stack(s, 4, 2, 5)  # Tomo keeps 4: 2 + 1 (his skill against a defensive program) + 4 - 3 = 4 against 3 + 5
    events = attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", None, "t_red")
    assert "4 against Watchdog Ice 8" in " ".join(e.text for e in events)
    assert s.terminals["t_red"].controller is None
    assert s.terminals["t_red"].face_up["p1"] == ["ai_watchdog.2"]


def test_infection_and_the_cybershock_tests_it_causes() -> None:
    """RB: "When a virus or worm gets into a Tactical Network then the Hacker on that Tactical Network has to
    pass a Cybershock test"; FAQ phase 1: "make a Cybershock Test for every hostile Virus/Worm in your
    Tactical Network for all your team members"; RB: the level rises when "the CanDo card shows a higher
    number than the Mental Skill"."""
    s = table()
    s.teams["p1"].sr = 2
    aiko = next(m for m in s.models.values() if m.card == "aiko")
    start = aiko.cybershock
    stack(s, 9, 2, 4, 9)  # Tomo keeps 9: 2 + 0 + 9 = 11 against a bare CanDo 4; Aiko (MS 8) draws 9
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    assert [x.owner for x in s.teams["p2"].tn] == ["p1"], [e.text for e in events]
    assert aiko.cybershock == start + 1
    before = {m.id: m.cybershock for m in s.models.values() if m.team == "p2"}
    stack(s, *([9] * 3), *([8] * 2))  # one test each: MS 8 fails on 9, MS 5-6 fail on 8 and 9
    infection(s)
    after = {m.id: m.cybershock for m in s.models.values() if m.team == "p2"}
    assert all(after[k] == before[k] + 1 for k in before), (before, after)


def test_standing_orders_answer_without_a_prompt() -> None:
    """Rules-notes 8 #13: "Standing order per model" so most reaction prompts never need to be asked (ruling
    M7): Shoko told to Fast Attack at the first chance fires at Tetsuo without her player being asked."""
    s = to_real_world(table(), first="p2")
    clear_board(s, ("a3", "b2"))
    place(s, "a3", "J11")
    place(s, "b2", "G8")
    s.models["a3"].standing = "fire"
    stack(s, 6, 5)
    s, events = G.apply(s, "p2", Intent.of("move", unit="b2", to="G12"))
    assert all(p.seat == "p2" for p in G.prompts(s))
    assert "11 against 12, dodged" in " ".join(e.text for e in events) and s.models["a3"].reacted
    s2 = to_real_world(table(), first="p2")
    clear_board(s2, ("a3", "b2"))
    place(s2, "a3", "J11")
    place(s2, "b2", "G8")
    s2, _ = G.apply(s2, "p2", Intent.of("standing", unit="b2", order="dodge"))
    assert s2.models["b2"].standing == "dodge"
    s2.models["a3"].standing = "dodge"
    s2, _ = G.apply(s2, "p2", Intent.of("move", unit="b2", to="G12"))
    assert s2.models["b2"].cell == "G12" and not s2.models["a3"].reacted


def test_rapid_strike_asks_again_when_the_target_may_still_react() -> None:
    """Ruling K11: the second blow of a Rapid Strike is a separate attack with its own reaction: a target
    that only Dodged the first may still Fast Attack or Take Cover against the second."""
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a4", "b3", "a3"))
    s.models["a4"].equipment = ["nihinto", "matsushita_arm"]
    place(s, "a4", "H9")
    place(s, "b3", "H10")
    place(s, "a3", "B2")  # another character to act afterwards
    s, _ = G.apply(s, "p1", Intent.of("attack", unit="a4", target="b3"))
    stack(s, 2, 9)  # Shinsu 7 + 1 + 2 = 10 against Werner's Dodge 4 + 3 + 9 = 16
    s, events = G.apply(s, "p2", Intent.of("react", how="dodge"))
    assert "strikes again (Rapid Strike)" in " ".join(e.text for e in events)
    assert [(p.seat, p.kind) for p in G.prompts(s)] == [("p2", "react")]
    stack(s, 2, 9)
    s, _ = G.apply(s, "p2", Intent.of("react", how="dodge"))
    assert [(p.seat, p.kind) for p in G.prompts(s)] == [("p1", "activate")] and s.models["b3"].wounds == 0
