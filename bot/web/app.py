"""The web companion's HTTP server (aiohttp): its routes, the 404 for anything not served, the live
stream, and starting and stopping it (in the bot's process, or alone: :mod:`bot.web.standalone`).

=====================================  ==============================================================
``/g/<token>``                         a game: board, who is to act, deadlines, seats, the whole log
``/g/<token>/live``                    the part of it that changes (the script swaps it in)
``/g/<token>/events``                  server-sent events: the game's new versions as they come
``/g/<token>/board.png``               the public board (``board-compact.png``: the phone's)
``/g/<token>/history[?at=N]``          every step's board with a slider, the events between them
``/g/<token>/history/<N>.png``         the board at step N
``/g/<token>/replay``                  the animated replay, once the game ended
``/g/<token>/export.json``             the public record (the whole export once its rules ended it)
``/l/<token>``                         a league
``/s/<token>``, ``/s/<token>/player/<user>``  a server's games, a player's page there
=====================================  ==============================================================

Every page checks its token and its server's opt-in first (:class:`bot.web.site.Site`); a failed check
is the same plain 404 as a path that does not exist.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

import renderers

from .game_pages import GameView, export, game_html, game_view, live_html
from .history_pages import Histories, history_page, replay, step_board
from .html import HOME, NOT_FOUND, page
from .league_pages import league_page, player_page, server_page
from .live import Hub, Watcher
from .site import NotFound, Pages, Site

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
STATIC_FILES = {"style.css": "text/css", "live.js": "text/javascript", "history.js": "text/javascript"}
KEEPALIVE_SECONDS = 20.0
BOARDS_KEPT = 256
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
"""Nothing from elsewhere, and no page's address (its token) sent on as a referrer."""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def html_response(text: str, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


@web.middleware
async def guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Security headers on every answer; :class:`NotFound` (and any unknown path) as the one plain 404;
    any other failure as a 500 that names nothing (the log has it)."""
    try:
        response = await handler(request)
    except (NotFound, web.HTTPNotFound):
        response = html_response(NOT_FOUND, 404)
    except web.HTTPException:
        raise
    except (ConnectionResetError, asyncio.CancelledError):
        raise
    except Exception:
        log.exception("the web page %s failed", request.path)
        response = html_response(page("Something went wrong", "<h1>Something went wrong</h1>"), 500)
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


class WebApp:
    def __init__(self, site: Site, hub: Hub | None = None, watcher: Watcher | None = None) -> None:
        self.site = site
        self.hub = hub or Hub()
        self.hub.warm = self.warm
        self.watcher = watcher
        if watcher is not None:
            site.watch = watcher.watch
        self.histories = Histories()
        self.boards = Pages(BOARDS_KEPT)
        self._asked: dict[str, set[bool]] = {}
        """Which boards (full, compact) each game's readers asked for: the ones drawn ahead of them."""
        """The boards drawn lately, as PNG bytes (a board is some 50 KB)."""
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    def application(self) -> web.Application:
        app = web.Application(middlewares=[guarded])
        get = app.router.add_get
        get("/", self.home)
        get("/static/{name}", self.static)
        get("/g/{token}", self.game)
        get("/g/{token}/live", self.live)
        get("/g/{token}/events", self.events)
        get("/g/{token}/board.png", self.board)
        get("/g/{token}/board-compact.png", self.board)
        get("/g/{token}/history", self.history)
        get("/g/{token}/history/{at:\\d{1,6}}.png", self.history_board)
        get("/g/{token}/replay", self.replay)
        get("/g/{token}/export.json", self.export)
        get("/l/{token}", self.league)
        get("/s/{token}", self.server)
        get("/s/{token}/player/{user}", self.player)
        return app

    # --- running -------------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> None:
        runner = web.AppRunner(self.application(), access_log=None, shutdown_timeout=2.0)
        self.site.drawer.start()
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        self._runner = runner
        sockets = [s for s in getattr(site._server, "sockets", None) or []]  # the port given for port 0
        self.port = sockets[0].getsockname()[1] if sockets else port
        if self.watcher is not None:
            self.watcher.start()
        log.info("the web companion serves http://%s:%s", host, self.port)

    async def stop(self) -> None:
        if self.watcher is not None:
            await self.watcher.stop()
        await self.hub.close_all()
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        await asyncio.to_thread(self.site.drawer.stop)

    async def warm(self, game_id: str) -> None:
        """Make the new version's page and boards before its readers are told of it."""
        record = await self.site.table.record(game_id)
        if record.status in ("lobby", "damaged"):
            return
        g = await game_view(self.site, record)
        if g.scene.public_view:  # the boards its readers asked for before (a phone's, a desktop's)
            for compact in sorted(self._asked.get(game_id, {False})):
                await self._board_of(record.game, game_id, g, compact)

    async def _board_of(self, kind: str, game_id: str, g: GameView, compact: bool) -> bytes:
        """The version's board, drawn once however many readers ask for it together (and then kept)."""
        view = g.scene.public_view
        if compact and g.scene.due and renderers.compact_renderer(kind) is not None:
            view = dict(view, due=g.scene.due)  # the compact board draws the deadline, as in Discord
        self._asked.setdefault(game_id, set()).add(compact)
        key = (game_id, "board", g.record.version, compact)
        return await self.boards.once(key, lambda: self.site.drawer.board(kind, view, compact))

    # --- pages ---------------------------------------------------------------------------------------
    async def home(self, request: web.Request) -> web.Response:
        return html_response(HOME)

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            raise NotFound(name)
        body = (STATIC / name).read_bytes()
        return web.Response(
            body=body, content_type=STATIC_FILES[name], headers={"Cache-Control": "public, max-age=3600"}
        )

    @staticmethod
    def _base(request: web.Request) -> str:
        return f"/g/{request.match_info['token']}"

    async def game(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        base = self._base(request)

        async def make() -> str:
            g = await game_view(self.site, record)
            league_id = record.place.get("league")
            league = await self.site.links.path("league", league_id) if league_id else None
            return game_html(base, g, league)

        return html_response(await self.site.pages.once((record.id, "page", record.version, base), make))

    async def live(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        base = self._base(request)

        async def make() -> str:
            return live_html(base, await game_view(self.site, record))

        return html_response(await self.site.pages.once((record.id, "live", record.version, base), make))

    async def events(self, request: web.Request) -> web.StreamResponse:
        record = await self.site.game(request.match_info["token"])
        queue = self.hub.open(record.id)
        if queue is None:
            return web.Response(status=503, headers={"Retry-After": "30"})
        response = web.StreamResponse(
            headers={**HEADERS, "Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        )
        try:
            await response.prepare(request)
            await response.write(f"retry: 3000\nevent: version\ndata: {record.version}\n\n".encode())
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if version is None:
                    break
                await response.write(f"event: version\ndata: {version}\n\n".encode())
        except (ConnectionResetError, ConnectionError):
            pass  # the reader left
        finally:
            self.hub.close(record.id, queue)
        return response

    async def board(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        g = await game_view(self.site, record)
        if not g.scene.public_view:
            raise NotFound(record.id)
        compact = request.path.endswith("board-compact.png")
        image = await self._board_of(record.game, record.id, g, compact)
        return web.Response(body=image, content_type="image/png", headers={"Cache-Control": "no-cache"})

    async def history(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        text = await history_page(self.site, self.histories, record, self._base(request), request.query)
        return html_response(text)

    async def history_board(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        image = await step_board(self.site, self.histories, record, int(request.match_info["at"]))
        return web.Response(body=image, content_type="image/png", headers={"Cache-Control": "no-cache"})

    async def replay(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        data, kind = await replay(self.site, record)
        return web.Response(body=data, content_type=kind, headers={"Cache-Control": "no-cache"})

    async def export(self, request: web.Request) -> web.Response:
        record = await self.site.game(request.match_info["token"])
        g = await game_view(self.site, record)
        body = json.dumps(await export(self.site, record, g), indent=1)
        return web.Response(
            text=body,
            content_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{record.game}-{record.id}.json"'},
        )

    async def league(self, request: web.Request) -> web.Response:
        league = await self.site.league(request.match_info["token"])
        return html_response(await league_page(self.site, league))

    async def server(self, request: web.Request) -> web.Response:
        guild = await self.site.server(request.match_info["token"])
        return html_response(await server_page(self.site, guild))

    async def player(self, request: web.Request) -> web.Response:
        guild = await self.site.server(request.match_info["token"])
        return html_response(await player_page(self.site, guild, request.match_info["user"]))


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` (``ARBITER_WEB``; ``:8080`` is every interface's port 8080)."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) < 65536:
        raise ValueError(f"ARBITER_WEB is host:port, as 127.0.0.1:8080, not {text!r}")
    return (host.strip("[]") or "0.0.0.0"), int(port)


__all__ = ["WebApp", "parse_address"]
