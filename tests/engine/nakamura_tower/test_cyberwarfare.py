"""The Cyberwarfare phase through the engine: declarations and the Hacker's choice, sniffing (of an enemy
hand and of a Terminal's face-down defence), the worked example of the rulebook, chains of battles and their
costs, infections and counter-infection, Purge, programmes kept running, and blank cards. Each test quotes
the passage it checks."""

from __future__ import annotations

import pytest

from engine.core import IllegalIntent, Intent
from engine.nakamura_tower.battles import attack_terminal, attack_tn, purge
from engine.nakamura_tower.cyber import draw_cards, upkeep
from engine.nakamura_tower.declare import cyberwarfare
from engine.nakamura_tower.loading import pack
from engine.nakamura_tower.state import NtState, Slot
from engine.nakamura_tower.stats import name
from renderers.nakamura_tower import render_private

from .helpers import G, ai_next, at_cyberwarfare, clear_board, place, stack, table


def _texts(events: list) -> str:  # type: ignore[type-arg]
    return " ".join(e.text for e in events)


def _answer(state: NtState, seat: str, *parts: Intent) -> tuple[NtState, list]:  # type: ignore[type-arg]
    """The seat answers the parts of its secret choice in turn; the events of them all."""
    events = []
    for part in parts:
        state, more = G.apply(state, seat, part)
        events += more
    return state, events


def _public(state: NtState, seat: str) -> str:
    """Everything another seat could read: its view and the public view."""
    return str(G.view(state, seat)) + str(G.view(state, None))


def test_a_fly_eye_sees_a_terminals_face_down_defence_for_the_sniffer_alone() -> None:
    """RB: "draw the appropriate number of Terminal defence Programme cards separately for each Faction"
    (face down); the Fly Eye "allows him to check the Terminal defence programme ... spends one System
    Resource point to look at the one Terminal defence card"; rules-notes 6: AI Terminal defence cards drawn
    face-down are "Hidden from everyone. The attacker may sniff them (private view)"."""
    s = at_cyberwarfare(table(sniffers=True), p1=["u_flyeye.1", "u_navajo.1"], p2=["n_ice.1"])
    s.teams["p1"].sr = 3
    ai_next(s, "ai_sentinel.1", "ai_tower_worm.1")
    cyberwarfare(s)
    s, _ = _answer(s, "p1", Intent.of("declare", target="t_red"), Intent.of("declare", look="terminal"))
    s, events = G.apply(s, "p2", Intent.of("declare", target="none"))  # no Fly Eye: no sniffing asked
    names = ("Sentinel Bastion", "Tower Worm")
    secret = [e for e in events if e.kind == "sniffed"]
    assert len(secret) == 1 and secret[0].audience == frozenset({"p1"})
    assert all(n in secret[0].text for n in names)
    assert s.teams["p1"].sr == 1  # one SR for each of the two cards looked at
    for e in events:
        if e.audience is None:
            assert not any(n in e.text for n in names), e.text
    assert not any(n in _public(s, "p2") for n in names)
    mine = G.view(s, "p1")
    assert any(all(n in line for n in names) for line in mine["my_seen"])
    red = next(t for t in G.view(s, "p2")["terminals"] if t["id"] == "t_red")
    assert red["face_down"] == {"p1": 2}
    assert render_private(G.view(s, "p2"))  # the image is drawn from the view alone


def test_a_fly_eye_shows_enemy_hand_cards_to_the_sniffer_alone() -> None:
    """FAQ: "Sniffer programmes are one use only and should be discarded after use. They are used after
    deciding on Initiative but before planning"; RB: "look at an opponent's CW cards; even those currently
    in their hand, paying one SR point for each card looked at" (ruling C11: the sniff is a part of every
    Hacker's secret declaration, so being asked tells nothing of a hand)."""
    s = at_cyberwarfare(
        table(sniffers=True),
        p1=["u_flyeye.1"],
        p2=["n_navajo.1", "n_worm.1", "n_ice.1", "n_bastion.1", "n_booster.1"],
    )
    s.teams["p1"].sr = 3
    cyberwarfare(s)
    assert sorted(p.seat for p in G.prompts(s)) == ["p1", "p2"]
    s, _ = G.apply(s, "p1", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    assert [p.seat for p in G.prompts(s)] == ["p1"]  # p2 holds no Fly Eye: its declaration is complete
    look = Intent.of("declare", look="p2", n=2)
    assert look in G.legal(s, "p1")
    s, events = G.apply(s, "p1", look)
    secret = [e for e in events if e.kind == "sniffed"]
    assert len(secret) == 1 and secret[0].audience == frozenset({"p1"})
    assert secret[0].text.count(",") == 1  # two cards named
    assert s.teams["p1"].sr == 1 and "u_flyeye.1" not in s.teams["p1"].hand
    # nobody declared an attack: each Team may still install a defence ("the Reactive Player should place any
    # cards he may wish to use for defence"); p1, its hand now empty (hand sizes are public), has nothing to
    # choose and is not asked (issue 30)
    assert [(p.seat, p.kind, p.text) for p in G.prompts(s)] == [
        ("p2", "plan", "Which defence do you install?")
    ]


def test_the_team_chooses_its_hacker_each_turn() -> None:
    """RB: "Only one character in a Team can act as the Hacker in any turn but a different character can be
    chosen each turn"."""
    s = at_cyberwarfare(table(), p1=["u_navajo.1"])
    s.models["a2"].card = "vex"  # a second Hacker in the Übermensch Team
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="tn_p2"))
    assert {i.get("hacker") for i in G.legal(s, "p1")} == {"a1", "a2"}
    labels = [G.describe(s, i) for i in G.legal(s, "p1")]
    assert labels == [f"{name(s.models[m])}, at {s.models[m].cell}" for m in ("a1", "a2")]  # no ids
    s, _ = G.apply(s, "p1", Intent.of("declare", hacker="a2"))
    assert G.view(s, "p1")["my_plan"] == ["Attack p2's Tactical Network", labels[1]]
    s, events = G.apply(s, "p2", Intent.of("declare", target="none"))
    assert s.hackers["p1"] == "a2"
    assert "p1's Hacker Vex Halloran declares: p2's Tactical Network." in _texts(events)
    assert G.view(s, None)["teams"][0]["hacker"] == "a2"


def test_the_plan_is_shown_to_its_planner_alone() -> None:
    """Issue 15: "The private image adds the player's CW hand and face-down plans" (rules-notes 6: the
    intended use of face-down cards is "Private until revealed")."""
    s = at_cyberwarfare(table(), p1=["u_navajo.1", "u_bastion.1"], p2=["n_ice.1"])
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="t_red"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="u_navajo"))
    mine = G.view(s, "p1")
    assert mine["my_plan"] == ["Attack with W32.Navajo from your hand"]
    assert G.view(s, "p2")["my_plan"] == [] and G.view(s, None)["my_plan"] == []
    assert "Attack with W32.Navajo" not in _public(s, "p2")
    assert render_private(mine)


def test_an_attack_on_a_tactical_network_is_remote() -> None:
    """RB: "An attack against a Tactical Network is always done remotely. Hacking remotely incurs a penalty
    of -3 Strength to the attack" (ruling C14: the FAQ's formula does not list it, the rule does)."""
    s = table()
    s.teams["p1"].sr = 2
    stack(s, 7, 2, 5)  # Tomo keeps 7: 2 + 0 + 7 - 3 = 6 against a bare CanDo 5
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    assert "W32.Navajo 6 against a bare CanDo card 5" in _texts(events)


def test_duplicate_defences_do_not_fight_and_each_further_battle_costs_running_costs() -> None:
    """RB: "duplicate offensive or defensive programmes have no effect in attack or defence"; FAQ: "When
    there is more than one defensive card in the attacked TN the battle is repeated, and the attacker has to
    pay the running costs for all cards used for every additional attack ... If the attacker loses one
    attack, or decides to stop the attack, or cannot pay the additional SR costs, the battle is lost"."""
    s = table()
    s.teams["p2"].tn = [
        Slot(card="n_ice.1", owner="p2"),
        Slot(card="n_ice.2", owner="p2"),
        Slot(card="n_bastion.1", owner="p2"),
    ]
    s.teams["p1"].sr, s.teams["p2"].sr = 4 + 1, 0  # 2 to play the virus, 2 boost, 1 to go on
    stack(s, 8, 2, 3, 8, 2, 3)  # Tomo (Codebreaker) keeps 8 each time; the defence draws 3
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    battles = [e.text for e in events if e.kind == "cw_battle"]
    assert battles[0] == "W32.Navajo 9 against p2's Frostline Ice 5."  # 2 + 2 + 8 - 3; 2 + 3
    assert battles[1] == "W32.Navajo 7 against p2's Keep Bastion 6."  # the second Ice did not fight
    assert [x.card for x in s.teams["p2"].tn] == ["n_ice.2", "u_navajo.1"] and s.teams["p1"].sr == 0


def test_a_terminals_virus_fights_every_defence_of_the_losing_hacker() -> None:
    """RB: "If the Tactical Network does have defensive programmes (and support programmes) then resolve
    that CW battle immediately"; "If using multiple defensive programme cards, each is attacked
    sequentially with all having to be defeated before the Tactical Network or terminal becomes infected";
    "An Alternative Outcome ... the Terminal's virus/worm would have made a Cyberwarfare Attack against Tomo
    and his Tactical Network ... resulting in ... Tomo having to take a Cybershock test"."""
    s = table()
    s.teams["p1"].tn = [Slot(card="u_ice.1", owner="p1"), Slot(card="u_bastion.1", owner="p1")]
    s.teams["p1"].sr = 2
    ai_next(s, "ai_tower_worm.1")
    place(s, "a1", "H8")
    stack(s, 2, 2, 5, 9, 3, 9, 3, 9)  # Tomo 2|2: 4 against the worm 3 + 5; the worm 3 + 9 twice; test 9
    start = s.models["a1"].cybershock
    events = attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", None, "t_basic")
    battles = [e.text for e in events if e.kind == "cw_battle"]
    assert battles == [
        "W32.Navajo 4 against Tower Worm 8.",
        "Tower Worm 12 against p1's Frostline Ice 5.",
        "Tower Worm 12 against p1's HardRock 256 Bastion 6.",
    ]
    assert [x.card for x in s.teams["p1"].tn] == ["ai_tower_worm.1"]
    assert s.models["a1"].cybershock == start + 1  # the test drew a 9 against Tomo's Mental Skill 7


def test_a_failed_attack_is_struck_back_by_a_running_virus() -> None:
    """FAQ: "A losing attacker's TN is attacked by an offensive CW card if present; if the attacker lost, the
    offensive card infects the TN and a Cybershock Test is made for the Hacker now"; RB: "A virus or worm
    Cyberwarfare attack may also be triggered by an unsuccessful hacking attack against a Terminal or
    Tactical network that has a hostile virus or worm programme running"."""
    s = table()
    s.teams["p2"].tn = [Slot(card="n_bastion.1", owner="p2"), Slot(card="n_worm.1", owner="p2")]
    s.teams["p1"].sr, s.teams["p2"].sr = 2, 0
    stack(s, 2, 2, 6, 5, 3, 9)  # Tomo 2|2: 1 against Bastion 3 + 6; the worm 3 + 5 against a bare 3; test 9
    start = s.models["a1"].cybershock
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    text = _texts(events)
    assert "p2's running Slowcrawl Worm strikes back at p1." in text
    assert "Slowcrawl Worm 8 against a bare CanDo card 3." in text
    assert [(x.card, x.owner) for x in s.teams["p1"].tn] == [("n_worm.1", "p2")]
    assert [x.card for x in s.teams["p2"].tn] == ["n_bastion.1"]
    assert s.models["a1"].cybershock == start + 1


def test_no_counter_infection_without_a_running_virus() -> None:
    """FAQ: "attacked by an offensive CW card if present": a Tactical Network running only defences does not
    strike back."""
    s = table()
    s.teams["p2"].tn = [Slot(card="n_bastion.1", owner="p2")]
    s.teams["p1"].sr = 2
    stack(s, 2, 2, 6)
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    assert not any(e.kind == "cw_counter" for e in events) and s.teams["p1"].tn == []


def test_purge_repeats_with_its_booster_while_it_can_pay() -> None:
    """FAQ Purge System: "choose a defensive CW card and maybe a supporting program to attack a hostile
    Virus/Worm card in your TN. The battle is defensive card strength + up to 2 SR + Can Do card, against
    offensive card strength + booster + Can Do card. Players can repeat Purge System if there is more than
    one Virus/Worm program, as long as they have SR to run programs"."""
    s = table()
    s.teams["p1"].tn = [Slot(card="n_navajo.1", owner="p2"), Slot(card="n_worm.1", owner="p2")]
    s.teams["p1"].sr = 4 + 2 + 2  # Bastion and Red Fever 2 each, 2 boost, 2 to go on
    stack(s, 5, 4, 6, 5, 4, 6)
    events = purge(s, "p1", s.models["a1"], "u_bastion.1", "u_booster.1")
    lines = [e.text for e in events if e.kind == "purge"]
    assert lines[0].startswith("p1 purges with HardRock 256 Bastion 13 against W32.Navajo 8")  # 3+3+2+5
    assert len(lines) == 2 and "purged" in lines[1]
    assert sorted(x.card for x in s.teams["p1"].tn) == ["u_bastion.1", "u_booster.1"]


def test_a_defender_without_a_hacker_adds_no_sr() -> None:
    """RB: Hackers "are the only Team members that may attempt a Cyberwarfare attack or defence" (ruling
    G12: a Team's running defences still defend, without SR boosts, when it has no Hacker on the board)."""
    s = table()
    clear_board(s, ("a1",))
    s.teams["p2"].tn = [Slot(card="n_bastion.1", owner="p2")]
    s.teams["p1"].sr, s.teams["p2"].sr = 2, 5
    stack(s, 2, 2, 6)
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    assert "against p2's Keep Bastion 9." in _texts(events) and s.teams["p2"].sr == 5


def test_a_programme_kept_running_costs_its_run_and_draws_one_fewer() -> None:
    """RB Clean-Up: "Remove own Cyberwarfare cards from Tactical Networks unless the Player decides to keep
    them as a 'running programme'"; phase 2: "SRs are then placed on the remaining face up CW cards ...
    sufficient to run them in background"; RB: "draw five cards less the number of CW cards that remain on
    their Tactical Network card ... and already in their hand"."""
    s = table()
    team = s.teams["p1"]
    team.tn = [Slot(card="u_bastion.1", owner="p1")]
    team.hand, team.sr = [], 3
    upkeep(s, "p1")
    assert team.sr == 2
    draw_cards(s, "p1")
    assert len(team.hand) == 4


def test_a_running_virus_attacks_without_paying_to_install_again() -> None:
    """RB: "The cost of additional attacks is equal to the 'running programme' costs"; a programme kept
    running has paid its running cost in phase 2 ("SRs are then placed on the remaining face up CW cards"),
    so its first battle costs nothing more (a card from the hand pays install and run, "2 SRs for W32.Navajo
    virus")."""
    s = at_cyberwarfare(table(), p1=[], p2=["n_ice.1"])
    s.teams["p1"].tn = [Slot(card="u_navajo.3", owner="p1")]
    s.teams["p1"].sr = 0
    cyberwarfare(s)
    s.teams["p1"].hand = []
    s, _ = G.apply(s, "p1", Intent.of("declare", target="tn_p2"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    assert Intent.of("plan", atk="r.u_navajo") in G.legal(s, "p1")
    stack(s, 9, 9, 1)
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="r.u_navajo"))  # nothing else to choose: no more parts
    s, events = G.apply(s, "p2", Intent.of("plan", grd="none"))
    assert "W32.Navajo 8 against a bare CanDo card 1." in _texts(events)  # 2 + 0 + 9 - 3
    assert ("u_navajo.3", "p1") in [(x.card, x.owner) for x in s.teams["p2"].tn]


def test_clean_up_keeps_removes_and_installs_programmes() -> None:
    """RB Clean-Up: "Remove own Cyberwarfare cards from Tactical Networks unless the Player decides to keep
    them as a 'running programme' ... Play any Cyberwarfare cards from a Player's hand onto spare slots on the
    Tactical Network card if desired paying any required SRs to install the programme(s)"; FAQ: "System
    Resources cannot be kept for future turns"."""
    from engine.nakamura_tower.keeping import housekeeping

    s = at_cyberwarfare(table(), p1=["u_worm.1", "u_ice.1"], p2=[])
    s.teams["p1"].tn = [Slot(card="u_bastion.1", owner="p1"), Slot(card="u_srboost.1", owner="p1")]
    s.teams["p1"].sr = 3
    housekeeping(s)
    assert [p.seat for p in G.prompts(s)] == ["p1"]  # p2 has no programme and no card: not asked
    assert Intent.of("keep", drop="u_srboost.1") in G.legal(s, "p1")
    s, _ = G.apply(s, "p1", Intent.of("keep", drop="u_srboost.1"))
    s, events = G.apply(s, "p1", Intent.of("keep", install="u_worm.1"))
    assert [x.card for x in s.teams["p1"].tn] == ["u_bastion.1", "u_worm.1"]
    assert "u_srboost.1" in s.teams["p1"].deck.discards
    assert s.teams["p1"].hand == ["u_ice.1"] and s.teams["p1"].sr == 0
    assert "p1 installs a card face down on their Tactical Network." in _texts(events)
    told = [e for e in events if "Blackwire Worm" in e.text]
    assert told and all(e.audience == frozenset({"p1"}) for e in told)  # face down (ruling C22)


def test_blank_cards_bluff_and_are_never_discarded() -> None:
    """RB Blank CW Cards: "each Faction CW deck has two blank CW cards with which to help to bluff their
    opponent. The Player's hand size is increased to 7 cards but the blank cards are never discarded and
    thus remain either on the Tactical Network or in the Player's hand"; Clean-Up: "Discard any number of
    non-blank CW cards"."""
    from engine.nakamura_tower.keeping import finish

    s = table(blank_cards=True, hard_hands=True)
    blanks = [c for c in s.teams["p1"].deck.cards + s.teams["p1"].hand if pack().card(c).kind == "blank"]
    assert len(blanks) == 2
    assert not [c for c in table().teams["p1"].deck.cards if pack().card(c).kind == "blank"]
    team = s.teams["p1"]
    team.hand, team.tn = [], []
    draw_cards(s, "p1")
    assert len(team.hand) == 7
    team.hand = ["u_blank.1", "u_blank.2", "u_navajo.1"]
    finish(s)  # hard_hands: every card still in hand is discarded, but the blanks
    assert team.hand == ["u_blank.1", "u_blank.2"] and "u_blank.1" not in team.deck.discards
    s = at_cyberwarfare(s, p1=["u_blank.1", "u_navajo.1"], p2=["n_ice.1"])
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    assert Intent.of("plan", grd="u_blank") in G.legal(s, "p1")
    sr = s.teams["p1"].sr
    s, _ = G.apply(s, "p1", Intent.of("plan", grd="u_blank"))
    s, _ = G.apply(s, "p2", Intent.of("plan", grd="none"))
    team = s.teams["p1"]
    assert [x.card for x in team.tn] == ["u_blank.1"] and team.sr == sr  # a blank costs nothing
    from engine.nakamura_tower.keeping import housekeeping

    housekeeping(s)
    s, _ = G.apply(s, "p1", Intent.of("keep", drop="u_blank.1"))  # nothing can be installed: asked once (C24)
    assert "u_blank.1" in s.teams["p1"].hand and "u_blank.1" not in s.teams["p1"].deck.discards


def test_a_held_terminal_fights_with_its_holders_cards_and_strikes_back() -> None:
    """Ruling G10: "The new attacker first beats the AI cards drawn for its own access route, then each card
    the holder installed"; RB: "A virus or worm Cyberwarfare attack may also be triggered by an unsuccessful
    hacking attack against a Terminal ... that has a hostile virus or worm programme running"."""
    s = table()
    held = s.terminals["t_basic"]
    held.controller, held.hacker, held.installed = "p2", "b1", ["n_navajo.1"]
    s.teams["p1"].sr = 5  # 2 to play the virus, 2 to boost the first battle, 1 to go on
    ai_next(s, "ai_watchdog.1")
    place(s, "a1", "H8")
    stack(s, 8, 2, 3, 5, 2, 6, 9)  # 2+1+2+8 against Watchdog 3+3; 2+5 against the holder's Navajo 2+6; test 9
    events = attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", None, "t_basic")
    assert [e.text for e in events if e.kind == "cw_battle"] == [
        "W32.Navajo 13 against Watchdog Ice 6.",
        "W32.Navajo 7 against W32.Navajo 8.",
    ]
    assert [(x.card, x.owner) for x in s.teams["p1"].tn] == [("n_navajo.1", "p2")]
    assert held.controller == "p2" and held.installed == []


def test_a_running_booster_supports_the_first_defence_and_falls_with_it() -> None:
    """FAQ: the battle is "offensive card strength + booster card + up to 2 SR + Can Do card, against
    defensive card strength (+ booster) + up to 2 SR + Can Do card"; RB: "An offensive or defensive programme
    can only be boosted in strength by one 'Booster'"; "The losing programme and its support card, if any,
    are discarded"."""
    s = table()
    s.teams["p2"].tn = [Slot(card="n_bastion.1", owner="p2"), Slot(card="n_booster.1", owner="p2")]
    s.teams["p1"].sr, s.teams["p2"].sr = 4, 0
    stack(s, 8, 2, 2)  # Tomo keeps 8: 2 + 2 + 8 - 3 = 9 against 3 + 3 + 0 + 2 = 8
    events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
    assert "W32.Navajo 9 against p2's Keep Bastion with Overclock Routine 8." in _texts(events)
    assert [x.card for x in s.teams["p2"].tn] == ["u_navajo.1"]
    assert {"n_bastion.1", "n_booster.1"} <= set(s.teams["p2"].deck.discards)


def _take_red(hand: list[str], tn: list[Slot], fill: str, sr: int = 8) -> NtState:
    """p1 attacks the red Terminal (defence 2, two Watchdog Ice) directly with W32.Navajo and wins."""
    s = at_cyberwarfare(table(), p1=hand, p2=["n_ice.1"])
    s.teams["p1"].tn = tn
    place(s, "a1", "B3")  # beside the red Terminal
    s.teams["p1"].sr = sr
    ai_next(s, "ai_watchdog.1", "ai_watchdog.2")
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="t_red"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = _answer(s, "p1", Intent.of("plan", atk="u_navajo"), Intent.of("plan", fill=fill))
    for _ in range(4):
        if not [p for p in G.prompts(s) if p.seat == "p1"]:
            break
        s, _ = G.apply(s, "p1", G.legal(s, "p1")[0])  # the rest of the plan: nothing more
    stack(s, 8, 2, 3, 8, 2, 3)  # 2 + 1 + 2 + 8 = 13 against 3 + 3, twice
    s, events = G.apply(s, "p2", Intent.of("plan", grd="none"))
    assert s.terminals["t_red"].controller == "p1", _texts(events)
    return s


def test_a_terminal_won_takes_a_second_card_from_the_hand() -> None:
    """RB: "If an attack against a Terminal is successful the Player can place any cards from his Tactical
    Network or the Player's hand on the Terminal up to the Terminal's defence value"; FAQ: "the attacker can
    put present CW card, or change to any number of CW cards from his hand (paying appropriate costs)"."""
    s = _take_red(["u_navajo.1", "u_bastion.1"], [], "h1")
    assert s.terminals["t_red"].installed == ["u_navajo.1", "u_bastion.1"]
    assert s.teams["p1"].sr == 0  # 2 for the virus, 2 + 2 boosts, 1 to go on, 1 to install the Bastion


def test_a_terminal_won_takes_a_programme_from_the_tactical_network() -> None:
    """FAQ: "... any number of CW cards from his hand (paying appropriate costs) or TN, into the Terminal":
    a programme running on the Tactical Network moves over with no further cost (ruling C19)."""
    s = _take_red(["u_navajo.1"], [Slot(card="u_bastion.1", owner="p1")], "t0")
    assert s.terminals["t_red"].installed == ["u_navajo.1", "u_bastion.1"]
    assert [x.card for x in s.teams["p1"].tn] == [] and s.teams["p1"].sr == 1


def test_a_terminal_won_may_change_the_attacker_for_other_cards() -> None:
    """FAQ: "the attacker can put present CW card, or change to any number of CW cards ... equal to the
    Terminal Strength": here two cards replace the attacking programme, which goes back to the Tactical
    Network; the Terminal never takes more than its defence value."""
    hand = ["u_navajo.1", "u_bastion.1", "u_bastion.2"]
    s = _take_red(hand, [Slot(card="u_ice.1", owner="p1")], "-h1t0", sr=9)
    assert s.terminals["t_red"].installed == ["u_bastion.1", "u_ice.1"]
    assert [x.card for x in s.teams["p1"].tn] == ["u_navajo.1"]
    offered = {str(i.get("fill")) for i in _plan_offer(["u_navajo.1", "u_bastion.1", "u_bastion.2"])}
    assert "-h1h2" in offered and not [f for f in offered if f.count("h") + f.count("t") > 2]


def _plan_offer(hand: list[str]) -> list[Intent]:
    s = at_cyberwarfare(table(), p1=hand, p2=["n_ice.1"])
    place(s, "a1", "B3")
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="t_red"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="u_navajo"))
    return [i for i in G.legal(s, "p1") if i.get("fill") is not None]


def test_a_draining_worm_takes_sr_at_once_and_every_turn() -> None:
    """RB: "If the infecting virus or worm has any special effects these will be applied immediately and
    also in the first phase of the next turn"; phase 2: "If there are hostile viruses or worms on the
    Tactical Network remove the SRs required to run these programmes in background" (ruling C20: the house
    Blackwire Worm drains 1 SR besides its running cost)."""
    s = table()
    s.teams["p1"].sr, s.teams["p2"].sr = 5, 6
    stack(s, 8, 2, 3, 5)  # Tomo keeps 8: 3 + 2 + 8 - 3 = 10 against a bare 3; Aiko's Cybershock test draws 5
    events = attack_tn(s, "p1", s.models["a1"], "u_worm.1", None, "p2")
    assert "Blackwire Worm drains 1 SR from p2's Team." in _texts(events)
    assert s.teams["p2"].sr == 6 - 2 - 1  # its install cost 2, then the drain
    s.teams["p2"].sr = 6
    upkeep(s, "p2")
    assert s.teams["p2"].sr == 6 - 1 - 1  # its running cost 1 and the drain


def test_a_jamming_worm_lets_its_owner_choose_the_character_it_slows() -> None:
    """FAQ phase 1: "(b) if a Virus/Worm on an enemy Tactical Network has Special Rules, select the Team
    Members affected (this may be the player or the opponent); (c) apply the special rules of the hostile
    Virus/Worm to the appropriate team members (your opponent may be selecting the team member(s) affected)"
    (ruling C20: the house Slowcrawl Worm takes 1 Action Point from the character its owner picks)."""
    from engine.nakamura_tower.infection import infection

    s = at_cyberwarfare(table(), p1=[], p2=["n_ice.1"])
    s.teams["p2"].sr, s.teams["p1"].sr = 4, 0
    stack(s, 8, 3, 4)  # Aiko 3 + 2 + 8 - 3 = 10 against a bare 3; Tomo's Cybershock test draws 4
    attack_tn(s, "p2", s.models["b1"], "n_worm.1", None, "p1")
    prompts = G.prompts(s)
    assert [(p.seat, p.kind) for p in prompts] == [("p2", "jam")]
    assert {i.get("unit") for i in G.legal(s, "p2")} == {m for m in s.models if m.startswith("a")}
    s, events = G.apply(s, "p2", Intent.of("jam", unit="a3"))
    assert s.models["a3"].ap == 1 and "Slowcrawl Worm jams Shoko Takayama" in _texts(events)
    s.models["a3"].ap = 2  # a new turn
    stack(s, 2, 3, 4, 2, 3)  # the phase 1 Cybershock tests pass
    infection(s)
    assert [(p.seat, p.kind) for p in G.prompts(s)] == [("p2", "jam")]


def test_the_towers_worm_jams_the_infected_teams_hacker() -> None:
    """RB: the Terminal's virus "would have made a Cyberwarfare Attack against Tomo and his Tactical Network
    ... possibly suffering adverse effects from the particular virus or worm (as given on the card)" (ruling
    C20: the AI's house Tower Worm jams the infected Team's Hacker; no one is asked)."""
    s = table()
    s.teams["p1"].sr = 2
    ai_next(s, "ai_tower_worm.1")
    place(s, "a1", "H8")
    stack(s, 2, 2, 5, 3)
    attack_terminal(s, "p1", s.models["a1"], "u_navajo.1", None, "t_basic")
    assert s.models["a1"].ap == 1 and all(p.kind != "jam" for p in G.prompts(s))


def test_the_nakamura_cyberbody_draws_seven_and_plans_down_to_five() -> None:
    """RB: "the Nakamura Cyberbody always allows the Player to draw seven cards and discard down to five in
    the hand regardless of the number of programmes running in their Tactical Network"; "The Players may
    keep a maximum of five cards in their hand and must discard any CW cards in excess of this"."""
    s = table()
    s.waiting.frames.clear()
    s.steps.clear()
    s.cw_order = ["p1", "p2"]
    s.models["b2"].equipment.append("nakamura_cyberbody")
    team = s.teams["p2"]
    team.hand, team.tn = [], [Slot(card="n_bastion.1", owner="p2"), Slot(card="n_ice.1", owner="p2")]
    cyberwarfare(s)
    drawn = list(team.hand)
    assert len(drawn) == 7  # not 5 - 2 running
    for _ in range(12):  # every question answered with its first choice: nothing declared, nothing planned
        prompts = G.prompts(s)
        if not prompts:
            break
        s, _ = G.apply(s, prompts[0].seat, prompts[0].default)
    assert s.teams["p2"].hand == drawn[:5]
    assert set(drawn[5:]) <= set(s.teams["p2"].deck.discards)


def test_the_defender_commits_its_sr_boost_in_its_secret_plan() -> None:
    """RB: the players "use SRs (a maximum of 2) to boost the total programme strengths"; FAQ: "defensive
    card strength (+ booster) + up to 2 SR + Can Do card" (ruling C5: how many, 0-2, is part of the plan)."""
    for committed in (0, 1, 2):
        s = table()
        s.teams["p2"].tn = [Slot(card="n_bastion.1", owner="p2")]
        s.teams["p1"].sr, s.teams["p2"].sr = 4, 5
        s.teams["p2"].defence_sr = committed
        stack(s, 8, 2, 2)  # the Bastion (3) draws 2: 3 + committed SR + 2
        events = attack_tn(s, "p1", s.models["a1"], "u_navajo.1", None, "p2")
        assert f"against p2's Keep Bastion {3 + committed + 2}." in _texts(events)


def test_the_plan_asks_how_many_sr_boost_each_defence() -> None:
    """FAQ: "Both players plan and decide on card usage": the SR for the defences is a part of the secret
    plan (no further prompt), and the answer is kept for the battles of the turn."""
    s = at_cyberwarfare(table(), p1=["u_navajo.1"], p2=["n_bastion.1"])
    s.teams["p2"].sr = 6
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="tn_p2"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = _answer(s, "p1", Intent.of("plan", atk="u_navajo"))
    s, _ = _answer(s, "p2", Intent.of("plan", grd="n_bastion"))
    offered = {i.get("dsr") for i in G.legal(s, "p2")}
    assert offered == {0, 1, 2}
    s, _ = G.apply(s, "p2", Intent.of("plan", dsr=1))
    assert s.teams["p2"].defence_sr == 1


def _face_down_table() -> NtState:
    """p2 installed an Ice face down at Clean-Up; p1 holds a Fly Eye."""
    from engine.nakamura_tower.keeping import housekeeping

    s = at_cyberwarfare(table(sniffers=True), p1=[], p2=["n_ice.1"])
    s.teams["p2"].sr = 3
    housekeeping(s)
    s, _ = G.apply(s, "p2", Intent.of("keep", install="n_ice.1"))
    assert [(x.card, x.face_down) for x in s.teams["p2"].tn] == [("n_ice.1", True)]
    return s


def test_a_card_played_at_clean_up_lies_face_down_until_the_end_of_the_next_cyberwarfare_phase() -> None:
    """RB Clean-Up: "Any cards still face down are turned face-up" comes before "Play any Cyberwarfare cards
    from a Player's hand onto spare slots"; phase 2: "Face-down CW cards do not have to have any SRs placed
    on them until they are either used or the end of the CW Phase"; "At the end of the CW Phase all players
    declare any face-down cards and remove SRs for their initial costs" (ruling C22)."""
    from engine.nakamura_tower.cyber import turn_up

    s = _face_down_table()
    assert "a face-down card" in G.view(s, "p1")["teams"][1]["tn"]
    assert not any("Watchdog" in t or "Ice" in t for t in G.view(s, "p1")["teams"][1]["tn"])
    assert G.view(s, "p2")["teams"][1]["tn"] == [f"{pack().card('n_ice.1').name} (face down)"]
    s.teams["p2"].sr = 2
    upkeep(s, "p2")
    assert s.teams["p2"].sr == 2  # no running cost while face down
    events = turn_up(s)
    assert not s.teams["p2"].tn[0].face_down
    assert s.teams["p2"].sr == 2 - pack().card("n_ice.1").run
    assert f"p2 turns up {pack().card('n_ice.1').name}" in _texts(events)


def test_a_fly_eye_sees_the_face_down_programmes_on_an_enemy_tactical_network() -> None:
    """RB: the sniffer "can also be used to look at an opponent's CW cards; even those currently in their
    hand, paying one SR point for each card looked at" (so the face-down ones on the Tactical Network too;
    ruling C11/C22): the sniffing Team alone learns what it saw."""
    s = _face_down_table()
    s = at_cyberwarfare(s, p1=["u_flyeye.1"], p2=["n_ice.1"])
    s.teams["p1"].sr = 2
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    look = Intent.of("declare", look="tn_p2", n=1)
    assert look in G.legal(s, "p1")
    s, events = G.apply(s, "p1", look)
    ice = pack().card("n_ice.1").name
    secret = [e for e in events if e.kind == "sniffed"]
    assert len(secret) == 1 and secret[0].audience == frozenset({"p1"}) and ice in secret[0].text
    assert not [e for e in events if e.audience is None and ice in e.text]
    assert s.teams["p1"].sr == 1 and s.teams["p2"].tn[0].face_down
    assert not any(ice in line for line in G.view(s, "p2")["my_seen"])


def _planning(hand: list[str], target: str = "tn_p2", sr: int = 9) -> NtState:
    """p1 plans against ``target`` with ``hand`` (p2 declared nothing and has nothing)."""
    s = at_cyberwarfare(table(), p1=hand, p2=["n_ice.1"])
    s.teams["p1"].sr = sr
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target=target))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    return s


def _offered(s: NtState, part: str) -> set[str]:
    return {str(i.get(part)) for i in G.legal(s, "p1") if i.get(part) is not None}


def test_a_card_committed_to_one_part_of_the_plan_is_not_offered_for_another() -> None:
    """RB: "Plan and decide on card usage (... lay the cards face down on the Tactical Network card in the
    spare programme slots)"; "An offensive or defensive programme can only be boosted in strength by one
    'Booster' procedure or algorithm card". Issue 28: the Booster chosen for the attack was offered again as
    the defence, both answers were accepted, nothing was installed and the hand lost both. Ruling C23: a card
    serves one part; a second copy may serve another."""
    s = _planning(["u_navajo.1", "u_booster.1", "u_ice.1", "u_worm.1", "u_navajo.2"])
    s, _ = _answer(s, "p1", Intent.of("plan", atk="u_navajo"), Intent.of("plan", bst="u_booster"))
    assert _offered(s, "grd") == {"none", "u_ice"}
    with pytest.raises(IllegalIntent):
        G.apply(s, "p1", Intent.of("plan", grd="u_booster"))
    s, _ = _answer(s, "p1", Intent.of("plan", grd="u_ice"), Intent.of("plan", dsr=0))
    s, events = G.apply(s, "p2", Intent.of("plan", grd="none"))  # the reveal
    assert "p1 installs Frostline Ice on their Tactical Network." in _texts(events)
    assert sorted(s.teams["p1"].hand) == ["u_navajo.2", "u_worm.1"]  # 5 cards, 3 of them played
    two = _planning(["u_navajo.1", "u_booster.1", "u_booster.2"])
    two, _ = _answer(two, "p1", Intent.of("plan", atk="u_navajo"), Intent.of("plan", bst="u_booster"))
    assert "u_booster" in _offered(two, "grd")  # a second copy is another card


def test_after_no_attack_the_plan_asks_nothing_about_the_attack() -> None:
    """RB: "An offensive or defensive programme can only be boosted in strength by one 'Booster'" and "If an
    attack against a Terminal is successful the Player can place any cards from his Tactical Network or the
    Player's hand on the Terminal": with no attack there is no programme to boost and no Terminal to fill, so
    after "No attack" the next question is the defence (ruling C23: a question that cannot matter is not
    asked)."""
    s = _planning(["u_navajo.1", "u_booster.1", "u_bastion.1", "u_worm.1"], target="t_red")
    assert [p.text for p in G.prompts(s) if p.seat == "p1"] == ["Which programme attacks?"]
    attack = _answer(s, "p1", Intent.of("plan", atk="u_navajo"))[0]
    assert [p.text for p in G.prompts(attack) if p.seat == "p1"] == ["Which Booster supports it?"]
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="none"))
    assert [p.text for p in G.prompts(s) if p.seat == "p1"] == ["Which defence do you install?"]
    assert not _offered(s, "bst") and not _offered(s, "fill")


def test_a_plan_fits_the_free_fields_of_the_tactical_network() -> None:
    """RB: "A Player may decide not to use all of their CW cards drawn or from their hand. This may be purely
    out of choice, due to insufficient SR to run the CW Cards or insufficient space on their Tactical Network
    card"; "lay the cards face down on the Tactical Network card in the spare programme slots" (ruling G07: 4
    fields). With one field free, the attacking programme from the hand takes it: no Booster from the hand and
    no defence can be laid as well (ruling C23)."""
    s = at_cyberwarfare(table(), p1=["u_navajo.1", "u_booster.1", "u_bastion.1"], p2=["n_ice.1"])
    s.teams["p1"].tn = [Slot(card=c, owner="p1") for c in ("u_ice.1", "u_ice.2", "u_booster.2")]
    s.teams["p1"].sr = 9
    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="tn_p2"))
    s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="u_navajo"))
    assert _offered(s, "bst") == {"none", "r.u_booster"}  # the running Booster needs no new field
    s, _ = G.apply(s, "p1", Intent.of("plan", bst="r.u_booster"))
    assert _offered(s, "grd") == set() and _offered(s, "dsr") == {"0", "1", "2"}  # no field: not asked


def test_a_plan_is_paid_as_it_is_shown() -> None:
    """RB: "After laying the cards down the Players turn them face up at the same time and pay their SR
    costs"; "due to insufficient SR to run the CW Cards"; FAQ: "Then use SR Booster cards". With 3 SR the
    virus (2) and its Booster (2) can be laid only with the SR Booster's help (-2 SRs to get +3 SRs, as the
    Nimda Algorithm): then not running it is not offered; with 2 SR the Booster is not offered at all (ruling
    C23)."""
    s = _planning(["u_navajo.1", "u_booster.1", "u_srboost.1"], sr=3)
    s, _ = _answer(s, "p1", Intent.of("plan", atk="u_navajo"), Intent.of("plan", bst="u_booster"))
    assert [str(i.get("sr")) for i in G.legal(s, "p1")] == ["u_srboost"]
    s, _ = G.apply(s, "p1", Intent.of("plan", sr="u_srboost"))
    stack(s, 9, 9, 1)
    s, events = G.apply(s, "p2", Intent.of("plan", grd="none"))  # the reveal
    text = _texts(events)
    assert "p1 runs Nimda Algorithm: +3 SR, 4 SR now." in text and "cannot" not in text, text
    assert "p1 attacks p2's Tactical Network with W32.Navajo." in text
    poor = _planning(["u_navajo.1", "u_booster.1"], sr=2)
    poor, _ = G.apply(poor, "p1", Intent.of("plan", atk="u_navajo"))
    assert _offered(poor, "bst") == set()  # only "No Booster" is left: not asked
