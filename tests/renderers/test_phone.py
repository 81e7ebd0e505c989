"""Every picture Discord shows reads on a phone (issue 31): at seeded positions of every game, the thread
picture (the compact board, also the status message's, the history's and the replay's frames) and every
seat's private picture have no text smaller than 11 px once shown 550 px wide and no text over another
(measured from the renderers' own text boxes: :mod:`tests.support.phone`), and every game has a private
picture."""

from __future__ import annotations

import pytest

import engine
import renderers
from tests.support.phone import SMALLEST, readings

GAMES = sorted(
    g
    for g, game in engine.games().items()
    if not type(game).__module__.startswith(("tests.", "engine.example"))
)

@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_compact_board_and_a_private_picture(gid: str) -> None:
    assert renderers.compact_renderer(gid) is not None, f"{gid} has no compact board"
    assert renderers.private_renderer(gid) is not None, f"{gid} has no private picture"


@pytest.mark.parametrize("gid", GAMES)
def test_pictures_read_on_a_phone(gid: str) -> None:
    found = readings(gid, count=6)
    for kind, shown in found.items():
        for reading in shown:
            assert reading.smallest >= SMALLEST, (
                f"{gid} {kind}: {reading.smallest_text!r} at {reading.smallest} px"
            )
            assert not reading.overlaps, f"{gid} {kind}: texts over each other: {reading.overlaps[:5]}"
    assert found["private"], f"{gid} draws no private picture"
