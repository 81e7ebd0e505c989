"""What Nakamura Tower's players read (issue 30): the game's own board text (with a text map of the floor)
and hand text, events and labels naming rooms, Terminals, doors and drones by their names, refusals that sum
up a Real World turn's hundred moves, one question fewer at Clean-Up, and a shared Faction read by both of
its players."""

from __future__ import annotations

import re

from engine.core import Intent, RandomAgent
from engine.core.playout import advance
from engine.nakamura_tower.drones import alarm_text
from engine.nakamura_tower.keeping import housekeeping
from engine.nakamura_tower.naming import door, terminal
from engine.nakamura_tower.scoring import knocked_out, secure
from engine.nakamura_tower.state import NtState
from engine.nakamura_tower.stats import name
from engine.nakamura_tower.text import board_lines, hand_lines
from tests.support.player_text import problems, record_ids

from .helpers import G, at_cyberwarfare, table, to_real_world
from .test_shared import _shared

IDS = record_ids("nakamura_tower")


def _played(seats: int = 2, steps: int = 150, seed: int = 4) -> NtState:
    state = G.setup([f"p{i}" for i in range(1, seats + 1)], seed, {"quick_start": True})
    agents = {s: RandomAgent(i) for i, s in enumerate(state.seats)}
    return advance(G, state, agents, steps)  # type: ignore[no-any-return]


def test_the_board_text_is_the_games_own_with_a_map_of_the_floor() -> None:
    """Issue 30: "For the grid games (IPA, Nakamura Tower) the board text includes a text map of the grid:
    rows of squares with coordinates"; "card values beside card names (... a weapon's range ...)"; no
    identifier a player should not read."""
    state = _played()
    lines = G.board_lines(G.view(state, None))
    assert lines is not None and lines == board_lines(G.view(state, None))
    text = "\n".join(lines)
    columns = next(line for line in lines if line.split()[:3] == ["A", "B", "C"])
    assert columns.split() == [chr(ord("A") + c) for c in range(16)]
    for row in range(1, 13):  # every row of squares, its number at both ends
        assert any(re.fullmatch(rf"\s*{row} .* {row}", line) for line in lines), row
    for model in state.models.values():
        if model.cell is not None:
            assert f"{model.id} {name(model)}" in text  # the token's letters beside the name
    assert "Damage" in text and "up to" in text and "TAC" in text and "Map key" in text
    assert not [p for line in lines for p in problems(line, IDS)]
    for ident in ("t_red", "t_blue", "t_basic", "hall_c", "hall_n", "hall_s"):
        assert ident not in text


def test_the_hand_text_shows_each_card_with_what_it_does_and_the_choice_in_words() -> None:
    """Issue 30: hand text "in the game's words, card values beside card names"; it showed
    "plan:atk=r.u_navajo+plan:bst=u_booster". A Cyberwarfare card reads with its kind, Strength and costs."""
    s = at_cyberwarfare(table(), p1=["u_navajo.1", "u_ice.1"], p2=[])
    from engine.nakamura_tower.declare import cyberwarfare

    cyberwarfare(s)
    s, _ = G.apply(s, "p1", Intent.of("declare", target="t_basic"))
    if any(p.kind == "declare" for p in G.prompts(s)):
        s, _ = G.apply(s, "p2", Intent.of("declare", target="none"))
    s, _ = G.apply(s, "p1", Intent.of("plan", atk="u_navajo"))
    lines = hand_lines(G.view(s, "p1"), G.view(s, None))
    text = "\n".join(lines)
    assert "W32.Navajo (virus, Strength 2, install 1 SR, run 1 SR)" in text
    assert "Frostline Ice (Ice defence, Strength 2" in text
    assert "Your secret choice so far**: Attack with W32.Navajo from your hand" in text
    assert "plan:" not in text and not [p for line in lines for p in problems(line, IDS)]


def test_events_name_rooms_terminals_doors_and_drones_in_words() -> None:
    """Issue 30: "Alarm levels: hall_c 2" is wrong: the room's name; "takes over the Terminal t_basic", and
    "Guard Drone d3": name them in words. RB doors carry a colour and a number (door tokens); a drone is
    named by its card and the number its token shows."""
    s = table()
    s.alarms = {"lab": 5, "hall_c": 2, "office": 0}
    assert alarm_text(s) == "Alarm levels: Laboratory 5, Cross hallway 2."
    s.alarms = {}
    assert alarm_text(s) == "No alarm anywhere."
    assert terminal(s, "t_basic") == "the basic Terminal at H7"
    assert terminal(s, "t_red") == "the red Terminal at B2"
    assert door(s, "E3-F3") == "the red door 1 at E3-F3"
    drone = next(m for m in s.models.values() if m.kind == "drone")
    assert name(drone) == f"Nakamura Sentry Drone {drone.id[1:]}"


def test_scores_name_the_character_and_the_team() -> None:
    """A knock-out and a secured cache name who was put out and which Team scores, never a model's id."""
    s = to_real_world(table(), first="p1")
    other = next(m for m in ("b1", "b2") if s.teams["p2"].leader != m)  # the Team Leader is worth 1 more
    events = knocked_out(s, s.models[other], s.models["a1"])
    assert [e.text for e in events] == [f"p1's Team scores 2 points for putting {name(s.models[other])} out."]
    s.models["a2"].cell = s.objectives[0]
    assert [e.text for e in secure(s, s.models["a2"])] == [
        f"p1's Team secures the objective at {s.models['a2'].cell} (3 points)."
    ]


def test_a_refusal_in_the_real_world_sums_up_the_moves() -> None:
    """Issue 30: refusals listed "66 more" alternatives; a Real World turn offers a hundred Moves: they are
    summed up by the characters that can make them, never by a count of labels or a model's id."""
    s = to_real_world(table(), first="p1")
    refusal = G.why_not(s, "p1", Intent.of("move", unit="b1", to="A1"))
    assert refusal is not None
    assert refusal.startswith(f"{name(s.models['b1'])} cannot move now. You can: Move a character")
    assert " more" not in refusal and "b1" not in refusal


def test_clean_up_does_not_ask_an_install_with_nothing_to_install() -> None:
    """RB Clean-Up: "Play any Cyberwarfare cards from a Player's hand onto spare slots on the Tactical
    Network card if desired paying any required SRs to install the programme(s)". Ruling C24: with no card
    the Team could install (no SR left for it), the Clean-Up asks only what keeps running."""
    s = at_cyberwarfare(table(), p1=["u_navajo.1"], p2=[])
    from engine.nakamura_tower.state import Slot

    s.teams["p1"].tn = [Slot(card="u_ice.1", owner="p1")]
    s.teams["p1"].sr = 0
    housekeeping(s)
    assert [p.seat for p in G.prompts(s)] == ["p1"]
    s, _ = G.apply(s, "p1", Intent.of("keep", drop="none"))
    assert not any(p.kind == "keep" for p in G.prompts(s))  # the choice is complete
    s2 = at_cyberwarfare(table(), p1=["u_navajo.1"], p2=[])
    s2.teams["p1"].tn = [Slot(card="u_ice.1", owner="p1")]
    s2.teams["p1"].sr = 1  # now W32.Navajo can be installed: the second part is asked
    housekeeping(s2)
    s2, _ = G.apply(s2, "p1", Intent.of("keep", drop="none"))
    assert Intent.of("keep", install="u_navajo.1") in G.legal(s2, "p1")


def test_a_shared_faction_reads_right_for_both_partners() -> None:
    """RB: "one Faction is controlled by two Players, having agreed which characters each Player is to
    control" (ruling H1): the board names both players of the Team; each partner's hand text says which
    characters it plays; the Team's events name both."""
    s = to_real_world(_shared(), first="p1")
    board = "\n".join(G.board_lines(G.view(s, None)) or [])
    assert "p1 and p3 (" in board and "played by p3" in board
    partner = "\n".join(hand_lines(G.view(s, "p3"), G.view(s, None)))
    first = "\n".join(hand_lines(G.view(s, "p1"), G.view(s, None)))
    mine = [name(m) for m in s.models.values() if m.id in ("a2", "a4")]
    assert all(f"{n} (you play them)" in partner for n in mine)
    assert all(f"{n} (you play them)" not in first for n in mine)
    events = knocked_out(s, s.models["b1"], s.models["a2"])
    assert events and events[0].text.startswith("p1 and p3's Team scores")


def test_the_status_counts_turns_as_the_board_does() -> None:
    """Issue 31: "Nakamura's status says 'Round' where its board says 'Turn'"; RB: "The standard missions
    have a predefined number of turns". One term everywhere: the status line reads "Turn n" as the boards
    do."""
    from bot.present import standing

    state = _played()
    assert G.meta.turn_word == "Turn"
    line = standing(G.view(state, None), G.meta.turn_word)
    assert line.startswith(f"Turn {state.round} · ") and "Round" not in line
    assert f" · Turn {state.round} of " in (G.board_lines(G.view(state, None)) or [""])[0]


def test_the_points_a_terminal_held_adds_are_shown_beside_the_score() -> None:
    """A game ended 2 points to 2 while its board read "0 pts" against "2 pts": the mission scores the
    Terminals held at the end (ruling S2: "Terminals held at the end score"), so the board and
    the hand text say what they add beside the score, and the view carries it (``held_points``)."""
    from engine.nakamura_tower.scoring import final_scores

    s = to_real_world(table(), first="p1")
    s.terminals["t_basic"].controller = "p1"
    view = G.view(s, None)
    team = next(t for t in view["teams"] if t["seat"] == "p1")
    extra = final_scores(s)["p1"] - s.teams["p1"].score
    assert extra > 0 and team["held_points"] == extra
    said = "\n".join(G.board_lines(view) or [])
    assert f"(+{extra} for a Terminal held)" in said
    assert f"(+{extra} for a Terminal held)" in "\n".join(hand_lines(G.view(s, "p1"), view))
    other = next(t for t in view["teams"] if t["seat"] == "p2")
    assert other["held_points"] == 0
