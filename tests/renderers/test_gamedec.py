"""The Gamedec board and hand images."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.playout import advance
from engine.gamedec import GAME
from engine.gamedec.agent import HeuristicAgent
from renderers.gamedec import render, render_private


def _midgame(n: int = 4, steps: int = 200) -> object:
    seats = [f"p{i}" for i in range(n)]
    state = GAME.setup(seats, 3)
    agents = {s: HeuristicAgent(i) for i, s in enumerate(seats)}
    return advance(GAME, state, agents, steps)


def test_board_png_opens_with_expected_size() -> None:
    for n in (2, 6):
        state = _midgame(n)
        image = Image.open(io.BytesIO(render(GAME.view(state, None))))
        assert image.format == "PNG" and image.size == (1600, 1020)


def test_public_image_ignores_hands() -> None:
    state = _midgame()
    before = render(GAME.view(state, None))
    changed = state.model_copy(deep=True)  # type: ignore[attr-defined]
    seat = changed.seats[0]
    changed.players[seat].hand = list(reversed(changed.task_deck.cards[: len(changed.players[seat].hand)]))
    assert render(GAME.view(changed, None)) == before


def test_private_image_leads_with_the_hand() -> None:
    """Issue 31: the private picture is laid out for a phone (600 px) and leads with what is private: the
    Task cards in hand, each with its DL and the detective's modifier, before the detective himself."""
    from engine.gamedec.pack import load_pack
    from renderers.common import recording

    state = _midgame()
    seat = state.seats[0]  # type: ignore[attr-defined]
    with recording() as boxes:
        data = render_private(GAME.view(state, seat))
    image = Image.open(io.BytesIO(data))
    assert image.width == 600
    drawn = [b.value for b in boxes]
    names = [load_pack().tasks[c].name for c in state.players[seat].hand]  # type: ignore[attr-defined]
    assert names and all(n in drawn for n in names)
    first_card = min(drawn.index(n) for n in names)
    detective = next(i for i, v in enumerate(drawn) if v.startswith("Your detective"))
    assert first_card < detective
    assert any(v.startswith("DL ") and "for you" in v for v in drawn)


def test_private_image_shows_what_the_detective_is() -> None:
    """Item 6 of issue 30: the private picture gives the Skill values, the Wound penalties and the
    Reputation range."""
    state = _midgame()
    seat = state.seats[0]  # type: ignore[attr-defined]
    from renderers.common import recording

    p = state.players[seat]  # type: ignore[attr-defined]
    from engine.gamedec.pack import load_pack

    d = load_pack().detectives[p.detective]
    with recording() as boxes:
        render_private(GAME.view(state, seat))
    drawn = " | ".join(b.value for b in boxes)
    assert f"Bio -{d.bio}" in drawn and f"Neuro -{d.neuro}" in drawn
    assert f"range {d.rep_min:+d} to {d.rep_max:+d}" in drawn
    taken = p.skills[0]
    assert f"{taken.capitalize()} +{d.skills[taken]}" in drawn


def test_compact_board_tags_every_seat_apart_and_has_a_legend() -> None:
    """Issue 31 item 4: seats named Ann, Agent1 and Agent2 read An, A1 and A2 (and differ by shape), and the
    symbols have a key."""
    from engine.core import RandomAgent
    from renderers.common import recording
    from renderers.gamedec_compact import render_compact

    state = GAME.setup(["Ann", "Agent1", "Agent2"], 2, {})
    agents = {s: RandomAgent(i) for i, s in enumerate(state.seats)}
    state = advance(GAME, state, agents, 60)
    with recording() as boxes:
        render_compact(GAME.view(state, None))
    drawn = [b.value for b in boxes]
    assert {"A", "A1", "A2"} <= set(drawn) or {"An", "A1", "A2"} <= set(drawn)
    assert any(v.startswith("Key:") for v in drawn)


def test_compact_board_tells_the_last_turn() -> None:
    """Issue 31 item 3: the compact board's Last box tells what the last turn changed."""
    from renderers.common import recording
    from renderers.gamedec_compact import render_compact
    from tests.engine.gamedec.helpers import started

    state = started()
    seat = state.active
    move = next(i for i in GAME.legal(state, seat) if i.kind == "move" and i.get("to") == "speed_demons")
    state, _ = GAME.apply(state, seat, move)
    with recording() as boxes:
        render_compact(GAME.view(state, None))
    drawn = " ".join(b.value for b in boxes)
    assert f"{seat}'s turn so far" in drawn and "moved to Speed Demons" in drawn


def test_final_board_renders() -> None:
    state = _midgame(3, 5000)
    assert state.result is not None  # type: ignore[attr-defined]
    Image.open(io.BytesIO(render(GAME.view(state, None)))).verify()


def test_local_png_encoder_is_lossless() -> None:
    """The renderer's own PNG encoder (no row filter, zlib level 1) decodes to the very same pixels."""
    from renderers.gamedec import to_png

    original = Image.new("RGB", (37, 11), (10, 20, 30))
    original.putpixel((5, 5), (250, 1, 128))
    decoded = Image.open(io.BytesIO(to_png(original)))
    assert decoded.mode == "RGB" and decoded.size == (37, 11)
    assert decoded.tobytes() == original.tobytes()


def test_draft_trade_and_play_on_views_render() -> None:
    from engine.core import Intent

    state = GAME.setup(["a", "b", "c"], 4, {"choose_detectives": True, "play_on": True})
    Image.open(io.BytesIO(render(GAME.view(state, None)))).load()
    while state.draft:
        seat = state.draft[0]
        state, _ = GAME.apply(state, seat, GAME.prompts(state)[0].default)
    for seat in state.seats:
        state, _ = GAME.apply(state, seat, Intent.of("skill", id="contacts"))
    active = state.active
    state, _ = GAME.apply(state, active, Intent.of("trade_call"))
    image = Image.open(io.BytesIO(render(GAME.view(state, None))))
    assert image.size[0] == 1600


def test_a_story_task_under_test_is_captioned_as_a_test() -> None:
    """A story Task is tested "analogous to a Task card held in hand": the caption names it, not a fight."""
    from renderers.gamedec import _status
    from tests.engine.gamedec.test_story_view import _story_test_state

    state = _story_test_state()
    caption = _status(GAME.view(state, None))
    assert f"{state.test.actor} tests " in caption and "attacks" not in caption
    Image.open(io.BytesIO(render(GAME.view(state, None)))).load()


def test_the_renderer_reads_the_typed_view() -> None:
    """The images come from the view model (engine/gamedec/view.py): the model and its dump draw the same
    bytes, and a view of another shape is refused before anything is drawn."""
    import pytest
    from pydantic import ValidationError

    from engine.gamedec.view import GamedecView

    state = _midgame(3)
    seat = state.seats[0]  # type: ignore[attr-defined]
    for who in (None, seat):
        data = GAME.view(state, who)
        model = GamedecView.model_validate(data)
        assert render(model) == render(data)
        if who is not None:
            assert render_private(model) == render_private(data)
    broken = GAME.view(state, None)
    del broken["spaces"]
    with pytest.raises(ValidationError):
        render(broken)
