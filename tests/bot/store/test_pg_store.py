"""The store contract (issue 20), run against both stores: SQLite and a real PostgreSQL.

Each test states one promise of :class:`engine.store.Store` and checks it through the store's own
methods, reaching under the store with raw SQL only to damage rows. The PostgreSQL cases run on the
session's throwaway cluster (``tests/support/postgres.py``); if it cannot start, they fail."""

from __future__ import annotations

import asyncio

import pytest

from bot.store.errors import StoreRefused
from bot.store.postgres.pg_schema import MIGRATIONS
from bot.store.postgres.pg_store import PostgresStore, redacted
from bot.store.sqlite.storage import SqliteStore
from bot.store.stores import BadDatabaseUrl, describe, open_store
from engine.core.errors import StaleVersion
from engine.integrity import ROW_UNREADABLE, checksum, snapshot_problem
from engine.records import Deadline, GameRecord, LoggedIntent, SeatRecord
from engine.store import Change, PublicLine, Store
from tests.support.postgres import Backend, PostgresCluster


def record(gid: str = "g1", version: int = 1, **fields: object) -> GameRecord:
    base: dict[str, object] = {
        "id": gid,
        "game": "toy",
        "status": "running",
        "host": "u1",
        "max_seats": 3,
        "seed": 2**62 - 7,
        "version": version,
        "created_at": 1000.5,
        "updated_at": 1000.5 + version,
        "options": {"target": 5},
        "place": {"guild": "G1", "thread": "T" + gid},
        "seats": [SeatRecord(seat="Ann", user="u1", name="Ann"), SeatRecord(seat="Bo", user="u2", name="Bo")],
    }
    base.update(fields)
    return GameRecord.model_validate(base)


def intent(seq: int, version: int, seat: str = "Ann") -> LoggedIntent:
    return LoggedIntent(seq=seq, version=version, seat=seat, key=f"pick:n={seq}", by="u1", at=10.0 + seq)


def deadline(gid: str, seat: str, due: float, remind: float, reminded: bool = False) -> Deadline:
    return Deadline(game_id=gid, seat=seat, kind="pick", due_at=due, remind_at=remind, reminded=reminded)


async def new_game(store: Store, gid: str = "g1", **fields: object) -> GameRecord:
    first = record(gid, 1, **fields)
    await store.commit(Change(first, None, snapshot='{"v": 1}', intents=[], deadlines=[]))
    return first


async def test_a_change_is_saved_whole_and_read_back(backend_store: Store) -> None:
    store = backend_store
    first = await new_game(store)
    second = record(version=2, status="running", winners=["Bo"], reason="r")
    second.seats[1].away, second.seats[1].missed = True, 2
    change = Change(
        second,
        1,
        snapshot='{"v": 2}',
        snapshot_format=3,
        intents=[intent(1, 2), intent(2, 2, "Bo")],
        deadlines=[deadline("g1", "Bo", 50.0, 40.0)],
        idempotency_key="k1",
        public_lines=[PublicLine(2, "Ann played."), PublicLine(2, "Bo played.")],
        table_state={"clocks": {"Ann": 1.5}},
    )
    await store.commit(change)
    assert await store.game("g1") == second and second != first
    assert await store.intents("g1") == [intent(1, 2), intent(2, 2, "Bo")]
    saved = await store.saved_snapshot("g1")
    assert saved is not None and (saved.version, saved.format, saved.body) == (2, 3, '{"v": 2}')
    assert saved.checksum == checksum('{"v": 2}') and saved.steps == 2
    assert await store.snapshot("g1") == (2, 3, '{"v": 2}')
    assert await store.deadlines(game_id="g1") == [deadline("g1", "Bo", 50.0, 40.0)]
    assert await store.idempotent("g1", "k1") == 2
    assert await store.public_log("g1", 10) == [PublicLine(2, "Ann played."), PublicLine(2, "Bo played.")]
    assert await store.table_state("g1") == {"clocks": {"Ann": 1.5}}
    assert await store.game("nope") is None and await store.saved_snapshot("nope") is None


async def test_compare_and_swap_refuses_a_stale_version_and_saves_nothing(backend_store: Store) -> None:
    store = backend_store
    await new_game(store)
    await store.commit(Change(record(version=2), 1, snapshot="{}", intents=[intent(1, 2)]))
    with pytest.raises(StaleVersion, match="moved on"):
        await store.commit(Change(record(version=3, host="x"), 1, snapshot="{}", intents=[intent(2, 3)]))
    with pytest.raises(StaleVersion):  # a new game whose id is taken
        await store.commit(Change(record(version=1), None))
    with pytest.raises(StaleVersion, match="moved on"):  # a game that does not exist
        await store.commit(Change(record("ghost", version=2), 1))
    kept = await store.game("g1")
    assert kept is not None and kept.version == 2 and kept.host == "u1"
    assert [i.seq for i in await store.intents("g1")] == [1]


async def test_a_change_that_fails_midway_leaves_no_trace(backend_store: Store) -> None:
    """One transaction per change: an intent whose seq is taken fails the commit after the record was
    updated in it, and the record, seats and snapshot are as before."""
    store = backend_store
    await new_game(store)
    await store.commit(Change(record(version=2), 1, snapshot='{"v": 2}', intents=[intent(1, 2)]))
    bad = record(version=3, host="changed", seats=[])
    with pytest.raises(StaleVersion):
        await store.commit(Change(bad, 2, snapshot='{"v": 3}', intents=[intent(1, 3)], table_state={"x": 1}))
    kept = await store.game("g1")
    assert kept is not None and (kept.version, kept.host, len(kept.seats)) == (2, "u1", 2)
    assert (await store.snapshot("g1")) == (2, 1, '{"v": 2}') and await store.table_state("g1") == {}


async def test_idempotency_keys_are_per_game_and_a_replay_changes_nothing(backend_store: Store) -> None:
    store = backend_store
    await new_game(store, "g1")
    await new_game(store, "g2")
    await store.commit(Change(record("g1", 2), 1, intents=[intent(1, 2)], idempotency_key="click"))
    with pytest.raises(StaleVersion, match="already applied"):
        await store.commit(Change(record("g1", 3), 2, intents=[intent(2, 3)], idempotency_key="click"))
    await store.commit(Change(record("g2", 2), 1, intents=[intent(1, 2)], idempotency_key="click"))
    assert await store.idempotent("g1", "click") == 2 and await store.idempotent("g2", "click") == 2
    assert await store.idempotent("g1", "other") is None
    kept = await store.game("g1")
    assert len(await store.intents("g1")) == 1 and kept is not None and kept.version == 2


async def test_deadlines_are_replaced_when_given_and_filtered_by_due_time(backend_store: Store) -> None:
    store = backend_store
    await new_game(store, "g1")
    await new_game(store, "g2")
    await store.commit(
        Change(record("g1", 2), 1, deadlines=[deadline("g1", "Ann", 100, 80), deadline("g1", "Bo", 300, 200)])
    )
    await store.commit(Change(record("g2", 2), 1, deadlines=[deadline("g2", "Ann", 150, 140)]))
    await store.commit(Change(record("g2", 3), 2))  # None: the deadlines stay
    assert [(d.game_id, d.seat) for d in await store.deadlines()] == [
        ("g1", "Ann"),
        ("g2", "Ann"),
        ("g1", "Bo"),
    ]
    assert [(d.game_id, d.seat) for d in await store.deadlines(due_before=90)] == [("g1", "Ann")]
    assert [d.seat for d in await store.deadlines(due_before=210, game_id="g1")] == ["Ann", "Bo"]
    await store.mark_reminded("g1", "Bo")
    assert [d.seat for d in await store.deadlines(due_before=210, game_id="g1")] == ["Ann"]
    assert (await store.deadlines(game_id="g1"))[1].reminded is True
    await store.commit(Change(record("g1", 3), 2, deadlines=[deadline("g1", "Bo", 500, 400)]))
    assert [(d.seat, d.due_at, d.reminded) for d in await store.deadlines(game_id="g1")] == [
        ("Bo", 500, False)
    ]
    await store.commit(Change(record("g1", 4), 3, deadlines=[]))
    assert await store.deadlines(game_id="g1") == []


async def test_mark_damaged_sets_the_game_aside_and_drops_its_deadlines(backend_store: Store) -> None:
    store = backend_store
    await new_game(store)
    await store.commit(Change(record(version=2), 1, snapshot="{}", deadlines=[deadline("g1", "Ann", 1, 1)]))
    await store.mark_damaged("g1", "the log has a gap")
    damaged = await store.game("g1")
    assert damaged is not None and (damaged.status, damaged.damage, damaged.version) == (
        "damaged",
        "the log has a gap",
        2,
    )
    assert await store.deadlines() == [] and await store.snapshot("g1") == (2, 1, "{}")


async def test_public_log_limits_after_version_and_missing_lines(
    backend_store: Store, store_backend: Backend
) -> None:
    store = backend_store
    await new_game(store)
    for v in range(2, 7):
        await store.commit(Change(record(version=v), v - 1, public_lines=[PublicLine(v, f"line {v}")]))
    assert [line.text for line in await store.public_log("g1", 2)] == ["line 5", "line 6"]
    assert [line.version for line in await store.public_log("g1", 10, after_version=4)] == [5, 6]
    assert await store.public_log("g1", 0) == []
    await store_backend.execute("INSERT INTO public_log_missing (game_id, version) VALUES (?, ?)", "g1", 3)
    assert await store.public_log("g1", 10) is None  # lines before version 3 were never kept
    assert [line.version for line in await store.public_log("g1", 10, after_version=3)] == [4, 5, 6]


async def test_table_state_is_kept_replaced_and_survives_a_bad_body(
    backend_store: Store, store_backend: Backend
) -> None:
    store = backend_store
    await new_game(store)
    assert await store.table_state("g1") == {}
    await store.commit(Change(record(version=2), 1, table_state={"bank": {"Ann": 60}}))
    await store.commit(Change(record(version=3), 2))
    assert await store.table_state("g1") == {"bank": {"Ann": 60}}
    await store.commit(Change(record(version=4), 3, table_state={"votes": []}))
    assert await store.table_state("g1") == {"votes": []}
    await store_backend.execute("UPDATE table_state SET body = ? WHERE game_id = ?", "{nope", "g1")
    assert await store.table_state("g1") == {}


async def test_the_snapshot_checksum_and_steps_prove_the_body(
    backend_store: Store, store_backend: Backend
) -> None:
    store = backend_store
    first = await new_game(store)
    saved = await store.saved_snapshot("g1")
    assert saved is not None and saved.steps == 0 and snapshot_problem(first, saved, 1) is None
    await store.corrupt_snapshot("g1", '{"v": 99}')  # type: ignore[attr-defined]
    assert snapshot_problem(first, await store.saved_snapshot("g1"), 1) == "snapshot checksum mismatch"
    await store_backend.execute("UPDATE snapshots SET checksum = '' WHERE game_id = ?", "g1")
    assert snapshot_problem(first, await store.saved_snapshot("g1"), 1) == "snapshot written before checksums"


@pytest.mark.parametrize(
    "column, value",
    [("options", "{not json"), ("status", "exploded"), ("winners", '{"a": 1}')],
)
async def test_an_undecodable_row_is_a_damaged_record_and_stops_no_other(
    backend_store: Store, store_backend: Backend, column: str, value: str
) -> None:
    store = backend_store
    for gid in ("g1", "g2", "g3"):
        await new_game(store, gid, created_at={"g1": 1.0, "g2": 2.0, "g3": 3.0}[gid])
    await store_backend.execute(f"UPDATE games SET {column} = ? WHERE id = ?", value, "g2")
    bad = await store.game("g2")
    assert bad is not None and bad.status == "damaged" and bad.damage.startswith(ROW_UNREADABLE)
    assert bad.place == {"guild": "G1", "thread": "Tg2"} and [s.seat for s in bad.seats] == ["Ann", "Bo"]
    listed = await store.games()
    assert [r.id for r in listed] == ["g1", "g2", "g3"]
    assert [r.status for r in listed] == ["running", "damaged", "running"]


async def test_games_and_count_games_filter_by_status_user_and_guild(backend_store: Store) -> None:
    store = backend_store
    await new_game(store, "a", created_at=1.0)
    await new_game(store, "b", created_at=2.0, status="lobby", host="u9", place={"guild": "G2"})
    await new_game(
        store, "c", created_at=3.0, status="finished", host="u8", seats=[SeatRecord(seat="Cy", user="u3")]
    )
    assert [r.id for r in await store.games()] == ["a", "b", "c"]
    assert [r.id for r in await store.games(status=("lobby", "finished"))] == ["b", "c"]
    assert [r.id for r in await store.games(user="u3")] == ["c"]
    assert [r.id for r in await store.games(status=("running",), user="u2")] == ["a"]
    assert await store.count_games(("running", "lobby")) == 2
    assert await store.count_games(("running", "lobby"), user="u9") == 1  # the host counts
    assert await store.count_games(("running", "lobby", "finished"), user="u1") == 2
    assert await store.count_games(("running", "lobby"), guild="G2") == 1
    assert await store.count_games(("running",), user="u1", guild="G2") == 0
    assert await store.count_games(()) == 0


async def test_a_thread_finds_its_game_through_the_index(backend_store: Store) -> None:
    """Issue 21: a command in a thread finds its game with one indexed query, never by reading games."""
    store = backend_store
    await new_game(store, "a")
    await new_game(store, "b", place={"guild": "G1"})
    assert await store.game_of_thread("Ta") == "a"
    assert await store.game_of_thread("Tb") is None and await store.game_of_thread("nothing") is None
    moved = record("b", 2, place={"guild": "G1", "thread": "T-new"})
    await store.commit(Change(moved, 1))
    assert await store.game_of_thread("T-new") == "b"


async def test_racing_commits_from_two_stores_on_one_database(store_backend: Backend) -> None:
    """Two stores on one database stand for two processes: of twenty commits made against the same
    version, exactly one is saved."""
    one, two = store_backend.make(), store_backend.make()
    await one.open()
    await two.open()
    try:
        await new_game(one)
        tries = [
            (one if i % 2 else two).commit(Change(record(version=2, host=f"h{i}"), 1, intents=[intent(1, 2)]))
            for i in range(20)
        ]
        results = await asyncio.gather(*tries, return_exceptions=True)
        assert sum(r is None for r in results) == 1
        assert all(isinstance(r, StaleVersion) for r in results if r is not None), results
        assert len(await two.intents("g1")) == 1
    finally:
        await one.close()
        await two.close()


async def test_postgres_migrations_run_once_and_survive_a_restart(postgres_url: str) -> None:
    stores = [PostgresStore(postgres_url) for _ in range(3)]
    await asyncio.gather(*(s.open() for s in stores))  # three processes starting at once
    try:
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
        await new_game(stores[0])
    finally:
        for s in stores:
            await s.close()
    again = PostgresStore(postgres_url)
    await again.open()
    try:
        assert await again.schema_version() == len(MIGRATIONS) and (await again.game("g1")) is not None
        assert await again.pool.fetchval("SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)
    finally:
        await again.close()


async def test_postgres_errors_say_what_to_do(postgres_cluster: PostgresCluster) -> None:
    closed_port = f"postgresql://arbiter:secret@127.0.0.1:{postgres_cluster.port + 1}/x"
    with pytest.raises(StoreRefused, match="Cannot reach the PostgreSQL server") as refused:
        await PostgresStore(closed_port).open()
    assert "secret" not in str(refused.value) and ":***@" in str(refused.value)
    with pytest.raises(StoreRefused, match="does not exist.*createdb"):
        await PostgresStore(postgres_cluster.url("no_such_database")).open()
    with pytest.raises(StoreRefused, match="refused the connection"):
        await PostgresStore(f"postgresql://nobody@127.0.0.1:{postgres_cluster.port}/postgres").open()


def test_the_database_url_chooses_the_store(tmp_path: object) -> None:
    assert isinstance(open_store(None, default_sqlite="x.db"), SqliteStore)
    assert open_store("sqlite:///data/a.db").path == "data/a.db"  # type: ignore[union-attr]
    assert open_store("sqlite:////abs/a.db").path == "/abs/a.db"  # type: ignore[union-attr]
    assert open_store("plain.db").path == "plain.db"  # type: ignore[union-attr]
    assert isinstance(open_store("postgresql://u:p@h:5432/db"), PostgresStore)
    assert isinstance(open_store("postgres://h/db"), PostgresStore)
    with pytest.raises(BadDatabaseUrl, match="postgresql://user:password@host"):
        open_store("mysql://u:p@h/db")
    with pytest.raises(BadDatabaseUrl, match="needs a file"):
        open_store("sqlite:///")
    assert (
        describe("postgresql://u:pw@h/db") == "postgresql://u:***@h/db" == redacted("postgresql://u:pw@h/db")
    )


def test_arbiter_database_url_is_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import Settings

    monkeypatch.setenv("ARBITER_DB", "local.db")
    monkeypatch.delenv("ARBITER_DATABASE_URL", raising=False)
    assert Settings().database == "local.db"
    monkeypatch.setenv("ARBITER_DATABASE_URL", "  ")
    assert Settings().database == "local.db"
    monkeypatch.setenv("ARBITER_DATABASE_URL", "postgresql://u:p@db:5432/arbiter")
    assert isinstance(open_store(Settings().database), PostgresStore)
    monkeypatch.setenv("ARBITER_DATABASE_URL", "postgress://u@db/arbiter")
    with pytest.raises(ValueError, match="Unknown database URL scheme"):
        Settings()


def test_bench_measures_postgres_beside_sqlite_in_a_scratch_schema(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from bot.cli import main

    assert main(["bench", "--game", "toy", "--quick", "--json", "--store", postgres_url]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["toy"]["submit"]["submits"] == 30 and data["toy"]["submit_postgres"]["submits"] == 30
    assert data["toy"]["submit_postgres"]["p50_ms"] > 0

    async def leftovers() -> int:
        store = PostgresStore(postgres_url)  # opening migrates the public schema: that is all it may hold
        await store.open()
        try:
            return int(
                await store.pool.fetchval(
                    "SELECT COUNT(*) FROM pg_namespace WHERE nspname LIKE 'arbiter_bench_%'"
                )
            ) + int(await store.pool.fetchval("SELECT COUNT(*) FROM games"))
        finally:
            await store.close()

    assert asyncio.run(leftovers()) == 0
    assert main(["bench", "--game", "toy", "--quick", "--store", "sqlite:///x.db"]) == 2


def test_db_check_judges_a_postgres_database_and_backups_point_to_pg_dump(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.cli import main
    from engine.table import Table

    async def play() -> str:
        store = PostgresStore(postgres_url)
        await store.open()
        table = Table(store)
        gid = (await table.create("toy", "u1", "Ann", seats=2, seed=3)).record.id
        await table.join(gid, "u2", "Bo")
        await table.start(gid, "u1")
        await table.submit(gid, "u1", "pick:n=2")
        await store.close()
        return gid

    gid = asyncio.run(play())
    assert main(["db", "--db", postgres_url, "check"]) == 0
    assert "no problems found" in capsys.readouterr().out
    asyncio.run(_execute(postgres_url, "UPDATE snapshots SET checksum = 'x' WHERE game_id = $1", gid))
    assert main(["db", "--db", postgres_url, "check"]) == 1
    assert "snapshot checksum mismatch (the intent log rebuilds it" in capsys.readouterr().out
    asyncio.run(_execute(postgres_url, "DELETE FROM intents WHERE game_id = $1", gid))
    assert main(["db", "--db", postgres_url, "check"]) == 1
    out = capsys.readouterr().out
    assert f"game {gid} (toy, running): intent log holds 0 intents" in out, out
    assert main(["db", "--db", postgres_url, "backup", "copy.db"]) == 2
    assert "pg_dump" in capsys.readouterr().err


async def _execute(url: str, sql: str, *args: object) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql, *args)
    finally:
        await conn.close()
