"""A short league season through the loopback Discord (issue 19: "e2e through the loopback Discord: create a
league, sign up members, schedule a round, play the games with agents, see standings (an image) and ratings
change").

alice creates a two-round Virtual Revolution league in #games; bob, cy and dan sign up with her (a member
signing up twice and a non-host scheduling are refused); alice schedules round 1: two tables open in
#games, each in its own thread. The bot is killed and started again; then every member goes on
``/vacation``, so agents play their seats to the end (the seats stay theirs: they are rated). The league
schedules round 2 by itself and posts the standings picture; after round 2 the season ends by itself and
the final standings are posted. ``/league standings`` answers with a picture, ``/rating`` and
``/leaderboard`` show the ratings, ``/history`` links each game's thread, and the bot's database holds
one result per game and ratings that a rebuild from the results reproduces.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from engine.league.ratings import rebuild
from engine.league.results import GameResult
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message, SimMember

GAME = "virtual_revolution"


def _pngs(message: Message) -> list[bytes]:
    return [a.data for a in message.attachments if a.filename.endswith(".png")]


async def _answer(member: SimMember, *path: str, timeout: float = 30.0, **options: object) -> Message:
    handle = await member.slash(*path, **options)
    return await handle.message(timeout)


def _league_games(db: Path) -> dict[str, dict[str, object]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT id, status, place FROM games").fetchall()
    return {gid: {"status": status, "place": json.loads(place)} for gid, status, place in rows}


async def _wait_games(
    db: Path, count: int, status: str, timeout: float = 120.0
) -> dict[str, dict[str, object]]:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        games = _league_games(db)
        if sum(1 for g in games.values() if g["status"] == status) >= count:
            return games
        if loop.time() > end:
            raise AssertionError(f"expected {count} {status} games, found {games}")
        await asyncio.sleep(0.3)


async def _everyone_on_vacation(members: list[SimMember], channel: int) -> None:
    """Each member's answer says an agent plays their seat now (a member told the referee is busy tries again
    a moment later, as a person would: the first boards after a restart can keep it busy for a moment)."""
    for member in members:
        for _ in range(30):
            answer = await _answer(member, "vacation", channel=channel)
            if kit.BUSY not in answer.text():
                break
            await asyncio.sleep(1.0)
        assert "an agent plays for you" in answer.text(), answer.text()


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
async def test_a_league_season_through_discord(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    db_path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, db_path, tmp_path / "arbiter-bot.log")
    try:
        members = [fake.add_member(n) for n in ("alice", "bob", "cy", "dan")]
        alice, bob = members[0], members[1]
        await bot.start()
        await fake.wait_for_commands("league", "rating", "leaderboard", "history")
        games = fake.channel("games")
        made = await _answer(
            alice, "league", "create", channel=games.id, league="Cup", game=GAME, seats=2, rounds=2
        )
        assert "**Cup**" in made.text() and made.ephemeral
        for member in members:
            joined = await _answer(member, "league", "join", channel=games.id, league="Cup")
            assert "signed up for **Cup**" in joined.text(), joined.text()
        again = await _answer(bob, "league", "join", channel=games.id, league="cup")
        assert "already in Cup" in again.text()
        refused = await _answer(bob, "league", "schedule", channel=games.id, league="Cup")
        assert "Only the host of Cup" in refused.text()

        scheduled = await _answer(alice, "league", "schedule", channel=games.id, league="Cup")
        assert "round 1 is scheduled" in scheduled.text()
        first = await _wait_games(db_path, 2, "running", timeout=30)
        threads = {g["place"]["thread"] for g in first.values()}  # type: ignore[index]
        assert len(threads) == 2 and all(g["place"]["channel"] == str(games.id) for g in first.values())  # type: ignore[index]
        # a crash between rounds loses nothing: the league and its games are in the database
        await bot.kill()
        await bot.start()
        await fake.wait_for_commands("league")
        await _everyone_on_vacation(members, games.id)
        await _wait_games(db_path, 2, "finished")
        news = await fake.wait_for_message(
            lambda m: "round 2 is scheduled" in m.content, timeout=60, what="round 2's announcement"
        )
        assert news.channel_id == games.id and _pngs(news), news.content
        kit.assert_png(_pngs(news)[0], "the standings after round 1")
        await _wait_games(db_path, 2, "running", timeout=30)
        await _everyone_on_vacation(members, games.id)
        await _wait_games(db_path, 4, "finished")
        final = await fake.wait_for_message(
            lambda m: "Season 1 of **Cup** is over" in m.content, timeout=60, what="the season's end"
        )
        kit.assert_png(_pngs(final)[0], "the final standings")

        standings = await _answer(bob, "league", "standings", channel=games.id, league="Cup")
        # issue 30, item 8: the season just finished, by the game's title (season 2 has no round yet)
        just_ended = "Virtual Revolution · season 1, final standings after 2 rounds"
        assert just_ended in standings.text() and _pngs(standings), standings.text()
        rating = await _answer(bob, "rating", channel=games.id, game=GAME)
        assert "after 2 rated game(s)" in rating.text() and _pngs(rating), rating.text()
        board = await _answer(alice, "leaderboard", channel=games.id, game=GAME)
        assert board.text().count("(2 games)") == 4
        history = await _answer(alice, "history", channel=games.id)
        assert history.text().count("Virtual Revolution") == 2
        assert f"https://discord.com/channels/{fake.guild.id}/" in history.text()

        with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as conn:
            bodies = [r[0] for r in conn.execute("SELECT body FROM results ORDER BY seq")]
            stored = {
                user: (mu, sigma, n)
                for user, mu, sigma, n in conn.execute("SELECT user_id, mu, sigma, games FROM ratings")
            }
            final_body = conn.execute("SELECT body FROM leagues").fetchone()[0]
        results = [GameResult.model_validate_json(b) for b in bodies]
        assert len(results) == 4 and all(r.rated for r in results)
        rebuilt = rebuild(r.rated_result() for r in results).table[f"{fake.guild.id}:{GAME}"]
        assert {u: (r.mu, r.sigma, r.games) for u, r in rebuilt.items()} == stored
        assert json.loads(final_body)["seasons"][0]["final"]
    finally:
        await bot.stop()
        await fake.stop()
