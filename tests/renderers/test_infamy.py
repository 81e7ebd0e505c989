"""The Infamy board and hand images."""

from __future__ import annotations

import io

from PIL import Image

from engine.core import RandomAgent
from engine.core.playout import advance
from engine.infamy import GAME
from engine.infamy.view import InfamyView
from renderers.infamy import HEIGHT, SCALE, WIDTH, render, render_private


def midgame(seed: int = 3, steps: int = 120):
    seats = ["ann", "bo", "cy", "di"]
    state = GAME.setup(seats, seed)
    agents = {s: RandomAgent(i) for i, s in enumerate(seats)}
    return advance(GAME, state, agents, steps)


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


def test_cached_layers_do_not_change_the_image() -> None:
    """The empty board and the text stamps are cached: an image must not depend on what was drawn before."""
    a = GAME.view(midgame(seed=3, steps=60), None)
    b = GAME.view(midgame(seed=8, steps=140), None)
    first = render(a)
    render(b)
    render_private(GAME.view(midgame(seed=8, steps=140), "bo"))
    assert render(a) == first


def test_palette_png_stays_close_to_the_drawing() -> None:
    """The 8-bit PNG maps every pixel to the renderer's fixed palette; colours stay within a few levels."""
    from PIL import ImageChops

    from renderers.infamy import Pen, _base

    view = InfamyView.model_validate(GAME.view(midgame(), None))
    drawn = _base(view)
    Pen(drawn).box(100, 100, 300, 200, fill=(45, 50, 61), outline=(250, 120, 30))
    Pen(drawn).text(120, 120, "Hazard 12 Weapons", 15)
    from renderers.infamy import to_png

    decoded = Image.open(io.BytesIO(to_png(drawn))).convert("RGB")
    histogram = ImageChops.difference(drawn, decoded).convert("L").histogram()
    assert max(level for level, count in enumerate(histogram) if count) <= 40
    assert sum(histogram[25:]) < drawn.width * drawn.height // 1000


def test_the_renderer_reads_the_typed_view() -> None:
    """The drawing reads ``InfamyView`` attributes: the model and its JSON dump draw the same image, and a
    view
    that does not fit the schema is refused before any drawing."""
    import pytest
    from pydantic import ValidationError

    state = midgame(seed=5, steps=90)
    data = GAME.view(state, "bo")
    model = InfamyView.model_validate(data)
    assert render(model) == render(data) and render_private(model) == render_private(data)
    broken = dict(data)
    del broken["players"]
    with pytest.raises(ValidationError):
        render(broken)
