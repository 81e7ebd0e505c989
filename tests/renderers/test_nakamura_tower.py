"""The Nakamura Tower image: a PNG about 550 pixels wide; the private one adds the hand, the public one
never shows it; drawn quickly."""

from __future__ import annotations

import io
import time

from PIL import Image

from engine.core import RandomAgent
from engine.core.board.cell import Cell
from engine.core.playout import advance
from engine.nakamura_tower.game import NAKAMURA
from engine.nakamura_tower.state import NtState
from renderers.board import GridPicture, ShadePic
from renderers.nakamura_tower import _checked, render, render_private


def _state(seats: int = 2) -> NtState:
    state = NAKAMURA.setup([f"p{i}" for i in range(1, seats + 1)], 3, {})
    return advance(NAKAMURA, state, {s: RandomAgent(i) for i, s in enumerate(state.seats)}, 120)  # type: ignore[no-any-return]


def test_public_and_private_images() -> None:
    state = _state()
    public = Image.open(io.BytesIO(render(NAKAMURA.view(state, None))))
    private = Image.open(io.BytesIO(render_private(NAKAMURA.view(state, "p1"))))
    assert public.format == "PNG" and 520 <= public.width <= 600
    assert private.height > public.height  # the hand line is drawn below the panel


def test_the_public_view_holds_no_hand() -> None:
    state = _state()
    view = NAKAMURA.view(state, None)
    assert view["my_hand"] == [] and view["my_team"] is None
    assert render_private(view) == render(view)


def test_every_mode_renders() -> None:
    for seats in (1, 3):
        image = Image.open(io.BytesIO(render(NAKAMURA.view(_state(seats), None))))
        assert image.width >= 520


def test_squares_are_read_once_into_cells_and_written_back_unchanged() -> None:
    """Issue 29, item 8: the renderer takes positions from the typed view. Each square's label becomes a
    Cell when the view is validated (so the drawing never parses "D7" again), and the typed view dumps
    back to exactly the view the game made (views are stored and compared as JSON)."""
    view = NAKAMURA.view(_state(), "p1")
    typed = _checked(view)
    placed = next(m for m in typed.models if m.cell is not None)
    raw = next(m for m in view["models"] if m["id"] == placed.id)
    assert isinstance(placed.cell, Cell) and placed.cell.label == raw["cell"]
    assert typed.terminals[0].cell == Cell.parse(view["terminals"][0]["cell"])
    assert _checked(dict(view, exits=["A1", "P12"])).exits == [Cell(0, 0), Cell(15, 11)]
    assert typed.model_dump(mode="json") == view
    assert render_private(typed) == render_private(view)


def test_render_time() -> None:
    view = NAKAMURA.view(_state(), "p1")
    start = time.perf_counter()
    render(view)
    assert time.perf_counter() - start < 0.5


def test_mines_and_stunned_models_are_drawn() -> None:
    """Ruling K4: Mine tokens are public, so every image shows them; a stunned model's token carries a
    mark and the panel says so (nothing by colour alone)."""
    from engine.nakamura_tower.state import Mine
    from renderers.nakamura_tower import _panel_lines, _shading, _tokens

    state = _state()
    before = render(NAKAMURA.view(state, None))
    state.mines.append(Mine(cell="H9", owner="p1", layer="a1", item="mines", armed=True))
    someone = next(m for m in state.models.values() if m.kind == "character" and m.active)
    someone.stunned_until = state.round + 1
    view = NAKAMURA.view(state, None)
    assert render(view) != before
    typed = _checked(view)
    mark = ShadePic(cells=[Cell(7, 8)], colour=(150, 70, 210), label="M p1")
    assert mark in _shading(typed, GridPicture.model_validate(typed.picture))
    assert any(t.label.endswith("~") for t in _tokens(typed))
    assert any(" stunned" in line for line, _ in _panel_lines(typed))
    assert NAKAMURA.view(state, "p2")["mines"] == view["mines"]  # public: the same for every seat


def test_the_private_image_lists_the_team_being_built() -> None:
    """While a Team is built at the table its seat's private image lists the drafted characters and their
    gear; the public image and the other seats show none of it."""
    from engine.core import Intent

    state = NAKAMURA.setup(["p1", "p2"], 1, {})
    while NAKAMURA.prompts(state)[0].kind == "faction":
        p = NAKAMURA.prompts(state)[0]
        state, _ = NAKAMURA.apply(state, p.seat, p.default)
    seat = NAKAMURA.prompts(state)[0].seat
    assert NAKAMURA.prompts(state)[0].kind == "build" and NAKAMURA.legal(state, seat)[-1] == Intent.of(
        "ready"
    )
    view = NAKAMURA.view(state, seat)
    bare = dict(view, my_draft=[])
    building = Image.open(io.BytesIO(render_private(view)))
    plain = Image.open(io.BytesIO(render_private(bare)))
    assert building.height > plain.height  # a line for the Team and one per character
    assert render(view) == render(bare)


def test_the_private_panel_adds_the_secret_plan_and_what_the_fly_eye_saw() -> None:
    """Issue 15: "The private image adds the player's CW hand and face-down plans"; what a sniffer saw is
    its own (rules-notes 6: "The result is shown privately")."""
    from renderers.nakamura_tower import _panel_lines, _private_lines

    view = NAKAMURA.view(_state(), "p1")
    view["my_plan"] = ["Attack with W32.Navajo from your hand"]
    view["my_seen"] = ["Your Fly Eye sees in the Terminal t_red's defence: Watchdog Ice."]
    private = " ".join(text for text, _ in _private_lines(_checked(view)))
    assert "Your hand:" in private and "Attack with W32.Navajo from your hand" in private
    assert "Watchdog Ice" in private
    shared = " ".join(text for text, _ in _panel_lines(_checked(view)))
    assert "Watchdog Ice" not in shared  # not in the shared panel
    plain = Image.open(io.BytesIO(render_private(NAKAMURA.view(_state(), "p1"))))
    shown = Image.open(io.BytesIO(render_private(view)))
    assert shown.height > plain.height
