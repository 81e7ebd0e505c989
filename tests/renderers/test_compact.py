"""Compact boards (issue 16, item 9) for Infamy and Virtual Revolution: the public board for Discord's inline
preview. Over seeded random playouts: a PNG of at most 100 KB, 550 to 640 pixels wide, drawn from public
fields only (every seat's view of one state and the public view give the same image), and different
whenever a move changes what the board shows (the last change is on it); the deadline the adapter adds to
the view (``due``) is drawn. The drawing time is printed, not asserted (shared machines vary)."""

from __future__ import annotations

import io
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

from engine.core import RandomAgent
from engine.core.playout import next_decision, step
from engine.gamedec import GAME as GAMEDEC
from engine.infamy import GAME as INFAMY
from engine.ipa_agents import GAME as IPA
from engine.nakamura_tower import GAME as NAKAMURA
from engine.virtual_revolution.game import VIRTUAL_REVOLUTION as VR
from renderers import (
    gamedec_compact,
    infamy_compact,
    ipa_agents_compact,
    nakamura_tower_compact,
    virtual_revolution_compact,
)
from renderers.common import due_label, initials
from tests.support.sweep import sweep

MAX_BYTES = 100_000
GAMES: dict[str, tuple[Any, Callable[[dict[str, Any]], bytes]]] = {
    "gamedec": (GAMEDEC, gamedec_compact.render_compact),
    "infamy": (INFAMY, infamy_compact.render_compact),
    "ipa_agents": (IPA, ipa_agents_compact.render_compact),
    "nakamura_tower": (NAKAMURA, nakamura_tower_compact.render_compact),
    "virtual_revolution": (VR, virtual_revolution_compact.render_compact),
}
SEATS = ["ann", "bo", "cy", "di"]
MAX_SEATS = {"nakamura_tower": 3}
"""Games for fewer than four players: their playouts seat at most this many."""
OPTIONS = {"nakamura_tower": {"quick_start": True}}
"""Nakamura Tower's Teams built at the table are private moves the public board does not show (a random
walk through the building menus would spend the playout there): its playouts start from the mission's
Teams."""


def seats_for(name: str, players: int = 4) -> list[str]:
    return SEATS[: min(players, MAX_SEATS.get(name, 4))]


def playout(game: Any, seats: list[str], seed: int, steps: int, every: int) -> Iterator[Any]:
    """Every ``every``-th state of a random playout (random agents, seeded)."""
    state = game.setup(seats, seed, OPTIONS.get(game.meta.id))
    agents = {s: RandomAgent(seed * 10 + i) for i, s in enumerate(seats)}
    for n in range(steps):
        seat = next_decision(game, state) if game.outcome(state) is None else None
        if seat is None:
            yield state
            return
        if n % every == 0:
            yield state
        state, _, _ = step(game, state, seat, agents[seat])


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("players", "seed"), sweep([(4, 1), (3, 7), (2, 11)], quick=1))
def test_compact_board_is_a_small_public_png(name: str, players: int, seed: int) -> None:
    game, render = GAMES[name]
    seats = seats_for(name, players)
    if name == "infamy" and players < 3:
        seats = SEATS[:3]
    timings: list[float] = []
    sizes: list[int] = []
    again: list[float] = []
    for state in playout(game, seats, seed, 400, 9):
        public = game.view(state, None)
        start = time.perf_counter()
        png = render(public)
        timings.append((time.perf_counter() - start) * 1000)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and 550 <= image.width <= 640 and len(png) <= MAX_BYTES
        sizes.append(len(png))
        for seat in seats:
            assert render(game.view(state, seat)) == png, f"{seat}'s view draws more than the public board"
        start = time.perf_counter()
        render(public)
        again.append((time.perf_counter() - start) * 1000)
    print(
        f"\n{name} {len(seats)}p: {len(timings)} boards, {statistics.median(timings):.1f} ms median "
        f"(max {max(timings):.1f}; drawn again {statistics.median(again):.1f}), "
        f"up to {max(sizes) / 1000:.0f} KB"
    )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_compact_board_changes_with_the_board(name: str) -> None:
    """Each move that changes the public log or who is awaited changes the image."""
    game, render = GAMES[name]
    before: tuple[Any, bytes] | None = None
    changed = 0
    for state in playout(game, seats_for(name), 5, 160, 1):
        public = game.view(state, None)
        png = render(public)
        key = (public["log"], public["awaiting"])
        if before is not None and before[0] != key:
            assert png != before[1], f"the board did not change after: {public['log'][-1:]}"
            changed += 1
        before = (key, png)
    assert changed > 50


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_deadline_is_drawn(name: str) -> None:
    game, render = GAMES[name]
    state = next(iter(playout(game, seats_for(name), 2, 1, 1)))
    public = game.view(state, None)
    with_due = dict(public, due={public["awaiting"][0]: 1_764_600_000})
    assert due_label(with_due) == "due Mon 01 Dec 14:40 UTC"
    assert render(with_due) != render(public)
    assert due_label(public) is None and due_label(dict(public, due={"ann": "soon"})) is None


def test_initials_tell_apart_seats_that_share_a_letter() -> None:
    assert initials(["ann", "alice", "bo"]) == {"ann": "An", "alice": "Al", "bo": "B"}


def test_the_bot_finds_each_compact_board_in_its_own_module() -> None:
    import renderers

    assert renderers.compact_renderer("infamy") is infamy_compact.render_compact
    assert renderers.compact_renderer("virtual_revolution") is virtual_revolution_compact.render_compact
    assert renderers.compact_renderer("gamedec") is gamedec_compact.render_compact
    assert renderers.compact_renderer("nakamura_tower") is nakamura_tower_compact.render_compact
    assert renderers.compact_renderer("ipa_agents") is ipa_agents_compact.render_compact
    assert renderers.compact_renderer("no_such_game") is None
