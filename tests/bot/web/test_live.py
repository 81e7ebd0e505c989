"""Issue 34: a game's page updates by itself while the game runs, by server-sent events and never by a
polling loop per reader: from the table's own updates in the bot's process, from one shared check of the
stored versions beside a bot process on SQLite, and from PostgreSQL's NOTIFY beside bot processes there."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp

from bot.settings import Settings
from bot.store.postgres.pg_store import PostgresStore
from bot.store.sqlite.storage import SqliteStore
from bot.web import standalone
from bot.web.links import WebLinks
from bot.web.live import Hub, Watcher
from engine.store import MemoryStore
from engine.table import Table
from tests.bot.web.world import GUILD, new_game, play, web_world


async def versions(http: aiohttp.ClientSession, url: str) -> AsyncIterator[int]:
    """The versions a page's live stream announces, as they come."""
    async with http.get(url, timeout=aiohttp.ClientTimeout(total=60)) as response:
        assert response.status == 200 and response.content_type == "text/event-stream"
        event = ""
        async for raw in response.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == "version":
                yield int(line.split(":", 1)[1])


async def next_version(stream: AsyncIterator[int], above: int, timeout: float = 10) -> int:
    async def wait() -> int:
        async for version in stream:
            if version > above:
                return version
        raise AssertionError("the stream ended")

    return await asyncio.wait_for(wait(), timeout)


async def test_the_page_hears_of_a_move_made_in_the_same_process(tmp_path: Path) -> None:
    async with web_world(tmp_path) as world:
        gid = await new_game(world.table, "infamy")
        path = await world.path("game", gid)
        stream = versions(world.http, world.base + path + "/events")
        first = await next_version(stream, -1)
        assert first == (await world.table.record(gid)).version
        assert await play(world.table, gid, 1) == 1
        moved = await next_version(stream, first)
        assert moved == (await world.table.record(gid)).version
        status, live = await world.get(path + "/live")
        assert status == 200 and f'data-version="{moved}"' in live
        assert world.app.hub.readers == 1
        await stream.aclose()  # type: ignore[attr-defined]


async def test_a_move_another_process_commits_on_the_sqlite_file(tmp_path: Path) -> None:
    """The web's own table reads the file the bot writes: one check of the stored versions of the games
    shown, shared by all readers, tells it which games moved (and its copy of them is forgotten)."""
    async with web_world(tmp_path, watcher=True) as world:
        bot_store = SqliteStore(world.store.path)
        await bot_store.open()
        bot = Table(bot_store)
        try:
            gid = await new_game(bot, "gamedec")
            path = await world.path("game", gid)
            streams = [versions(world.http, world.base + path + "/events") for _ in range(3)]
            shown = [await next_version(s, -1) for s in streams]
            assert len(set(shown)) == 1
            assert await play(bot, gid, 1) == 1
            stored = (await bot.record(gid)).version
            heard = [await next_version(s, shown[0]) for s in streams]
            assert heard == [stored] * 3
            status, page = await world.get(path)
            assert f'data-version="{stored}"' in page, "the web's copy of the game was forgotten"
            for s in streams:
                await s.aclose()  # type: ignore[attr-defined]
        finally:
            await bot_store.close()


async def test_the_watcher_checks_every_watched_game_in_one_read() -> None:
    store = MemoryStore()
    table = Table(store)
    calls: list[list[str]] = []
    real = table.versions

    async def counted(ids: list[str]) -> dict[str, int]:
        calls.append(list(ids))
        return await real(ids)

    table.versions = counted  # type: ignore[method-assign]
    hub = Hub()
    watcher = Watcher(table, hub, poll_seconds=None)
    games = [await new_game(table, "virtual_revolution", seed=s) for s in range(4)]
    for gid in games:
        watcher.watch(gid, (await table.record(gid)).version)
    assert await watcher.check() == 0
    await play(table, games[2], 1)
    assert await watcher.check() == 1
    assert calls == [games, games], "one read for every game watched, whatever the number of readers"


async def _serve(settings: Settings) -> tuple[asyncio.Task[None], int]:
    """``arbiter web`` in this process (its own store, table and preferences), on a free port."""
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(standalone.serve("127.0.0.1", 0, settings, ready))
    return task, await asyncio.wait_for(ready, 30)


async def test_arbiter_web_alone_beside_bot_processes_on_postgresql(postgres_url: str) -> None:
    """``arbiter web`` on PostgreSQL: the store's NOTIFY tells it of each change another process commits."""
    bot_store = PostgresStore(postgres_url)
    await bot_store.open()
    task = None
    try:
        bot = Table(bot_store)
        from bot.prefs import Prefs

        prefs = Prefs.postgres(bot_store)
        await prefs.open()
        await prefs.set_guild_settings(GUILD, web="on")
        gid = await new_game(bot, "nakamura_tower")
        path = await WebLinks(bot, prefs).path("game", gid)
        task, port = await _serve(Settings(arbiter_database_url=postgres_url, _env_file=None))
        async with aiohttp.ClientSession() as http:
            stream = versions(http, f"http://127.0.0.1:{port}{path}/events")
            first = await next_version(stream, -1)
            assert await play(bot, gid, 1) == 1
            assert await next_version(stream, first) == (await bot.record(gid)).version
            await stream.aclose()  # type: ignore[attr-defined]
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await bot_store.close()


async def test_arbiter_web_alone_beside_a_bot_on_sqlite(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    bot_store = SqliteStore(db)
    await bot_store.open()
    task = None
    try:
        from bot.prefs import Prefs

        bot = Table(bot_store)
        prefs = Prefs.sqlite(bot_store)
        await prefs.open()
        await prefs.set_guild_settings(GUILD, web="on")
        gid = await new_game(bot, "ipa_agents")
        path = await WebLinks(bot, prefs).path("game", gid)
        task, port = await _serve(Settings(arbiter_db=str(db), _env_file=None))
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}{path}") as response:
                assert response.status == 200
            async with http.get(f"http://127.0.0.1:{port}/g/{'x' * 22}") as response:
                assert response.status == 404
            stream = versions(http, f"http://127.0.0.1:{port}{path}/events")
            first = await next_version(stream, -1)
            assert await play(bot, gid, 1) == 1
            assert await next_version(stream, first) == (await bot.record(gid)).version
            await stream.aclose()  # type: ignore[attr-defined]
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await bot_store.close()
