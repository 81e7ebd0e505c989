"""The IPA: The Agents image: a PNG about 570 pixels wide, the public one without a hand, the private one
with it (and its requirement marks)."""

from __future__ import annotations

import io
import time

from PIL import Image

from engine.core import RandomAgent
from engine.core.board.cell import Cell
from engine.core.playout import advance
from engine.ipa_agents.game import IPA
from renderers.ipa_agents import _checked, render
from renderers.ipa_agents_compact import _named, render_compact


def _state() -> object:
    state = IPA.setup(["ann", "bo", "cy"], 4, {"battle_map": "standard_1"})
    return advance(IPA, state, {s: RandomAgent(i) for i, s in enumerate(state.seats)}, 60)


def test_public_and_private_images() -> None:
    state = _state()
    public = Image.open(io.BytesIO(render(IPA.view(state, None))))
    private = Image.open(io.BytesIO(render(IPA.view(state, "ann"))))
    assert public.format == "PNG" and 520 <= public.width <= 620
    assert private.height > public.height  # the hand is drawn below the panel


def test_render_time() -> None:
    view = IPA.view(_state(), "ann")
    start = time.perf_counter()
    render(view)
    assert time.perf_counter() - start < 0.5


def test_squares_are_read_once_into_cells_and_written_back_unchanged() -> None:
    """Issue 29, item 8: the renderers take positions from the typed view. Each Agent's square becomes a
    Cell when the view is validated (the compact board highlights it without parsing "D7" again), the
    abilities are named fields, and the typed view dumps back to exactly the view the game made."""
    view = IPA.view(_state(), "ann")
    typed = _checked(view)
    first = typed.agents[0]
    assert isinstance(first.cell, Cell) and first.cell.label == view["agents"][0]["cell"]
    assert first.abilities.model_dump() == view["agents"][0]["abilities"]
    assert _named(typed, [f"{first.seat} moves."]) == [first.cell]
    assert _checked(dict(view, agents=[dict(view["agents"][0], cell="P12")])).agents[0].cell == Cell(15, 11)
    assert typed.model_dump(mode="json") == view
    assert render(typed) == render(view) and render_compact(typed) == render_compact(view)
