"""The Virtual Revolution images: 600 pixels wide, the public one without any hand, the private one with the
viewer's own cards and Objectives below; drawn within the render-time target."""

from __future__ import annotations

import io
import time

from PIL import Image

from engine.core.playout import advance
from engine.virtual_revolution.agent import HeuristicAgent
from engine.virtual_revolution.game import VIRTUAL_REVOLUTION as GAME
from engine.virtual_revolution.rules import corruption_label
from renderers.virtual_revolution import plain, render, render_private


def _state() -> object:
    seats = ["ann", "bo", "cy", "di"]
    return advance(GAME, GAME.setup(seats, 3), {s: HeuristicAgent(i) for i, s in enumerate(seats)}, 140)


def test_public_and_private_images() -> None:
    state = _state()
    public = Image.open(io.BytesIO(render(GAME.view(state, None))))
    own = Image.open(io.BytesIO(render(GAME.view(state, "ann"))))
    private = Image.open(io.BytesIO(render_private(GAME.view(state, "ann"))))
    assert public.format == "PNG" and public.width == 600 and 900 < public.height < 2400
    assert own.size == public.size, "the board drawn from a seat's view shows nothing more"
    assert private.height > public.height
    assert state.p("ann").hand and corruption_label(state.p("ann").hand[0])  # type: ignore[attr-defined]


def test_a_finished_game_draws_its_scores() -> None:
    seats = ["ann", "bo"]
    state = advance(
        GAME, GAME.setup(seats, 8, {"rounds": 1}), {s: HeuristicAgent(i) for i, s in enumerate(seats)}, 2000
    )
    assert GAME.outcome(state) is not None
    image = Image.open(io.BytesIO(render(GAME.view(state, None))))
    assert image.width == 600


def test_accents_are_drawn_plain() -> None:
    assert plain("Néo District — Champs-Élysées ×2") == "Neo District - Champs-Elysees x2"


def test_render_time() -> None:
    view = GAME.view(_state(), "ann")
    render_private(view)
    start = time.perf_counter()
    render_private(view)
    assert time.perf_counter() - start < 0.5
