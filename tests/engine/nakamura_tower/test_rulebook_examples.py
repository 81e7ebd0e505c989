"""Every worked example the Nakamura Tower rulebook prints, one test each, in the rulebook's order: the
Ranged Attack example (Hoffman and Tomo), the eleven steps of the Cyberwarfare example (Tomo hacks the
Terminal) and the eight Attack Examples. Each quotes its passage and asserts what it prints (the list is at
the top of engine/nakamura_tower/RULINGS.md).

Where an example needs a card the house pack does not hold (the AMM Shredder ammunition of Attack Example
5), the test plays a test-only pack: the house pack copied under ``$ARBITER_DATA`` with the record added
(``example_pack``); the house pack itself is never changed."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import Event, Intent
from engine.core.datapack import pack_dir
from engine.nakamura_tower import board, loading
from engine.nakamura_tower.battles import attack_terminal, draw_defence
from engine.nakamura_tower.combat import cover_squares, resolve
from engine.nakamura_tower.cyber import draw_cards
from engine.nakamura_tower.declare import cyberwarfare
from engine.nakamura_tower.phases import resources
from engine.nakamura_tower.state import NtState
from engine.nakamura_tower.stats import system_resources

from .helpers import G, ai_next, at_cyberwarfare, clear_board, place, stack, table, to_real_world

EXAMPLE_RECORDS = {
    "equipment.json": [
        {
            "id": "amm_shredder",
            "name": "AMM Shredder ammunition",
            "kind": "ammunition",
            "availability": "military",
            "damage": 1,
            "provenance": "reconstructed",
            "note": "test-only pack: +1 Damage, from Attack Example 5 ('Even with AMM Shredder ammunition no "
            "wound would have been inflicted (5 Damage versus 5 Armour)', the Raiden's 4 at long range)",
        }
    ]
}
"""The records the examples need that the house pack does not hold, by file (each file holds its records
under the key named like the file: ``equipment``)."""


@pytest.fixture
def example_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The house pack with :data:`EXAMPLE_RECORDS` added, played through ``$ARBITER_DATA``."""
    folder = tmp_path / "data" / "nakamura_tower"
    shutil.copytree(pack_dir("nakamura_tower"), folder)
    for name, records in EXAMPLE_RECORDS.items():
        path = folder / name
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw[name.removesuffix(".json")] += records
        path.write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setenv("ARBITER_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(loading, "_IN_USE", [])  # the pack in use is read again, from there
    yield


def _texts(events: list[Event]) -> str:
    return " ".join(e.text for e in events)


# --- Ranged Attack --------------------------------------------------------------------------------------


def test_ranged_attack_example_hoffman_shoots_tomo_at_long_range() -> None:
    """RB Ranged Attack, "Example. Tomo Kosuda, the Übermensch gang Hacker, is shot at by the mercenary Markus
    Hoffman ... The burst let loose at Tomo is at long range (greater than effective range but less than the
    maximum range). The drawn CanDo card value is a 5, is enough to strike home, hitting Tomo in the arm. Tomo
    sports two cyberarms that have a ballistic protection level (Armour) of 4. The burst from Hoffman's
    Brugg-Barret M46 deals 4 Damage points at maximum range, which is the same as Tomo's Armour, making the
    result a draw and thus no effect." """
    s = table()
    clear_board(s, ("a1", "a5"))
    hoffman = s.models["a5"]
    hoffman.equipment, hoffman.team = ["brugg_m46"], "p2"  # the mercenary shoots at Tomo
    place(s, "a5", "G12")
    place(s, "a1", "G2")  # ten squares: beyond the M46's Effective Range of 8, within its 16
    stack(s, 5, 2)
    events = resolve(s, hoffman, s.models["a1"], "dodge", None)
    text = _texts(events)
    assert "hits (12 against 9)" in text and "hit in the arms: 0 wounds" in text
    assert s.models["a1"].wounds == 0


# --- the Cyberwarfare example: Tomo hacks the Terminal --------------------------------------------------

TOMO_HAND = ["u_navajo.1", "u_bastion.1", "u_flyeye.1", "u_booster.1", "u_srboost.1"]
"""RB Draw Cyberwarfare Cards: "W32.Navajo virus", "HardRock 256 Bastion", "Fly Eye", "Red Fever Procedure
and Nimda Algorithm"."""
TOMO_PLAN = (
    Intent.of("plan", atk="u_navajo"),  # "Attack the Terminal with the W32.Navajo virus"
    Intent.of("plan", bst="u_booster"),  # "Boost the virus attack with the Red Fever procedure"
    Intent.of("plan", fill="none"),  # the Terminal's defence is 1: the virus alone goes into it
    Intent.of("plan", grd="u_bastion"),  # "Protect his Tactical Network with HardRock 256 Bastion"
    Intent.of("plan", dsr=2),
)
NIMDA = Intent.of("plan", sr="u_srboost")  # "Boost his SRs with the Nimda Algorithm (-2 SRs to get +3 SRs)"


def _tomo(where: str = "H8") -> NtState:
    """Tomo (the Übermensch Hacker, a1) at ``where`` (H8: beside the Terminal at H7, a direct hack) with
    Harvey Scott (a2) on the Tactical Network, 9 SR and the example's hand; the Nakamura Team has no Hacker
    on the board; the Terminal's defence card will be the IDS Delta Class."""
    s = at_cyberwarfare(table(sniffers=True), p1=list(TOMO_HAND))
    clear_board(s, ("a1", "a2"))
    place(s, "a1", where)
    s.teams["p1"].sr = 9
    ai_next(s, "ai_ids_delta.1")
    cyberwarfare(s)
    return s


def _declared(s: NtState) -> tuple[NtState, list[Event]]:
    return G.apply(s, "p1", Intent.of("declare", target="t_basic"))


def _sniffed(s: NtState) -> tuple[NtState, list[Event]]:
    s, _ = _declared(s)
    return G.apply(s, "p1", Intent.of("declare", look="terminal"))


def _played(s: NtState, *cards: int) -> tuple[NtState, list[Event]]:
    """The example's plan, the CanDo cards ``cards`` stacked for the battle (Codebreaker's two, then the
    Terminal's), and the reveal's events."""
    s, _ = _sniffed(s)
    for part in TOMO_PLAN:
        s, _ = G.apply(s, "p1", part)
    stack(s, *cards)
    return G.apply(s, "p1", NIMDA)


def test_cw_example_system_resources_check() -> None:
    """RB Examples, System Resources Check: "Tomo has 8 points of System Resources at his disposal thanks to
    his Mental Skill value (+2 SRs), his gear (Cyberwar Helmet +3 SRs), Cyberdeck 07 (+2 SRs) and 1 SR for
    being on a Tactical Network. He also has access to 1 SR from a conscious Harvey Scott in his Tactical
    Network, giving Tomo 9 SRs to use." """
    s = table()
    clear_board(s, ("a1", "a2", "b1"))
    tomo = s.models["a1"]
    assert tomo.equipment[:2] == ["cyberwar_helmet", "cyberdeck_07"] and system_resources(tomo) == 8
    assert system_resources(s.models["a2"]) == 1
    events = resources(s)
    assert "p1's Team has 9 System Resources." in _texts(events) and s.teams["p1"].sr == 9


def test_cw_example_draw_cyberwarfare_cards() -> None:
    """RB Examples, Draw Cyberwarfare Cards: "Each Faction draws their Cyberwarfare cards from their deck.
    Tomo draws 5 cards from the Übermensch Cyberwarfare deck. Cards drawn are: Offensive programme: W32.Navajo
    virus; Defensive programme: HardRock 256 Bastion; Sniffing programme: Fly Eye; Booster programmes: Red
    Fever Procedure and Nimda Algorithm" (RB: "five cards less the number of CW cards that remain on their
    Tactical Network card"; "Tomo has no 'running programmes' on his Tactical Network")."""
    s = table(sniffers=True)
    team = s.teams["p1"]
    team.hand, team.tn = [], []
    team.deck.cards = [c for c in team.deck.cards if c not in TOMO_HAND] + list(reversed(TOMO_HAND))
    draw_cards(s, "p1")
    assert team.hand == TOMO_HAND
    assert [loading.pack().card(c).name for c in team.hand] == [
        "W32.Navajo",
        "HardRock 256 Bastion",
        "Fly Eye",
        "Red Fever Procedure",
        "Nimda Algorithm",
    ]


def test_cw_example_attack_declaration_and_terminal_cards_draw() -> None:
    """RB Examples, Attack Declaration and Terminal CW Cards Draw: "Tomo declares a direct attack on the
    Terminal. Tomo has chosen the easier option, as hacking the Terminal remotely would mean a more difficult
    hack. (A remote hack would mean the Hacker reduces his score by 3). The base defence of the Terminal is 1,
    which means it is protected by one Cyberwarfare card. Draw the card from the AI Cyberwarfare deck." The
    battle's scores with the example's cards (Drawing CanDo Cards): 16 against 15 directly, 13 remotely."""
    s = _tomo()
    assert [p.seat for p in G.prompts(s)] == ["p1"]  # the Nakamura Team, without a Hacker, declares nothing
    s, events = _sniffed(s)  # the declaration is revealed with its last part (the sniff, ruling C13)
    lines = [e.text for e in events if e.audience is None]
    assert "p1's Hacker Tomo Kosuda declares: the basic Terminal at H7." in lines
    assert "The basic Terminal at H7 draws 1 defence card face down against p1." in lines
    assert s.terminals["t_basic"].face_down == {"p1": ["ai_ids_delta.1"]}
    _, direct = _played(_tomo(), 3, 8, 9)
    assert "attacks the basic Terminal at H7 directly" in _texts(direct)
    assert "W32.Navajo 16 against Intrusion Detection System (IDS) Delta Class 15" in _texts(direct)
    _, remote = _played(_tomo(where="N2"), 3, 8, 9)
    assert "attacks the basic Terminal at H7 remotely" in _texts(remote)
    assert "W32.Navajo 13 against Intrusion Detection System (IDS) Delta Class 15" in _texts(remote)


def test_cw_example_sniffing() -> None:
    """RB Examples, Sniffing: "Tomo can use his Fly Eye sniffing programme, which allows him to check the
    Terminal defence programme. He places the Fly Eye card on his Tactical Network (field number 1) and spends
    one System Resource point to look at the one Terminal defence card ... The Terminal card is 'Intrusion
    Detection System (IDS) Delta Class' (strength 6)." Only the sniffing Team learns what it saw (ruling
    C11)."""
    s, events = _sniffed(_tomo())
    seen = [e for e in events if e.kind == "sniffed"]
    assert [e.audience for e in seen] == [frozenset({"p1"})]
    assert "Intrusion Detection System (IDS) Delta Class" in seen[0].text
    public = [e.text for e in events if e.kind == "sniff"]
    assert public == ["p1 runs a Fly Eye on the defence of the basic Terminal at H7 (1 SR)."]
    assert "Intrusion" not in _texts([e for e in events if e.audience is None])
    assert [x.card for x in s.teams["p1"].tn] == ["u_flyeye.1"]  # field number 1
    assert s.teams["p1"].sr == 8


def test_cw_example_planning() -> None:
    """RB Examples, Planning: "Boost his SRs with the Nimda Algorithm (-2 SRs to get +3 SRs). Attack the
    Terminal with the W32.Navajo virus (2 SRs). Boost the virus attack with the Red Fever procedure ... (+3 to
    programme strength)"; "Protect his Tactical Network with HardRock 256 Bastion (2 SRs). The Nimda Algorithm
    will boost Tomo's available SRs on the Tactical Network to 10 (9 -2 +3). Tomo has identified use for 7 (1
    SR for Fly Eye sniffing ...; 2 SRs for HardRock 256 Bastion; 2 SRs for W32.Navajo virus; and 2 SRs for Red
    Fever Procedure) out of his 10 SR points. This leaves 3 points". Every part of the plan is offered as
    printed; the Red Fever Procedure costs 2, as the budget counts it (rules-notes R04)."""
    s, _ = _sniffed(_tomo())
    for part in (*TOMO_PLAN, NIMDA):
        assert part in G.legal(s, "p1"), part.key()
        if part != NIMDA:
            s, _ = G.apply(s, "p1", part)
    stack(s, 3, 8, 9)
    s, events = G.apply(s, "p1", NIMDA)
    text = _texts(events)
    assert "p1 runs Nimda Algorithm: +3 SR, 9 SR now." in text  # 10 of the example, less the Fly Eye's 1
    assert "W32.Navajo 16 against" in text  # 2 + 1 + 3 + 8 and 2 SR: "use 2 of his remaining 3 SR points"
    assert s.teams["p1"].sr + 2 == 3  # "This leaves 3 points"


def test_cw_example_playing_the_cards() -> None:
    """RB Examples, Playing the Cards: "The Player in charge of Tomo plays his cards face-down ... The Fly Eye
    sniffing programme (... field 1 in this case). The Nimda Algorithm (... field 2 in this case). Offensive
    programme W32.Navajo virus (on field 3). The Red Fever procedure next to the programme being boosted (...
    field number 4 of the Tactical Network). Defensive programme HardRock 256 on field number 1 of his
    Tactical Network card (programme cards played on the Tactical Network always go to the first unused field
    with the lowest number or must replace an existing programme, in this case the Fly Eye CW card is
    discarded). After laying the cards down the Players turn them face up at the same time and pay their SR
    costs." The plan is secret until it is complete; then the HardRock holds field 1, the Nimda field 2, and
    the Red Fever, kept after the battle won (ruling C16), the next field: the virus went into the
    Terminal."""
    s, _ = _sniffed(_tomo())
    for part in TOMO_PLAN:
        s, _ = G.apply(s, "p1", part)
    assert "Navajo" not in str(G.view(s, None)) + str(G.view(s, "p2"))
    stack(s, 3, 8, 9)
    s, events = G.apply(s, "p1", NIMDA)
    assert "p1 installs HardRock 256 Bastion on their Tactical Network." in _texts(events)
    assert [x.card for x in s.teams["p1"].tn] == ["u_bastion.1", "u_srboost.1", "u_booster.1"]
    assert "u_flyeye.1" in s.teams["p1"].deck.discards


def test_cw_example_programme_battle_outcome() -> None:
    """RB Examples, Cyberwarfare Programme Battle Outcome: "Tomo's virus (W32.Navajo) has a strength of just 2
    but he also possesses a special skill that gives it +1 versus any Terminal defensive program, now giving
    it a strength of 3. Thanks to the Red Fever Procedure it is further boosted by 3 to a final value of 6 (2
    + 1 + 3)"; "Tomo also decides to use 2 of his remaining 3 SR points to boost the attack strength of his
    W32.Navajo virus, which is now raised to an 8." With a CanDo of 8: 16 (ruling C17: the +1 is his)."""
    _, events = _played(_tomo(), 3, 8, 9)
    assert "W32.Navajo 16 against Intrusion Detection System (IDS) Delta Class 15." in _texts(events)


def test_cw_example_drawing_cando_cards() -> None:
    """RB Examples, Drawing CanDo Cards: "Draw one CanDo card for the Terminal and one card for Tomo. The
    Terminal gets a 9, which gives a final score of 15 (6 + 9) ... Codebreaker, which allows him to draw two
    CanDo cards and choose one. He draws a 3 and an 8. Choosing the 8, Tomo wins the Cyberwarfare Programme
    battle (8 + 8 = 16 against 6 + 9 = 15), his virus destroying the Terminal's defences (remove the
    Terminal's IDS card from play)." With an 8 and a 3 (and no Codebreaker's choice) he would lose."""
    s, events = _played(_tomo(), 3, 8, 9)
    assert "W32.Navajo 16 against Intrusion Detection System (IDS) Delta Class 15." in _texts(events)
    assert "ai_ids_delta.1" in s.ai_deck.discards and s.terminals["t_basic"].controller == "p1"
    s2, events2 = _played(_tomo(), 2, 3, 9)  # the best of 2 and 3: 3 + 8 = 11 against 15
    assert "W32.Navajo 11 against Intrusion Detection System (IDS) Delta Class 15." in _texts(events2)
    assert s2.terminals["t_basic"].controller is None


def test_cw_example_drawing_cando_cards_two_defence_programmes() -> None:
    """RB Examples, Drawing CanDo Cards, the aside: "Were there more Terminal defence cards, after defeating
    the first one, Tomo would need to continue the attack paying the 'running programme' cost on his CW cards.
    Only after defeating all of the defending cards during one CW Phase would Tomo be able to take control of
    the Terminal. Failure to do so would mean the destruction of all attacking programmes (including direct
    support programmes ...) and the replenishing of the Terminal defences when attacked again. If the Terminal
    was defended by two programs and Tomo managed to destroy only one, the attack would still be unsuccessful.
    In the next turn he would face the two programmes again. The one that defeated his attack would stay face
    up and the other one would be drawn from the AI deck face-down. " """
    s = table()
    team = s.teams["p1"]
    place(s, "a1", "B3")  # beside the red Terminal (defence 2) at B2
    ai_next(s, "ai_watchdog.1", "ai_sentinel.1")
    team.sr = 4 + 2 + 2  # virus and booster from the hand, 2 + 2, a boost of 2; their running costs 1 + 1
    team.hand = []
    stack(s, 9, 9, 2, 2, 2, 9)  # Tomo 9|9 beats the Watchdog; then 2|2 against the Sentinel's 9
    events = attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", "u_booster.1", "t_red")
    text = _texts(events)
    assert "against Watchdog Ice" in text and "against Sentinel Bastion" in text, text
    assert s.terminals["t_red"].controller is None
    assert "u_navajo.1" in team.deck.discards and "u_booster.1" in team.deck.discards
    assert "ai_watchdog.1" in s.ai_deck.discards
    assert s.terminals["t_red"].face_up == {"p1": ["ai_sentinel.1"]}
    assert len(draw_defence(s, "p1", "t_red")) == 1  # the next attack: the one face up and one drawn


def test_cw_example_completing_the_attack() -> None:
    """RB Examples, Completing the Attack: "Tomo takes over the Terminal"; "Tomo has used up all but one of
    his System Resources and the Nakamura Team has no hackers thus the Cyberwarfare Phase ends. " """
    s, events = _played(_tomo(), 3, 8, 9)
    assert "p1's Tomo Kosuda takes over the basic Terminal at H7." in _texts(events)
    assert s.terminals["t_basic"].controller == "p1" and s.terminals["t_basic"].hacker == "a1"
    assert s.terminals["t_basic"].installed == ["u_navajo.1"]  # "the virus will start eroding"
    assert s.teams["p1"].sr == 1
    assert not [p for p in G.prompts(s) if p.kind in ("declare", "plan")]
    assert all(e.audience in (None, frozenset({"p1"})) for e in events)  # p2 was never asked anything


def test_cw_example_tacs_and_tactical_advantage() -> None:
    """RB Examples, TACs and Tactical Advantage: "Taking over the Terminal means that the Übermensch Gang can
    use the camera systems in adjacent rooms. From now on they will be able to use the TAC factor to their
    advantage and can also decide to open, close and lock the doors controlled by that Terminal." The
    example's Terminal has cameras and doors, so it is a security Terminal; the red one (the Security office,
    TAC 2) is taken here (RB: "If you control the Terminal controlling the room in which the attack is being
    resolved then the TAC value is 0")."""
    s = table()
    clear_board(s, ("a1", "a3", "b2"))
    s.teams["p1"].sr = 5
    place(s, "a1", "B3")
    ai_next(s, "ai_watchdog.1", "ai_watchdog.2")
    stack(s, 9, 9, 2, 9, 8, 2)
    attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", None, "t_red")
    assert s.terminals["t_red"].controller == "p1"
    place(s, "a3", "E4")  # Shoko, in the Security office
    place(s, "b2", "A2")  # Tetsuo, in it too
    assert board.tac(s, s.models["a3"], "A2") == 0  # the Übermensch shoot with the cameras
    assert board.tac(s, s.models["b2"], "E4") == 2  # the Nakamura do not
    s = to_real_world(s, first="p1")
    doors = {(str(i.get("edge")), str(i.get("to"))) for i in G.legal(s, "p1") if i.kind == "door"}
    red = [e for e in s.doors if board.door_colour(s, e) == "red"]
    assert red and all({(e, "open"), (e, "closed")} & doors for e in red)
    assert any((e, "locked") in doors or s.doors[e].state == "locked" for e in red)


def test_cw_example_an_alternative_outcome() -> None:
    """RB Examples, An Alternative Outcome: "If Tomo was unsuccessful in his hack (the terminal drawing a
    CanDo card 3 or more than Tomo's highest CanDo card) and the Terminal had been defended by a virus/worm
    then the Terminal's virus/worm would have made a Cyberwarfare Attack against Tomo and his Tactical
    Network. If Tomo had not installed the HardRock 256 defensive programme then the Terminal's attack would
    have been automatically successful resulting in Tomo's Team's Tactical Network becoming infected and in
    Tomo having to take a Cybershock test". Against the IDS: a Terminal card 3 more than Tomo's best beats him
    (so does 2 more: FAQ "on a draw the defender wins", rules-notes R08); a worm that wins infects the
    undefended Tactical Network at once, but must first beat the HardRock when it runs (ruling C8)."""
    _, events = _played(_tomo(), 2, 5, 8)  # Tomo's best 5: 8 + 5 = 13 against 6 + 8 = 14
    assert "W32.Navajo 13 against Intrusion Detection System (IDS) Delta Class 14." in _texts(events)
    _, tie = _played(_tomo(), 2, 5, 7)
    assert "W32.Navajo 13 against Intrusion Detection System (IDS) Delta Class 13." in _texts(tie)
    assert "The attack fails" in _texts(tie)
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
    from engine.nakamura_tower.state import Slot

    guarded = table()
    guarded.teams["p1"].sr = 2
    guarded.teams["p1"].tn = [Slot(card="u_bastion.2", owner="p1")]
    ai_next(guarded, "ai_tower_worm.1")
    place(guarded, "a1", "H8")
    stack(guarded, 2, 2, 5, 2, 9)  # lost 4 against 8; the worm's 3 + 2 against the Bastion's 3 + 9
    events = attack_terminal(guarded, "p1", guarded.models["a1"], "u_navajo.1", None, "t_basic")
    assert "Tower Worm" in _texts([e for e in events if e.kind == "cw_battle"][1:])  # it fights the Bastion
    assert [x.card for x in guarded.teams["p1"].tn] == ["u_bastion.2"]  # and is stopped


# --- Attack Examples --------------------------------------------------------------------------------------


def test_attack_example_1_move_vs_fast_attack() -> None:
    """RB Attack Example 1: "Tetsuo Dodges; he combines his Speed Skill of 4 with the Dodge bonus of +3 ...
    (assume it is a 5) giving a total of 12" and "Shoko attacks with his Physical Skill (8), but the Fast
    Attack reaction carries a negative modifier of -3. He draws a CanDo card of value 6, so his total is
    8 - 3 + 6 = 11. This is not greater than Tetsuo's total of 12 and thus is a miss ... Tetsuo resumes his
    move, moving the two remaining squares"; "Having used "Fast Attack" as his reaction this turn ... Shoko
    can only use the "Dodge" reflex"."""
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
    assert "11 against 12, dodged" in _texts(events)
    assert s.models["b2"].cell == "G12" and s.models["b2"].wounds == 0
    assert s.models["a3"].reacted


def test_attack_example_2_move_vs_take_cover() -> None:
    """RB Attack Example 2: "In this case, no test is required. The Reactive Player declares the use of the
    Take Cover reaction the instant the Active Player's model enters his Line of Sight ... Move the Reactive
    Player's model one square such that it is either not in Line of Sight of the attacking model or is no
    closer to it"; "the Active Player completes his move"."""
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
    assert board.distance(s, str(shoko.cell), seen_at) >= board.distance(s, "J11", seen_at)
    assert s.models["b2"].cell == "G12"


def test_attack_example_3_ranged_attack_vs_take_cover_needs_a_card_5_higher() -> None:
    """RB Attack Example 3: "Perform an opposed test based on the Speed Skill values plus any "Dodge" bonuses
    of the Target and if successful the model moves one square such that it is neither in Line of Sight of
    the attacking model nor closer to it. If the test is failed then the model does not get the Take Cover
    move"; "Tetsuo's Speed Skill is 4 and has no bonuses for Dodge, whilst Shoko has a Physical Skill of 8.
    Tetsuo would need a CanDo card 5 higher than Shoko in order to get his Take Cover reaction in and
    prevent Shoko from making a Ranged Attack" (ruling R06: against a Ranged Attack a draw is not enough)."""
    for cards, moved in (((3, 8), True), ((3, 7), False)):  # 12 against 11 moves him; 11 against 11 does not
        s = table()
        clear_board(s, ("a3", "b2"))
        place(s, "a3", "G9")  # Shoko, PH 8, Raiden; the south hallway has TAC 0
        place(s, "b2", "G12")  # Tetsuo, Speed 4, no Dodge bonus
        stack(s, *cards)
        events = resolve(s, s.models["a3"], s.models["b2"], "cover", "H12")
        tetsuo = s.models["b2"]
        assert (tetsuo.cell == "H12") is moved, cards
        assert tetsuo.reacted
        assert f"({4 + cards[1]} against {8 + cards[0]})" in _texts(events)
        assert moved or tetsuo.wounds > 0 or tetsuo.crippled


def test_attack_example_4_ranged_attack_vs_dodge() -> None:
    """RB Attack Example 4: "Tetsuo Kenji makes a Ranged Attack on Tomo using a Nakamura Type 76 Raiden
    submachine gun. He has a starting Physical Skill of five but has a Momuro Custom Cyberarm with a +2 Ranged
    Attack bonus ... A CanDo card with a value of 5 is drawn for a total of 12 (5 + 2 + 5)" and "his basic
    defence is his Speed Skill of 4 plus 3 for the Dodge for a total of 7. Tomo only needs to equal or exceed
    Tetsuo's total of 12 to avoid being hit. A CanDo of 5 is just sufficient"."""
    for tomo_card, dodged in ((5, True), (4, False)):
        s = table()
        clear_board(s, ("a1", "b2"))
        place(s, "b2", "G12")  # Tetsuo, in the south hallway (TAC 0)
        place(s, "a1", "G8")  # Tomo
        stack(s, 5, tomo_card)
        events = resolve(s, s.models["b2"], s.models["a1"], "dodge", None)
        if dodged:
            assert "dodges (12 against 12)" in events[0].text
            assert s.models["a1"].wounds == 0 and not s.models["a1"].reacted
        else:
            assert "hits (12 against 11)" in events[0].text


def test_attack_example_5_ranged_attack_vs_fast_attack(example_pack: None) -> None:
    """RB Attack Example 5: "Tetsuo would hit Shoko in the arm (Tetsuo's 12 versus Shoko's Physical Skill of
    8 - 3 for the Fast Attack negative modifier plus the CanDo card of 5 (total of 10). Shoko's arm has an
    Armour value of 5 (4 for the basic Armour but +1 for the Kagoma Full Cyborg Body V1000). The attack is
    beyond "Effective Range" so the Damage from his Raiden submachine gun is only 4 so no wounds are
    inflicted. Even with AMM Shredder ammunition no wound would have been inflicted (5 Damage versus 5
    Armour)." The Shredder (+1 Damage) is a test-only record (ruling K12)."""
    for ammunition in ([], ["amm_shredder"]):
        s = table()
        clear_board(s, ("a3", "b2"))
        s.models["a3"].equipment = ["raiden", "kagoma_body"]
        s.models["b2"].equipment += ammunition
        place(s, "b2", "G12")
        place(s, "a3", "G2")  # in the north hallway (TAC 0), ten squares away: beyond the Raiden's 6
        stack(s, 5, 5)
        events = resolve(s, s.models["b2"], s.models["a3"], "fire", None)
        text = _texts(events)
        assert "12 against Shoko Takayama's Fast Attack 10" in text
        assert "hit in the arms: 0 wounds" in text
        assert s.models["a3"].wounds == 0 and s.models["a3"].reacted and s.models["b2"].wounds == 0
    hurt = table()  # the Shredder's +1 counts: at Effective Range the Raiden's 5 and 1 make 6 against 5
    clear_board(hurt, ("a3", "b2"))
    hurt.models["a3"].equipment = ["raiden", "kagoma_body"]
    hurt.models["b2"].equipment += ["amm_shredder"]
    place(hurt, "b2", "G12")
    place(hurt, "a3", "G8")
    stack(hurt, 5, 5)
    events = resolve(hurt, hurt.models["b2"], hurt.models["a3"], "fire", None)
    assert "hit in the arms: 1 wound." in _texts(events)


def test_attack_example_6_close_combat_vs_dodge() -> None:
    """RB Attack Example 6: "Werner's Physical Skill is 6 with +1 for his Nakamura Cyberarm HA9 ... He draws
    a CanDo of value 8. This gives a total of 15 (6 + 1 + 8)"; "Shinsu has a Speed Skill of 5 plus 1 for her
    Cyberlegs, plus 3 for the Dodge and +2 for her Special Skill (Ducking and Diving) for a total of 12";
    "Shinsu draws a CanDo of 2, resulting in a total of 14! Werner's blade strikes her Chest (Armour of 5).
    Werner's nanoblade ignores 2 of the Armour, but with the blade doing 5 Damage this results in only 2
    wounds to Shinsu ... Luckily Shinsu had not been wounded before and is not crippled." The printed parts
    add up to 11 (13 with the 2), not the printed 12 (14): the engine adds the parts, each of them printed,
    and the outcome is the example's, a hit for 2 wounds (ruling R05)."""
    s = table()
    clear_board(s, ("a4", "b3"))
    place(s, "b3", "H9")
    place(s, "a4", "H10")
    stack(s, 8, 2)
    events = resolve(s, s.models["b3"], s.models["a4"], "dodge", None)
    text = _texts(events)
    assert "hits (15 against 13)" in text and "hit in the chest: 2 wounds" in text
    assert s.models["a4"].wounds == 2 and not s.models["a4"].crippled


def test_attack_example_7_close_combat_vs_fast_attack_with_rapid_strike() -> None:
    """RB Attack Example 7: "Shinsu ... spends an Action Point for a Close Combat Attack. She has a Physical
    Skill of 7 with a +1 CC bonus for her Matsushita Cyberarm Killer Mod. She draws a CanDo of 6 for a total
    of 14 (7 + 1 + 6). Werner decides to use a Fast Attack rather than to Dodge. His Physical skill is 6 plus
    1 for his cyberarm but takes a -3 for the Fast Attack modifier for a net 4. He draws 7, which is not
    enough and he is hit in the arm. Shinsu's Isenti Nihinto nanoblade does 8 Damage, which ignores 2 Armour
    due to the nanoblade (8 - (5-2)) for 5 wounds, so just avoids being crippled. However, Shinsu is not done.
    She has the Matsushita Cyberarm Killer Mod that has the Rapid Strike special ability that enables her to
    hit twice per CC Attack ... This time Werner tries to Dodge the attack (his only option having used the
    Fast Attack reaction ...). She draws a CanDo of 4 for a total of 12 (7 + 1 + 4). Werner Dodges with his
    Speed Skill of 4 and dodge bonus of 3 and thus only needs a 5 or more to avoid being hit. He draws 7,
    which is enough." """
    for werner_second, dodged in ((7, "dodges (14 against 12)"), (5, "dodges (12 against 12)")):
        s = to_real_world(table(), first="p1")
        clear_board(s, ("a4", "b3"))
        s.models["a4"].equipment = ["nihinto", "matsushita_arm"]
        place(s, "a4", "H9")
        place(s, "b3", "H10")
        s, _ = G.apply(s, "p1", Intent.of("attack", unit="a4", target="b3"))
        assert G.prompts(s)[0].kind == "react" and G.prompts(s)[0].seat == "p2"
        stack(s, 6, 7, 4, werner_second)  # Shinsu 6 and Werner 7 for the exchange; then Shinsu 4
        s, events = G.apply(s, "p2", Intent.of("react", how="fire"))
        text = _texts(events)
        assert "14 against Werner Kube's Fast Attack 11" in text
        assert "hit in the arms: 5 wounds" in text
        assert "strikes again (Rapid Strike)" in text and dodged in text
        werner = s.models["b3"]
        assert werner.wounds == 5 and not werner.crippled and werner.reacted
        assert G.prompts(s)[0].kind == "activate"  # the attack ended Shinsu's activation


def test_attack_example_8_close_combat_vs_take_cover() -> None:
    """RB Attack Example 8: "This will be a test based on the Active model's Physical Skill +/- modifiers
    versus the Reactive model's Speed Skill +/- modifiers. If the Reactive model's result is equal to or
    higher then he moves his character one square away from the attacker." Werner: 6 + 1 (HA9); Shinsu: 5 +
    1 (Cyberlegs) + 2 (Ducking and Diving), no +3 (ruling R06)."""
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
