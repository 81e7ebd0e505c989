"""The Infamy board and hand images."""

from __future__ import annotations

import io

from PIL import Image

from engine.core import RandomAgent
from engine.core.playout import advance
from engine.infamy import GAME
from engine.infamy.pack import default_pack
from engine.infamy.view import InfamyView
from renderers.common import recording
from renderers.infamy import HEIGHT, SCALE, WIDTH, render, render_private
from renderers.infamy_compact import render_compact

GAME_PACK = default_pack()


def midgame(seed: int = 3, steps: int = 120):
    seats = ["ann", "bo", "cy", "di"]
    state = GAME.setup(seats, seed)
    agents = {s: RandomAgent(i) for i, s in enumerate(seats)}
    return advance(GAME, state, agents, steps)


def test_board_png_opens_with_the_expected_size() -> None:
    state = midgame()
    image = Image.open(io.BytesIO(render(GAME.view(state, None))))
    assert image.size == (int(WIDTH * SCALE), int(HEIGHT * SCALE))


def test_private_png_shows_the_hand_first_at_phone_width() -> None:
    """Issue 31: the private picture is laid out for a phone (600 px wide) and leads with what is private:
    every Scheme in hand is drawn within the first screen (the top 550 px at 550 px wide)."""
    state = midgame()
    state.players["ann"].hand = ["ca01", "mc02", "mi03", "mi04"]
    with recording() as boxes:
        png = render_private(GAME.view(state, "ann"))
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == 600 and image.size[1] > 300
    names = [GAME_PACK.schemes[c].name for c in state.players["ann"].hand]
    tops = {b.value: b.box[1] * 550 / 600 for b in boxes}
    assert all(name in tops and tops[name] < 550 for name in names), tops


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

    from renderers.infamy import Pen
    from renderers.infamy_base import base

    view = InfamyView.model_validate(GAME.view(midgame(), None))
    drawn, _ = base(view)
    Pen(drawn).box(100, 100, 300, 200, fill=(45, 50, 61), outline=(250, 120, 30))
    Pen(drawn).text(120, 120, "Hazard 12 Weapons", 15)
    from renderers.common import to_png
    from renderers.infamy_style import FLAT_COLOURS

    decoded = Image.open(io.BytesIO(to_png(drawn, FLAT_COLOURS))).convert("RGB")
    histogram = ImageChops.difference(drawn, decoded).convert("L").histogram()
    assert max(level for level, count in enumerate(histogram) if count) <= 40
    assert sum(histogram[25:]) < drawn.width * drawn.height // 1000


def _boards(seeds: range, moves: int = 6):
    """Views along seeded games of three and four seats, a few moves apart (the names vary, some share an
    initial), the finished ones included."""
    for seed in seeds:
        seats = [f"{name}{seed}" for name in ("ann", "al", "bo", "cy")[: 3 + seed % 2]]
        agents = {s: RandomAgent(seed * 5 + i) for i, s in enumerate(seats)}
        state = GAME.setup(seats, seed)
        for step in range(moves):
            yield GAME.view(state, None)
            if not GAME.prompts(state):
                break
            state = advance(GAME, state, agents, 1 + (seed * 3 + step * 7) % 19)


def test_the_board_mapped_where_drawn_over_is_the_board_mapped_whole(monkeypatch) -> None:
    """The full board maps to its palette only the boxes drawn over the empty board (renderers.drawn): the
    same PNG, byte for byte, as mapping every pixel, over many seeded boards (a pixel drawn outside the
    boxes noted would keep the empty board's colour)."""
    from renderers import infamy
    from renderers.common import fixed_palette

    fast = [render(view) for view in _boards(range(12))]

    def whole(image, ground, drawn, colours):
        rows = Image.new("P", (image.width + 1, image.height), 0)
        rows.paste(image.quantize(palette=fixed_palette(colours), dither=Image.Dither.NONE), (1, 0))
        return rows

    monkeypatch.setattr(infamy, "mapped_over", whole)
    assert [render(view) for view in _boards(range(12))] == fast


def test_a_row_of_more_missions_than_the_empty_board_has_frames_for_is_drawn_over_a_cleared_row(
    monkeypatch,
) -> None:
    """The empty board holds four mission frames; a row of five or six is drawn whole over the row cleared
    to the ground: the image of an empty board without mission frames."""
    from renderers import infamy_base

    view = InfamyView.model_validate(GAME.view(midgame(seed=4, steps=80), None))
    assert view.missions
    for count in (5, 6):
        more = view.model_copy(update={"missions": (view.missions * 6)[:count]})
        drawn = render(more)
        infamy_base.BASES_HELD.clear()
        with monkeypatch.context() as patch:
            patch.setattr(infamy_base, "mission_frame", lambda pen, i, n: None)
            unframed = render(more)
        infamy_base.BASES_HELD.clear()
        assert drawn == unframed
        assert drawn != render(view)


def test_mission_cards_pasted_as_kept_are_the_cards_drawn(monkeypatch) -> None:
    """Mission cards are kept by slot and card and pasted, mapped already (renderers.drawn.Parts): the same
    PNG and the same recorded texts as drawing every card, the first time a card is drawn and after."""
    from renderers import drawn, infamy

    def texts_and_images():
        out = []
        for view in _boards(range(8)):
            with recording() as texts:
                out.append((render(view), sorted(t.value for t in texts)))
        return out

    infamy.MISSION_CARDS._kept.clear()
    first, again = texts_and_images(), texts_and_images()  # the first pass keeps the cards, the second pastes
    assert len(infamy.MISSION_CARDS._kept) > 8
    monkeypatch.setattr(drawn.Parts, "draw", lambda self, pen, key, box, paint: paint())
    assert texts_and_images() == first == again


def test_the_infamy_scale_pasted_from_its_layer_is_the_scale_drawn(monkeypatch) -> None:
    """The Infamy track's scale is kept per top value and pasted: the same image, and the same texts
    recorded, as drawing its ticks and numbers, at the usual top (20) and past it."""
    from renderers import infamy_base

    view = InfamyView.model_validate(GAME.view(midgame(seed=6, steps=70), None))
    players = list(view.players)
    views = [view]
    for infamy in (23, 31):
        players[1] = players[1].model_copy(update={"infamy": infamy})
        views.append(view.model_copy(update={"players": list(players)}))
    pasted = []
    for board in views:
        with recording() as texts:
            pasted.append((render(board), sorted(t.value for t in texts)))
    monkeypatch.setattr(infamy_base, "paste_scale", lambda pen, top: infamy_base._track_scale(pen, top))
    monkeypatch.setattr("renderers.infamy.paste_scale", infamy_base.paste_scale)
    for board, (png, texts) in zip(views, pasted, strict=True):
        with recording() as drawn:
            assert render(board) == png
        assert sorted(t.value for t in drawn) == texts
    assert "25" in pasted[2][1] and pasted[0][0] != pasted[1][0]


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


def _texts(render_fn: object, view: dict[str, object]) -> list[str]:
    with recording() as boxes:
        render_fn(view)  # type: ignore[operator]
    return [b.value for b in boxes]


def test_compact_markers_are_unique_and_every_symbol_has_a_key() -> None:
    """Issue 31 item 4: seats named Ann, Agent1, Agent2 do not all read "A"; a key names every symbol."""
    state = GAME.setup(["Ann", "Agent1", "Agent2"], 5)
    drawn = _texts(render_compact, GAME.view(state, None))
    assert {"An", "A1", "A2"} <= set(drawn) and "A" not in drawn
    first = next(i for i, t in enumerate(drawn) if t.startswith("Key:"))
    key = " ".join(drawn[first:])  # the key is drawn last, wrapped over a few lines
    for symbol in ("W Weapon", "Sp special zone", "WD Watchdog", "HAZ Hazard", "Ac the Accomplice", "M n:"):
        assert symbol in key, symbol


def test_compact_board_marks_the_last_move_and_shows_the_sector_cards_once_revealed() -> None:
    """Issue 31 item 3: the last move's changes are written under its freelancer; after the secret choice is
    revealed, the board shows every card chosen (the Accomplice's too)."""
    from tests.engine.infamy.helpers import act, choose_sectors, to_select, win_current
    from tests.engine.infamy.test_sector_phase import OTHER, setup_track

    s = GAME.setup(["ann", "bo", "cy"], 5)
    seat = GAME.prompts(s)[0].seat
    s, _ = act(s, seat, "bid:to=2")
    assert "Last move: -3 available Bribes" in _texts(render_compact, GAME.view(s, None))
    s = to_select(win_current(setup_track(["accomplice", *OTHER[1:]]), "ann"))
    hidden = _texts(render_compact, GAME.view(s, None))
    assert "Sector cards:" not in hidden
    s = choose_sectors(
        s, {"ann": "sector:own=s3;sector:acc=s2", "bo": "sector:own=s4", "cy": "sector:own=s5"}
    )
    drawn = _texts(render_compact, GAME.view(s, None))
    strip = drawn[drawn.index("Sector cards:") : drawn.index("Sector cards:") + 9]
    assert strip[1:] == ["A", "3", "Ac", "2", "B", "4", "C", "5"]
