"""Posts, DMs, reminders and deadlines: what reaches whom when the table changes on its own."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.scheduler import Scheduler
from engine.store import MemoryStore
from engine.table import Table
from tests.bot.conftest import Clock
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, last, start_game, status_edits, thread_posts


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def world(clock: Clock) -> World:
    """A world whose table reads the test's clock (deadlines and reminders are moved by hand)."""
    return World(Table(MemoryStore(), clock=clock))


async def test_deadline_applies_default_and_dms_the_secret_default(
    world: World, cogs: dict[str, Any], clock: Clock
) -> None:
    gid, thread = await start_game(world, cogs, pace="blitz")
    await choose(world, "Ann", gid, thread, "pick:n=3")
    await choose(world, "Bo", gid, thread, "pick:n=2")
    scheduler = Scheduler(world.table, 1)
    clock.now += 240  # past the reminder point (75% of 5 minutes)
    mark = world.mark()
    assert await scheduler.tick() == 1
    await world.settle()
    posts = thread_posts(world, thread, mark)
    assert any("<@1003>" in p.text and "Reminder" in p.text for p in posts)
    clock.now += 120
    mark = world.mark()
    assert await scheduler.tick() == 1
    await world.settle()
    posts = thread_posts(world, thread, mark)
    assert any("Time ran out for Cy; the default was applied." in p.text for p in posts)
    assert not any("Pick 1" in p.text for p in world.public(mark) if "Revealed" not in p.text)
    dms = [s for s in world.since(mark) if s.where == "dm:1003"]
    assert dms and "Your default choice was applied: Pick 1." in dms[0].text
    assert not [s for s in world.since(mark) if s.where.startswith("dm:") and s.where != "dm:1003"]


async def test_closed_dms_get_a_notice_in_the_thread(
    world: World, cogs: dict[str, Any], clock: Clock
) -> None:
    gid, thread = await start_game(world, cogs, pace="blitz")
    world.closed_dms.add(1003)
    await choose(world, "Ann", gid, thread, "pick:n=3")
    await choose(world, "Bo", gid, thread, "pick:n=2")
    clock.now += 1000
    mark = world.mark()
    await Scheduler(world.table, 1).tick()
    await world.settle()
    notices = [p for p in thread_posts(world, thread, mark) if p.content and "/hand" in p.content]
    assert len(notices) == 1 and notices[0].content is not None and notices[0].content.startswith("<@1003>")
    assert "Pick" not in notices[0].content
    assert not [s for s in world.since(mark) if s.where.startswith("dm:")]


async def test_updates_piling_up_are_merged_into_one_status_edit(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    announcer = world.announcer
    assert announcer is not None
    mark = world.mark()
    ann, bo = world.interaction("Ann", thread), world.interaction("Bo", thread)
    from cogs.ui import flows

    await asyncio.gather(flows.submit(ann, gid, "pick:n=1"), flows.submit(bo, gid, "pick:n=3"))
    await world.settle()
    # secret-choice progress only edits the status message (issue 16: the quiet thread)
    assert not thread_posts(world, thread, mark)
    edits = status_edits(world, mark)
    assert len(edits) == 1 and "2 of 3 have chosen" in edits[0].text


async def test_concurrent_clicks_on_one_version(world: World, cogs: dict[str, Any], wide_game: None) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann",), game="wide")
    version = (await world.table.record(gid)).version
    await asyncio.gather(
        *(world.click("Ann", f"arb:{gid}:{version}:take:n={n}", thread) for n in range(1, 41))
    )
    assert len([i for i in await world.table.store.intents(gid) if i.by == "1001"]) == 1
    answers = [s for s in world.to("Ann") if s.ephemeral]
    assert sum("✅" in s.text for s in answers) == 1
    assert sum("moved on" in s.text for s in answers) == 39


async def test_unexpected_error_gets_a_reference(
    world: World, cogs: dict[str, Any], caplog: Any, monkeypatch: Any
) -> None:
    gid, thread = await start_game(world, cogs)

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(world.table, "view", broken)
    await world.click("Ann", f"arbh:{gid}", thread)
    answer = last(world.to("Ann"))
    assert answer.ephemeral and "Reference: `" in answer.text and "boom" not in answer.text
    ref = answer.text.split("`")[1]
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)


async def test_posts_survive_discord_failures(world: World, cogs: dict[str, Any], monkeypatch: Any) -> None:
    from types import SimpleNamespace

    import discord

    gid, thread = await start_game(world, cogs)

    async def refuse(*args: Any, **kwargs: Any) -> Any:
        raise discord.HTTPException(SimpleNamespace(status=500, reason="x"), "down")  # type: ignore[arg-type]

    channel = world.channel(thread)
    monkeypatch.setattr(channel, "send", refuse)
    await choose(world, "Ann", gid, thread, "pick:n=2")
    assert "✅ Pick 2" in last(world.to("Ann")).text
    assert len([i for i in await world.table.store.intents(gid) if i.by == "1001"]) == 1


async def test_reminders_by_dm_for_players_who_opt_in(
    world: World, cogs: dict[str, Any], clock: Clock
) -> None:
    gid, thread = await start_game(world, cogs, pace="blitz")
    await world.command(cogs["RemindersCog"], "reminders", world.interaction("Bo"), by="dm")
    assert "by DM" in last(world.to("Bo")).text
    await choose(world, "Ann", gid, thread, "pick:n=3")
    clock.now += 240
    mark = world.mark()
    await Scheduler(world.table, 1).tick()
    await world.settle()
    assert any(s.where == "dm:1002" and "Reminder" in s.text for s in world.since(mark))
    thread_text = " ".join(p.text for p in thread_posts(world, thread, mark))
    assert "Reminder for <@1003>" in thread_text and "Reminder for <@1002>" not in thread_text
    await world.command(cogs["RemindersCog"], "reminders", world.interaction("Bo"), by="thread")
    assert not await world.services.prefs.dm_reminders("1002")


async def test_prefs_persist_in_sqlite(tmp_path: Any) -> None:
    from bot.prefs import Prefs

    prefs = Prefs(tmp_path / "a.db")
    await prefs.open()
    await prefs.set_dm_reminders("7", True)
    await prefs.close()
    again = Prefs(tmp_path / "a.db")
    await again.open()
    assert await again.dm_reminders("7") and not await again.dm_reminders("8")
    await again.set_dm_reminders("7", False)
    assert not await again.dm_reminders("7")
    await again.close()


async def test_a_broken_renderer_does_not_silence_the_game(
    world: World, cogs: dict[str, Any], monkeypatch: Any
) -> None:
    async def broken(*args: Any) -> bytes:
        raise ValueError("bad drawing")

    monkeypatch.setattr(world.services.renderer, "board", broken)
    monkeypatch.setattr(world.services.renderer, "private", broken)
    gid, thread = await start_game(world, cogs)
    post = last(thread_posts(world, thread))
    assert "High Card begins" in post.text and not post.files and "attachment://" not in post.text
    await world.click("Ann", f"arbh:{gid}", thread)
    hand = last(world.to("Ann"))
    assert hand.ephemeral and not hand.files and "Your hand" in hand.text


async def test_restart_catches_up_on_unannounced_moves(
    world: World, cogs: dict[str, Any], monkeypatch: Any
) -> None:
    from types import SimpleNamespace

    import discord

    from cogs.announcer import Announcer

    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    assert await world.services.prefs.announced(gid) == (await world.table.record(gid)).version
    # nothing to catch up on when everything went out
    fresh = Announcer(world.client, world.services)
    assert await fresh.catch_up() == 0

    async def refuse(*args: Any, **kwargs: Any) -> Any:
        raise discord.HTTPException(SimpleNamespace(status=429, reason="x"), "slow down")  # type: ignore[arg-type]

    channel = world.channel(thread)
    monkeypatch.setattr(channel, "send", refuse)
    await choose(world, "Ann", gid, thread, "pick:n=2")
    await choose(world, "Bo", gid, thread, "pick:n=3")
    monkeypatch.undo()
    record = await world.table.record(gid)
    assert (await world.services.prefs.announced(gid) or 0) < record.version
    # the process is killed and started again: a new announcer catches up
    mark = world.mark()
    restarted = Announcer(world.client, world.services)
    assert await restarted.catch_up() == 1
    await restarted.drain(10)
    posts = thread_posts(world, thread, mark)
    assert len(posts) == 1
    text = posts[0].text
    assert "While Arbiter was restarting" in text and "Revealed: Ann=2, Bo=3" in text
    leader = record.user_of((await world.table.prompts(gid))[0].seat)
    assert f"**To act now:** <@{leader}>" in text
    assert await world.services.prefs.announced(gid) == record.version
    assert await Announcer(world.client, world.services).catch_up() == 0


async def test_a_post_that_went_out_before_a_kill_is_not_sent_again(
    world: World, cogs: dict[str, Any], monkeypatch: Any
) -> None:
    """Issue 20: "announcements of a new version are posted exactly once (... a restart or a second
    process never posts twice and never skips one)". The process is killed after Discord took the turn
    post but before the announced version was recorded: the next start finds the post in the thread."""
    from cogs.announcer import Announcer

    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    prefs = world.services.prefs
    recorded = prefs.set_announced

    async def killed(game_id: str, version: int) -> None:
        return None  # the kill: the post went out, its version is never recorded

    monkeypatch.setattr(prefs, "set_announced", killed)
    await choose(world, "Ann", gid, thread, "pick:n=2")
    await choose(world, "Bo", gid, thread, "pick:n=3")
    monkeypatch.setattr(prefs, "set_announced", recorded)
    record = await world.table.record(gid)
    assert (await prefs.announced(gid) or 0) < record.version
    posting = await prefs.posting(gid)
    assert posting is not None and posting[0] == record.version
    mark = world.mark()
    restarted = Announcer(world.client, world.services)
    assert await restarted.catch_up() == 0, "the post reached the thread: nothing to catch up on"
    await restarted.drain(10)
    assert thread_posts(world, thread, mark) == []
    assert await prefs.announced(gid) == record.version


async def test_a_status_message_reuses_the_turn_posts_board_only_while_its_address_is_fresh(
    world: World, cogs: dict[str, Any]
) -> None:
    """Issue 21: the status message shows the board the turn post uploaded, by its address; Discord signs
    such addresses for about a day, so a board shown that way for longer is uploaded with the status
    message when it is next edited."""
    import time

    from cogs.announcer import SHARED_BOARD_SECONDS
    from cogs.ui import flows

    gid, _ = await start_game(world, cogs, players=("Ann", "Bo"))
    announcer = world.announcer
    record = await world.table.record(gid)
    scene = await flows.scene(world.services, gid)
    shared = "https://cdn.example/attachments/1/2/board.png"
    announcer._shown[gid] = (shared, time.monotonic())
    mark = len(world.sent)
    assert await announcer._edit_status(record, scene, None, board=True)  # the board did not change
    fresh = status_edits(world, mark)[-1]
    assert not fresh.files and shared in str(fresh.components)
    announcer._shown[gid] = (shared, time.monotonic() - SHARED_BOARD_SECONDS - 1)
    mark = len(world.sent)
    assert await announcer._edit_status(record, scene, None, board=True)
    stale = status_edits(world, mark)[-1]
    assert [name for name, _ in stale.files] == ["board.png"] and shared not in str(stale.components)
