"""The IPA: The Agents image: a PNG about 570 pixels wide, the public one without a hand, the private one
with it (and its requirement marks)."""

from __future__ import annotations

import io
import time

from PIL import Image

from engine.core import RandomAgent
from engine.core.playout import advance
from engine.ipa_agents.game import IPA
from renderers.ipa_agents import render


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
