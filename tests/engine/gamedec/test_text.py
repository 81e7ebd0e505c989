"""Gamedec's own board and hand text (issue 30, items 1 and 6) and the marks of what the last turn changed
(issue 31, item 3): the detective's Skill values, Wound penalties and Reputation range are written out, every
card carries its values, nothing hidden reaches the board text, and what a turn changed is told."""

from __future__ import annotations

from engine.core import RandomAgent
from engine.core.playout import advance
from engine.gamedec import GAME
from engine.gamedec.board import NAMES
from engine.gamedec.pack import load_pack
from engine.gamedec.state import GamedecState

from .helpers import started


def _midgame(seed: int = 3, steps: int = 120) -> GamedecState:
    state = GAME.setup(["Ann", "Agent1", "Agent2"], seed, {})
    agents = {s: RandomAgent(i) for i, s in enumerate(state.seats)}
    return advance(GAME, state, agents, steps)


def test_the_board_text_shows_what_each_detective_is() -> None:
    """Item 6 of issue 30: Skill values, wound penalties and the Reputation range appear in the board."""
    state = _midgame()
    lines = GAME.board_lines(GAME.view(state, None))
    text = "\n".join(lines)
    pack = load_pack()
    for seat in state.seats:
        d = pack.detectives[state.players[seat].detective]
        block = text[text.index(f"{seat} · {d.name}") :]
        low, high = f"{d.rep_min:+d}", f"{d.rep_max:+d}"
        rep, skills, wounds = block.splitlines()[1:4]
        assert "range " in rep and low in rep and high in rep
        for skill, value in d.skills.items():
            assert f"{pack.skills[skill].name} +{value}" in skills
        assert f"Bio -{d.bio}" in wounds and f"Neuro -{d.neuro}" in wounds
    for name in NAMES.values():
        assert any(line.strip().startswith(name) for line in lines), name


def test_the_board_text_never_names_a_card_in_a_hand() -> None:
    """Hidden information: the public board text names no Task card held in a hand or drawn face down (a
    set-aside card was played in the open before it failed, so its name is no secret)."""
    state = _midgame()
    text = "\n".join(GAME.board_lines(GAME.view(state, None)))
    pack = load_pack()
    for seat in state.seats:
        p = state.players[seat]
        for card in p.hand + p.drawn:
            assert pack.tasks[card].name not in text, pack.tasks[card].name


def test_the_hand_text_gives_each_card_its_values() -> None:
    state = _midgame()
    seat = state.seats[0]
    lines = GAME.hand_lines(GAME.view(state, seat), GAME.view(state, None))
    pack = load_pack()
    for card in state.players[seat].hand:
        t = pack.tasks[card]
        line = next(line for line in lines if t.name in line)
        assert f"DL {t.dl}" in line and "your modifier" in line
        assert all(pack.skills[s].name in line for s in t.skills)
    assert any(line.startswith("**Your detective**") for line in lines)
    assert GAME.hand_lines(GAME.view(state, None), GAME.view(state, None)) == []


def test_the_starting_skill_prompt_shows_the_detective() -> None:
    """Item 6 of issue 30: the starting-Skill prompt names the Skill values, the Wounds and the Reputation
    range of the seat's own detective."""
    state = GAME.setup(["ann", "bo"], 5, {})
    pack = load_pack()
    for prompt in GAME.prompts(state):
        d = pack.detectives[state.players[prompt.seat].detective]
        assert d.name in prompt.text and f"Bio -{d.bio}" in prompt.text and f"Neuro -{d.neuro}" in prompt.text
        assert f"({d.rep_min:+d})" in prompt.text and f"({d.rep_max:+d})" in prompt.text
        best = max(d.skills, key=lambda s: d.skills[s])
        assert f"{pack.skills[best].name} +{d.skills[best]}" in prompt.text
        labels = [GAME.describe(state, i) for i in GAME.legal(state, prompt.seat)]
        assert f"Take Skill {pack.skills[best].name}" in labels  # the same label for every seat


def test_a_move_is_marked_as_the_last_change() -> None:
    """Issue 31 item 3: after a move, every view's ``last`` names the seat, the move and the two spaces."""
    state = started()
    seat = state.active
    before = state.players[seat].pos
    move = next(i for i in GAME.legal(state, seat) if i.kind == "move" and i.get("to") == "speed_demons")
    state, _ = GAME.apply(state, seat, move)
    lasts = [GAME.view(state, who)["last"] for who in [None, *state.seats]]
    assert all(last == lasts[0] for last in lasts)  # public: the same for every seat
    last = lasts[0]
    assert last["seat"] == seat and not last["done"]
    assert "moved to Speed Demons" in last["changes"][seat]
    assert {"speed_demons", before} <= set(last["spaces"])
    assert any("moved to Speed Demons" in line for line in GAME.board_lines(GAME.view(state, None)))


def test_the_last_turn_stays_marked_until_the_next_one_changes_something() -> None:
    state = started()
    seat = state.active
    move = next(i for i in GAME.legal(state, seat) if i.kind == "move" and i.get("to") == "speed_demons")
    state, _ = GAME.apply(state, seat, move)
    while state.active == seat and state.result is None:
        state, _ = GAME.apply(state, seat, GAME.prompts(state)[0].default)
    last = GAME.view(state, None)["last"]
    assert last is not None and last["seat"] == seat and last["done"]
    assert any(line.startswith(f"{seat}'s turn (Round") for line in GAME.board_lines(GAME.view(state, None)))
