"""Issue 34, item 3: the status message and the game-over post carry the game's web link, and
``/league standings`` the league's, once the server turned its web pages on (``/settings server web:on``,
off by default) and the bot knows its public address (``ARBITER_WEB_URL``)."""

from __future__ import annotations

import re
from typing import Any

from bot.leagues import LeagueService
from bot.web.links import WebLinks
from engine.league.store import MemoryLeagueStore
from tests.cogs.fakes import World
from tests.cogs.helpers import last, start_game, status_edits, thread_posts

BASE = "https://arbiter.example.org"
GAME_LINK = re.compile(re.escape(BASE) + r"/g/([A-Za-z0-9_-]{20,})")


def _web(world: World, base: str | None = BASE) -> WebLinks:
    links = WebLinks(world.table, world.services.prefs, base)
    world.services.web = links
    return links


async def test_no_link_before_the_server_opts_in_then_the_status_and_the_end_carry_it(
    world: World, cogs: dict[str, Any]
) -> None:
    _web(world)
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await world.settle()
    assert not any(GAME_LINK.search(s.text) for s in world.sent), "off by default"
    settings = cogs["SettingsCog"]
    await world.command(settings, "server", world.interaction("Bo"), web="on")
    assert "Only members with Manage Server" in last(world.to("Bo")).text
    await world.command(settings, "server", world.interaction("Mod", moderator=True), web="on")
    shown = last(world.to("Mod")).text
    assert "Web pages: on: " + BASE + "/s/" in shown
    assert (await world.services.prefs.guild_settings(str(world.guild_id))).get("web") == "on"
    mark = world.mark()
    record = await world.table.record(gid)
    for seat in record.seats:  # every player away: agents play the game to its end
        if (await world.table.record(gid)).status == "running" and seat.user:
            await world.table.set_away(gid, seat.user, True)
    await world.settle()
    assert (await world.table.record(gid)).status == "finished"
    edits = [s for s in status_edits(world, mark) if GAME_LINK.search(s.text)]
    assert edits, "the status message carries the game's web link"
    token = GAME_LINK.search(edits[-1].text)
    assert token is not None and await world.table.web_target(token.group(1)) == ("game", gid)
    end = [p for p in thread_posts(world, thread, mark) if "Game over" in p.text]
    assert end and GAME_LINK.search(end[-1].text), "the game-over post carries it too"
    await world.command(settings, "server", world.interaction("Mod", moderator=True), web="off")
    assert "Web pages: off" in last(world.to("Mod")).text
    assert "web" not in await world.services.prefs.guild_settings(str(world.guild_id))


async def test_no_link_without_the_public_address(world: World, cogs: dict[str, Any]) -> None:
    _web(world, None)
    await world.services.prefs.set_guild_settings(str(world.guild_id), web="on")
    await start_game(world, cogs, players=("Ann", "Bo"))
    await world.settle()
    assert not any("/g/" in s.text for s in world.sent)
    await world.command(cogs["SettingsCog"], "show", world.interaction("Ann"))
    assert "has not given it a public web address" in last(world.to("Ann")).text


async def test_league_standings_carry_the_league_link(world: World, cogs: dict[str, Any]) -> None:
    _web(world)
    store = MemoryLeagueStore()
    world.table.keep_results(store)
    leagues = LeagueService(world.table, store)
    world.services.leagues = leagues
    await world.services.prefs.set_guild_settings(str(world.guild_id), web="on")
    cog = cogs["LeagueCog"]
    league = await leagues.create(world.guild_id, "Cup", "toy", "1001", "222", seats=2)
    await world.command(cog, "standings", world.interaction("Ann"), league="Cup")
    text = last(world.to("Ann")).text
    found = re.search(re.escape(BASE) + r"/l/([A-Za-z0-9_-]{20,})", text)
    assert found is not None, text
    assert await world.table.web_target(found.group(1)) == ("league", league.id)
