"""Settings, start-up and ``run()``: what ``arbiter run`` relies on."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock

import discord
import discord.gateway
import pytest

from bot import discord_bot
from bot.discord_bot import ArbiterBot, run, use_api_base
from bot.settings import Settings

ENV = (
    "DISCORD_TOKEN",
    "ARBITER_DB",
    "DISCORD_DEV_GUILD",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "LOG_LEVEL",
    "RENDER_CONCURRENCY",
    "TICK_SECONDS",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env file


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.setenv("DISCORD_DEV_GUILD", "1234")
    monkeypatch.setenv("TICK_SECONDS", "0.5")
    monkeypatch.setenv("DISCORD_API_BASE", "")
    settings = Settings()
    assert settings.token == "abc.def" and "abc.def" not in repr(settings)
    assert settings.discord_dev_guild == 1234 and settings.tick_seconds == 0.5
    assert settings.discord_api_base is None and settings.arbiter_db == "./arbiter.db"
    assert settings.render_concurrency == 2


def test_run_without_token_explains_and_returns_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run() == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err and "arbiter run" in err


def test_run_with_bad_settings_returns_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DISCORD_DEV_GUILD", "not-a-number")
    assert run() == 2
    assert "DISCORD_DEV_GUILD" in capsys.readouterr().err.upper()


def test_run_with_discord_unreachable_prints_one_line_and_returns_2(tmp_path: Path) -> None:
    """Issue 30, item 8: ``arbiter run`` where Discord cannot be reached (nothing listens at the address)
    says so in one line, exits 2, and creates no database: no 80-line traceback."""
    import socket
    import subprocess
    import sys

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        "PATH": "/usr/bin:/bin",
        "DISCORD_TOKEN": "abc.def.ghi",
        "ARBITER_DB": str(tmp_path / "arbiter.db"),
        "DISCORD_API_BASE": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
        "LOG_LEVEL": "WARNING",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"Arbiter could not reach Discord at http://127.0.0.1:{port}/api/v10 (")
    assert not list(tmp_path.glob("arbiter.db*")), "no database is made for a bot that never connected"


def test_run_starts_the_bot_with_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(self: ArbiterBot, token: str, **kwargs: Any) -> None:
        seen["token"] = token
        seen["base"] = discord.http.Route.BASE
        seen["gateway"] = str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)

    monkeypatch.setattr(ArbiterBot, "run", fake_run)
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    )
    monkeypatch.setenv("DISCORD_TOKEN", "tok")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:9999/api/v10/")
    monkeypatch.setenv("DISCORD_GATEWAY_URL", "ws://127.0.0.1:9999/gateway")
    assert run() == 0
    assert seen == {
        "token": "tok",
        "base": "http://127.0.0.1:9999/api/v10",
        "gateway": "ws://127.0.0.1:9999/gateway",
    }


def test_use_api_base_leaves_default_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", "https://discord.com/api/v10")
    use_api_base(None)
    assert discord.http.Route.BASE == "https://discord.com/api/v10"


async def test_setup_registers_everything(tmp_path: Path) -> None:
    bot = ArbiterBot(Settings(arbiter_db=str(tmp_path / "a.db"), discord_dev_guild=42, tick_seconds=3600))
    sync = AsyncMock(return_value=[])
    bot.tree.sync = sync  # type: ignore[method-assign]
    bot.wait_until_ready = AsyncMock()  # type: ignore[method-assign]  # not connected: ready at once
    await bot.setup_hook()
    try:
        assert sync.await_args is None  # issue 33: the commands are synced once connected, not before
        assert bot._sync is not None
        await bot._sync
        assert bot.intents.value == discord_bot.intents().value and not bot.intents.message_content
        assert sync.await_args is not None and sync.await_args.kwargs["guild"].id == 42
        names = sorted(c.qualified_name for c in bot.tree.walk_commands(guild=discord.Object(42)))
        assert {
            "game new",
            "game pause",
            "game return",
            "games mine",
            "play",
            "hand",
            "vacation",
            "help",
            "rules",
        } <= set(names)
        payloads = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
        game = next(p for p in payloads if p["name"] == "game")
        assert {o["name"] for o in game["options"]} >= {
            "new",
            "pause",
            "resume",
            "abort",
            "kick",
            "replace",
            "pace",
            "log",
            "export",
            "return",
        }
        store = bot._connection._view_store  # registered DynamicItems: no per-game registration needed
        from cogs.ui.items import DYNAMIC_ITEMS

        assert set(store._dynamic_items.values()) == set(DYNAMIC_ITEMS)  # every one, each once
        assert bot.services is not None and bot.announcer is not None
        assert not hasattr(bot.services, "announcer")  # the composition root holds it
        assert bot.scheduler is not None
        assert bot.tree.on_error is not None and "report" in (bot.tree.on_error.__doc__ or "") + "report"
    finally:
        assert bot.scheduler is not None
        await bot.scheduler.stop()
        assert bot.store is not None
        await bot.store.close()


async def test_shutdown_lets_an_interaction_in_flight_finish_before_the_store_closes(tmp_path: Path) -> None:
    """Issue 21: a command being handled when SIGTERM arrives still finds the database open and is answered
    normally; one arriving after is refused politely (bot.gate), and only then is the store closed."""
    import asyncio

    bot = ArbiterBot(Settings(arbiter_db=str(tmp_path / "a.db"), tick_seconds=3600))
    bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    bot.wait_until_ready = AsyncMock()  # type: ignore[method-assign]
    await bot.setup_hook()
    assert bot.services is not None
    table = bot.services.table
    done: list[str] = []

    async def in_flight() -> None:
        assert bot.gate.enter()  # what the admission check does for every interaction
        await asyncio.sleep(0.2)  # still working when the shutdown starts
        done.append((await table.create("toy", "u1", "Ann", seats=2, seed=1)).record.id)

    task = asyncio.create_task(in_flight())
    await asyncio.sleep(0)
    await bot.close()
    await task
    assert done and bot.store is None and not bot.gate.enter()
