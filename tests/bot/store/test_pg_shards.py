"""Several processes on one PostgreSQL (issue 20): deadlines claimed once, a dead claimer's lease taken
over, a cold load racing another process's commit, and notifications between processes.

Two stores opened on one database (two connection pools) stand for two processes; the subprocess test in
``test_pg_processes.py`` uses real ones."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from bot.store.postgres.pg_store import Changed, PostgresStore
from engine.store import MemoryStore
from engine.table import Limits, Table, Update
from tests.engine.test_table_pg import Clock, started

UNLIMITED = Limits(lobbies_per_user=0, running_per_user=0, lobbies_per_guild=0, running_per_guild=0)


async def two_tables(url: str, clock: Clock) -> tuple[PostgresStore, Table, PostgresStore, Table]:
    one, two = PostgresStore(url), PostgresStore(url)
    await one.open()
    await two.open()
    return one, Table(one, clock=clock, limits=UNLIMITED), two, Table(two, clock=clock, limits=UNLIMITED)


async def deadline_versions(store: PostgresStore, gid: str) -> set[int]:
    """The versions whose intents a deadline applied: one per default applied."""
    return {i.version for i in await store.intents(gid) if i.by == "deadline"}


async def ticked_logs(
    tables: list[Table], clock: Clock, rounds: int = 12
) -> dict[str, list[tuple[str, str, str]]]:
    """Twelve games made by the first table, their first deadlines passed, then every table ticking at once
    ``rounds`` times: each game's intents (seat, key, by) in seat order, by host (secret picks are applied
    in whichever order the processes reach them)."""
    games = {f"h{i}": await started(tables[0], host=f"h{i}") for i in range(12)}
    for gid in list(games.values())[::2]:  # half the games are cached by the other tables too
        for table in tables[1:]:
            await table.legal(gid, "h0")
    clock.now += 3600  # blitz: every first deadline has passed
    for _ in range(rounds):
        await asyncio.gather(*(table.tick() for table in tables))
    return {
        host: sorted((i.seat, i.key, i.by) for i in await tables[0].store.intents(gid))
        for host, gid in games.items()
    }


async def test_two_processes_ticking_at_once_apply_each_default_once(postgres_url: str) -> None:
    """The games come out exactly as when one process applies the deadlines: no default twice, none lost."""
    solo_clock = Clock()
    alone = await ticked_logs([Table(MemoryStore(), clock=solo_clock, limits=UNLIMITED)], solo_clock)
    assert all(any(by == "deadline" for _, _, by in log) for log in alone.values())
    clock = Clock()
    one, table_one, two, table_two = await two_tables(postgres_url, clock)
    one.claim_batch = two.claim_batch = 4  # small claims, so that both processes get some at once
    shares: Counter[str] = Counter()
    for table, name in ((table_one, "one"), (table_two, "two")):
        table.subscribe(lambda u, name=name: _count(shares, name, u))
    try:
        together = await ticked_logs([table_one, table_two], clock)
        assert together == alone
        assert shares["one"] and shares["two"], f"both processes took a share of the deadlines: {shares}"
    finally:
        await one.close()
        await two.close()


async def _count(shares: Counter[str], name: str, update: Update) -> None:
    if update.kind == "deadline":
        shares[name] += 1


async def test_a_claim_holds_until_its_lease_runs_out_then_another_process_takes_it(
    postgres_url: str,
) -> None:
    """A process that claimed deadlines and died before applying them leaves them to the others once
    its lease has run out; until then nobody applies them (nothing twice)."""
    clock = Clock()
    one, table_one, two, table_two = await two_tables(postgres_url, clock)
    try:
        gid = await started(table_one)
        clock.now += 3600
        claimed = await one.claim_deadlines(clock.now, lease=30)
        assert sorted((d.game_id, d.seat) for d in claimed) == [(gid, "Ann"), (gid, "Bo"), (gid, "Cy")]
        await one.close()  # killed right after its claim: the default was never applied
        assert await table_two.tick() == []
        clock.now += 29
        assert await table_two.tick() == []
        clock.now += 2  # the dead claimer's lease has run out
        updates = await table_two.tick()
        assert {(u.record.id, u.kind) for u in updates} == {(gid, "deadline")}
        assert sorted(i.seat for i in await two.intents(gid) if i.by == "deadline") == ["Ann", "Bo", "Cy"]
        assert await table_two.tick() == []
    finally:
        await two.close()


async def test_a_stale_claim_is_never_applied_and_a_stale_cache_is_refreshed(postgres_url: str) -> None:
    """A deadline claimed just before another process extended it is not applied early; a table whose
    cached game is older than the stored one applies a still-due default to the stored game, once."""
    clock = Clock()
    one, table_one, two, table_two = await two_tables(postgres_url, clock)
    try:
        gid = await started(table_one)
        await table_two.legal(gid, "u1")  # process two caches the game at this version
        clock.now = max(d.due_at for d in await one.deadlines(game_id=gid)) + 1
        claimed = {d.seat: d for d in await two.claim_deadlines(clock.now, lease=60)}
        await table_one.extend(gid, "u1")  # process one: Ann's deadline moves later
        assert await table_two._expire(claimed["Ann"]) is None
        update = await table_two._expire(claimed["Bo"])  # its cache is a version behind: read again
        assert update is not None and update.kind == "deadline"
        assert [i.seat for i in await one.intents(gid) if i.by == "deadline"] == ["Bo"]
        assert await table_two._expire(claimed["Bo"]) is None  # applied once
    finally:
        await one.close()
        await two.close()


class CommitsWhileRead:
    """A store whose first read of a game's record lets another process commit before the snapshot and
    the log are read: the race a cold load meets when another process plays the game."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.between: Any = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def game(self, game_id: str) -> Any:
        record = await self.store.game(game_id)
        if self.between is not None:
            between, self.between = self.between, None
            await between()
        return record


async def test_a_cold_load_racing_another_process_commit_is_read_again_not_set_aside(
    postgres_url: str,
) -> None:
    clock = Clock()
    one, table_one, two, _ = await two_tables(postgres_url, clock)
    try:
        gid = await started(table_one)
        racing = CommitsWhileRead(two)
        table_two = Table(racing, clock=clock, limits=UNLIMITED)  # type: ignore[arg-type]
        racing.between = lambda: table_one.submit(gid, "u1", "pick:n=2")
        record = await table_two.record(gid)  # a cold load: record read, then the other commit lands
        assert racing.between is None, "the commit happened between the reads"
        assert record.status == "running" and record.version == (await one.game(gid)).version  # type: ignore[union-attr]
        assert (await one.game(gid)).status == "running"  # type: ignore[union-attr]
        await table_two.submit(gid, "u1b", "pick:n=1")
    finally:
        await one.close()
        await two.close()


async def test_a_commit_notifies_the_other_processes_not_itself(postgres_url: str) -> None:
    clock = Clock()
    one, table_one, two, _ = await two_tables(postgres_url, clock)
    heard_one: list[Changed | None] = []
    heard_two: list[Changed | None] = []
    woken = asyncio.Event()
    one.listen(heard_one.append)
    two.listen(lambda c: (heard_two.append(c), woken.set()))
    try:
        await asyncio.sleep(0.3)  # both are listening
        gid = await started(table_one, place={"guild": "42", "thread": "7"})
        await asyncio.wait_for(woken.wait(), 5)
        await asyncio.sleep(0.2)
        assert heard_two and all(c is not None and c.game_id == gid and c.guild == "42" for c in heard_two)
        versions = [c.version for c in heard_two if c]
        assert versions == list(range(1, (await one.game(gid)).version + 1))  # type: ignore[union-attr]
        assert heard_one == []
        heard_two.clear()
        woken.clear()
        await one.mark_damaged(gid, "test: set aside")  # no new version, yet the others must drop it
        await asyncio.wait_for(woken.wait(), 5)
        assert [(c.game_id, c.version) for c in heard_two if c] == [(gid, versions[-1])]
    finally:
        await one.close()
        await two.close()
