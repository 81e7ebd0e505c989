"""``arbiter web``: the web companion alone, beside the bot, on the bot's database (its composition root:
the one module of :mod:`bot.web` that opens a store).

Beside one bot process on its SQLite file, another process commits every change: the
:class:`~bot.web.live.Watcher` checks the stored versions of the games shown, once a second for them all.
Beside bot processes on PostgreSQL, the store's NOTIFY tells of each change as it is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

from engine.core import registry
from engine.table import Table

from .. import collector
from ..leagues import LeagueService
from ..prefs import prefs_for
from ..settings import Settings
from ..store.errors import StoreRefused
from ..store.league_stores import league_store_for
from ..store.postgres.pg_store import Changed, PostgresStore
from ..store.stores import describe, open_store, sqlite_file
from .app import WebApp, parse_address
from .drawing import Drawer
from .links import WebLinks
from .live import POLL_SECONDS, Hub, Watcher
from .site import Site

log = logging.getLogger(__name__)

DEFAULT_ADDRESS = "127.0.0.1:8080"


async def serve(
    host: str, port: int, settings: Settings, ready: asyncio.Future[int] | None = None, settle: bool = False
) -> None:
    """Serve until SIGINT or SIGTERM (or cancelled); ``ready`` is given the port once it listens. ``settle``
    (the process's own server, not a test's): once started, what lives as long as the process (every
    game's code, the data packs) is frozen out of the collector's sight, so no collection walks it while
    readers wait (a full one took 150 ms)."""
    registry.games()  # every game's code imported before the first reader, not while one waits
    local = sqlite_file(settings.database, settings.arbiter_db) or settings.arbiter_db
    games = open_store(settings.database, settings.arbiter_db, settings.arbiter_synchronous)
    await games.open()
    prefs = prefs_for(games, local)
    try:
        await prefs.open()
        table = Table(games)
        leagues = LeagueService(table, league_store_for(games))
        hub = Hub()
        shared = isinstance(games, PostgresStore)
        watcher = Watcher(table, hub, poll_seconds=None if shared else POLL_SECONDS)
        if isinstance(games, PostgresStore):
            games.listen(lambda changed: _heard(watcher, changed))
        links = WebLinks(table, prefs, settings.arbiter_web_url)
        app = WebApp(Site(table, links, Drawer(), leagues), hub, watcher)
        await app.start(host, port)
        print(f"Arbiter's web companion serves http://{host}:{app.port} ({describe(settings.database)})")
        if settle:
            collector.settle()
        if ready is not None:
            assert app.port is not None
            ready.set_result(app.port)
        try:
            await _until_stopped()
        finally:
            await app.stop()
    finally:
        await prefs.close()
        await games.close()


def _heard(watcher: Watcher, changed: Changed | None) -> None:
    if changed is None:
        watcher.resync()
    else:
        watcher.heard(changed.game_id, changed.version)


async def _until_stopped() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()


def run(host: str | None, port: int | None) -> int:
    """``arbiter web [--host H] [--port P]`` (by default ``ARBITER_WEB``'s, else 127.0.0.1:8080): the
    process exit code."""
    try:
        settings = Settings()
        default_host, default_port = parse_address(settings.arbiter_web or DEFAULT_ADDRESS)
    except Exception as exc:
        print(f"A setting is not valid: {exc}", file=sys.stderr)
        return 2
    host = host or default_host
    port = default_port if port is None else port
    try:
        asyncio.run(serve(host, port, settings, settle=True))
    except StoreRefused as exc:
        print(f"The web companion did not start: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the port is taken, or the host is not this machine's
        print(f"The web companion cannot listen on {host}:{port}: {exc}", file=sys.stderr)
        return 2
    return 0


__all__ = ["run", "serve"]
