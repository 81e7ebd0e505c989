"""Issue 34, item 1: ``ARBITER_WEB=host:port`` serves the web companion in the bot's own process, on its
table (a page hears of each move from the table's updates), and ``ARBITER_WEB_URL`` gives the links."""

from __future__ import annotations

import socket
from pathlib import Path
from unittest.mock import AsyncMock

import aiohttp

from bot.discord_bot import ArbiterBot
from bot.settings import Settings
from tests.bot.web.test_live import next_version, versions
from tests.bot.web.world import GUILD, new_game, play


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_the_bot_serves_the_web_in_its_own_process(tmp_path: Path) -> None:
    port = _free_port()
    settings = Settings(
        arbiter_db=str(tmp_path / "a.db"),
        tick_seconds=3600,
        arbiter_web=f"127.0.0.1:{port}",
        arbiter_web_url="https://arbiter.example.org/",
        _env_file=None,
    )
    bot = ArbiterBot(settings)
    bot.tree.sync = AsyncMock(return_value=[])  # type: ignore[method-assign]
    await bot.setup_hook()
    try:
        assert bot.web is not None and bot.web.port == port and bot.services is not None
        services = bot.services
        assert services.web is not None
        await services.prefs.set_guild_settings(GUILD, web="on")
        gid = await new_game(services.table, "gamedec")
        link = await services.web.game(await services.table.record(gid))
        assert link is not None and link.startswith("https://arbiter.example.org/g/")
        path = link.removeprefix("https://arbiter.example.org")
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}{path}") as response:
                assert response.status == 200 and "Gamedec" in await response.text()
            stream = versions(http, f"http://127.0.0.1:{port}{path}/events")
            first = await next_version(stream, -1)
            assert await play(services.table, gid, 1) == 1
            assert await next_version(stream, first) == (await services.table.record(gid)).version
            await stream.aclose()  # type: ignore[attr-defined]
    finally:
        if bot.web is not None:
            await bot.web.stop()
        assert bot.scheduler is not None
        await bot.scheduler.stop()
        if bot.services is not None:
            await bot.services.prefs.close()
        assert bot.store is not None
        await bot.store.close()
