"""Two real bot processes on one real PostgreSQL under faults (issue 32, "Several processes under faults").

Each process holds one of the loopback Discord's two shards (``ARBITER_SHARDS``), with a server on each:

- **Killed holding claims.** Deadlines of games on both servers fall due; the first process (its pass
  runs 40 times as often) claims them, is frozen (SIGSTOP) the moment it holds claims, what it holds is
  counted, and it is SIGKILLed. The other applies them once their lease has run out (not before), and
  every default is applied exactly once (counted in the intent log). The killed process is started again
  and every thread must be told of its default, once: the survivor posts its own server's (a default a
  deadline applied is told at once, whoever acts next), the restarted process catches up on the rest.
- **A dropped NOTIFY.** The store's test-only switch (``ARBITER_TEST_DROP_NOTIFY``, a file) swallows the
  notification of the one default the first process applies in a game of the second's server; the second
  never hears of it, finds it on its next pass over the games changed lately, and posts it in the thread,
  once.
- **Limits across both processes** (issue 32 item 1). A member of both servers joins three lobbies on each
  and all six hosts press Start at once, three through each process: the member never plays in more games
  than allowed. Then both servers' hosts start more lobbies at once: no server runs more than allowed.
- **Damaged rows on PostgreSQL**, as ``test_scenarios_damage.py`` does on SQLite: with both processes
  stopped, every deadline is moved into the past and three games are damaged (a row that does not decode,
  a snapshot unreadable with its log gone, seat rows lost; PostgreSQL refuses invalid UTF-8 in a text
  column, so that kind of damage cannot exist there). Both start again: each damaged game is set aside
  alone, the healthy ones' defaults are applied and announced.

Each scenario prints its figures. Run one file at a time with ``-n 0``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import random
import re
import signal
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, SimMember
from tests.e2e.fake_discord.state import Guild
from tests.e2e.test_scenarios_shards import PgDb, deadline_lines, query

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

SHARDS = 2
ANNOUNCE_WAIT = 30.0
"""Seconds the threads are given to be told of the defaults once the killed process is back."""
LEASE = 4.0
"""ARBITER_CLAIM_SECONDS: how long a claimed deadline is held by its claimer."""


class PgOracle(PgDb):
    """What :class:`kit.Table` reads of a game (record, seats, saved state), from the PostgreSQL database:
    the test's read-only oracle, as :class:`kit.BotDb` is on SQLite."""

    async def _record(self, gid: str) -> dict[str, Any]:
        conn = await asyncpg.connect(self.url)
        try:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                row = await conn.fetchrow("SELECT * FROM games WHERE id=$1", gid)
                seats = await conn.fetch(
                    "SELECT seat, user_id, name, away FROM seats WHERE game_id=$1 ORDER BY position", gid
                )
                snap = await conn.fetchrow("SELECT version, body FROM snapshots WHERE game_id=$1", gid)
        finally:
            await conn.close()
        assert row is not None, gid
        out = dict(row)
        for key in ("options", "place", "winners"):
            out[key] = json.loads(out[key])
        out["seats"] = [dict(r) for r in seats]
        out["snapshot"] = None if snap is None else (int(snap["version"]), str(snap["body"]))
        return out

    def _run(self, coro: Any) -> Any:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a blocking read, as BotDb's
            return pool.submit(asyncio.run, coro).result(timeout=30)

    def record(self, gid: str) -> dict[str, Any]:
        return dict(self._run(self._record(gid)))

    def state(self, gid: str) -> tuple[int, Any]:
        record = self.record(gid)
        assert record["snapshot"] is not None, f"game {gid} has no snapshot"
        return int(record["version"]), engine.get(record["game"]).load(record["snapshot"][1])


@dataclass
class Pair:
    fake: FakeDiscord
    url: str
    guilds: list[Guild]  # guilds[n] is on shard n
    bots: list[kit.BotProcess]
    db: PgOracle

    def shard(self, guild: Guild) -> int:
        return (guild.id >> 22) % SHARDS


def _guild_on_other_shard(fake: FakeDiscord) -> Guild:
    first = fake.guild
    other = fake.add_guild("Second server", channels=("general", "games"))
    while (other.id >> 22) % SHARDS == (first.id >> 22) % SHARDS:
        time.sleep(0.002)
        other = fake.add_guild("Second server", channels=("general", "games"))
    return other


@contextlib.asynccontextmanager
async def two_processes(
    fake: FakeDiscord, url: str, tmp_path: Path, env: list[dict[str, str]], members: Any = None
) -> AsyncIterator[Pair]:
    """Two bot processes, one per shard, on the database ``url``; ``env[n]``: the process of shard n's
    own settings; ``members(fake, guilds)`` adds the members before the processes connect."""
    other = _guild_on_other_shard(fake)
    guilds = sorted([fake.guild, other], key=lambda g: (g.id >> 22) % SHARDS)
    if members is not None:
        members(fake, guilds)
    common = {
        "ARBITER_DATABASE_URL": url,
        "ARBITER_SHARD_COUNT": str(SHARDS),
        "ARBITER_CLAIM_SECONDS": str(LEASE),
    }
    bots = [
        kit.arbiter_process(
            fake,
            tmp_path / "unused.db",
            tmp_path / f"bot-{n}.log",
            ARBITER_SHARDS=str(n),
            **{**common, **env[n]},
        )
        for n in range(SHARDS)
    ]
    try:
        for bot in bots:
            await bot.start(timeout=60)
        await fake.wait_for_commands("game", "play", "hand", timeout=30)
        yield Pair(fake, url, guilds, bots, PgOracle(url))
    finally:
        for bot in bots:
            if bot.proc is not None and bot.proc.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(bot.proc.pid, signal.SIGCONT)
            await bot.stop()


def member_of(fake: FakeDiscord, name: str, guild: Guild) -> SimMember:
    return fake.add_member(name, guild=guild)


async def open_blitz(
    fake: FakeDiscord, db: Any, host: SimMember, agents: int = 2, pace: str = "blitz"
) -> kit.Table:
    """``/game new`` (Infamy, two Rounds) at blitz pace (or ``pace``), with agent seats, then Start (as p7
    does)."""
    answer = await (
        await host.slash(
            "game",
            "new",
            channel="games",
            options={"game": kit.GAME, "seats": 1 + agents, "options": kit.SHORT_GAME, "pace": pace},
        )
    ).message(20)
    found = re.search(r"\(`([0-9a-f]+)`\)", answer.text())
    assert found, answer.text()
    gid = found.group(1)
    lobby = await fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=20)
    for _ in range(agents):
        added = await (await host.click(lobby, f"arbl:{gid}:agent-heuristic")).message(20)
        assert "Agent seat added" in added.text(), added.text()
    started = await (await host.click(lobby, f"arbl:{gid}:start")).message(20)
    assert "started" in started.text(), started.text()
    seat = next(s["seat"] for s in db.record(gid)["seats"] if s["user_id"] == str(host.id))
    return kit.Table(fake, db, gid, lobby.id, {seat: host}, poll=0.2)


async def places(url: str) -> dict[str, tuple[int, int]]:
    """game id -> (thread, status message) of every game with a thread."""
    rows = await query(url, "SELECT id, thread, place FROM games WHERE thread IS NOT NULL")
    return {r["id"]: (int(r["thread"]), int(json.loads(r["place"])["status"])) for r in rows}


async def applied_defaults(url: str) -> list[tuple[str, str, int, float]]:
    """(game, seat, version, time) of every default a deadline applied, from the intent log."""
    rows = await query(
        url, "SELECT game_id, seat, version, at FROM intents WHERE by_user='deadline' ORDER BY at"
    )
    return [(r["game_id"], r["seat"], int(r["version"]), float(r["at"])) for r in rows]


def _signal(bot: kit.BotProcess, sig: int) -> None:
    assert bot.proc is not None and bot.proc.returncode is None
    os.kill(bot.proc.pid, sig)


async def test_a_process_killed_holding_deadline_claims(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    hosts: list[SimMember] = []

    def add(fake: FakeDiscord, guilds: list[Guild]) -> None:
        for n in range(8):  # four games on each server
            hosts.append(member_of(fake, f"host{n}", guilds[n % SHARDS]))

    # the doomed process ticks 40 times as often: it claims first (the other claims what it leaves)
    env = [{"TICK_SECONDS": "0.1"}, {"TICK_SECONDS": str(LEASE)}]
    async with two_processes(fake, postgres_url, tmp_path, env, add) as pair:
        # a day a decision: only the deadlines the test moves into the past fall due
        tables = [await open_blitz(fake, pair.db, host, pace="standard") for host in hosts]
        await asyncio.sleep(1.0)  # the start posts settle
        due = await query(postgres_url, "SELECT game_id, seat FROM deadlines")
        assert {r["game_id"] for r in due} == {t.gid for t in tables}, due
        doomed, survivor = pair.bots
        assert doomed.proc is not None
        mine = f"%:{doomed.proc.pid}:%"

        await query(postgres_url, "UPDATE deadlines SET due_at=$1, remind_at=$1, reminded=TRUE", time.time())
        for _ in range(2000):
            if await query(postgres_url, "SELECT 1 FROM deadlines WHERE claimed_by LIKE $1", mine):
                break
            await asyncio.sleep(0.002)
        _signal(doomed, signal.SIGSTOP)  # frozen holding what it claimed: counted, then killed
        held = await query(
            postgres_url, "SELECT game_id, seat, claimed_until FROM deadlines WHERE claimed_by LIKE $1", mine
        )
        applied_before = await applied_defaults(postgres_url)
        await doomed.kill()
        killed_at = time.time()
        assert held, "the process was frozen before it held a claim"

        for _ in range(200):
            if not await query(postgres_url, "SELECT 1 FROM deadlines WHERE due_at <= $1", killed_at):
                break
            await asyncio.sleep(0.1)
        left = await query(postgres_url, "SELECT game_id, seat FROM deadlines WHERE due_at <= $1", killed_at)
        assert not left, f"defaults never applied: {left}"
        applied = await applied_defaults(postgres_url)
        per_seat = [(g, s) for g, s, _, _ in applied]
        assert sorted(per_seat) == sorted((r["game_id"], r["seat"]) for r in due), (applied, due)
        assert len(per_seat) == len(set(per_seat)), "a default was applied twice"
        took_over = {(g, s): at for g, s, _, at in applied}
        for row in held:  # nobody applied a held claim before its lease ran out
            assert took_over[(row["game_id"], row["seat"])] >= row["claimed_until"] - 0.05, row
        waits = [took_over[(r["game_id"], r["seat"])] - killed_at for r in held]

        for bot in pair.bots:
            assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
        print(
            f"\nkilled holding claims: {len(due)} deadlines due, {len(applied_before)} applied by the "
            f"doomed process before it froze, {len(held)} claims held at its death; the survivor applied "
            f"them {min(waits):.2f}-{max(waits):.2f} s after the kill (lease {LEASE:.0f} s); "
            f"{len(applied)} defaults applied in all, 0 twice"
        )

        await doomed.start(timeout=60)  # back: the threads of both servers get their posts, once
        where = await places(postgres_url)
        try:
            await fake.state.wait_for(
                lambda: all(deadline_lines(fake, *where[t.gid]) for t in tables), ANNOUNCE_WAIT, "the posts"
            )
        except TimeoutError:
            silent = [t for t in tables if not deadline_lines(fake, *where[t.gid])]
            shards = sorted({pair.shard(next(iter(t.players.values())).guild) for t in silent})
            announced = await query(postgres_url, "SELECT game_id, version FROM arbiter_announced")
            pytest.fail(
                f"{len(silent)} of {len(tables)} threads never told of the default applied "
                f"{ANNOUNCE_WAIT:.0f} s after the restart (the games of shard(s) {shards}, whose process "
                f"survived and applied them itself: announced {sorted(announced)})"
            )
        announced_after = time.time() - killed_at
        await asyncio.sleep(1.0)  # time for a second post, were one to come
        for table in tables:
            lines = deadline_lines(fake, *where[table.gid])
            assert len(lines) == len(set(lines)), (table.gid, lines)
        print(f"every thread told of its default {announced_after:.1f} s after the kill, once")


@pytest.mark.parametrize("dropped", [True, False], ids=["dropped", "heard"])
async def test_a_dropped_notify_is_found_on_the_next_pass(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path, dropped: bool
) -> None:
    """``heard``: the same without the fault, the notification arrives (the control case)."""
    fake = fake_discord
    switch = tmp_path / "drop-one-notify"
    hosts: list[SimMember] = []

    def add(fake: FakeDiscord, guilds: list[Guild]) -> None:
        hosts.append(member_of(fake, "ann", guilds[1]))

    sweep = 1.0 if dropped else 3600.0
    env = [
        {"TICK_SECONDS": "0.3", "ARBITER_TEST_DROP_NOTIFY": str(switch)},
        {"TICK_SECONDS": "3600", "ARBITER_NOTICE_SWEEP_SECONDS": str(sweep)},  # applies no default itself
    ]
    async with two_processes(fake, postgres_url, tmp_path, env, add) as pair:
        table = await open_blitz(fake, pair.db, hosts[0])
        await table.settle()
        where = (await places(postgres_url))[table.gid]
        assert not deadline_lines(fake, *where)
        (seat,) = [r["seat"] for r in await query(postgres_url, "SELECT seat FROM deadlines")]
        if dropped:
            switch.write_text("drop the next notification")
        await query(postgres_url, "UPDATE deadlines SET due_at=$1, remind_at=$1, reminded=TRUE", time.time())
        for _ in range(200):
            applied = await applied_defaults(postgres_url)
            if applied:
                break
            await asyncio.sleep(0.1)
        assert [(g, s) for g, s, _, _ in applied] == [(table.gid, seat)], applied
        assert not switch.exists()
        assert ("test fault: the notification of game" in pair.bots[0].logs()) == dropped
        await fake.state.wait_for(lambda: bool(deadline_lines(fake, *where)), 20, "the default announced")
        found_after = time.time() - applied[0][3]
        await asyncio.sleep(1.0)
        lines = deadline_lines(fake, *where)
        assert len(lines) == len(set(lines)), lines
        assert ("without a notification reaching this process" in pair.bots[1].logs()) == dropped
        record, _ = await table.settle()
        announced = await query(
            postgres_url, "SELECT version FROM arbiter_announced WHERE game_id=$1", table.gid
        )
        assert announced[0]["version"] == record["version"], (announced, record["version"])
        # the second process's copy of the game was dropped too: its member plays on the new version
        played = await kit.Player(hosts[0], table, random.Random(5)).play_turn(most=1)
        assert played
        for bot in pair.bots:
            assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
        print(
            f"\n{'dropped' if dropped else 'heard'} NOTIFY: {int(dropped)} notification swallowed; the other "
            f"process posted the change {found_after:.2f} s after its commit (a pass every {sweep:.0f} s), "
            "once"
        )


async def _start_all(members_tables: list[tuple[SimMember, str, kit.Message]]) -> list[str]:
    """Every host presses Start at the same time; the answers' texts."""
    handles = await asyncio.gather(*(h.click(lobby, f"arbl:{gid}:start") for h, gid, lobby in members_tables))
    return [(await h.message(30)).text() for h in handles]


async def _lobby(fake: FakeDiscord, host: SimMember) -> tuple[str, kit.Message]:
    answer = await (
        await host.slash(
            "game", "new", channel="games", options={"game": "gamedec", "seats": 2, "options": ""}
        )
    ).message(20)
    found = re.search(r"\(`([0-9a-f]+)`\)", answer.text())
    assert found, answer.text()
    gid = found.group(1)
    lobby = await fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=20)
    return gid, lobby


async def _running_with(url: str, user: SimMember) -> int:
    rows = await query(
        url,
        "SELECT COUNT(*) AS n FROM games g WHERE g.status IN ('running','paused') AND (g.host=$1 OR EXISTS "
        "(SELECT 1 FROM seats s WHERE s.game_id=g.id AND s.user_id=$1))",
        str(user.id),
    )
    return int(rows[0]["n"])


async def test_limits_hold_across_both_processes(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    per_user, per_guild = 2, 3
    hosts: dict[int, list[SimMember]] = {}
    sitters: dict[int, list[SimMember]] = {}
    both: list[SimMember] = []

    def add(fake: FakeDiscord, guilds: list[Guild]) -> None:
        for n, guild in enumerate(guilds):
            hosts[n] = [member_of(fake, f"host{n}_{i}", guild) for i in range(6)]
            sitters[n] = [member_of(fake, f"sitter{n}_{i}", guild) for i in range(3)]
        mo = member_of(fake, "mo", guilds[0])  # a member of both servers: one process each
        fake.state.add_guild_member(guilds[1], mo.user)
        both.extend([mo, SimMember(fake, mo.user, guilds[1])])

    limits = {
        "MAX_RUNNING_PER_USER": str(per_user),
        "MAX_RUNNING_PER_GUILD": str(per_guild),
        "MAX_LOBBIES_PER_USER": "10",
    }
    async with two_processes(fake, postgres_url, tmp_path, [limits, limits], add) as pair:
        # round 1: mo joins three lobbies on each server, all at once; the six hosts press Start at once
        lobbies = {n: [await _lobby(fake, h) for h in hosts[n][:3]] for n in range(SHARDS)}
        joins = await asyncio.gather(
            *(both[n].click(lobby, f"arbl:{gid}:join") for n in range(SHARDS) for gid, lobby in lobbies[n])
        )
        joined = [(await h.message(30)).text() for h in joins]
        assert all("joined" in t for t in joined), joined
        answers = await _start_all([(hosts[n][i], *lobbies[n][i]) for n in range(SHARDS) for i in range(3)])
        started_1 = sum("started" in a for a in answers)
        refused_1 = [a for a in answers if "already plays in" in a]
        assert await _running_with(postgres_url, both[0]) == per_user == started_1, answers
        assert len(refused_1) == 6 - per_user, answers

        # round 2: three more lobbies on each server (without mo), all started at once through both
        more = {n: [await _lobby(fake, h) for h in hosts[n][3:]] for n in range(SHARDS)}
        joins = await asyncio.gather(
            *(
                sitters[n][i].click(lobby, f"arbl:{gid}:join")
                for n in range(SHARDS)
                for i, (gid, lobby) in enumerate(more[n])
            )
        )
        joined = [(await h.message(30)).text() for h in joins]
        assert all("joined" in t for t in joined), joined
        answers = await _start_all([(hosts[n][3 + i], *more[n][i]) for n in range(SHARDS) for i in range(3)])
        running = {
            r["guild"]: int(r["n"])
            for r in await query(
                postgres_url,
                "SELECT guild, COUNT(*) AS n FROM games WHERE status IN ('running','paused') GROUP BY guild",
            )
        }
        assert running == {str(g.id): per_guild for g in pair.guilds}, (running, answers)
        refused_2 = [a for a in answers if "already runs" in a]
        assert len(refused_2) == started_1, answers  # each server had room for 3 less its round-1 games
        for bot in pair.bots:
            assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
        print(
            f"\nlimits across two processes: 6 starts at once for a member of both servers (at most "
            f"{per_user} games): {started_1} started, {len(refused_1)} refused; 6 more starts at once "
            f"(at most {per_guild} running a server): the servers run {sorted(running.values())}, "
            f"{len(refused_2)} refused"
        )


ROW, SNAPSHOT, SEATS = 1, 2, 3
"""Which of the six games is damaged, and how (as test_scenarios_damage.py, less invalid UTF-8)."""


def _thread_text(fake: FakeDiscord, table: kit.Table) -> str:
    return "\n".join(
        m.all_text()
        for m in fake.messages_in(table.thread_id, include_ephemeral=False)
        if m.id != table.status_id
    )


async def test_damaged_rows_on_postgresql_set_one_game_aside_each(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    fake = fake_discord
    hosts: list[SimMember] = []

    def add(fake: FakeDiscord, guilds: list[Guild]) -> None:
        for n in range(6):
            hosts.append(member_of(fake, f"host{n}", guilds[n % SHARDS]))

    env = [{"TICK_SECONDS": "0.5"}, {"TICK_SECONDS": "0.5"}]
    async with two_processes(fake, postgres_url, tmp_path, env, add) as pair:
        tables = [await open_blitz(fake, pair.db, h) for h in hosts]
        for table in tables:
            await table.settle()
        player = kit.Player(hosts[SNAPSHOT], tables[SNAPSHOT], random.Random(9))
        assert await player.play_turn(most=1), "no move offered"  # the game whose log is lost has one
        await tables[SNAPSHOT].settle()
        for bot in pair.bots:
            await bot.stop()
        await query(postgres_url, "UPDATE deadlines SET due_at=$1 - 60, remind_at=$1 - 120", time.time())
        await query(postgres_url, "UPDATE games SET options='{not json' WHERE id=$1", tables[ROW].gid)
        await query(postgres_url, "DELETE FROM intents WHERE game_id=$1", tables[SNAPSHOT].gid)
        await query(
            postgres_url, "UPDATE snapshots SET body='{garbage' WHERE game_id=$1", tables[SNAPSHOT].gid
        )
        await query(postgres_url, "DELETE FROM seats WHERE game_id=$1", tables[SEATS].gid)
        restarted = time.monotonic()
        # together: the loopback Discord counts the bot connected once every shard is
        await asyncio.gather(*(bot.start(timeout=60) for bot in pair.bots))
        healthy = [t for i, t in enumerate(tables) if i not in (ROW, SNAPSHOT, SEATS)]
        damaged = [tables[ROW], tables[SNAPSHOT], tables[SEATS]]

        def told(t: kit.Table) -> bool:  # in a post of the thread, or on its status message's recent lines
            said = _thread_text(fake, t) + t.status.text()  # told by the process that applied it, or from
            return "Time ran out" in said or "(deadline)" in said  # the log by the one holding the shard

        def done() -> bool:
            return all(told(t) for t in healthy) and all(
                "paused for a moderator" in _thread_text(fake, t)
                and "Set aside for a moderator" in t.status.text()
                for t in damaged
            )

        try:
            await fake.state.wait_for(done, 60, "the defaults applied and the damage announced")
        except TimeoutError:
            dump = {
                "healthy silent": [
                    (t.gid, pair.shard(t.players[next(iter(t.players))].guild))
                    for t in healthy
                    if not told(t)
                ],
                "damaged silent": [
                    (t.gid, pair.shard(t.players[next(iter(t.players))].guild), t.status.text()[:100])
                    for t in damaged
                    if "paused for a moderator" not in _thread_text(fake, t)
                    or "Set aside for a moderator" not in t.status.text()
                ],
                "status": await query(postgres_url, "SELECT id, status, version FROM games"),
                "announced": await query(postgres_url, "SELECT * FROM arbiter_announced"),
                "deadlines": await query(postgres_url, "SELECT game_id, seat, due_at FROM deadlines"),
            }
            raise AssertionError(repr(dump)) from None
        settled = time.monotonic() - restarted
        status = {r["id"]: r["status"] for r in await query(postgres_url, "SELECT id, status FROM games")}
        defaults = {g for g, _, _, _ in await applied_defaults(postgres_url)}
        for table in healthy:
            assert table.gid in defaults and status[table.gid] == "running", table.gid
        for table in damaged:
            assert status[table.gid] == "damaged", table.gid
        assert not await query(postgres_url, "SELECT 1 FROM intents WHERE game_id=$1", tables[SNAPSHOT].gid)
        logs = "\n".join(bot.logs() for bot in pair.bots)
        assert all(t.gid in logs for t in damaged) and "seat rows are lost" in logs
        assert "Traceback" not in logs, logs[-3000:]
        for n in (ROW, SEATS):  # a damaged game refuses a move plainly, through either process
            refused = await (
                await hosts[n].slash("play", action="pass", channel=tables[n].thread_id)
            ).message(20)
            assert "moderator" in refused.text() and kit.BOT_ERROR not in refused.text(), refused.text()
        record, state = await tables[0].settle()
        if record["status"] == "running" and tables[0].human_prompts(state, record):
            assert await kit.Player(hosts[0], tables[0], random.Random(3)).play_turn(most=1)
        print(
            f"\ndamage on PostgreSQL: {len(damaged)} of {len(tables)} games damaged (a row that does not "
            f"decode, snapshot and log lost, seat rows lost), {len(damaged)} set aside, {len(healthy)} "
            f"played on with their defaults applied; settled {settled:.1f} s after both processes restarted"
        )
