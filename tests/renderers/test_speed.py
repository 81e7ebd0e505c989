"""The render-speed parts of renderers.common and renderers.board give the pictures they replace: the PNG
writer with its reused bands, rounded boxes pasted from tiles, layers drawn once and copied (with their
texts still recorded), the Borough map ground of Virtual Revolution."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image, ImageDraw

import engine
from engine.core.agents import RandomAgent
from engine.core.playout import advance
from renderers import board_renderer, common, compact_renderer, text_masks
from renderers.board import GridPicture, draw_grid
from renderers.common import Layer, recording, rounded, text, to_png

PALETTE = ((30, 33, 40), (235, 235, 240), (240, 190, 70), (231, 76, 60))


def _noisy(width: int, height: int, seed: int) -> Image.Image:
    image = Image.new("RGB", (width, height), PALETTE[0])
    draw = ImageDraw.Draw(image)
    rng = random.Random(seed)
    for _ in range(40):
        x, y = rng.randrange(width), rng.randrange(height)
        draw.rectangle((x, y, x + rng.randrange(40), y + rng.randrange(30)), fill=rng.choice(PALETTE))
    text(draw, (5, 5), "Hazard 12 Weapons", 15)
    return image


@pytest.mark.parametrize("colours", [None, PALETTE])
def test_png_bands_decode_to_the_same_pixels_also_when_reused(colours: tuple[common.RGB, ...] | None) -> None:
    """Two images sharing their top rows: the second reuses the first's compressed bands, and each decodes
    (zlib's checksum included) to its own pixels: exactly in RGB, through the palette's map in 8 bits."""
    first = _noisy(300, 200, 1)
    second = first.copy()
    ImageDraw.Draw(second).rectangle((0, 150, 299, 199), fill=PALETTE[2])
    for image in (first, second, first):
        png = to_png(image, colours)
        decoded = Image.open(io.BytesIO(png))
        decoded.load()
        expected = (
            image if colours is None else image.quantize(palette=common.fixed_palette(colours), dither=0)
        )
        assert decoded.convert("RGB").tobytes() == expected.convert("RGB").tobytes()


def test_a_reused_band_is_the_same_bytes_as_compressing_it_anew() -> None:
    image = _noisy(120, 3 * common.BAND_ROWS, 2)
    common._BANDS.found.clear()
    fresh = to_png(image, PALETTE)
    assert to_png(image, PALETTE) == fresh  # every band from the cache now
    idat = fresh[fresh.index(b"IDAT") + 4 : fresh.index(b"IEND") - 8]
    assert len(zlib.decompress(idat)) == (120 + 1) * 3 * common.BAND_ROWS


def test_the_band_cache_keeps_to_its_budget() -> None:
    bands = common._Bands(budget=100)
    for i in range(10):
        raw = bytes([i]) * 30
        bands.put(raw, zlib.adler32(raw), b"x")
    assert bands.held <= 100 and len(bands.found) == 3
    nine, zero = bytes([9]) * 30, bytes([0]) * 30
    assert bands.get(nine, zlib.adler32(nine)) == b"x" and bands.get(zero, zlib.adler32(zero)) is None


def test_bands_with_the_same_checksum_are_told_apart() -> None:
    """Adler-32 finds a band; its bytes decide: two bands of one checksum and length are two entries."""
    bands = common._Bands(budget=1000)
    one, other = b"\x01\x00\x01", b"\x00\x02\x00"  # both Adler-32 0x00070003
    assert zlib.adler32(one) == zlib.adler32(other)
    bands.put(one, zlib.adler32(one), b"packed one")
    assert bands.get(other, zlib.adler32(other)) is None
    bands.put(other, zlib.adler32(other), b"packed other")
    assert bands.get(one, zlib.adler32(one)) == b"packed one"
    assert bands.get(other, zlib.adler32(other)) == b"packed other"


def test_the_adler32_of_joined_bytes_is_put_together_from_the_parts() -> None:
    rng = random.Random(4)
    for _ in range(500):
        first, second = rng.randbytes(rng.randint(0, 70_000)), rng.randbytes(rng.randint(0, 70_000))
        joined = common.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert joined == zlib.adler32(first + second)


def test_rounded_boxes_are_the_pixels_of_rounded_rectangle() -> None:
    """On whole pixels and off them (a chip placed on a scaled map: Pillow rounds the box but sizes the
    corners on the box as given)."""
    rng = random.Random(3)
    tiled_boxes = 0
    for _ in range(3000):
        plain = Image.new("RGB", (140, 100), PALETTE[0])
        tiled = plain.copy()

        def at(low: float, high: float) -> float:
            x = rng.uniform(low, high)
            return rng.choice([x, round(x), round(x) + 0.5, round(x * 4) / 4, int(x) + 0.1])

        x0, y0 = at(-20, 110), at(-20, 90)
        w = rng.choice([rng.uniform(0, 70), rng.randint(0, 70)])
        h = rng.choice([rng.uniform(0, 50), rng.randint(0, 50)])
        box = (x0, y0, x0 + w, y0 + h)
        radius, width = rng.choice([0, 2, 5, 6.5, 6.25, 8, 9.5, 13, 40]), rng.randint(1, 4)
        fill, outline = rng.choice([None, PALETTE[3]]), rng.choice([None, PALETTE[1]])
        try:
            ImageDraw.Draw(plain).rounded_rectangle(
                box, radius=radius, fill=fill, outline=outline, width=width
            )
        except ValueError:
            continue
        rounded(ImageDraw.Draw(tiled), box, radius, fill, outline, width)
        assert plain.tobytes() == tiled.tobytes(), (box, radius, width, fill, outline)
        tiled_boxes += common._whole_box(box, radius) is not None
    assert tiled_boxes > 1000


def test_a_layer_copy_records_the_texts_drawn_on_it() -> None:
    def paint() -> Image.Image:
        image, draw = common.canvas(200, 40)
        text(draw, (4, 4), "Contacts", 14)
        return image

    layer = Layer.drawn(paint)
    with recording() as boxes:
        layer.copy()
        layer.copy()
    assert [b.value for b in boxes] == ["Contacts", "Contacts"]


def test_a_grid_drawn_from_its_cached_ground_records_every_label_each_time() -> None:
    picture = GridPicture(width=4, height=3, columns=list("ABCD"), rows=["1", "2", "3"], title="Floor 1")
    with recording() as first:
        one = draw_grid(picture, cell=30)
    with recording() as second:
        two = draw_grid(picture, cell=30)
    assert one.tobytes() == two.tobytes()
    assert sorted(b.value for b in first) == sorted(b.value for b in second)
    assert {"Floor 1", "A", "D", "3"} <= {b.value for b in second}


@pytest.mark.parametrize(
    "game_id", ["ipa_agents", "virtual_revolution", "infamy", "nakamura_tower", "gamedec"]
)
def test_boards_drawn_twice_from_cached_layers_are_the_same_image(game_id: str) -> None:
    """The second drawing of a board takes its layers (ground, frame, bands) from the caches: same PNG."""
    game = engine.get(game_id)
    seats = [f"s{i}" for i in range(game.meta.min_seats)]
    agents = {s: RandomAgent(i) for i, s in enumerate(seats)}
    view = game.view(advance(game, game.setup(seats, 8), agents, 12), None)
    for render in (board_renderer(game_id), compact_renderer(game_id)):
        assert render is not None
        with recording() as first:
            png = render(view)
        with recording() as again:
            assert render(view) == png
        assert [b.value for b in first] == [b.value for b in again]


def test_a_ground_drawn_over_the_plain_grid_is_the_ground_drawn_whole() -> None:
    """A map's blocked and shaded squares drawn again over the plain grid of its shape (kept once for every
    map of that shape) give the pixels of drawing every square."""
    from renderers import board

    rng = random.Random(12)
    for _ in range(40):
        width, height = rng.randint(1, 14), rng.randint(1, 12)
        squares = [(c, r) for c in range(width) for r in range(height)]
        shading = [
            {
                "cells": rng.sample(squares, rng.randint(0, len(squares) // 2)),
                "label": rng.choice(["", "Lab"]),
            }
            for _ in range(rng.randint(0, 3))
        ]
        picture = GridPicture(
            width=width,
            height=height,
            columns=[chr(65 + c) for c in range(width)],
            rows=[str(r + 1) for r in range(height)],
            title=rng.choice(["", "Floor 2"]),
            blocked=rng.sample(squares, rng.randint(0, len(squares) // 3)),
            shading=shading,
        )
        size = rng.choice([20, 22, 30])
        frame = board._Frame(picture, size)
        whole, draw = common.canvas(frame.left * 2 + width * size, frame.top + height * size + 30)
        if picture.title:
            text(draw, (frame.left, 8), picture.title, size=18, fill=common.INK)
        board._floor(draw, picture, frame)
        board._coordinates(draw, picture, frame)
        layout = picture.model_dump_json(include=board._GROUND_FIELDS)
        assert board._ground(layout, size).image.tobytes() == whole.tobytes()


def test_text_pasted_through_its_mask_is_the_text_drawn_with_draw_bitmap() -> None:
    """The ink tile pasted through a text's mask blends each pixel as ``draw_bitmap`` does, on any ground,
    clipped at every edge alike."""
    rng = random.Random(9)
    for _ in range(1500):
        width, height = rng.randint(5, 120), rng.randint(5, 60)
        if rng.random() < 0.5:
            ground = Image.effect_noise((width, height), rng.randint(1, 90)).convert("RGB")
        else:
            ground = Image.new("RGB", (width, height), tuple(rng.randrange(256) for _ in range(3)))
        value = "".join(rng.choice("abcdefgXYZ 0123·…") for _ in range(rng.randint(1, 12)))
        size, fill = rng.choice([9, 12, 15, 20, 30]), tuple(rng.randrange(256) for _ in range(3))
        anchor = rng.choice(["la", "mm", "rs", "lt"])
        xy = (rng.uniform(-40, width + 10), rng.uniform(-30, height + 10))
        drawn, pasted = ground.copy(), ground.copy()
        mask, (ox, oy) = text_masks.rasterised(value, size, anchor)  # as draw.text draws it
        at = (int(xy[0]) + ox, int(xy[1]) + oy)
        ImageDraw.Draw(drawn).draw.draw_bitmap(at, mask, common._ink("RGB", fill))
        text(ImageDraw.Draw(pasted), xy, value, size, fill, anchor)  # type: ignore[arg-type]
        assert drawn.tobytes() == pasted.tobytes(), (value, size, anchor, xy, fill)


def test_markers_pasted_from_tiles_are_the_markers_drawn_in_place() -> None:
    """Every shape at radii 3 to 30 (and a few fractional ones), on whole pixels and off them, inside the
    picture and across its edges: the same pixels as drawing the shape and its label in place."""
    rng = random.Random(6)
    for shape in common.SHAPES:
        for r in [*range(3, 31, 3), 8.5, 12.25, 13.75]:
            for _ in range(8):
                width, height = rng.randint(20, 200), rng.randint(20, 160)
                ground = Image.effect_noise((width, height), 60).convert("RGB")
                x: float = rng.randint(-20, width + 20)
                y: float = rng.randint(-20, height + 20)
                if rng.random() < 0.2:
                    x, y = x + 0.5, y + 0.25
                fill = rng.choice([(231, 76, 60), (15, 15, 18), (240, 205, 60)])
                outline = rng.choice([(255, 255, 255), (150, 150, 150)])
                drawn, pasted = ground.copy(), ground.copy()
                draw = ImageDraw.Draw(drawn)
                dy = common._draw_shape(draw, x, y, r, shape, fill, outline)
                text(draw, (x, y + dy + 1), "Ab", max(9, int(r * 1.15)), common.ink_on(fill), anchor="mm")
                common.marker(ImageDraw.Draw(pasted), (x, y), r, shape, fill, "Ab", outline)
                assert drawn.tobytes() == pasted.tobytes(), (shape, r, x, y, width, height)
