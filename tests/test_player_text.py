"""Every text a player reads is written for a player (issue 30): seeded random games of every game at every
seat count produce no intent key, snake_case identifier, record id, Python notation, debug dump or
placeholder plural in any prompt, label, menu part, refusal, event, board text or hand text
(:mod:`tests.support.player_text` collects and scans them), and every game writes its own board and hand
text."""

from __future__ import annotations

import pytest

import engine
from engine.core.game import Game
from tests.support.player_text import KINDS, scan

GAMES = sorted(
    g
    for g, game in engine.games().items()
    if not type(game).__module__.startswith(("tests.", "engine.example"))
)


@pytest.mark.parametrize("gid", GAMES)
def test_a_game_writes_its_own_board_and_hand_text(gid: str) -> None:
    game = type(engine.get(gid))
    assert game.board_lines is not Game.board_lines, f"{gid} writes no board text of its own"
    assert game.hand_lines is not Game.hand_lines, f"{gid} writes no hand text of its own"


@pytest.mark.parametrize(
    ("per_seating", "steps"), [(1, 80), pytest.param(2, 400, marks=pytest.mark.slow)], ids=["quick", "long"]
)
@pytest.mark.parametrize("gid", GAMES)
def test_nothing_a_player_reads_is_program_text(gid: str, per_seating: int, steps: int) -> None:
    """The quick suite scans one game per seat count for 80 decisions; ``-m slow`` two for 400."""
    found = scan(gid, per_seating=per_seating, steps=steps)
    shown = {kind: found[kind].most_common(5) for kind in KINDS if found.get(kind)}
    assert not shown, f"{gid}: {shown}"
