"""How a picture reads on a phone (issue 31): its smallest text once shown 550 px wide, and texts over others.

The renderers draw every line of text through :func:`renderers.common.text`, which records it while
:func:`renderers.common.recording` is on: its font size, its ink box and the canvas it was drawn on. A
picture wider than 550 px is shown at 550 px on a phone (a narrower one at its own width), so a text of
font size ``s`` drawn on a canvas ``c`` px wide, in a PNG ``w`` px wide, reads ``s * w / c * min(1, 550 / w)``
px high. Two texts overlap when their ink boxes, each shrunk by a pixel of anti-aliasing, intersect.

``python -m tests.support.phone [GAME]`` prints, for seeded positions of every game, the thread picture's
and each private picture's smallest text at 550 px and their overlaps (the figures of issue 31's table).
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

import engine
import renderers
from engine.core import RandomAgent
from engine.core.playout import advance
from renderers.common import TextBox, recording

PHONE = 550
"""The width a phone shows a picture in a Discord message."""
SMALLEST = 11.0
"""The smallest text height a phone reader can read, at :data:`PHONE` px wide."""


@dataclass(frozen=True)
class Reading:
    """A picture as a phone shows it."""

    width: int
    height: int
    smallest: float
    smallest_text: str
    overlaps: list[tuple[str, str]]

    def fine(self) -> bool:
        return self.smallest >= SMALLEST and not self.overlaps


def _inset(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return x0 + 1, y0 + 1, x1 - 1, y1 - 1


def _meet(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlaps(boxes: list[TextBox]) -> list[tuple[str, str]]:
    """Pairs of texts whose ink overlaps (on the same canvas)."""
    shown = [(b, _inset(b.box)) for b in boxes if b.value.strip()]
    found = []
    for i, (a, abox) in enumerate(shown):
        for b, bbox in shown[i + 1 :]:
            if a.canvas == b.canvas and _meet(abox, bbox):
                found.append((a.value, b.value))
    return found


def read(render: Callable[[Any], bytes], view: Any) -> Reading:
    """Draw ``view`` with ``render`` and read the picture as a phone shows it."""
    with recording() as boxes:
        png = render(view)
    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
    shown = min(1.0, PHONE / width)
    sizes = [(b.size * width / b.canvas[0] * shown, b.value) for b in boxes if b.value.strip()]
    smallest, what = min(sizes) if sizes else (float("inf"), "")
    return Reading(width, height, round(smallest, 1), what, overlaps(boxes))


def positions(game_id: str, count: int = 6, seed: int = 1) -> list[tuple[Any, Any]]:
    """(game, state) at seeded positions: every seat count, a few moves to a few hundred in."""
    game = engine.get(game_id)
    rng = random.Random(f"phone-{game_id}-{seed}")
    out = []
    for n in range(count):
        seats = [
            f"p{i + 1}"
            for i in range(game.meta.min_seats + n % (game.meta.max_seats - game.meta.min_seats + 1))
        ]
        state = game.setup(seats, rng.randrange(1 << 30))
        agents = {s: RandomAgent(rng.randrange(1 << 30)) for s in seats}
        out.append((game, advance(game, state, agents, rng.randrange(2, 300))))
    return out


def readings(game_id: str, count: int = 6) -> dict[str, list[Reading]]:
    """The thread picture's and the private pictures' readings at seeded positions."""
    board = renderers.compact_renderer(game_id) or renderers.board_renderer(game_id)
    private = renderers.private_renderer(game_id)
    out: dict[str, list[Reading]] = {"thread": [], "private": []}
    for game, state in positions(game_id, count):
        out["thread"].append(read(board, game.view(state, None)))
        if private is not None:
            for seat in state.seats:
                out["private"].append(read(private, game.view(state, seat)))
    return out


def main(argv: list[str]) -> int:
    games = argv or sorted(
        g
        for g, game in engine.games().items()
        if not type(game).__module__.startswith(("tests.", "engine.example"))
    )
    print(f"{'game':22} {'picture':8} {'smallest at 550':>16} {'overlaps':>9}  widest")
    for gid in games:
        for kind, found in readings(gid).items():
            if not found:
                print(f"{gid:22} {kind:8} {'(none)':>16}")
                continue
            worst = min(found, key=lambda r: r.smallest)
            lapped = sum(len(r.overlaps) for r in found)
            width = max(r.width for r in found)
            print(
                f"{gid:22} {kind:8} {worst.smallest:>13} px {lapped:>9}  {width} px ({worst.smallest_text!r})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
