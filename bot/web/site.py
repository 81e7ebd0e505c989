"""What the web pages read from, in one object: the table, the league service, the links (who opted in),
the drawing of the boards, and the pages already made.

Every page begins with :meth:`Site.target`: the token must name a page of the asked kind, and its server
must have turned its web pages on; anything else is :class:`NotFound` (a 404 that says nothing about why,
so a wrong token, an opted-out server and a game that does not exist look alike).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.league.league import League
from engine.records import GameRecord
from engine.table import LinkKind, Table

from ..leagues import LeagueService
from .drawing import Drawer
from .links import WebLinks

PAGES_KEPT = 1024
T = TypeVar("T")


class NotFound(Exception):
    """No page here (a wrong token, a server that did not opt in, a game that cannot be shown)."""


class Pages:
    """Pages already made, by key (a game's id, what it is and its version): a version's page never changes,
    so readers of a busy game share one making of it (:meth:`once`: readers arriving together wait for
    the one making). Least recently used out first."""

    def __init__(self, kept: int = PAGES_KEPT) -> None:
        self.kept = kept
        self._made: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._making: dict[tuple[Any, ...], asyncio.Future[Any]] = {}

    async def once(self, key: tuple[Any, ...], make: Callable[[], Awaitable[T]], keep: bool = True) -> T:
        """What ``key`` names: made by one task, which every caller with that key waits for (a reader who
        leaves does not stop it); kept for later callers too unless ``keep`` is False (a read that is only
        shared while it runs)."""
        found = self._made.get(key) if keep else None
        if found is not None:
            self._made.move_to_end(key)
            return found  # type: ignore[no-any-return]
        making = self._making.get(key)
        if making is None:
            making = self._making[key] = asyncio.ensure_future(make())
            making.add_done_callback(lambda done: self._settle(key, done, keep))
        return await asyncio.shield(making)

    def _settle(self, key: tuple[Any, ...], done: asyncio.Future[Any], keep: bool) -> None:
        self._making.pop(key, None)
        if not done.cancelled() and done.exception() is None and keep:
            self.put(key, done.result())

    def get(self, key: tuple[Any, ...]) -> Any:
        found = self._made.get(key)
        if found is not None:
            self._made.move_to_end(key)
        return found

    def put(self, key: tuple[Any, ...], made: Any) -> Any:
        self._made[key] = made
        self._made.move_to_end(key)
        while len(self._made) > self.kept:
            self._made.popitem(last=False)
        return made


@dataclass
class Site:
    table: Table
    links: WebLinks
    drawer: Drawer
    leagues: LeagueService | None = None
    pages: Pages = field(default_factory=Pages)
    watch: Callable[[str, int], None] | None = None
    """Told of every game a page showed (its id and version): a reader in another process than the bot
    watches those games for changes (:class:`bot.web.live.Watcher`)."""

    async def target(self, kind: LinkKind, token: str) -> str:
        """The id behind ``token`` when it names a ``kind`` page; else :class:`NotFound`."""
        found = await self.table.web_target(token)
        if found is None or found[0] != kind:
            raise NotFound(token)
        return found[1]

    async def game(self, token: str) -> GameRecord:
        """The game ``token`` names, when its server serves web pages and it ever started."""
        game_id = await self.target("game", token)
        try:  # readers arriving together after a change read the game once
            record = await self.pages.once(
                (game_id, "record"), lambda: self.table.record(game_id), keep=False
            )
        except Exception as exc:  # gone, or set aside as damaged while it was read
            raise NotFound(token) from exc
        if record.status in ("lobby", "damaged") or not await self.links.opted_in(record.place.get("guild")):
            raise NotFound(token)
        if self.watch is not None:
            self.watch(record.id, record.version)
        return record

    async def league(self, token: str) -> League:
        league_id = await self.target("league", token)
        found = await self.leagues.league(league_id) if self.leagues is not None else None
        if found is None or not await self.links.opted_in(found.server_id):
            raise NotFound(token)
        return found

    async def server(self, token: str) -> str:
        guild = await self.target("server", token)
        if not await self.links.opted_in(guild):
            raise NotFound(token)
        return guild


__all__ = ["NotFound", "Pages", "Site"]
