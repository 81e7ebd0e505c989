"""Issue 34: ``arbiter web`` serves the pages of games of all five titles and of a league, only public
information, and nothing at all to a wrong token or for a server that did not turn its web pages on."""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from engine.league.ratings import Rating
from engine.league.results import GameResult, PlayerLine
from renderers import board_renderer
from tests.bot.web.world import (
    GUILD,
    OTHER_GUILD,
    TITLES,
    World,
    ended_game,
    links_in,
    new_game,
    page_text,
    play,
    web_world,
)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with web_world(tmp_path) as w:
        yield w


@pytest.mark.parametrize("title", TITLES)
async def test_a_running_game_of_every_title_serves_each_of_its_pages(world: World, title: str) -> None:
    gid = await new_game(world.table, title)
    assert await play(world.table, gid, 5) > 0
    path = await world.path("game", gid)
    status, html = await world.get(path)
    assert status == 200
    meta = engine.get(title).meta
    text = page_text(html)
    assert meta.title in text and "In play" in text and "The log" in text and "Players" in text
    scene = await world.table.scene(gid)
    for seat in scene.record.seats:
        assert seat.name in text
    assert "due" in text, "who is to act, and by when"
    # the board shown is the public view's board, drawn by the game's own renderer
    status, image, kind = await world.get_bytes(path + "/board.png")
    assert (status, kind) == (200, "image/png")
    assert image == board_renderer(title)(scene.public_view)
    status, compact, kind = await world.get_bytes(path + "/board-compact.png")
    assert status == 200 and kind == "image/png" and compact[:8] == b"\x89PNG\r\n\x1a\n"
    # the live part is the page's own
    status, live = await world.get(path + "/live")
    assert status == 200 and live in html
    # its history: every step, the last one the board as it stands
    status, history = await world.get(path + "/history")
    assert status == 200 and 'type="range"' in history
    steps = int(history.split('max="')[1].split('"')[0])
    assert steps >= 1
    status, last, _ = await world.get_bytes(path + f"/history/{steps}.png")
    assert status == 200 and last == image
    status, first = await world.get(path + "/history?at=0&part=1")
    assert status == 200 and "The set-up" in first
    # the export of a running game is the public record: no seed, no moves, nobody's hand
    status, body = await world.get(path + "/export.json")
    exported = json.loads(body)
    assert status == 200 and "arbiter_public_record" in exported
    assert "seed" not in exported and "intents" not in exported and "final" not in exported
    assert exported["board"] == scene.public_view
    assert (await world.get(path + "/replay"))[0] == 404, "no replay while the game runs"
    for href in links_in(html):
        assert (await world.get_bytes(href))[0] == 200, href


async def test_an_ended_game_exports_everything_and_has_its_replay(world: World) -> None:
    """Table.reveals: once the rules ended the game (it has an outcome), every seat's view is open."""
    gid = await ended_game(world.table, "virtual_revolution")
    record = await world.table.record(gid)
    assert record.status == "finished"
    path = await world.path("game", gid)
    status, html = await world.get(path)
    assert status == 200 and "Game over" in page_text(html) and "#replay" in html
    exported = json.loads((await world.get(path + "/export.json"))[1])
    assert exported["arbiter_export"] == 1 and exported["seed"] == record.seed and exported["intents"]
    status, data, kind = await world.get_bytes(path + "/replay")
    assert status == 200 and kind in ("image/webp", "image/gif") and len(data) > 1000


async def test_wrong_tokens_unknown_paths_and_opted_out_servers_get_404(world: World) -> None:
    gid = await new_game(world.table, "gamedec")
    token = (await world.path("game", gid)).split("/")[-1]
    assert (await world.get(f"/g/{token}"))[0] == 200
    for path in (
        f"/g/{secrets.token_urlsafe(16)}",  # a well-formed token nobody was given
        "/g/short",
        f"/g/{token}x",
        f"/l/{token}",  # a game's token does not open a league page
        f"/s/{token}",
        f"/g/{token}/history/99999.png",
        f"/g/{token}/nothing",
        "/static/../bot/web/app.py",
        "/static/secret.txt",
        "/anything",
    ):
        status, body = await world.get(path)
        assert status == 404, path
        assert "There is no page here" in body and gid not in body
    # a game of a server that did not opt in: the same 404, whatever its token
    foreign = await new_game(world.table, "gamedec", guild=OTHER_GUILD)
    foreign_path = await world.path("game", foreign)
    assert (await world.get(foreign_path))[0] == 404
    assert (await world.get(foreign_path + "/board.png"))[0] == 404
    assert (await world.get(foreign_path + "/events"))[0] == 404
    # a lobby has no page (it has no board yet)
    lobby = (await world.table.create("infamy", "u9", "Ed", place={"guild": GUILD})).record.id
    assert (await world.get(await world.path("game", lobby)))[0] == 404
    # turning the web off closes every page of the server
    guild = (await world.table.record(gid)).place["guild"]
    await world.prefs.set_guild_settings(guild, web=None)
    world.app.site.links.forget(guild)
    assert (await world.get(f"/g/{token}"))[0] == 404


async def test_security_headers_keep_the_token_in_the_page(world: World) -> None:
    gid = await new_game(world.table, "infamy")
    async with world.http.get(world.base + await world.path("game", gid)) as response:
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def _result(game_id: str, server: int, ranking: list[str], at: float) -> GameResult:
    return GameResult(
        game_id=game_id,
        server_id=server,
        game="infamy",
        rated=True,
        finished_at=at,
        ranking=tuple((u,) for u in ranking),
        players=[PlayerLine(user=u, name=u, place=i + 1, met=3, missed=i) for i, u in enumerate(ranking)],
    )


async def test_a_league_a_server_and_a_player(world: World) -> None:
    leagues = world.leagues
    server = int(GUILD)
    league = await leagues.create(server, "Night Cup", "infamy", "111", "222", seats=3)
    for user, name in (("111", "Ann"), ("222", "Bo"), ("333", "Cy")):
        league = await leagues.join(league, user, name)
    await leagues.schedule(league, "111", moderator=False)
    for n, order in enumerate((["111", "222", "333"], ["333", "111", "222"], ["222", "111", "333"])):
        await leagues.store.record_result(_result(f"r{n}", server, order, 1_700_000_000 + n * 3600))
    running = await new_game(world.table, "infamy")
    league_path = await world.path("league", league.id)
    status, html = await world.get(league_path)
    text = page_text(html)
    assert status == 200 and "Night Cup" in text and "Standings" in text and "Schedule" in text
    assert "Round 1" in text and "Reliability" in text
    assert html.count("<polyline") == 3, "one rating line per player"
    assert "Ann" in text and "Bo" in text and "Cy" in text
    ratings = await leagues.ratings(server, "infamy")
    assert set(ratings) == {"111", "222", "333"} and all(isinstance(r, Rating) for r in ratings.values())
    server_path = await world.path("server", str(server))
    status, html = await world.get(server_path)
    assert status == 200 and "In play" in page_text(html) and "Night Cup" in page_text(html)
    assert await world.path("game", running) in html and league_path in html
    status, html = await world.get(server_path + "/player/u1")
    assert status == 404, "player pages are by Discord user id"
    status, html = await world.get(server_path + "/player/111")
    assert status == 200 and "Ratings" in page_text(html) and "<polyline" in html
    assert (await world.get(server_path + "/player/999999"))[0] == 404
    await world.prefs.set_guild_settings(str(server), web=None)
    world.app.site.links.forget(server)
    for path in (league_path, server_path, server_path + "/player/111"):
        assert (await world.get(path))[0] == 404, path
