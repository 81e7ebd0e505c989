"""Two real bot processes on one PostgreSQL, each holding one of the bot's two shards, against the loopback
Discord (issue 20): games in servers on both shards; the deadlines of both fall due and the process of
the first shard is SIGKILLed at once; the other applies every default (once), and posts its own games';
the killed process, started again, posts what its games missed, once; nothing is posted twice.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import time
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord

SHARDS = 2


class PgDb:
    """What :func:`kit.open_game` reads of a game (its seats), from the PostgreSQL database."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def _seats(self, gid: str) -> list[dict[str, Any]]:
        conn = await asyncpg.connect(self.url)
        try:
            rows = await conn.fetch("SELECT seat, user_id FROM seats WHERE game_id=$1 ORDER BY position", gid)
        finally:
            await conn.close()
        return [dict(r) for r in rows]

    def record(self, gid: str) -> dict[str, Any]:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a blocking read, as BotDb's
            return {"seats": pool.submit(asyncio.run, self._seats(gid)).result(timeout=30)}


async def query(url: str, sql: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


def deadline_lines(fake: FakeDiscord, thread: int, status: int) -> list[str]:
    """The lines of the thread's posts (not its status message, which shows recent lines too) that tell of
    a default applied by a deadline."""
    return [
        line
        for m in fake.messages_in(thread, include_ephemeral=False)
        if m.id != status
        for line in m.text().splitlines()
        if "(deadline)" in line or "Time ran out" in line
    ]


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
async def test_two_shard_processes_one_killed_while_deadlines_fall_due(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    first = fake.guild
    other = fake.add_guild("Second server", channels=("general", "games"))
    while (other.id >> 22) % SHARDS == (first.id >> 22) % SHARDS:  # a server on the other shard
        time.sleep(0.002)
        other = fake.add_guild("Second server", channels=("general", "games"))
    hosts = {
        first.id: [fake.add_member(n) for n in ("alice", "bob", "cy")],
        other.id: [fake.add_member(n, guild=other) for n in ("dan", "eve", "fay")],
    }
    env = {
        "ARBITER_DATABASE_URL": postgres_url,
        "ARBITER_SHARD_COUNT": str(SHARDS),
        "TICK_SECONDS": "0.5",
        "ARBITER_CLAIM_SECONDS": "3",
    }
    bots = {
        shard: kit.arbiter_process(
            fake, tmp_path / "unused.db", tmp_path / f"bot-{shard}.log", ARBITER_SHARDS=str(shard), **env
        )
        for shard in range(SHARDS)
    }
    try:
        for bot in bots.values():
            await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        db = PgDb(postgres_url)
        games = {}
        for guild_id, (host, *joiners) in hosts.items():
            table = await kit.open_game(fake, db, host, joiners)
            games[guild_id] = table.gid
        await asyncio.sleep(0.5)  # the start posts settle
        rows = await query(postgres_url, "SELECT id, thread, place FROM games")
        threads = {r["id"]: int(r["thread"]) for r in rows}
        status = {r["id"]: int(json.loads(r["place"])["status"]) for r in rows}
        due = {
            r["game_id"]: r["n"]
            for r in await query(
                postgres_url, "SELECT game_id, COUNT(*) AS n FROM deadlines GROUP BY game_id"
            )
        }
        assert set(due) == set(games.values())

        # every open deadline passes now; the process of the first server's shard dies at once
        await query(
            postgres_url, "UPDATE deadlines SET due_at=$1, remind_at=$1, reminded=TRUE", time.time() - 1
        )
        killed = (first.id >> 22) % SHARDS
        await bots[killed].kill()
        for _ in range(100):  # the survivor applies every default, its dead peer's claims included
            left = await query(postgres_url, "SELECT 1 FROM deadlines WHERE due_at <= $1", time.time())
            if not left:
                break
            await asyncio.sleep(0.2)
        assert not left, "every due default was applied"
        for gid, n in due.items():
            applied = await query(
                postgres_url,
                "SELECT DISTINCT version, seat FROM intents WHERE game_id=$1 AND by_user='deadline'",
                gid,
            )
            assert len({r["seat"] for r in applied}) == n == len(applied), (gid, applied)
        survivor_game, killed_game = games[other.id], games[first.id]
        for _ in range(50):
            if deadline_lines(fake, threads[survivor_game], status[survivor_game]):
                break
            await asyncio.sleep(0.1)
        assert deadline_lines(fake, threads[survivor_game], status[survivor_game]), "the survivor posts"
        assert not deadline_lines(fake, threads[killed_game], status[killed_game]), "not the dead shard's"

        await bots[killed].start()  # back: it catches up on its server's game
        for _ in range(50):
            if deadline_lines(fake, threads[killed_game], status[killed_game]):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # time for a second post, were one to come
        for gid in games.values():
            lines = deadline_lines(fake, threads[gid], status[gid])
            assert lines and len(lines) == len(set(lines)), (gid, lines)  # each posted once
            version, announced = (
                await query(
                    postgres_url,
                    "SELECT g.version, a.version AS announced FROM games g "
                    "JOIN arbiter_announced a ON a.game_id = g.id WHERE g.id=$1",
                    gid,
                )
            )[0]
            assert announced == version, (gid, version, announced)
    finally:
        for bot in bots.values():
            await bot.stop()
