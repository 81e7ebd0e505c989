"""The board image posted publicly is always drawn from the public view.

The announcer renders ``flows.scene(...).public_view`` (``table.seat_view(game, None)``) for the turn post
in the thread and for the status message. A slip there (a seat's view, the active player's view "for
convenience") would post hidden cards to everyone as a picture, where no text check would see it. This
test plays games with hidden information through the cogs and the loopback Discord, records the view the
renderer received for every board image, and checks it against the game's own public view of the saved
state at that moment; every image posted publicly must be one of those boards.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from bot.render import Renderer
from cogs.ui import flows
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, start_game

PLAYERS = ("Ann", "Bo", "Cy")


class BoardSpy:
    """Wraps Renderer.board and Renderer.compact (the thread's boards, where a game has a compact one):
    what each was given, the saved state at that moment, and what it returned."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.game_id = ""
        self.calls: list[tuple[dict[str, Any], Any, bytes]] = []
        self.originals = {"board": Renderer.board, "compact": Renderer.compact}

    async def draw(self, how: str, renderer: Renderer, kind: str, view: dict[str, Any]) -> bytes:
        image = await self.originals[how](renderer, kind, view)
        snap = await self.world.table.store.snapshot(self.game_id)
        assert snap is not None
        self.calls.append((view, engine.get(kind).load(snap[2]), image))
        return image


async def _play(world: World, gid: str, thread: int, steps: int) -> None:
    """Answer the first open prompt with its default, ``steps`` times (secret choices through their
    button)."""
    for _ in range(steps):
        record = await world.table.record(gid)
        prompts = await world.table.prompts(gid)
        if record.status != "running" or not prompts:
            return
        prompt = prompts[0]
        seat = record.seat_named(prompt.seat)
        assert seat is not None and seat.user is not None
        user = next(name for name, u in world.users.items() if str(u.id) == seat.user)
        if prompt.simultaneous:
            await choose(world, user, gid, thread, prompt.default.key())
        else:
            await flows.submit(world.interaction(user, thread), gid, prompt.default.key())
        await world.settle()


@pytest.mark.parametrize(("game", "options"), [("infamy", None), ("gamedec", "online_trade=true")])
async def test_public_board_images_are_drawn_from_the_public_view(
    world: World, cogs: dict[str, Any], monkeypatch: Any, game: str, options: str | None
) -> None:
    spy = BoardSpy(world)

    async def board(renderer: Renderer, kind: str, view: dict[str, Any], key: Any = None) -> bytes:
        return await spy.draw("board", renderer, kind, view)

    async def compact(renderer: Renderer, kind: str, view: dict[str, Any], key: Any = None) -> bytes:
        return await spy.draw("compact", renderer, kind, view)

    monkeypatch.setattr(Renderer, "board", board)
    monkeypatch.setattr(Renderer, "compact", compact)
    mark = world.mark()
    gid, thread = await start_game(world, cogs, players=PLAYERS, game=game, options=options)
    spy.game_id = gid
    await _play(world, gid, thread, steps=30)

    rules = engine.get(game)
    assert len(spy.calls) >= 10, "the game should have posted a board for most moves"
    hidden = 0
    for view, state, _ in spy.calls:
        drawn = {k: v for k, v in view.items() if k != "due"}  # a compact board also gets the deadlines
        assert drawn == rules.view(state, None), "a board was drawn from something other than the public view"
        for seat in state.seats:
            private = rules.view(state, seat)
            if private != view:
                hidden += 1
                assert view != private
    assert hidden, "the seat views never differed from the public one: the test would prove nothing"

    boards = {image for _, _, image in spy.calls}
    public_images = [data for sent in world.public(mark) for _, data in sent.files]
    assert public_images, "no board image was posted publicly"
    assert all(data in boards for data in public_images), "a public image was not one of the public boards"
