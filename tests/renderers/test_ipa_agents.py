"""The IPA: The Agents pictures: the full board (a PNG about 570 pixels wide, the public one without a
hand, a seat's with it), and the phone's: the thread's compact board and the private picture."""

from __future__ import annotations

import io
import time
from typing import Any

from PIL import Image

from engine.core import RandomAgent
from engine.core.board.cell import Cell
from engine.core.playout import advance
from engine.ipa_agents.game import IPA
from engine.ipa_agents.state import EquipmentState
from renderers.common import TextBox, recording
from renderers.ipa_agents import _checked, render, render_private
from renderers.ipa_agents_compact import render_compact


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
    Cell when the view is validated (the boards place it without parsing "D7" again), the abilities are
    named fields, and the typed view dumps back to exactly the view the game made."""
    view = IPA.view(_state(), "ann")
    typed = _checked(view)
    first = typed.agents[0]
    assert isinstance(first.cell, Cell) and first.cell.label == view["agents"][0]["cell"]
    assert first.abilities.model_dump() == view["agents"][0]["abilities"]
    assert _checked(dict(view, agents=[dict(view["agents"][0], cell="P12")])).agents[0].cell == Cell(15, 11)
    assert typed.model_dump(mode="json") == view
    assert render(typed) == render(view) and render_compact(typed) == render_compact(view)


# --- phone pictures (issue 31) -------------------------------------------------------------------------


def _drawn(render: Any, view: Any) -> tuple[Image.Image, list[TextBox]]:
    with recording() as boxes:
        png = render(view)
    return Image.open(io.BytesIO(png)), boxes


def _table_of(names: list[str]) -> Any:
    state = IPA.setup(names, 7, {"battle_map": "standard_5"})
    state.walls, state.events = [], []
    return state


def test_the_private_picture_leads_with_the_hand_within_the_first_screen() -> None:
    """Issue 31, item 1: a private picture for IPA (hand, credits, injections, statuses, abilities,
    upgrades), leading with what is private, nothing essential below the first screen of a phone. RB "Item
    Cards": each card's type, damage, range and sale price; only its owner sees it."""
    state = _table_of(["ann", "bo"])
    state.agents["ann"].hand = [f"{c}.1" for c in ("long_rifle", "war_hammer", "med_patch", "uzi")] + [
        "uzi.2",
        "fear.1",
        "jinx.1",
    ]
    state.agents["bo"].hand = ["mono_blade.1"]
    state.agents["ann"].turn_credits = 2
    image, boxes = _drawn(render_private, IPA.view(state, "ann"))
    values = [b.value for b in boxes]
    assert image.width == 550 and min(b.size for b in boxes) >= 11
    assert values[:2] == ["1", "Your hand · ann"] and not any("Mono Blade" in v for v in values)
    names = [b for b in boxes if b.value.startswith(("Long Rifle ·", "Jinx ·", "War Hammer ·"))]
    assert len(names) == 3 and max(b.box[3] for b in names) < 900  # the first screen of a phone
    agent = next(b for b in boxes if b.value.startswith("Your Agent"))
    assert agent.box[1] > max(b.box[1] for b in names)  # the hand first
    assert "4 physical damage · range 3 to 16 · sells for 2 credits · needs Precision 7" in values
    assert any("2 credits from sales" in v for v in values)


def test_each_agents_marker_is_unique_even_when_names_share_letters() -> None:
    """Issue 31, item 4: "seats named Ann, Agent1, Agent2 must not all read 'A'": each Agent's marker on
    the map carries its seat number (and its seat's shape and colour), and its row says whose it is."""
    state = _table_of(["Ann", "Agent1", "Agent2"])
    _, boxes = _drawn(render_compact, IPA.view(state, None))
    on_map = [b.value for b in boxes if b.canvas == (540, 544) and _inside(b.box, (30, 34, 510, 514))]
    assert sorted(on_map) == ["1", "2", "3"]  # the Agents' markers, one per Agent, nothing else there
    rows = [b.value for b in boxes if b.canvas[0] == 550]
    for number, name in enumerate(["Ann", "Agent1", "Agent2"], start=1):
        assert str(number) in rows and any(v.endswith(name) for v in rows)
    assert "A" not in rows and "Ag" not in rows


def _inside(box: tuple[int, int, int, int], area: tuple[int, int, int, int]) -> bool:
    return area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]


def test_the_thread_picture_marks_the_last_turn_and_keys_its_symbols() -> None:
    """Issue 31, items 3 and 4: the board marks what the last turn changed (the squares moved from and to,
    outlined) and every symbol has a key. RB "Movement": the Agent moves; RB "Sentry": field equipment."""
    state = _table_of(["ann", "bo"])
    state.agents["ann"].cell = "D4"
    state.equipment["e1"] = EquipmentState(
        unit="e1", kind="sentry", owner="bo", cell="K10", life=4, placed=0, armed=True
    )
    state, _ = IPA.apply(state, "ann", IPA.parse_intent("move:unit=a1,to=D6"))
    image, boxes = _drawn(render_compact, IPA.view(state, None))
    values = [b.value for b in boxes]
    assert {"Sentry (its life)", "changed in the last turns", "last move", "S4"} <= set(values)
    left, top = (image.width - 540) // 2 + 30, 26 + 34  # the map's frame (renderers.board._Frame)
    x, y = left + 3 * 20 + 1, top + 3 * 20 + 10  # the left edge of D4, the square moved from
    red, green, blue = image.convert("RGB").getpixel((x, y))  # type: ignore[misc]
    assert red > 200 and green > 150 and blue < 120  # the accent's outline


def test_the_thread_picture_shows_what_each_seat_chose_once_revealed() -> None:
    """Issue 31, item 3: "after a secret choice is revealed shows what each seat chose". RB: "all Agents may
    draw one Item Card ... You may also decide not to draw an Item Card"."""
    state = _table_of(["ann", "bo"])
    for seat in ("ann", "bo"):
        state, _ = IPA.apply(state, seat, IPA.parse_intent("end"))
    state, _ = IPA.apply(state, "ann", IPA.parse_intent("ready:draw=yes,point=intellect"))
    _, before = _drawn(render_compact, IPA.view(state, None))
    assert "has chosen in secret" in [b.value for b in before]
    assert not any(b.value.startswith("chose:") for b in before)
    state, _ = IPA.apply(state, "bo", IPA.parse_intent("ready:draw=no,point=strength"))
    _, after = _drawn(render_compact, IPA.view(state, None))
    values = [b.value for b in after]
    assert "chose: draws a card, +1 Intellect" in values and "chose: draws no card, +1 Strength" in values
