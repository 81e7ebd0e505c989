"""A web companion beside a table, for the tests: games of every title played through the table on a
store of its own, a server that opted in, and the server listening on a free loopback port."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import aiohttp

import engine
from bot.leagues import LeagueService
from bot.prefs import Prefs
from bot.store.league_stores import league_store_for
from bot.store.sqlite.storage import SqliteStore
from bot.web.app import WebApp
from bot.web.drawing import Drawer
from bot.web.links import WebLinks
from bot.web.live import Hub, Watcher
from bot.web.site import Site
from engine.table import Table

GUILD = "900100200300400500"
OTHER_GUILD = "900100200300400999"
TITLES = ("infamy", "gamedec", "virtual_revolution", "nakamura_tower", "ipa_agents")
"""The five games Arbiter plays (a test may register a toy game beside them)."""


@dataclass
class World:
    table: Table
    prefs: Prefs
    leagues: LeagueService
    app: WebApp
    http: aiohttp.ClientSession
    store: SqliteStore

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.app.port}"

    async def get(self, path: str) -> tuple[int, str]:
        async with self.http.get(self.base + path) as response:
            return response.status, await response.text()

    async def get_bytes(self, path: str) -> tuple[int, bytes, str]:
        async with self.http.get(self.base + path) as response:
            return response.status, await response.read(), response.content_type

    async def path(self, kind: str, ref: str) -> str:
        return await self.app.site.links.path(kind, ref)  # type: ignore[arg-type]


@asynccontextmanager
async def web_world(
    tmp_path: Path, opted_in: bool = True, watcher: bool = False, table: Table | None = None
) -> AsyncIterator[World]:
    store = SqliteStore(tmp_path / "web.db")
    await store.open()
    table = table or Table(store)
    prefs = Prefs.sqlite(store)
    await prefs.open()
    if opted_in:
        await prefs.set_guild_settings(GUILD, web="on")
    leagues = LeagueService(table, league_store_for(store))
    table.keep_results(leagues.store)
    hub = Hub()
    site = Site(table, WebLinks(table, prefs, "https://arbiter.example"), Drawer(workers=0), leagues)
    app = WebApp(site, hub, Watcher(table, hub) if watcher else None)
    if not watcher:
        table.subscribe(hub.on_update)
    await app.start("127.0.0.1", 0)
    http = aiohttp.ClientSession()
    try:
        yield World(table, prefs, leagues, app, http, store)
    finally:
        await http.close()
        await app.stop()
        await prefs.close()
        await store.close()


async def new_game(table: Table, game_id: str, humans: int = 2, seed: int = 7, guild: str = GUILD) -> str:
    """A running game of ``game_id``: ``humans`` players (u1, u2, ...), agents in the other seats."""
    meta = engine.get(game_id).meta
    seats = max(meta.min_seats, min(3, meta.max_seats))
    place = {"guild": guild, "channel": "1", "thread": f"{abs(hash((game_id, seed))) % 10**12}"}
    update = await table.create(game_id, "u1", "Ann", seats=seats, seed=seed, place=place, pace="standard")
    gid = update.record.id
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    for i in range(2, humans + 1):
        await table.join(gid, f"u{i}", names[i - 1])
    for _ in range(seats - humans):
        await table.add_agent(gid, "u1")
    await table.start(gid, "u1")
    return gid


async def play(table: Table, gid: str, moves: int, seed: int = 3) -> int:
    """Up to ``moves`` moves of the people seated (each one of their legal options, picked by the seed):
    how many were made."""
    made = 0
    for n in range(moves):
        record = await table.record(gid)
        if record.status != "running":
            break
        prompts = await table.prompts(gid)
        asked = next((p for p in prompts if (s := record.seat_named(p.seat)) and not s.agent), None)
        if asked is None:
            break
        seat = record.seat_named(asked.seat)
        assert seat is not None and seat.user is not None
        options = await table.legal(gid, seat.user)
        if not options:
            break
        intent = options[(seed + n * 7) % len(options)][0]
        await table.submit(gid, seat.user, intent, choice=asked.ref if asked.simultaneous else None)
        made += 1
    return made


async def ended_game(table: Table, game_id: str, seed: int = 5, guild: str = GUILD) -> str:
    """A game of ``game_id`` played to its end by agents alone."""
    meta = engine.get(game_id).meta
    seats = max(meta.min_seats, min(3, meta.max_seats))
    place = {"guild": guild, "channel": "1", "thread": f"{abs(hash((game_id, seed, 'end'))) % 10**12}"}
    update = await table.create(game_id, "u1", "Ann", seats=seats, seed=seed, place=place, host_plays=False)
    gid = update.record.id
    for _ in range(seats):
        await table.add_agent(gid, "u1")
    await table.start(gid, "u1")
    return gid


class _Text(HTMLParser):
    """The text of a page as a reader reads it (scripts and styles left out), and its attribute values."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.attrs: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.attrs += [v for _, v in attrs if v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> str:
    """What a reader of ``html`` can read: its text and its attributes (alt texts, titles)."""
    parser = _Text()
    parser.feed(html)
    return re.sub(r"[ \t]+", " ", "\n".join(parser.parts + parser.attrs))


def links_in(html: str) -> list[str]:
    return re.findall(r'href="(/[^"]*)"', html)


def moves_of(intents: list[Any]) -> list[dict[str, Any]]:
    return [{"version": i.version, "seat": i.seat, "intent": i.key} for i in intents]
