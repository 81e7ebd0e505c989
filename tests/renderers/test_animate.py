"""Animated replays (renderers/animate.py): one frame per board, under the upload limit."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.animate import animate


def _board(shade: int, size: tuple[int, int] = (300, 200)) -> bytes:
    out = io.BytesIO()
    image = Image.new("RGB", size, (shade, 255 - shade, (shade * 7) % 256))
    for x in range(0, size[0], 7):  # some detail, so frames do not compress to nothing
        image.putpixel((x, (x * shade) % size[1]), (0, 0, 0))
    image.save(out, format="PNG")
    return out.getvalue()


def test_one_frame_per_board_and_a_valid_animation() -> None:
    frames = [_board(i * 20) for i in range(9)]
    data, ext = animate(frames)
    image = Image.open(io.BytesIO(data))
    assert image.format.lower() == ext and getattr(image, "n_frames", 1) == 9
    assert image.size == (300, 200)


def test_frames_of_different_sizes_share_one_canvas() -> None:
    data, _ = animate([_board(10, (200, 100)), _board(90, (240, 160))])
    assert Image.open(io.BytesIO(data)).size == (240, 160)


def test_an_animation_over_the_limit_is_scaled_then_thinned_to_fit() -> None:
    frames = [_board(i * 3) for i in range(40)]
    full, _ = animate(frames)
    data, _ = animate(frames, limit=len(full) // 6)
    image = Image.open(io.BytesIO(data))
    assert len(data) <= len(full) // 6
    assert image.size[0] < 300 or getattr(image, "n_frames", 1) < 40


def test_no_frames_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        animate([])
