"""renderers.text_masks: a line put together from its words' masks is the mask FreeType gives the whole
line, pixel for pixel and offset for offset, at every anchor; and the caches keep to their budgets."""

from __future__ import annotations

import random

import pytest
from PIL import Image

import engine
from engine.core.agents import RandomAgent
from engine.core.playout import advance
from renderers import board_renderer, common, compact_renderer, text_masks
from renderers.bounded import ENTRY_OVERHEAD, BoundedCache

ANCHORS = [h + v for h in "lmr" for v in "asmdtb"]
ALPHABET = [chr(i) for i in range(32, 127)] + list("·—–…’éÓÿ«»×→•✓")


def _pixels(mask: object) -> bytes:
    return Image.Image()._new(mask).tobytes()  # type: ignore[arg-type]


def _same(value: str, size: int, anchor: str) -> bool:
    """Whether the line could be composed; asserts that it is then the rasterised line."""
    made = text_masks.composed(value, size, anchor)
    if made is None:
        return False
    whole = text_masks.rasterised(value, size, anchor)
    assert made[1] == whole[1] and made[0].size == whole[0].size, (value, size, anchor)
    assert _pixels(made[0]) == _pixels(whole[0]), (value, size, anchor)
    return True


def test_the_bundled_font_has_whole_advances_and_no_kerning() -> None:
    """Every pair of printable letters measures its two letters' advances (at 40 px a kerning table's
    pairs would show: FreeType rounds their kerning to whole pixels)."""
    printable = [chr(i) for i in range(33, 127)]
    for size in (11, 15, 20, 40):
        assert text_masks.composable(size)
        font = text_masks.face(size)
        widths = {c: font.getlength(c) for c in printable}
        assert all(w.is_integer() for w in widths.values())
        assert all(font.getlength(a + b) == widths[a] + widths[b] for a in printable for b in printable)


def test_a_lines_advance_is_what_pillow_measures() -> None:
    rng = random.Random(8)
    for _ in range(2000):
        value = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 50)))
        size = rng.choice([9, 12, 15, 16, 20, 28])
        assert text_masks.advance(value, size) == text_masks.face(size).getlength(value), (value, size)


def test_composed_lines_are_the_rasterised_lines_at_every_anchor() -> None:
    rng = random.Random(33)
    composed = 0
    for _ in range(3000):
        length = rng.randint(1, 60)
        value = "".join(rng.choice(ALPHABET) if rng.random() < 0.8 else " " for _ in range(length))
        composed += _same(value, rng.choice([9, 11, 12, 13, 14, 15, 16, 18, 20, 24, 32]), rng.choice(ANCHORS))
    assert composed > 2000  # most lines are put together from words, the rest rasterised whole


@pytest.mark.parametrize("game_id", sorted(engine.games()))
def test_every_line_a_board_draws_composes_to_the_rasterised_line(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: set[tuple[str, int, str]] = set()
    real = text_masks.line_mask

    def spy(value: str, size: int, anchor: str) -> text_masks.Line:
        drawn.add((value, size, anchor))
        return real(value, size, anchor)

    monkeypatch.setattr(common, "line_mask", spy)
    game = engine.get(game_id)
    seats = [f"Player{i}" for i in range(game.meta.min_seats)]
    agents = {s: RandomAgent(i) for i, s in enumerate(seats)}
    state = game.setup(seats, 41)
    for steps in (0, 30, 120):
        state = advance(game, state, agents, steps)
        view = game.view(state, None)
        for render in (board_renderer(game_id), compact_renderer(game_id)):
            if render is not None:
                render(view)
    assert sum(_same(*line) for line in sorted(drawn)) > 0


def test_a_bounded_cache_drops_the_least_recently_used_past_its_budget() -> None:
    cache: BoundedCache[int, str] = BoundedCache(budget=3 * (100 + ENTRY_OVERHEAD))
    for key in range(3):
        cache.put(key, str(key), 100)
    assert cache.get(0) == "0"  # 0 is now the most recent
    cache.put(3, "3", 100)
    assert cache.get(1) is None and cache.get(0) == "0" and cache.get(3) == "3"
    assert cache.held <= cache.budget and len(cache) == 3


def test_the_text_caches_keep_to_their_budgets() -> None:
    for i in range(4000):
        common.text(common.canvas(10, 10)[1], (0, 0), f"line {i} of many words that differ", 15)
    assert text_masks._LINES.held <= text_masks.LINE_CACHE_BYTES
    assert text_masks._PIECES.held <= text_masks.WORD_CACHE_BYTES
