"""The table service: lobbies, submissions, versions, idempotency, agents, deadlines, restarts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine.core import GameOver, IllegalIntent, MalformedIntent, NotYourTurn, StaleVersion
from engine.core.playout import replay
from engine.store import MemoryStore, Store
from engine.table import Limits, NotAllowed, Table, Update, seat_name
from tests.support.toygame import TOY


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    s: Store = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "t.db")
    await s.open()
    yield s
    await s.close()


async def started(table: Table, humans: int = 3, agents: int = 0, pace: str = "blitz") -> str:
    update = await table.create("toy", "u1", "Ann", seats=humans + agents, seed=11, pace=pace)
    gid = update.record.id
    for i in range(2, humans + 1):
        await table.join(gid, f"u{i}", ["", "", "Bo", "Cy", "Di"][i])
    for _ in range(agents):
        await table.add_agent(gid, "u1")
    await table.start(gid, "u1")
    return gid


async def test_lobby_rules(store: Store) -> None:
    table = Table(store)
    gid = (await table.create("toy", "u1", "Ann", seats=2)).record.id
    with pytest.raises(IllegalIntent, match="at least 2"):
        await table.start(gid, "u1")
    with pytest.raises(IllegalIntent, match="already joined"):
        await table.join(gid, "u1", "Ann")
    await table.join(gid, "u2", "Bo")
    with pytest.raises(IllegalIntent, match="seats are taken"):
        await table.join(gid, "u3", "Cy")
    with pytest.raises(NotAllowed):
        await table.start(gid, "u2")
    with pytest.raises(IllegalIntent, match="not started"):
        await table.submit(gid, "u1", "pick:n=1")
    update = await table.start(gid, "u1")
    assert update.record.status == "running"
    assert [s.seat for s in update.record.seats] == ["Ann", "Bo"]
    with pytest.raises(IllegalIntent, match="lobby is closed"):
        await table.join(gid, "u3", "Cy")


async def test_create_refuses_bad_requests(store: Store) -> None:
    table = Table(store)
    with pytest.raises(MalformedIntent, match="no game"):
        await table.create("chess", "u1")
    with pytest.raises(IllegalIntent, match="2 to 5"):
        await table.create("toy", "u1", seats=9)
    with pytest.raises(MalformedIntent, match="target"):
        await table.create("toy", "u1", options={"target": "x"})
    with pytest.raises(MalformedIntent, match="pace"):
        await table.create("toy", "u1", pace="warp")


async def test_submit_checks_and_versions(store: Store) -> None:
    table = Table(store)
    gid = await started(table)
    record = await table.record(gid)
    version = record.version
    with pytest.raises(NotAllowed):
        await table.submit(gid, "stranger", "pick:n=1")
    with pytest.raises(IllegalIntent):
        await table.submit(gid, "u1", "pick:n=7")
    with pytest.raises(MalformedIntent):
        await table.submit(gid, "u1", "pick:n")
    with pytest.raises(StaleVersion, match="moved on"):
        await table.submit(gid, "u1", "pick:n=1", expected_version=version - 1)
    assert (await table.record(gid)).version == version
    update = await table.submit(gid, "u1", "pick:n=1", expected_version=version)
    assert update.record.version == version + 1
    with pytest.raises(NotYourTurn):
        await table.submit(gid, "u1", "pick:n=2")


async def test_same_idempotency_key_applies_once(store: Store) -> None:
    table = Table(store)
    gid = await started(table)
    first = await table.submit(gid, "u1", "pick:n=2", idempotency_key="interaction-1")
    again = await table.submit(gid, "u1", "pick:n=2", idempotency_key="interaction-1")
    assert not first.duplicate and again.duplicate
    assert (await table.record(gid)).version == first.record.version
    assert len(await store.intents(gid)) == 1


async def test_idempotency_keys_are_per_game(store: Store) -> None:
    # Issue 9: "a key seen in one game silently drops a move in another".
    table = Table(store)
    first, second = await started(table), await started(table)
    await table.submit(first, "u1", "pick:n=2", idempotency_key="interaction-1")
    other = await table.submit(second, "u1", "pick:n=2", idempotency_key="interaction-1")
    assert not other.duplicate
    assert len(await store.intents(second)) == 1


async def test_racing_submissions_exactly_one_applies(store: Store) -> None:
    table = Table(store)
    gid = await started(table)
    version = (await table.record(gid)).version
    results = await asyncio.gather(
        *[table.submit(gid, "u1", f"pick:n={1 + i % 3}", expected_version=version) for i in range(20)],
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, Update)]
    stale = [r for r in results if isinstance(r, StaleVersion)]
    assert len(applied) == 1 and len(stale) == 19


async def test_agent_seats_play_at_once_and_game_finishes(store: Store) -> None:
    table = Table(store, agent_kind="random")
    gid = await started(table, humans=1, agents=2)
    for _ in range(500):
        record = await table.record(gid)
        if record.status == "finished":
            break
        legal = await table.legal(gid, "u1")
        assert legal, "the game waits only for the human"
        await table.submit(gid, "u1", legal[0][0], expected_version=record.version)
    record = await table.record(gid)
    assert record.status == "finished"
    with pytest.raises(GameOver):
        await table.submit(gid, "u1", "pick:n=1")
    exported = await table.export(gid)
    state = replay(
        TOY,
        exported["seats"],
        exported["seed"],
        exported["options"],
        [(s, k) for s, k in exported["intents"]],
    )
    assert TOY.dump(state) == exported["final"]


async def test_deadline_applies_default_without_revealing_a_secret_choice(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock)
    gid = await started(table, pace="blitz")
    await table.submit(gid, "u1", "pick:n=3")
    clock.now += 4 * 60  # past the reminder point of a 5-minute decision, before its deadline
    reminders = await table.tick()
    assert {e.audience for u in reminders for e in u.events} == {frozenset({"Bo"}), frozenset({"Cy"})}
    clock.now += 2 * 60
    updates = await table.tick()
    assert [u.kind for u in updates] == ["deadline", "deadline"]
    public_text = " ".join(e.text for u in updates for e in u.events if e.audience is None)
    assert "Time ran out for Bo" in public_text and "Pick 1" not in public_text.split("Revealed")[0]
    bo_private = [e.text for u in updates for e in u.events if e.audience == frozenset({"Bo"})]
    assert any("Pick 1" in t for t in bo_private)
    assert (await table.record(gid)).seat_named("Bo").missed == 1  # type: ignore[union-attr]


async def test_repeated_missed_deadlines_hand_the_seat_to_an_agent(store: Store) -> None:
    clock = Clock()
    table = Table(store, clock=clock, agent_kind="random")
    gid = await started(table, humans=2, pace="blitz")
    for _ in range(12):
        record = await table.record(gid)
        bo = record.seat_named("Bo")
        assert bo is not None
        if bo.away or record.status != "running":
            break
        for _user, legal in [("u1", await table.legal(gid, "u1"))]:
            if legal:
                await table.submit(gid, "u1", legal[0][0])
        clock.now += 3600
        await table.tick()
    record = await table.record(gid)
    assert record.status == "finished" or record.seat_named("Bo").away  # type: ignore[union-attr]


async def test_vacation_and_return(store: Store) -> None:
    table = Table(store, agent_kind="random")
    gid = await started(table, humans=2)
    update = await table.set_away(gid, "u2", True)
    assert "vacation" in update.events[0].text
    assert not any(s.seat == "Bo" for s in await table.awaiting(gid))
    await table.set_away(gid, "u2", False)
    record = await table.record(gid)
    assert not record.seat_named("Bo").away  # type: ignore[union-attr]


async def test_moderation_pause_kick_replace(store: Store) -> None:
    table = Table(store, agent_kind="random")
    gid = await started(table)
    with pytest.raises(NotAllowed):
        await table.pause(gid, "u2")
    await table.pause(gid, "u2", moderator=True)
    with pytest.raises(IllegalIntent, match="paused"):
        await table.submit(gid, "u1", "pick:n=1")
    await table.resume(gid, "u1")
    await table.replace(gid, "u1", "Cy", "u9", "Zed")
    assert (await table.record(gid)).seat_of("u9").seat == "Cy"  # type: ignore[union-attr]
    await table.kick(gid, "u1", "u9")
    record = await table.record(gid)
    assert record.seat_named("Cy").user is None  # type: ignore[union-attr]
    await table.abort(gid, "u1")
    with pytest.raises(GameOver):
        await table.submit(gid, "u1", "pick:n=1")


async def test_restart_continues_and_corrupt_snapshot_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    gid = await started(table)
    await table.submit(gid, "u1", "pick:n=2")
    await table.submit(gid, "u2", "pick:n=1")
    before = await table.export(gid)
    await store.close()

    store = SqliteStore(path)
    await store.open()
    await store.corrupt_snapshot(gid, "{garbage")
    table = Table(store)
    after = await table.export(gid)
    assert after["final"] == before["final"] and after["version"] == before["version"]
    await table.submit(gid, "u3", "pick:n=3", expected_version=before["version"])
    await store.close()


async def test_games_of_lists_a_users_games(store: Store) -> None:
    table = Table(store)
    gid = await started(table)
    other = (await table.create("toy", "u7", "Ed")).record.id
    mine = [r.id for r in await table.games_of("u2")]
    assert gid in mine and other not in mine


def test_seat_names_are_safe_and_unique() -> None:
    taken: set[str] = set()
    assert seat_name("Ann Lee!", taken, "p1") == "AnnLee"
    assert seat_name("annlee", taken, "p2") == "annlee2"
    assert seat_name("42", taken, "p3") == "p3"
    assert seat_name("😀", taken, "p4") == "p4"


async def test_snapshot_of_an_unknown_format_is_rebuilt_from_the_log(tmp_path: Path) -> None:
    """ISSUE: a corrupted or unknown-version snapshot is rebuilt from the intent log, never dropped."""
    path = tmp_path / "f.db"
    store = SqliteStore(path)
    await store.open()
    gid = await started(Table(store))
    await Table(store).submit(gid, "u1", "pick:n=2")
    before = await Table(store).export(gid)
    await store.db.execute("UPDATE snapshots SET format=99 WHERE game_id=?", (gid,))
    after = await Table(store).export(gid)
    assert after["final"] == before["final"]
    await store.close()


async def test_two_games_committing_at_once_on_one_sqlite_store(tmp_path: Path) -> None:
    """Per-game locks let two games commit concurrently; the store must keep their transactions apart."""
    store = SqliteStore(tmp_path / "c.db")
    await store.open()
    table = Table(store, limits=Limits(lobbies_per_user=0))  # six lobbies of one host at once, on purpose
    games = await asyncio.gather(*[started(table) for _ in range(6)])
    results = await asyncio.gather(
        *[table.submit(g, "u1", "pick:n=2") for g in games], return_exceptions=True
    )
    assert all(isinstance(r, Update) for r in results), results
    assert [len(await store.intents(g)) for g in games] == [1] * 6
    await store.close()
