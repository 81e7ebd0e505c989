"""The image cache (issue 21: "the same board is never drawn twice"): a board asked again for the same
(game, version, viewer) and the same view is served without drawing; any other view is drawn afresh; the
cache stays within its bounds."""

from __future__ import annotations

from typing import Any

from bot.image_cache import ImageCache
from bot.render import Renderer


async def test_the_same_board_is_drawn_once(monkeypatch: Any) -> None:
    drawn: list[dict[str, Any]] = []

    def draw(view: dict[str, Any]) -> bytes:
        drawn.append(view)
        return b"png:" + str(view).encode()

    monkeypatch.setattr("bot.render.board_renderer", lambda game_id: draw)
    renderer = Renderer(1)
    view = {"turn": 3, "cards": [1, 2]}
    first = await renderer.board("toy", view, key=("g1", 7, None))
    again = await renderer.board("toy", dict(view), key=("g1", 7, None))
    assert first == again and len(drawn) == 1 and renderer.cache.hits == 1
    # another version, another viewer, or a view that differs (a deadline drawn on it) is drawn afresh
    await renderer.board("toy", view, key=("g1", 8, None))
    await renderer.board("toy", view, key=("g1", 7, "Ann"))
    await renderer.board("toy", dict(view, due=5.0), key=("g1", 7, None))
    assert len(drawn) == 4
    # without a key nothing is cached
    await renderer.board("toy", view)
    await renderer.board("toy", view)
    assert len(drawn) == 6


def test_the_cache_is_bounded_by_entries_and_bytes() -> None:
    cache = ImageCache(max_images=3, max_bytes=100)
    keys = [cache.key("board", ("g", n, None), {}) for n in range(5)]
    for key in keys[:4]:
        cache.put(key, b"x" * 10)
    assert len(cache) == 3 and cache.get(keys[0]) is None and cache.get(keys[3]) is not None
    cache.put(keys[4], b"y" * 95)
    assert len(cache) == 1 and cache.get(keys[4]) == b"y" * 95
    cache.put(cache.key("board", ("g", 9, None), {}), b"z" * 101)  # larger than the whole cache: not kept
    assert cache.get(keys[4]) is not None
