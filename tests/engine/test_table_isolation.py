"""Failure isolation (issue 9): one damaged game among seventeen with deadlines due.

Whatever the damage (a snapshot that cannot be read and no intent log to rebuild it from, the game's own
code raising something that is not a refusal on one game's data, a database row that cannot be decoded),
one deadline pass applies every healthy game's default and sets aside only the damaged game; the thread
lookup and the start-up catch-up still work for every other game, and the damaged game's thread is told
it is paused for a moderator."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine.core.errors import DamagedGame
from engine.table import Table
from tests.cogs.fakes import World
from tests.support.toygame import TOY

GAMES = 17
BROKEN = 7
"""The index of the damaged game: in the middle, so games after it must still be reached."""
DAMAGES = ["snapshot_and_no_log", "code_raises", "undecodable_row", "unknown_game"]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _seventeen(table: Table) -> list[str]:
    """Seventeen toy games (blitz pace) of different players, each waiting on its players' secret picks."""
    ids = []
    for i in range(GAMES):
        name = "Zed" if i == BROKEN else "Ann"
        place = {"guild": "111", "channel": "222", "thread": str(7000 + i), "status": str(7000 + i)}
        gid = (
            await table.create("toy", f"h{i}", name, seats=2, seed=100 + i, pace="blitz", place=place)
        ).record.id
        await table.join(gid, f"j{i}", "Bo")
        await table.start(gid, f"h{i}")
        await table.submit(gid, f"h{i}", "pick:n=2")
        ids.append(gid)
    return ids


def _damage(path: Path, gid: str, how: str) -> None:
    conn = sqlite3.connect(path)
    try:
        if how == "snapshot_and_no_log":
            conn.execute("DELETE FROM intents WHERE game_id=?", (gid,))
            conn.execute("UPDATE snapshots SET body='{\"broken\": true' WHERE game_id=?", (gid,))
        elif how == "undecodable_row":
            conn.execute("UPDATE games SET options='{not json' WHERE id=?", (gid,))
        elif how == "unknown_game":
            conn.execute("UPDATE games SET game='chess' WHERE id=?", (gid,))
        conn.commit()
    finally:
        conn.close()


def _break_the_code_for_zed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game's code raises (not a refusal: a bug) on the data of one game only, Zed's."""
    original = TOY.apply

    def apply(state: Any, seat: str, intent: Any) -> Any:
        if "Zed" in state.seats:
            raise KeyError("a bug in the game's code")
        return original(state, seat, intent)

    monkeypatch.setattr(TOY, "apply", apply)


@pytest.mark.parametrize("how", DAMAGES)
async def test_one_damaged_game_does_not_stop_sixteen_others(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.db"
    clock = Clock()
    store = SqliteStore(path)
    await store.open()
    ids = await _seventeen(Table(store, clock=clock))
    await store.close()
    broken = ids[BROKEN]
    _damage(path, broken, how)
    if how == "code_raises":
        _break_the_code_for_zed(monkeypatch)

    # a restart: a new process, a new table, an empty cache
    store = SqliteStore(path)
    await store.open()
    table = Table(store, clock=clock)
    world = World(table)
    clock.now += 3600  # every game's deadline (blitz: 5 minutes) has passed
    mark = world.mark()
    updates = await table.tick()
    await world.settle()

    applied = {u.record.id for u in updates if u.kind == "deadline"}
    assert applied == set(ids) - {broken}
    for gid in ids:
        logged = await store.intents(gid) if gid != broken else []
        if gid != broken:
            assert [i.by for i in logged] == ["h" + str(ids.index(gid)), "deadline"], gid
    conn = sqlite3.connect(path)
    try:
        status = dict(conn.execute("SELECT id, status FROM games").fetchall())
    finally:
        conn.close()
    assert status[broken] == "damaged"
    assert all(status[g] == "running" for g in ids if g != broken)

    # the damaged game's players are told in its thread; the healthy games are announced in theirs
    posts = {s.where: s.text for s in world.since(mark) if s.where.startswith("channel:")}
    assert "paused for a moderator" in posts.get(f"channel:{7000 + BROKEN}", "")
    for i, gid in enumerate(ids):
        if gid != broken:
            assert "Time ran out" in posts.get(f"channel:{7000 + i}", ""), (
                gid,
                posts.get(f"channel:{7000 + i}"),
            )
    assert (await table.tick()) == []  # set aside once: its deadlines are gone, nothing fails again

    # every other game is looked up by its thread and refuses nothing; the damaged one refuses plainly
    for i, gid in enumerate(ids):
        assert await world.services.game_in_channel(7000 + i) == gid
    with pytest.raises(DamagedGame):
        await table.submit(broken, f"h{BROKEN}", "pick:n=1")
    after = ids[BROKEN + 1]
    waiting = (await table.awaiting(after))[0]
    assert waiting.user is not None
    intent, _ = (await table.legal(after, waiting.user))[0]
    assert (await table.submit(after, waiting.user, intent)).record.status in ("running", "finished")
    await store.close()


async def test_catch_up_after_a_restart_survives_an_undecodable_row(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = Clock()
    store = SqliteStore(path)
    await store.open()
    ids = await _seventeen(Table(store, clock=clock))
    await store.close()
    _damage(path, ids[BROKEN], "undecodable_row")
    _damage(path, ids[BROKEN + 1], "unknown_game")

    store = SqliteStore(path)
    await store.open()
    world = World(Table(store, clock=clock))
    mark = world.mark()
    queued = await world.announcer.catch_up()  # nothing announced yet: every healthy game is caught up
    await world.settle()
    assert queued >= GAMES - 2
    edited = {s.where for s in world.since(mark) if s.where.startswith("edit:")}
    for i, gid in enumerate(ids):
        if i not in (BROKEN, BROKEN + 1):
            assert f"edit:222:{7000 + i}" in edited, gid
    for i, gid in enumerate(ids):
        assert await world.services.game_in_channel(7000 + i) == gid
    await store.close()


async def test_a_moderator_resumes_a_repaired_game_and_aborts_a_broken_one(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = Clock()
    store = SqliteStore(path)
    await store.open()
    table = Table(store, clock=clock)
    ids = await _seventeen(table)
    await store.close()
    repaired, hopeless, unreadable = ids[0], ids[1], ids[2]
    conn = sqlite3.connect(path)
    try:
        saved_log = conn.execute("SELECT * FROM intents WHERE game_id=?", (repaired,)).fetchall()
        assert saved_log
    finally:
        conn.close()
    for gid in (repaired, hopeless):
        _damage(path, gid, "snapshot_and_no_log")
    _damage(path, unreadable, "undecodable_row")

    store = SqliteStore(path)
    await store.open()
    table = Table(store, clock=clock)
    world = World(table)
    for gid in (repaired, hopeless):
        with pytest.raises(DamagedGame):
            await table.view(gid, "h0")
    await table.tick(clock.now + 3600)  # the unreadable row is set aside when its deadline comes
    for gid in (repaired, hopeless, unreadable):
        assert (await table.record(gid)).status == "damaged"
    with pytest.raises(DamagedGame):
        await table.submit(unreadable, "h2", "pick:n=1")

    # nothing is repaired yet: resuming refuses, in words for the moderator, and the game stays damaged
    with pytest.raises(DamagedGame, match="still cannot be used") as refused:
        await table.resume(repaired, "mod", moderator=True)
    assert "{" not in str(refused.value)  # the operator's reason (snapshot content) is not in the message
    assert (await table.record(repaired)).status == "damaged"
    with pytest.raises(DamagedGame, match="row cannot be read"):
        await table.resume(unreadable, "mod", moderator=True)

    # the operator puts the intent log back (from a backup): the game resumes and plays on
    conn = sqlite3.connect(path)
    try:
        conn.executemany("INSERT INTO intents VALUES (?,?,?,?,?,?,?)", saved_log)
        conn.commit()
    finally:
        conn.close()
    update = await table.resume(repaired, "mod", moderator=True)
    assert update.record.status == "running" and not update.record.damage
    waiting = (await table.awaiting(repaired))[0]
    assert waiting.user is not None
    intent, _ = (await table.legal(repaired, waiting.user))[0]
    await table.submit(repaired, waiting.user, intent)
    assert await store.deadlines(game_id=repaired)  # its clocks run again

    # the others are cancelled by the moderator (the unreadable row too): nothing else is asked of them
    for gid in (hopeless, unreadable):
        assert (await table.abort(gid, "mod", moderator=True)).record.status == "aborted"
        assert (await table.record(gid)).status == "aborted"
    await world.settle()
    await store.close()
