"""The Infamy board and hand images."""

from __future__ import annotations

import io

from PIL import Image

from engine.core import RandomAgent
from engine.core.playout import step
from engine.infamy import GAME
from renderers.infamy import HEIGHT, SCALE, WIDTH, render, render_private


def midgame(seed: int = 3, steps: int = 120):
    seats = ["ann", "bo", "cy", "di"]
    state = GAME.setup(seats, seed)
    agents = {s: RandomAgent(i) for i, s in enumerate(seats)}
    for _ in range(steps):
        if state.result is not None:
            break
        seat = GAME.prompts(state)[0].seat
        state, _, _ = step(GAME, state, seat, agents[seat])
    return state


def test_board_png_opens_with_the_expected_size() -> None:
    state = midgame()
    image = Image.open(io.BytesIO(render(GAME.view(state, None))))
    assert image.size == (int(WIDTH * SCALE), int(HEIGHT * SCALE))


def test_private_png_shows_the_hand() -> None:
    state = midgame()
    state.players["ann"].hand = ["ca01", "mc02", "mi03", "mi04"]
    image = Image.open(io.BytesIO(render_private(GAME.view(state, "ann"))))
    assert image.size[0] == int(900 * SCALE) and image.size[1] > 300


def test_public_image_ignores_hidden_hands() -> None:
    state = midgame()
    other = state.model_copy(deep=True)
    state.players["bo"].hand = ["ca01", "ca02"]
    other.players["bo"].hand = ["mi01", "mc20"]
    assert render(GAME.view(state, None)) == render(GAME.view(other, None))


def test_three_players_and_finished_game_render() -> None:
    state = GAME.setup(["ann", "bo", "cy"], 2)
    assert render(GAME.view(state, None))[:8] == b"\x89PNG\r\n\x1a\n"
    state.players["ann"].infamy = 22
    state.result = GAME.finish(state, ["ann"], "ann wins by Infamy.") and state.result
    assert Image.open(io.BytesIO(render(GAME.view(state, None)))).size[0] == int(WIDTH * SCALE)
