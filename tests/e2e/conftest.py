"""Fixtures for end-to-end tests against the loopback Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import BotProcess, FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def strict_discord(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every scenario runs under Discord's limits and none may opt out: a request the loopback Discord
    refused for what it carried (Invalid Form Body, an empty message, files over the upload limit, an
    archived and locked thread) fails the scenario that made it, with the field Discord named. Only
    test_fake_discord.py, which proves the refusals, sends such payloads on purpose."""
    FakeDiscord.started.clear()
    yield
    fakes, FakeDiscord.started[:] = list(FakeDiscord.started), []
    if request.path.name == "test_fake_discord.py":
        return
    refused = [r for fake in fakes for r in fake.limit_refusals()]
    assert not refused, "Discord refused what the bot sent: " + "; ".join(
        f"{r.method} {r.route} {r.status}/{r.code} {r.errors}" for r in refused[:5]
    )


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord on a free 127.0.0.1 port (``fake_discord.api_base``, ``.gateway_url``)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
async def arbiter_bot(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """The real bot as ``arbiter run`` starts it, pointed at ``fake_discord``, with a fresh database.

    Not started: ``await arbiter_bot.start()`` (add members first if they should be in GUILD_CREATE).
    The bot reads DISCORD_API_BASE and DISCORD_GATEWAY_URL itself (bot/settings.py), so this is exactly
    ``arbiter run`` (``python -m bot.cli run``); ``fake_discord/launch.py`` is no longer needed for it.
    """
    bot = BotProcess(
        fake_discord,
        ["{python}", "-m", "bot.cli", "run"],
        env={"ARBITER_DB": str(tmp_path / "arbiter.db"), "LOG_LEVEL": "INFO"},
        cwd=REPO_ROOT,
        log_path=tmp_path / "arbiter-bot.log",
    )
    try:
        yield bot
    finally:
        await bot.stop()
