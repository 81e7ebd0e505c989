"""Issue 16, item 9, the adapter's side: a game whose renderer module has ``render_compact`` gets that
board in its thread and status message (readable in Discord's ~550 px preview), and the full board one
click away ("Full board", ephemeral, public information only). Games without one keep the full board and
get no button."""

from __future__ import annotations

from typing import Any

import pytest

from bot import render
from renderers.common import render_text
from tests.cogs.fakes import World
from tests.cogs.helpers import last, start_game, status_edits

COMPACT = b"\x89PNG\r\n\x1a\ncompact"


def test_a_game_without_a_compact_board_has_none() -> None:
    assert render.compact_renderer("toy") is None


async def test_the_thread_shows_the_compact_board_and_the_full_one_is_a_click_away(
    world: World, cogs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(render, "compact_renderer", lambda game_id: lambda view: COMPACT)
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    status = last(status_edits(world))
    assert status.files and status.files[0][1] == COMPACT
    assert f"arbf:{gid}" in status.custom_ids()
    await world.click("Di", f"arbf:{gid}", thread)  # a spectator may look: the board is public
    full = last(world.to("Di"))
    assert full.ephemeral and full.files and full.files[0][1] != COMPACT
    assert full.files[0][1] == render_text(await world.table.seat_view(gid, None))


async def test_no_button_without_a_compact_board(world: World, cogs: dict[str, Any]) -> None:
    gid, _ = await start_game(world, cogs, players=("Ann", "Bo"))
    assert f"arbf:{gid}" not in last(status_edits(world)).custom_ids()


async def test_the_full_board_of_another_servers_game_is_refused(world: World, cogs: dict[str, Any]) -> None:
    gid, _ = await start_game(world, cogs, players=("Ann", "Bo"))
    mark = world.mark()
    elsewhere = world.interaction("Di")
    elsewhere.guild_id = 999
    from cogs.ui.errors import report
    from cogs.ui.flows_seat import show_board

    try:
        await show_board(elsewhere, gid)  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - as the tree would
        await report(elsewhere, exc)  # type: ignore[arg-type]
    answer = last(world.to("Di", mark))
    assert "another server" in answer.text and not answer.files


async def test_the_compact_board_is_given_the_deadlines_to_draw(
    world: World, cogs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compact board puts the current deadline on the image: the adapter hands it the scene's
    deadlines (seat -> unix time) with the public view; the full board never gets them."""
    seen: list[dict[str, Any]] = []

    def compact(view: dict[str, Any]) -> bytes:
        seen.append(view)
        return COMPACT

    monkeypatch.setattr(render, "compact_renderer", lambda game_id: compact)
    await start_game(world, cogs, players=("Ann", "Bo"))
    with_due = [v["due"] for v in seen if v.get("due")]
    assert with_due and all(isinstance(t, float | int) for due in with_due for t in due.values())


async def test_the_history_board_is_the_compact_board_and_a_seats_view_its_full_board(
    world: World, cogs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: /game history is a picture Discord shows: the compact board, as the thread has it (the
    full board where a game has none)."""
    monkeypatch.setattr(render, "compact_renderer", lambda game_id: lambda view: COMPACT)
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await world.command(cogs["GameCog"], "history", world.interaction("Ann", thread), at="t0")
    answer = last(world.to("Ann"))
    assert answer.files and answer.files[0] == ("history.png", COMPACT)


def test_replay_frames_are_the_compact_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: the animated replay's frames are drawn with the compact board where the game has one."""
    import renderers
    from bot import animation

    drawn: list[str] = []
    full = renderers.board_renderer("toy")

    def compact(view: dict[str, Any]) -> bytes:
        drawn.append("compact")
        return full(view)

    monkeypatch.setattr(animation, "compact_renderer", lambda game_id: compact)
    import engine

    game = engine.get("toy")
    data, ext, frames = animation.animated_replay(game, ["a", "b"], 1, {}, [], fmt="gif")
    assert drawn == ["compact"] * frames and ext == "gif" and data[:6] in (b"GIF87a", b"GIF89a")
    monkeypatch.setattr(animation, "compact_renderer", lambda game_id: None)
    assert animation.frame_renderer("toy") is full  # no compact board: the full one
