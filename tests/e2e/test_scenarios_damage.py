"""Damaged data through the real bot and the loopback Discord (issue 9).

- A damaged game among healthy ones with deadlines due: six blitz games are opened through ``/game new``
  and the lobby buttons; the bot is stopped; every deadline row is moved into the past and four games are
  damaged in the database (one row that cannot be decoded, one game whose snapshot is unreadable and whose
  intent log is gone, one whose seat rows are lost, one whose seat name is not valid UTF-8 while the file
  still passes ``quick_check``); the bot is started again. The healthy games' defaults are applied and
  announced in their threads; each damaged game's thread says it is paused for a moderator and a move
  there is refused in plain words; nothing else is refused, nothing raises.
- An emptied database file, and a database whose ``schema_version`` rows are gone: the bot refuses to
  start (exit code 2, one line saying why, no traceback) and leaves the file as it found it, instead of
  taking it for a new database or migrating its tables again.
"""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
import time
from pathlib import Path

import pytest

from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, SimMember

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

HOSTS = ("ann", "bea", "cat", "dot", "eve", "fay")
ROW, SNAPSHOT, SEATS, UTF8 = 1, 2, 3, 4
"""Which of the six games is damaged, and how: its row cannot be decoded / its snapshot and log are gone /
its seat rows are lost / a seat's name is not valid UTF-8 (issue 32: bytes flipped that pass quick_check)."""
BAD_TEXT = "CAST(X'C328' AS TEXT)"


async def _open_blitz(fake: FakeDiscord, db: kit.BotDb, host: SimMember) -> kit.Table:
    """``/game new`` at blitz pace (5 minutes a decision) with two agent seats, then Start."""
    answer = await (
        await host.slash(
            "game",
            "new",
            channel="games",
            options={"game": kit.GAME, "seats": 3, "options": kit.SHORT_GAME, "pace": "blitz"},
        )
    ).message(10)
    found = re.search(r"\(`([0-9a-f]+)`\)", answer.text())
    assert found, answer.text()
    gid = found.group(1)
    lobby = await fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=10)
    for _ in range(2):
        added = await host.click(lobby, f"arbl:{gid}:agent-heuristic")
        assert "Agent seat added" in (await added.message(10)).text()
    assert "started" in (await (await host.click(lobby, f"arbl:{gid}:start")).message(10)).text()
    seat = next(s["seat"] for s in db.record(gid)["seats"] if s["user_id"] == str(host.id))
    return kit.Table(fake, db, gid, lobby.id, {seat: host})


def _status(db: kit.BotDb, gid: str) -> str:
    """The stored status, read alone (the damaged row's other columns do not decode)."""
    return str(db._db().execute("SELECT status FROM games WHERE id=?", (gid,)).fetchone()[0])


def _thread_text(fake: FakeDiscord, table: kit.Table) -> str:
    return "\n".join(
        m.all_text()
        for m in fake.messages_in(table.thread_id, include_ephemeral=False)
        if m.id != table.status_id
    )


async def test_a_damaged_game_among_healthy_ones_is_set_aside_alone(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    members = [fake.add_member(name) for name in HOSTS]
    path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, path, tmp_path / "arbiter-bot.log", TICK_SECONDS="0.5")
    db = kit.BotDb(path)
    try:
        await bot.start()
        await fake.wait_for_commands("game")
        tables = [await _open_blitz(fake, db, m) for m in members]
        for table in tables:
            await table.settle()
        # the game whose log will be lost must have one: its member plays a turn first
        player = kit.Player(members[SNAPSHOT], tables[SNAPSHOT], random.Random(9))
        assert await player.play_turn(most=1), (
            "no move offered"
        )  # one move: the game goes on, a deadline open
        await tables[SNAPSHOT].settle()
        assert db.intents(tables[SNAPSHOT].gid)
        await bot.stop()
        db.close()

        conn = sqlite3.connect(path)
        try:
            due = conn.execute("SELECT COUNT(*) FROM deadlines").fetchone()[0]
            rows = conn.execute("SELECT game_id, seat, kind FROM deadlines").fetchall()
            assert due >= len(tables), (rows, [t.gid for t in tables], db.intents(tables[SNAPSHOT].gid))
            conn.execute(
                "UPDATE deadlines SET due_at = ? - 60, remind_at = ? - 120", (time.time(), time.time())
            )
            conn.execute("UPDATE games SET options = '{not json' WHERE id = ?", (tables[ROW].gid,))
            conn.execute("DELETE FROM intents WHERE game_id = ?", (tables[SNAPSHOT].gid,))
            conn.execute("UPDATE snapshots SET body = '{garbage' WHERE game_id = ?", (tables[SNAPSHOT].gid,))
            conn.execute("DELETE FROM seats WHERE game_id = ?", (tables[SEATS].gid,))
            conn.execute(f"UPDATE seats SET name = {BAD_TEXT} WHERE game_id = ?", (tables[UTF8].gid,))
            conn.commit()
            assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            conn.close()

        await bot.start()
        healthy = [t for i, t in enumerate(tables) if i not in (ROW, SNAPSHOT, SEATS, UTF8)]
        damaged = [tables[ROW], tables[SNAPSHOT], tables[SEATS], tables[UTF8]]

        def done() -> bool:
            return all("Time ran out" in _thread_text(fake, t) for t in healthy) and all(
                "paused for a moderator" in _thread_text(fake, t)
                and "Set aside for a moderator" in t.status.text()  # edited just after the thread post
                for t in damaged
            )

        await fake.state.wait_for(done, timeout=20, what="the deadlines applied and the damage announced")
        for table in healthy:
            assert any(i["by_user"] == "deadline" for i in db.intents(table.gid)), table.gid
            assert _status(db, table.gid) == "running"
        for table in damaged:
            assert _status(db, table.gid) == "damaged"
            assert "Set aside for a moderator" in table.status.text()
        assert not db.intents(tables[SNAPSHOT].gid)  # not restarted from its setup and replayed
        log = bot.logs()
        assert all(t.gid in log for t in damaged) and "set aside as damaged" in log
        assert "seat rows are lost" in log and "not valid UTF-8" in log and "Traceback" not in log
        assert not fake.state.unhandled
        # each damaged game refuses a move plainly; a healthy game's member still plays in its thread
        for n in (ROW, SEATS, UTF8):
            assert not tables[n].status.custom_ids()  # its status message lost its buttons
            refused = await (
                await members[n].slash("play", action="pass", channel=tables[n].thread_id)
            ).message(10)
            assert "moderator" in refused.text() and kit.BOT_ERROR not in refused.text(), refused.text()
        record, state = await tables[0].settle()
        if record["status"] == "running" and tables[0].human_prompts(state, record):
            played = await kit.Player(members[0], tables[0], random.Random(3)).play_turn(most=1)
            assert played, f"the healthy game {tables[0].gid} offered its member nothing"
    finally:
        db.close()
        await bot.stop()


async def _refused_start(fake: FakeDiscord, tmp_path: Path, damage: str) -> tuple[kit.BotProcess, Path]:
    """Start once (the database is made), stop, damage the file (``damage``), start again: refused."""
    path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, path, tmp_path / "arbiter-bot.log")
    await bot.start()  # a first start makes the database
    await fake.wait_for_commands("game")
    await bot.stop()
    assert path.stat().st_size > 0
    if damage == "emptied":
        path.write_bytes(b"")  # a bad restore, a full disk, an operator's mistake
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    else:
        conn = sqlite3.connect(path)
        conn.execute("DELETE FROM schema_version")  # a bad hand repair, a partial restore
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
    before = path.read_bytes()
    try:
        await bot.start(timeout=20)
    except RuntimeError as exc:
        assert "before IDENTIFY" in str(exc)
    else:
        raise AssertionError(f"the bot started on a database that is {damage}")
    assert bot.proc is not None
    assert await asyncio.wait_for(bot.proc.wait(), 5) == 2
    assert path.read_bytes() == before  # not re-initialised, nor migrated again
    return bot, path


async def test_an_emptied_database_file_stops_the_start(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    bot, path = await _refused_start(fake_discord, tmp_path, "emptied")
    assert "exists but is empty" in bot.logs()
    assert path.stat().st_size == 0  # not re-initialised as a new, empty database


async def test_a_missing_schema_version_row_stops_the_start(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Issue 32: it "exits with code 1 and a raw traceback"; it is refused like the other files."""
    bot, _ = await _refused_start(fake_discord, tmp_path, "missing schema_version")
    run = bot.logs().split("logging in using static token")[-1]
    said = [line for line in run.splitlines() if line.startswith("Arbiter did not start")]
    assert len(said) == 1 and "no schema_version row" in said[0], run[-2000:]
    assert "Traceback" not in run, run[-3000:]
