"""The public log is saved with each change (migration 4), so ``/game log``, the public-only export and the
announcer's catch-up replay nothing; games saved before it was kept are replayed, those only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.store.sqlite import sqlite_write, storage
from bot.store.sqlite.storage import SqliteStore
from engine import public_log
from engine.store import MemoryStore, Store
from engine.table import Table

ALL = 10**6


async def _agents_game(table: Table, game: str, seed: int, seats: int = 3) -> str:
    """A game every seat of which an agent plays: the whole game is played inside ``start``."""
    update = await table.create(game, "host", host_plays=False, seed=seed, seats=seats)
    for _ in range(seats):
        await table.add_agent(update.record.id, "host")
    await table.start(update.record.id, "host")
    return update.record.id


async def _replayed(table: Table, gid: str, limit: int = ALL, after: int | None = None) -> list[str]:
    record = await table.record(gid)
    intents = await table.store.intents(gid)
    return [
        "• " + line.text
        for line in public_log.replay(table.engine_game(record), record, intents, limit, after)
    ]


def _private_texts(table: Table, record: Any, intents: Any) -> set[str]:
    """Every private event text of the game, replayed (minus texts that were also public at some point)."""
    game = table.engine_game(record)
    state = game.setup([s.seat for s in record.seats], record.seed, record.options)
    private: set[str] = set()
    public: set[str] = set()
    for item in intents:
        state, events = game.apply(state, item.seat, game.parse_intent(item.key))
        private |= {e.text for e in events if e.audience is not None and e.text}
        public |= {e.text for e in events if e.audience is None}
    return private - public


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: Any, tmp_path: Path) -> Any:
    if request.param == "memory":
        yield MemoryStore()
        return
    sqlite = SqliteStore(tmp_path / "games.db")
    await sqlite.open()
    yield sqlite
    await sqlite.close()


@pytest.mark.parametrize("game, seed", [("infamy", 3), ("infamy", 11), ("gamedec", 3), ("gamedec", 11)])
async def test_the_stored_log_is_the_replayed_log(
    store: Store, game: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(store)
    gid = await _agents_game(table, game, seed)
    record = await table.record(gid)
    assert record.status == "finished"
    expected = await _replayed(table, gid)
    assert len(expected) > 50 and any(line.endswith(" (agent)") for line in expected)

    def no_replay(*args: Any) -> Any:
        raise AssertionError("the stored log was replayed")

    monkeypatch.setattr("engine.table.reading.replay", no_replay)
    assert await table.public_log(gid, limit=ALL) == expected
    assert await table.public_log(gid) == expected[-25:]
    # private texts (a drawn card, a secret choice) never reach the stored log
    secrets = _private_texts(table, record, await store.intents(gid))
    assert secrets, "the game had private events to check against"
    stored = await store.public_log(gid, ALL)
    assert stored is not None
    leaked = [line.text for line in stored if any(secret in line.text for secret in secrets)]
    assert not leaked


async def test_a_private_event_is_never_stored_and_marks_say_who_played(tmp_path: Path) -> None:
    """The toy game confirms a secret pick privately ("You chose ..."); the log holds the reveal only.
    A deadline's default is marked "(deadline)"."""
    now = [1_000_000.0]
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    table = Table(store, clock=lambda: now[0])
    update = await table.create("toy", "u1", "Ann", seats=2, seed=4, pace="blitz")
    gid = update.record.id
    await table.join(gid, "u2", "Bo")
    await table.start(gid, "u1")
    mine = await table.submit(gid, "u1", "pick:n=3")
    assert [e.text for e in mine.events if e.audience is not None]  # a private confirmation was made
    now[0] += 10_000
    expired = await table.tick()
    assert expired and expired[0].kind == "deadline"
    lines = await table.public_log(gid, limit=ALL)
    private = {e.text for u in (mine, *expired) for e in u.events if e.audience is not None}
    assert lines and not [line for line in lines if any(p in line for p in private)]
    assert any(line.endswith(" (deadline)") for line in lines)
    assert lines == await _replayed(table, gid)
    version = (await table.record(gid)).version
    assert await table.public_log(gid, after_version=version) == []
    await store.close()


async def test_a_game_saved_before_the_public_log_is_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database written before migration 4 has no lines: those games are replayed (they only), and
    what they play after the migration is read from the store."""
    path = tmp_path / "games.db"
    monkeypatch.setattr(storage, "MIGRATIONS", storage.MIGRATIONS[:3])

    def old_code(conn: Any, change: Any) -> None:
        return None  # the code before migration 4 saved no lines

    monkeypatch.setattr(sqlite_write, "_public_lines", old_code)
    old = SqliteStore(path)
    await old.open()
    table = Table(old)
    update = await table.create("toy", "u1", "Ann", seats=2, seed=9)
    gid = update.record.id
    await table.join(gid, "u2", "Bo")
    await table.start(gid, "u1")
    await table.submit(gid, "u1", "pick:n=2")
    await table.submit(gid, "u2", "pick:n=3")
    await old.close()
    monkeypatch.undo()

    store = SqliteStore(path)
    await store.open()
    table = Table(store)
    assert await store.public_log(gid, ALL) is None  # nothing stored for it: the table replays
    before = await table.public_log(gid, limit=ALL)
    assert any("Revealed" in line for line in before)
    assert before == await _replayed(table, gid)
    migrated_at = (await table.record(gid)).version
    played = await table.legal(gid, (await table.awaiting(gid))[0].user or "")
    assert played
    waiting = (await table.awaiting(gid))[0]
    await table.submit(gid, waiting.user or "", played[0][0])
    # catch-up after the migration reads the stored lines; the whole log still needs the replay
    assert await store.public_log(gid, ALL, after_version=migrated_at) is not None
    after = await table.public_log(gid, limit=ALL, after_version=migrated_at)
    assert after == await _replayed(table, gid, after=migrated_at) and after
    assert await table.public_log(gid, limit=ALL) == await _replayed(table, gid)
    # a game made after the migration is read from the store
    fresh = await _agents_game(table, "toy", seed=2, seats=2)
    assert await store.public_log(fresh, ALL) is not None
    await store.close()


async def test_sqlite_public_log_limit_and_order(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    table = Table(store)
    gid = await _agents_game(table, "gamedec", seed=5)
    stored = await store.public_log(gid, ALL)
    assert stored is not None and len(stored) > 30
    assert await store.public_log(gid, 7) == stored[-7:]
    assert await store.public_log(gid, 0) == []
    memory_table = Table(MemoryStore())
    other = await _agents_game(memory_table, "gamedec", seed=5)
    assert await memory_table.store.public_log(other, ALL) == stored  # both stores keep the same lines
    await store.close()
