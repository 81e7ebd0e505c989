"""Who the web companion serves, and the links Discord posts carry.

A server serves nothing until a member with Manage Server turns it on (``/settings server web:on``: the
guild setting ``web`` is ``"on"``). Every page is named by an unguessable token (:mod:`engine.table.links`);
a link is offered only when the server opted in and ``ARBITER_WEB_URL`` (the public base URL) is set.

The opt-in is read from the preferences at most every :data:`OPT_IN_SECONDS` per server, so a busy page
costs no database read per request, and turning the web off takes effect within that time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.league.league import League
from engine.records import GameRecord
from engine.table import LinkKind, Table

from ..prefs import Prefs

WEB_SETTING = "web"
OPT_IN_SECONDS = 2.0
PATHS: dict[LinkKind, str] = {"game": "g", "league": "l", "server": "s"}
"""The first part of each page's path: ``/g/<token>`` a game, ``/l/<token>`` a league, ``/s/<token>`` a
server."""


class WebLinks:
    def __init__(
        self,
        table: Table,
        prefs: Prefs,
        base_url: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.prefs = prefs
        self.base_url = base_url.rstrip("/") if base_url else None
        self.clock = clock
        self._opted: dict[str, tuple[bool, float]] = {}

    async def opted_in(self, guild: str | int | None) -> bool:
        """Whether the server turned its web pages on (``/settings server web:on``)."""
        if guild is None or str(guild) == "":
            return False
        key = str(guild)
        known = self._opted.get(key)
        now = self.clock()
        if known is not None and now - known[1] < OPT_IN_SECONDS:
            return known[0]
        settings = await self.prefs.guild_settings(key)
        on = settings.get(WEB_SETTING) == "on"
        self._opted[key] = (on, now)
        return on

    def forget(self, guild: str | int) -> None:
        """The server's setting changed in this process: read it again at the next request."""
        self._opted.pop(str(guild), None)

    async def path(self, kind: LinkKind, ref: str) -> str:
        """The page's path (``/g/<token>``), its token made now if it has none."""
        return f"/{PATHS[kind]}/{await self.table.web_token(kind, ref)}"

    async def _url(self, kind: LinkKind, ref: str, guild: str | int | None) -> str | None:
        if self.base_url is None or not await self.opted_in(guild):
            return None
        return self.base_url + await self.path(kind, ref)

    async def game(self, record: GameRecord) -> str | None:
        """The game's page, for its status message and game-over post; None when not served."""
        return await self._url("game", record.id, record.place.get("guild"))

    async def league(self, league: League) -> str | None:
        return await self._url("league", league.id, league.server_id)

    async def server(self, guild: str | int) -> str | None:
        return await self._url("server", str(guild), guild)


__all__ = ["OPT_IN_SECONDS", "PATHS", "WEB_SETTING", "WebLinks"]
