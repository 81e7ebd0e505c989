"""``/league``, ``/rating``, ``/leaderboard`` and ``/history`` with the Discord fakes: a league created,
signed up to (with the refusals issue 19 lists: non-hosts, closed sign-ups, the cap on running games), a
round scheduled that opens each table in its own thread, games played to the end by agents, the next round
scheduled by itself, the season ended by itself after its rounds with its final standings archived, and
the standings, ratings and history shown."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.leagues import LeagueService
from cogs.league_front import DiscordLeagueFront
from engine.league.store import MemoryLeagueStore
from engine.table import Table
from tests.cogs.fakes import Sent, World
from tests.cogs.helpers import last

PLAYERS = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture
def league_world(world: World) -> World:
    store = MemoryLeagueStore()
    world.table.keep_results(store)
    leagues = LeagueService(world.table, store, DiscordLeagueFront(world.client, world.services))
    world.services.leagues = leagues
    world.table.subscribe(leagues.on_update)
    return world


def _png(sent: Sent) -> Image.Image:
    assert sent.files, sent.text
    image = Image.open(io.BytesIO(sent.files[0][1]))
    image.load()
    return image


async def _finish_round(world: World, table: Table, games: list[str]) -> None:
    """Every player of these games goes on vacation: agents play them to the end (the seats stay theirs)."""
    for gid in games:
        record = await table.record(gid)
        for seat in record.seats:
            if (await table.record(gid)).status == "running" and seat.user:
                await table.set_away(gid, seat.user, True)
        assert (await table.record(gid)).status == "finished"
    await world.settle()


async def _league_games(world: World) -> list[str]:
    leagues = world.services.leagues
    assert leagues is not None
    league = (await leagues.leagues(world.guild_id))[0]
    return [t.record_id for t in league.season.rounds[-1].tables if t.record_id]


async def test_a_short_season_through_the_commands(league_world: World, cogs: dict[str, Any]) -> None:
    world, cog = league_world, cogs["LeagueCog"]
    await world.command(cog, "create", world.interaction("Ann"), league="Cup", game="toy", seats=2, rounds=2)
    assert "**Cup**: High Card at 2 seats" in last(world.to("Ann")).text
    assert "New league **Cup**" in last(world.public()).text and last(world.public()).where == "channel:222"
    for name in PLAYERS:
        await world.command(cog, "join", world.interaction(name), league="cup")
        assert "signed up for **Cup**" in last(world.to(name)).text
    await world.command(cog, "join", world.interaction("Bo"), league="Cup")
    assert "already in Cup" in last(world.to("Bo")).text
    await world.command(cog, "schedule", world.interaction("Bo"), league="Cup")
    assert "Only the host of Cup" in last(world.to("Bo")).text
    await world.command(cog, "signups", world.interaction("Ann"), league="Cup", open=False)
    await world.command(cog, "join", world.interaction("Mod"), league="Cup")
    assert "Sign-ups for Cup are closed" in last(world.to("Mod")).text
    await world.command(cog, "join", world.interaction("Ann"), league="Nope")
    assert "no league named 'Nope' here. Leagues: Cup" in last(world.to("Ann")).text

    threads = len(world.threads_created)
    await world.command(cog, "schedule", world.interaction("Ann"), league="Cup")
    assert any("round 1 is scheduled" in s.text and s.where == "channel:222" for s in world.public())
    assert "round 1 is scheduled" in last(world.to("Ann")).text
    assert len(world.threads_created) == threads + 2  # one thread per table
    games = await _league_games(world)
    records = [await world.table.record(g) for g in games]
    assert all(r.status == "running" and r.place["league"] and r.place["channel"] == "222" for r in records)
    seated = sorted(s.user or "" for r in records for s in r.seats)
    assert seated == sorted(str(world.users[n].id) for n in PLAYERS)  # nobody at two tables
    await world.command(cog, "schedule", world.interaction("Ann"), league="Cup")
    assert "Round 1 still has 2 table(s) playing" in last(world.to("Ann")).text

    await _finish_round(world, world.table, games)
    news = [s for s in world.public() if "round 2 is scheduled" in s.text]
    assert news and news[-1].where == "channel:222" and _png(news[-1]).width > 100
    second = await _league_games(world)
    assert set(second).isdisjoint(games) and len(second) == 2
    await _finish_round(world, world.table, second)
    final = [s for s in world.public() if "Season 1 of **Cup** is over" in s.text]
    assert len(final) == 1 and _png(final[0])
    leagues = world.services.leagues
    assert leagues is not None
    league = await leagues.find(world.guild_id, "Cup")
    ended = league.seasons[0]
    assert ended.final is not None and sum(line.played for line in ended.final) == 8
    assert league.season.number == 2

    # issue 30, item 8: once a season ends, the standings show the season just finished (the next one has
    # played nothing yet), named by the game's title
    await world.command(cog, "standings", world.interaction("Bo"), league="Cup")
    answer = last(world.to("Bo"))
    just_ended = "**Cup**: High Card · season 1, final standings after 2 rounds"
    assert just_ended in answer.text and " 2 played" in answer.text and _png(answer).height > 50
    await world.command(cog, "standings", world.interaction("Bo"), league="Cup", season=1)
    answer = last(world.to("Bo"))
    assert just_ended in answer.text and " 2 played" in answer.text
    await world.command(cog, "standings", world.interaction("Bo"), league="Cup", season=2)
    assert "**Cup**: High Card · season 2 · after round 0" in last(world.to("Bo")).text
    await world.command(cog, "standings", world.interaction("Bo"), league="Cup", season=5)
    assert "no ended season 5" in last(world.to("Bo")).text

    ratings = cogs["RatingsCog"]
    ann = world.users["Ann"]
    await world.command(ratings, "rating", world.interaction("Bo"), member=ann, game="toy")
    answer = last(world.to("Bo"))
    assert "High Card: " in answer.text and "(provisional) after 2 rated game(s)" in answer.text
    assert "Deadlines met" in answer.text and _png(answer)
    await world.command(ratings, "leaderboard", world.interaction("Cy"), game="toy")
    board = last(world.to("Cy")).text
    assert board.count("(2 games)") == 4 and "<@1001>" in board
    await world.command(ratings, "history", world.interaction("Di"))
    history = last(world.to("Di")).text
    assert history.count("High Card") == 2 and "https://discord.com/channels/111/" in history
    assert " of 2" in history


async def test_refusals_outside_the_rules(league_world: World, cogs: dict[str, Any]) -> None:
    world, cog = league_world, cogs["LeagueCog"]
    await world.command(cog, "create", world.interaction("Ann"), league="Cup", game="toy", seats=9)
    assert "2 to 5 players, not 9" in last(world.to("Ann")).text
    await world.command(cog, "create", world.interaction("Ann"), league="Cup", game="toy", points="3,x")
    assert "numbers separated by commas" in last(world.to("Ann")).text
    await world.command(cog, "create", world.interaction("Ann"), league="Cup", game="toy", seats=2)
    await world.command(cog, "create", world.interaction("Bo"), league="cup", game="toy")
    assert "already has a league named" in last(world.to("Bo")).text
    await world.command(cog, "cap", world.interaction("Bo"), games=1)
    assert "Manage Server" in last(world.to("Bo")).text
    await world.command(cog, "cap", world.interaction("Mod", moderator=True), games=1)
    # Bo already plays one game: at a cap of 1 running game he cannot sign up
    update = await world.table.create("toy", "1002", "Bo", seats=2, place={"guild": "111"})
    await world.table.join(update.record.id, "1003", "Cy")
    await world.table.start(update.record.id, "1002")
    await world.command(cog, "join", world.interaction("Bo"), league="Cup")
    assert "You have 1 games running, your limit for now (1)" in last(world.to("Bo")).text
    await world.command(cogs["RatingsCog"], "rating", world.interaction("Bo"))
    assert "may run 1 games at once" in last(world.to("Bo")).text
    await world.command(cog, "schedule", world.interaction("Ann"), league="Cup")
    assert "needs 2 players for a table; 0 signed up" in last(world.to("Ann")).text
    await world.command(cog, "end", world.interaction("Ann"), league="Cup")
    assert "has not started yet" in last(world.to("Ann")).text
    await world.command(cog, "rebuild", world.interaction("Mod", moderator=True), game="toy")
    assert "Rebuilt" in last(world.to("Mod")).text
