"""The Virtual Revolution pictures (issue 31): the full board 600 pixels wide with no hand on it; the
private picture leading with what only its seat sees (its Corruption cards and Objectives on the first
screen of a phone); every seat's tag unique and drawn; the compact board marking the last turn and, at the
end, the ranking; all drawn within the render-time target."""

from __future__ import annotations

import io
import time

from PIL import Image

from engine.core.playout import advance
from engine.virtual_revolution.agent import HeuristicAgent
from engine.virtual_revolution.game import VIRTUAL_REVOLUTION as GAME
from engine.virtual_revolution.rules import corruption_label
from renderers.common import recording, unique_initials
from renderers.virtual_revolution import plain, render, render_private
from renderers.virtual_revolution_compact import render_compact

FIRST_SCREEN = 1000
"""How much of a picture a phone shows at once, at 550 px wide."""


def _state(seats: list[str] | None = None, steps: int = 140) -> object:
    seats = seats or ["ann", "bo", "cy", "di"]
    return advance(GAME, GAME.setup(seats, 3), {s: HeuristicAgent(i) for i, s in enumerate(seats)}, steps)


def _drawn(render_fn: object, view: dict[str, object]) -> list[tuple[str, int]]:
    """(text, top at 550 px wide) of every line the picture draws."""
    with recording() as boxes:
        png = render_fn(view)  # type: ignore[operator]
    width = Image.open(io.BytesIO(png)).width
    return [(b.value, round(b.box[1] * 550 / width)) for b in boxes]


def test_public_and_private_images() -> None:
    state = _state()
    public = Image.open(io.BytesIO(render(GAME.view(state, None))))
    own = Image.open(io.BytesIO(render(GAME.view(state, "ann"))))
    private = Image.open(io.BytesIO(render_private(GAME.view(state, "ann"))))
    assert public.format == "PNG" and public.width == 600 and 900 < public.height < 2400
    assert own.size == public.size, "the board drawn from a seat's view shows nothing more"
    assert private.format == "PNG" and private.width == 600
    assert state.p("ann").hand and corruption_label(state.p("ann").hand[0])  # type: ignore[attr-defined]


def test_the_private_picture_leads_with_the_seats_secrets() -> None:
    """Its first lines are the Corruption cards and the Objectives, all on the first screen, and the public
    board's map is not drawn again."""
    state = _state()
    view = GAME.view(state, "ann")
    drawn = _drawn(render_private, view)
    first = [value for value, top in drawn if top < FIRST_SCREEN]
    hand = view["me"]["hand"]
    assert f"Your Corruption cards ({len(hand)})" in first
    assert [value for value, _ in drawn].index(f"Your Corruption cards ({len(hand)})") <= 3
    for card in hand:
        assert any(plain(card) in value for value in first), card
    for objective in view["me"]["objective_cards"]:
        assert any(plain(objective["text"])[:30] in value for value in first)
    assert "Reconstructed map, not the printed one" not in [value for value, _ in drawn]


def test_every_seat_has_its_own_tag_on_the_board() -> None:
    """Ann, Agent1 and Agent2 must not all read "A": each tag is unique, and the board draws each."""
    seats = ["Ann", "Agent1", "Agent2"]
    assert unique_initials(seats) == {"Ann": "An", "Agent1": "A1", "Agent2": "A2"}
    assert len(set(unique_initials(["p1", "p2", "p3", "p4"]).values())) == 4
    drawn = [value for value, _ in _drawn(render_compact, GAME.view(_state(seats, 60), None))]
    for tag, seat in (("An", "Ann"), ("A1", "Agent1"), ("A2", "Agent2")):
        assert f"{tag} {seat}" in drawn


def test_the_compact_board_marks_the_last_turn_and_the_ranking() -> None:
    """The player who just moved has its changed counts in its row; at the end the ranking is drawn."""
    state = _state(["ann", "bo"], 45)
    view = GAME.view(state, None)
    last = view["last"]
    assert last["changes"]["ann"] == ["+5 EC", "-2 Immunity"]  # Work, and Immunity spent on a Necro card
    drawn = [value for value, _ in _drawn(render_compact, view)]
    for seat, moved in last["changes"].items():
        assert any(v.startswith("Last turn: ") and moved[0] in v for v in drawn), seat
    done = advance(
        GAME,
        GAME.setup(["ann", "bo"], 8, {"rounds": 1}),
        {s: HeuristicAgent(i) for i, s in enumerate(["ann", "bo"])},
        2000,
    )
    assert GAME.outcome(done) is not None
    drawn = [value for value, _ in _drawn(render_compact, GAME.view(done, None))]
    assert "Ranking" in drawn and any(v.startswith("1. ") for v in drawn)


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
