"""The rulebook's worked examples and the phases' procedures played through the engine, each quoting the
passage it checks."""

from __future__ import annotations

from engine.core import Intent
from engine.nakamura_tower.battles import attack_terminal, attack_tn
from engine.nakamura_tower.combat import resolve
from engine.nakamura_tower.cwphase import cyberwarfare
from engine.nakamura_tower.phases import infection

from .helpers import G, ai_next, at_cyberwarfare, clear_board, place, stack, table, to_real_world


def test_example_1_move_vs_fast_attack() -> None:
    """RB Attack Example 1: "Tetsuo Dodges; he combines his Speed Skill of 4 with the Dodge bonus of +3 ...
    (assume it is a 5) giving a total of 12" and "Shoko attacks with his Physical Skill (8), but the Fast
    Attack reaction carries a negative modifier of -3. He draws a CanDo card of value 6, so his total is
    8 - 3 + 6 = 11. This is not greater than Tetsuo's total of 12 and thus is a miss ... Tetsuo resumes his
    move"; "Having used "Fast Attack" as his reaction this turn ... Shoko can only use the "Dodge" reflex"."""
    s = to_real_world(table(), first="p2")
    clear_board(s, ("a3", "b2"))
    place(s, "a3", "J11")  # Shoko, in the south hallway (TAC 0)
    place(s, "b2", "G8")  # Tetsuo
    s, _ = G.apply(s, "p2", Intent.of("move", unit="b2", to="G12"))
    prompts = G.prompts(s)
    assert [p.seat for p in prompts] == ["p1"] and prompts[0].kind == "moved"
    fire = [i for i in G.legal(s, "p1") if i.kind == "react" and i.get("how") is None]
    assert fire, "Shoko may Fast Attack somewhere along Tetsuo's path"
    stack(s, 6, 5)
    s, events = G.apply(s, "p1", fire[0])
    text = " ".join(e.text for e in events)
    assert "11 against 12, dodged" in text
    assert s.models["b2"].cell == "G12" and s.models["b2"].wounds == 0
    assert s.models["a3"].reacted


def test_a_move_nobody_can_react_to_happens_at_once() -> None:
    """Rules-notes 8 #13: "If there are none, execute at once" (RB: reactions need Line of Sight)."""
    s = to_real_world(table(), first="p2")
    clear_board(s, ("a3", "b2"))
    place(s, "a3", "B2")  # in the Security office, behind walls and a closed door
    place(s, "b2", "G8")
    s, _ = G.apply(s, "p2", Intent.of("move", unit="b2", to="G12"))
    assert G.prompts(s)[0].kind == "activate" and s.models["b2"].cell == "G12"


def test_example_7_close_combat_vs_fast_attack() -> None:
    """RB Attack Example 7: "7 + 1 + 6 = 14 vs 6 + 1 - 3 + 7 = 11, so the reactor is hit" (Shinsu, PH 7 with
    a +1 cyberarm, attacks Werner, PH 6 with the +1 Nakamura Cyberarm HA9, who answers with a Fast Attack)."""
    s = table()
    clear_board(s, ("a4", "b3"))
    s.models["a4"].equipment = ["needle", "ha9_arm"]
    place(s, "a4", "H9")
    place(s, "b3", "H10")
    stack(s, 6, 7, 8)
    events = resolve(s, s.models["a4"], s.models["b3"], "fire", None)
    assert "14 against Werner Kube's Fast Attack 11" in events[0].text
    assert s.models["b3"].wounds > 0 and s.models["a4"].wounds == 0


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
    assert lines == ["Initiative: p1 6, p2 6", "Initiative: p1 9, p2 3"]
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


def test_example_2_move_vs_take_cover() -> None:
    """RB Attack Example 2: "In this case, no test is required. The Reactive Player declares the use of the
    Take Cover reaction the instant the Active Player's model enters his Line of Sight ... Move the Reactive
    Player's model one square such that it is either not in Line of Sight of the attacking model or is no
    closer to it." """
    s = to_real_world(table(), first="p2")
    clear_board(s, ("a3", "b2"))
    place(s, "a3", "J11")
    place(s, "b2", "G8")
    s, _ = G.apply(s, "p2", Intent.of("move", unit="b2", to="G12"))
    cover = [i for i in G.legal(s, "p1") if i.kind == "react" and i.get("how") == "cover"]
    assert len(cover) == 1  # only at the step where Tetsuo comes into sight
    step = cover[0].num("at")
    seen_at = ["G8", "G9", "G10", "G11", "G12"][step]
    s, events = G.apply(s, "p1", cover[0])
    shoko = s.models["a3"]
    assert shoko.cell != "J11" and shoko.reacted and not any(e.kind == "fast_attack" for e in events)
    from engine.nakamura_tower import board

    assert board.distance(s, str(shoko.cell), seen_at) >= board.distance(s, "J11", seen_at)
    assert s.models["b2"].cell == "G12"  # "Then the mover continues"


def test_example_3_ranged_attack_vs_take_cover_needs_a_card_4_higher() -> None:
    """RB Attack Example 3: Take Cover against a Ranged Attack is an opposed test of the attacker's Physical
    Skill against the target's "Speed Skill values plus any 'Dodge' bonuses" (no +3): Speed 4 against PH 8
    "would need a CanDo card 5 higher" (ruling R06: 4 higher, the reactor succeeding on a draw, as Example 8
    says: "If the Reactive model's result is equal to or higher then he moves")."""
    for cards, moved in (((3, 7), True), ((3, 6), False)):
        s = table()
        clear_board(s, ("a3", "b2"))
        place(s, "a3", "G9")  # Shoko, PH 8, Raiden; the south hallway has TAC 0
        place(s, "b2", "G12")  # Tetsuo, Speed 4, no Dodge bonus
        stack(s, *cards)
        resolve(s, s.models["a3"], s.models["b2"], "cover", "H12")
        tetsuo = s.models["b2"]
        assert (tetsuo.cell == "H12") is moved, cards
        assert tetsuo.reacted
        assert moved or tetsuo.wounds > 0 or tetsuo.crippled


def test_example_4_ranged_attack_vs_dodge() -> None:
    """RB Attack Example 4: "Tetsuo Kenji makes a Ranged Attack on Tomo using a Nakamura Type 76 Raiden
    submachine gun. He has a starting Physical Skill of five but has a Momuro Custom Cyberarm with a +2 Ranged
    Attack bonus ... A CanDo card with a value of 5 is drawn for a total of 12 (5 + 2 + 5)" and "his basic
    defence is his Speed Skill of 4 plus 3 for the Dodge for a total of 7. Tomo only needs to equal or exceed
    Tetsuo's total of 12 to avoid being hit. A CanDo of 5 is just sufficient"."""
    s = table()
    clear_board(s, ("a1", "b2"))
    place(s, "b2", "G12")  # Tetsuo, in the south hallway (TAC 0)
    place(s, "a1", "G8")  # Tomo
    stack(s, 5, 5)
    events = resolve(s, s.models["b2"], s.models["a1"], "dodge", None)
    assert "dodges (12 against 12)" in events[0].text
    assert s.models["a1"].wounds == 0 and not s.models["a1"].reacted


def test_example_5_ranged_attack_vs_fast_attack() -> None:
    """RB Attack Example 5: "Tetsuo would hit Shoko in the arm (Tetsuo's 12 versus Shoko's Physical Skill of
    8 - 3 for the Fast Attack negative modifier plus the CanDo card of 5 (total of 10). Shoko's arm has an
    Armour value of 5 (4 for the basic Armour but +1 for the Kagoma Full Cyborg Body V1000). The attack is
    beyond "Effective Range" so the Damage from his Raiden submachine gun is only 4 so no wounds are
    inflicted." """
    s = table()
    clear_board(s, ("a3", "b2"))
    s.models["a3"].equipment = ["raiden", "kagoma_body"]
    place(s, "b2", "G12")
    place(s, "a3", "G2")  # in the north hallway (TAC 0), ten squares away: beyond the Raiden's 6
    stack(s, 5, 5)
    events = resolve(s, s.models["b2"], s.models["a3"], "fire", None)
    text = " ".join(e.text for e in events)
    assert "12 against Shoko Takayama's Fast Attack 10" in text
    assert "hit in the arms: 0 wounds" in text
    assert s.models["a3"].wounds == 0 and s.models["a3"].reacted and s.models["b2"].wounds == 0


def test_example_6_close_combat_vs_dodge() -> None:
    """RB Attack Example 6: "Werner's Physical Skill is 6 with +1 for his Nakamura Cyberarm HA9 ... He draws
    a CanDo of value 8. This gives a total of 15 (6 + 1 + 8)"; "Shinsu has a Speed Skill of 5 plus 1 for her
    Cyberlegs, plus 3 for the Dodge and +2 for her Special Skill (Ducking and Diving)" (ruling R05: 11 as the
    parts add up) and "draws a CanDo of 2"; "Werner's blade strikes her Chest (Armour of 5). Werner's
    nanoblade ignores 2 of the Armour, but with the blade doing 5 Damage this results in only 2 wounds"."""
    s = table()
    clear_board(s, ("a4", "b3"))
    place(s, "b3", "H9")
    place(s, "a4", "H10")
    stack(s, 8, 2)
    events = resolve(s, s.models["b3"], s.models["a4"], "dodge", None)
    text = " ".join(e.text for e in events)
    assert "hits (15 against 13)" in text and "hit in the chest: 2 wounds" in text
    assert s.models["a4"].wounds == 2 and not s.models["a4"].crippled


def test_example_8_close_combat_vs_take_cover() -> None:
    """RB Attack Example 8: "This will be a test based on the Active model's Physical Skill +/- modifiers
    versus the Reactive model's Speed Skill +/- modifiers. If the Reactive model's result is equal to or
    higher then he moves his character one square away from the attacker." Werner: 6 + 1 (HA9); Shinsu: 5 +
    1 (Cyberlegs) + 2 (Ducking and Diving), no +3."""
    from engine.nakamura_tower.combat import cover_squares

    for cards, moved in (((4, 3), True), ((5, 2), False)):  # 11 against 11: she moves; 12 against 10: hit
        s = table()
        clear_board(s, ("a4", "b3"))
        place(s, "b3", "H9")
        place(s, "a4", "H10")
        away = cover_squares(s, s.models["a4"], s.models["b3"])
        assert away and all(c not in ("G9", "H9", "I9") for c in away), (
            "one square away from the attacker, never closer"
        )
        stack(s, *cards)
        resolve(s, s.models["b3"], s.models["a4"], "cover", away[0])
        shinsu = s.models["a4"]
        assert (shinsu.cell == away[0]) is moved, cards
        assert shinsu.reacted and (moved or shinsu.wounds > 0 or shinsu.crippled)


def test_example_hoffman_shoots_tomo_at_long_range() -> None:
    """RB Ranged Attack example: "The burst let loose at Tomo is at long range (greater than effective range
    but less than the maximum range). The drawn CanDo card value is a 5, is enough to strike home, hitting
    Tomo in the arm. Tomo sports two cyberarms that have a ballistic protection level (Armour) of 4. The burst
    from Hoffman's Brugg-Barret M46 deals 4 Damage points at maximum range, which is the same as Tomo's
    Armour, making the result a draw and thus no effect." """
    s = table()
    clear_board(s, ("a1", "a5"))
    hoffman = s.models["a5"]
    hoffman.equipment, hoffman.team = ["brugg_m46"], "p2"  # the mercenary shoots at Tomo
    place(s, "a5", "G12")
    place(s, "a1", "G2")  # ten squares: beyond the M46's Effective Range of 8, within its 16
    stack(s, 5, 2)
    events = resolve(s, hoffman, s.models["a1"], "dodge", None)
    text = " ".join(e.text for e in events)
    assert "hits (12 against 9)" in text and "hit in the arms: 0 wounds" in text
    assert s.models["a1"].wounds == 0


def test_the_rulebook_cyberwarfare_example_played_through_the_engine() -> None:
    """RB Examples: "Tomo has 8 points of System Resources ... giving Tomo 9 SRs to use"; he draws "W32.Navajo
    virus", "HardRock 256 Bastion", "Fly Eye", "Red Fever Procedure and Nimda Algorithm"; "Tomo declares a
    direct attack on the Terminal ... The base defence of the Terminal is 1"; "spends one System Resource
    point to look at the one Terminal defence card ... The Terminal card is 'Intrusion Detection System (IDS)
    Delta Class' (strength 6)"; "Boost his SRs with the Nimda Algorithm (-2 SRs to get +3 SRs)"; "strength of
    just 2 but he also possesses a special skill that gives it +1 versus any Terminal defensive program ...
    boosted by 3 to a final value of 6 (2 + 1 + 3)"; "use 2 of his remaining 3 SR points ... raised to an 8";
    "The Terminal gets a 9 ... Codebreaker ... draws a 3 and an 8. Choosing the 8, Tomo wins ... (8 + 8 = 16
    against 6 + 9 = 15)"; "Tomo takes over the Terminal"; "Tomo has used up all but one of his System
    Resources and the Nakamura Team has no hackers thus the Cyberwarfare Phase ends"."""
    s = at_cyberwarfare(
        table(sniffers=True),
        p1=["u_navajo.1", "u_bastion.1", "u_flyeye.1", "u_booster.1", "u_srboost.1"],
    )
    clear_board(s, ("a1", "a2"))  # Tomo and Harvey; the Nakamura Team has no Hacker on the board
    place(s, "a1", "H8")  # beside the basic Terminal at H7: a direct hack
    s.teams["p1"].sr = 9
    ai_next(s, "ai_ids_delta.1")
    cyberwarfare(s)
    assert [p.seat for p in G.prompts(s)] == ["p1"] and G.prompts(s)[0].kind == "declare"
    s, _ = G.apply(s, "p1", Intent.of("declare", target="t_basic"))
    s, events = G.apply(s, "p1", Intent.of("declare", look="terminal"))
    seen = [e for e in events if e.kind == "sniffed"]
    assert [e.audience for e in seen] == [frozenset({"p1"})]
    assert "Intrusion Detection System (IDS) Delta Class" in seen[0].text
    assert s.teams["p1"].sr == 8 and "u_flyeye.1" not in s.teams["p1"].hand
    for part in (
        Intent.of("plan", atk="u_navajo"),
        Intent.of("plan", bst="u_booster"),
        Intent.of("plan", fill="none"),  # the Terminal's defence is 1: Navajo alone goes into it
        Intent.of("plan", grd="u_bastion"),
        Intent.of("plan", dsr=2),  # "This leaves 3 points to boost either his defensive strength"
    ):
        s, _ = G.apply(s, "p1", part)
    stack(s, 3, 8, 9)  # Codebreaker draws 3 and 8; the Terminal draws 9
    s, events = G.apply(s, "p1", Intent.of("plan", sr="u_srboost"))
    text = " ".join(e.text for e in events)
    assert "+3 SR, 9 SR now" in text  # 9 - 1 (Fly Eye) - 2 (Nimda) + 3
    assert "W32.Navajo 16 against Intrusion Detection System (IDS) Delta Class 15" in text
    assert s.terminals["t_basic"].controller == "p1"
    assert s.teams["p1"].sr == 1
    assert [x.card for x in s.teams["p1"].tn] == ["u_bastion.1", "u_srboost.1", "u_booster.1"]
    assert "ai_ids_delta.1" in s.ai_deck.discards  # "remove the Terminal's IDS card from play"


def test_the_alternative_outcome_a_terminals_virus_infects_an_undefended_network() -> None:
    """RB An Alternative Outcome: "If Tomo was unsuccessful in his hack ... and the Terminal had been defended
    by a virus/worm then the Terminal's virus/worm would have made a Cyberwarfare Attack against Tomo and his
    Tactical Network. If Tomo had not installed the HardRock 256 defensive programme then the Terminal's
    attack would have been automatically successful resulting in Tomo's Team's Tactical Network becoming
    infected and in Tomo having to take a Cybershock test"."""
    s = table()
    s.teams["p1"].sr = 2
    ai_next(s, "ai_tower_worm.1")
    place(s, "a1", "H8")
    stack(s, 2, 2, 5, 9)  # Tomo 2|2: 2 + 0 + 2 = 4 against the worm 3 + 5; the Cybershock test draws 9
    start = s.models["a1"].cybershock
    events = attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", None, "t_basic")
    assert [e.text for e in events if e.kind == "cw_battle"] == ["W32.Navajo 4 against Tower Worm 8."]
    assert [(x.card, x.owner) for x in s.teams["p1"].tn] == [("ai_tower_worm.1", "ai")]
    assert s.models["a1"].cybershock == start + 1
    assert s.terminals["t_basic"].face_up == {}  # the worm left the Terminal for the Tactical Network


def test_example_7_in_full_with_rapid_strike() -> None:
    """RB Attack Example 7: "Shinsu ... spends an Action Point for a Close Combat Attack. She has a Physical
    Skill of 7 with a +1 CC bonus for her Matsushita Cyberarm Killer Mod. She draws a CanDo of 6 for a total
    of 14 (7 + 1 + 6). Werner decides to use a Fast Attack ... He draws 7, which is not enough and he is hit
    in the arm. Shinsu's Isenti Nihinto nanoblade does 8 Damage, which ignores 2 Armour due to the nanoblade
    (8 - (5-2)) for 5 wounds, so just avoids being crippled. However, Shinsu is not done. She has the
    Matsushita Cyberarm Killer Mod that has the Rapid Strike special ability that enables her to hit twice
    per CC Attack ... This time Werner tries to Dodge the attack (his only option having used the Fast Attack
    reaction ...). She draws a CanDo of 4 for a total of 12 (7 + 1 + 4). Werner Dodges with his Speed Skill
    of 4 and dodge bonus of 3 ... He draws 7, which is enough." """
    s = to_real_world(table(), first="p1")
    clear_board(s, ("a4", "b3"))
    s.models["a4"].equipment = ["nihinto", "matsushita_arm"]
    place(s, "a4", "H9")
    place(s, "b3", "H10")
    s, _ = G.apply(s, "p1", Intent.of("attack", unit="a4", target="b3"))
    assert G.prompts(s)[0].kind == "react" and G.prompts(s)[0].seat == "p2"
    stack(s, 6, 7, 4, 7)  # Shinsu 6 and Werner 7 for the exchange; then Shinsu 4 and Werner 7
    s, events = G.apply(s, "p2", Intent.of("react", how="fire"))
    text = " ".join(e.text for e in events)
    assert "14 against Werner Kube's Fast Attack 11" in text
    assert "hit in the arms: 5 wounds" in text
    assert "strikes again (Rapid Strike)" in text and "dodges (14 against 12)" in text
    werner = s.models["b3"]
    assert werner.wounds == 5 and not werner.crippled and werner.reacted
    assert G.prompts(s)[0].kind == "activate"  # the attack ended Shinsu's activation


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
