"""Small pieces: text helpers, option parsing, the scheduler loop, the error reporter's cases."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot import present
from bot.scheduler import Scheduler
from cogs.ui.common import parse_options
from cogs.ui.components import action_custom_id, fits
from cogs.ui.errors import report
from cogs.ui.items import DYNAMIC_ITEMS
from engine.core.errors import MalformedIntent
from tests.cogs.fakes import World
from tests.cogs.helpers import last


def test_find_progress_in_a_public_view() -> None:
    view = {"round": 2, "choosing": {"kind": "pick", "chosen": ["a"], "count": 1, "of": 3}}
    assert present.find_progress(view) == (1, 3)
    assert present.find_progress(view, "pick") == (1, 3)
    assert present.find_progress(view, "other") is None
    assert present.find_progress({"x": [{"count": 2, "of": 4, "chosen": []}]}) == (2, 4)


def test_chunks_and_clip() -> None:
    text = "\n".join(f"line {i} " * 20 for i in range(200))
    parts = present.chunks(text, 1900)
    assert all(len(p) <= 1900 for p in parts) and "".join(parts).replace("\n", "") == text.replace("\n", "")
    assert len(present.clip(text, 500)) <= 500


def test_parse_options() -> None:
    assert parse_options(None) == {}
    assert parse_options("target=7, variant=short mode=true") == {
        "target": 7,
        "variant": "short",
        "mode": True,
    }
    assert parse_options('{"a": [1, 2]}') == {"a": [1, 2]}
    with pytest.raises(MalformedIntent):
        parse_options("[1]")


def test_custom_ids_fit_and_templates_do_not_overlap() -> None:
    key = "k" * 80
    assert fits("abcdef", 123456, key) and len(action_custom_id("abcdef", 123456, key)) <= 100
    assert not fits("abcdef", 12345678, key + "xxxx")
    samples = [
        "arb:abcdef:3:pick:n=1",
        "arbo:abcdef",
        "arbh:abcdef",
        "arbp:abcdef:2",
        "arbs:abcdef:3:1",
        "arbl:abcdef:join",
    ]
    for sample in samples:
        matching = [c for c in DYNAMIC_ITEMS if c.__discord_ui_compiled_template__.fullmatch(sample)]
        assert len(matching) == 1, sample


async def test_scheduler_loop_ticks_until_stopped(world: World) -> None:
    calls = 0

    async def tick(now: float | None = None) -> list[Any]:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("a bad tick is logged, not fatal")
        return []

    world.table.tick = tick  # type: ignore[method-assign]
    scheduler = Scheduler(world.table, 0.01)
    scheduler.start()
    await asyncio.sleep(0.1)
    await scheduler.stop()
    assert calls >= 3


async def test_reporter_handles_check_failures(world: World) -> None:
    interaction = world.interaction("Ann")
    await report(interaction, app_commands.CheckFailure("No."))
    assert last(world.to("Ann")).text == "No."
    interaction = world.interaction("Cy")
    wrapped = app_commands.CommandInvokeError(SimpleNamespace(name="play"), MalformedIntent("Nope."))  # type: ignore[arg-type]
    await report(interaction, wrapped)
    assert last(world.to("Cy")).text == "Nope."
    interaction = world.interaction("Bo")
    await interaction.response.defer(ephemeral=True, thinking=True)
    await report(interaction, MalformedIntent("Bad move."))
    sent = last(world.to("Bo"))
    assert sent.ephemeral and sent.text == "Bad move."


def test_last_lines_keeps_the_latest() -> None:
    lines = [f"• event {i}" for i in range(1000)]
    text = present.last_lines(lines, 500)
    assert len(text) <= 500 and text.endswith("event 999") and text.startswith("… (earlier events")
    assert present.last_lines(["a", "b"], 500) == "a\nb"


async def test_expired_interactions_are_only_logged(world: World) -> None:
    import discord

    interaction = world.interaction("Ann")
    error = discord.NotFound(
        SimpleNamespace(status=404, reason="x"), {"code": 10062, "message": "Unknown interaction"}
    )  # type: ignore[arg-type]
    await report(interaction, error)
    assert not world.to("Ann")


def test_component_ids_reach_the_log_without_their_intent_key() -> None:
    from cogs.ui.errors import loggable_custom_id

    assert loggable_custom_id("arb:1a2b3c:0:sector:own=s3") == "arb:1a2b3c:0:..."
    assert "s3" not in (loggable_custom_id("arb:1a2b3c:12:sector:own=s3") or "")
    assert loggable_custom_id("arbl:1a2b3c:join") == "arbl:1a2b3c:join"
    assert loggable_custom_id(None) is None
