"""Two real processes applying deadlines on one PostgreSQL (issue 20); one is killed with SIGKILL while
it holds claims it has not applied: the other takes them over when their lease runs out; no default is
applied twice, none is lost, and every game still loads and replays whole."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store.postgres.pg_store import PostgresStore
from engine.core.playout import replay
from engine.table import Limits, Table
from tests.support.toygame import TOY

LEASE = 2.0
GAMES = 24
SEATS = ["Ann", "Bo", "Cy"]

WORKER = """
import asyncio, sys
import tests.conftest  # registers the toy game
from bot.store.postgres.pg_store import PostgresStore
from engine.table import Limits, Table

async def main(url, lease):
    store = PostgresStore(url)
    store.claim_batch = 4
    await store.open()
    table = Table(store, limits=Limits(lobbies_per_user=0, running_per_user=0))
    table.claim_lease = lease
    claim, expire = store.claim_deadlines, table._expire

    async def claiming(now, lease):
        got = await claim(now, lease)
        if got:
            print("claimed", len(got), flush=True)
        return got

    async def slowly(deadline):  # a slow default: a kill lands between the claim and the commit
        await asyncio.sleep(0.05)
        update = await expire(deadline)
        if update is not None:
            print("applied", deadline.game_id, deadline.seat, update.record.version, flush=True)
        return update

    store.claim_deadlines, table._expire = claiming, slowly
    print("ready", flush=True)
    while True:
        await table.tick()
        await asyncio.sleep(0.05)

asyncio.run(main(sys.argv[1], float(sys.argv[2])))
"""


def worker(url: str) -> subprocess.Popen[str]:
    root = Path(__file__).resolve().parents[3]
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, url, str(LEASE)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def make_games(url: str) -> list[str]:
    store = PostgresStore(url)
    await store.open()
    try:
        table = Table(store, limits=Limits(lobbies_per_user=0, running_per_user=0))
        games = []
        for n in range(GAMES):
            gid = (await table.create("toy", f"h{n}", "Ann", seats=3, seed=n, pace="blitz")).record.id
            await table.join(gid, f"h{n}b", "Bo")
            await table.join(gid, f"h{n}c", "Cy")
            await table.start(gid, f"h{n}")
            games.append(gid)
        # every seat's deadline has passed (and its reminder gone out) while no process was running
        past = time.time() - 1
        await store.pool.execute("UPDATE deadlines SET due_at=$1, remind_at=$1, reminded=TRUE", past)
        return games
    finally:
        await store.close()


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
async def test_a_process_killed_holding_claims_loses_nothing_and_repeats_nothing(postgres_url: str) -> None:
    games = await make_games(postgres_url)
    one, two = worker(postgres_url), worker(postgres_url)
    try:
        assert one.stdout is not None and two.stdout is not None
        assert one.stdout.readline().strip() == "ready", one.stderr.read() if one.stderr else ""
        assert two.stdout.readline().strip() == "ready"
        reported: list[str] = []
        for line in one.stdout:  # kill the first process right after one of its claims, before it applies
            reported.append(line.strip())
            if line.startswith("claimed") and random.random() < 0.5 or len(reported) > 12:
                time.sleep(random.uniform(0, 0.03))
                one.send_signal(signal.SIGKILL)
                break
        reported += one.stdout.read().splitlines()
        assert one.wait(timeout=10) == -signal.SIGKILL
        claimed = sum(int(line.split()[1]) for line in reported if line.startswith("claimed"))
        applied = [line for line in reported if line.startswith("applied")]
        assert claimed > len(applied), "killed while holding claims it had not applied"
        store = PostgresStore(postgres_url)
        await store.open()
        try:
            due_left = -1
            for _ in range(int((LEASE + 8) / 0.2)):  # the survivor takes the dead one's claims over
                due_left = await store.pool.fetchval(
                    "SELECT COUNT(*) FROM deadlines WHERE due_at <= $1", time.time()
                )
                if due_left == 0:
                    break
                await asyncio.sleep(0.2)
            assert due_left == 0, "every due default was applied"
            for gid in games:  # each seat's default once, in a game that loads and replays whole
                by_deadline = sorted(i.seat for i in await store.intents(gid) if i.by == "deadline")
                assert by_deadline == SEATS, (gid, by_deadline)
                table = Table(store)
                exported = await table.export(gid)
                moves = [(seat, key) for seat, key in exported["intents"]]
                state = replay(TOY, exported["seats"], exported["seed"], exported["options"], moves)
                assert TOY.dump(state) == exported["final"]
            for line in applied:  # what the killed process said it applied is there, once
                _, gid, seat, version = line.split()
                saved = [i for i in await store.intents(gid) if i.by == "deadline" and i.seat == seat]
                assert [i.version for i in saved] == [int(version)]
            assert not [r.id for r in await store.games() if r.status == "damaged"]
        finally:
            await store.close()
    finally:
        for process in (one, two):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
