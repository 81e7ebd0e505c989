"""Issue 18's edges through the loopback Discord and a real bot process.

1. Infamy: a member asks to undo their bid; the bot stops while the request waits, and is started again
   after its ten minutes have run out (the stored request and its deadline row moved back in time, as a
   clock would): the thread is told once that it expired, and the old Approve button says it is over.
2. Infamy: the host cancels a game that had moves: the animated replay is posted in the thread as at a
   game's end, ``/game history`` shows the public board, a seat's own view is refused (what was hidden
   stays hidden: README, "Undo, history and replays"), and ``/game export`` is the public record.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path

from engine.table.clocks import UNDO_CLOCK
from engine.table.undo import UNDO_TTL
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message


def _thread_texts(fake: FakeDiscord, table: kit.Table) -> list[str]:
    return [m.text() for m in fake.state.all_messages() if m.channel_id == table.thread_id]


def _move_back(path: Path, gid: str, seconds: float) -> None:
    """The time a bot that was down would have let pass: the pending request and its row, earlier."""
    conn = sqlite3.connect(path)
    try:
        (body,) = conn.execute("SELECT body FROM table_state WHERE game_id = ?", (gid,)).fetchone()
        state = json.loads(body)
        state["undo"]["opened_at"] -= seconds
        conn.execute("UPDATE table_state SET body = ? WHERE game_id = ?", (json.dumps(state), gid))
        moved = conn.execute(
            "UPDATE deadlines SET due_at = due_at - ?, remind_at = remind_at - ? "
            "WHERE game_id = ? AND seat = ?",
            (seconds, seconds, gid, UNDO_CLOCK),
        ).rowcount
        assert moved == 1, "the pending request has no deadline row"
        conn.commit()
    finally:
        conn.close()


def _deadline_seats(path: Path, gid: str) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [row[0] for row in conn.execute("SELECT seat FROM deadlines WHERE game_id = ?", (gid,))]
    finally:
        conn.close()


async def test_an_undo_request_expires_across_a_restart_and_is_told_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, path, tmp_path / "arbiter-bot.log", TICK_SECONDS="0.3")
    db = kit.BotDb(path)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [bob, cy])
        record, state = await table.settle()
        seat = table.human_prompts(state, record)[0]
        member = table.players[seat]
        player = kit.Player(member, table, random.Random(1), play_share=0)
        options = await player.options()
        bids = [c for c in options.custom_ids() if c.startswith(f"arb:{table.gid}:") and ":bid:" in c]
        answer = await (await member.click(options, bids[-1])).message(10)
        undo = next(c for c in answer.custom_ids() if c.startswith(f"arbu:{table.gid}:"))
        asked = await (await member.click(answer, undo)).message(10)
        assert "must approve" in asked.text(), asked.text()

        def request(m: Message) -> bool:
            return m.channel_id == table.thread_id and any(
                c.startswith(f"arbv:{table.gid}:") for c in m.custom_ids()
            )

        posted = await fake.wait_for_message(request, timeout=10)
        await bot.stop()
        db.close()
        _move_back(path, table.gid, UNDO_TTL + 60)
        await bot.start()
        db = kit.BotDb(path)
        expired = f"{seat}'s undo request expired: the move stands."
        await fake.state.wait_for(
            lambda: any(expired in t for t in _thread_texts(fake, table)) or None,
            timeout=20,
            what="the thread told that the request expired",
        )
        await asyncio.sleep(1.5)  # several ticks later: still told once
        assert sum(t.count(expired) for t in _thread_texts(fake, table)) == 1, _thread_texts(fake, table)
        assert UNDO_CLOCK not in _deadline_seats(path, table.gid)
        approve = next(c for c in posted.custom_ids() if c.endswith(":y"))
        other = next(m for s, m in table.players.items() if s != seat)
        over = await (await other.click(posted, approve)).message(10)
        assert "That undo request is over" in over.text(), over.text()
        assert [i["intent"] for i in db.intents(table.gid)] == [bids[-1].split(":", 3)[3]]  # the bid stands
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()


async def test_a_cancelled_game_has_its_replay_and_public_history_only(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, path, tmp_path / "arbiter-bot.log", ARBITER_END_REPLAY="1")
    db = kit.BotDb(path)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [bob, cy])
        await kit.play(table, random.Random(5), steps=4, hand_share=0)
        asked = await (await alice.slash("game", "abort", channel=table.thread_id)).message(10)
        confirm = next(c for c in asked.custom_ids() if c.startswith(f"arbc:{table.gid}:"))
        await (await alice.click(asked, confirm)).message(10)
        replay = await fake.wait_for_message(
            lambda m: (
                m.channel_id == table.thread_id and any("-replay." in a.filename for a in m.attachments)
            ),
            timeout=60,
        )
        assert "turns" in replay.text()
        assert db.record(table.gid)["status"] == "aborted"
        shown = await (await bob.slash("game", "history", channel=table.thread_id, at="t1")).message(10)
        assert "(the public board)" in shown.text() and shown.attachments, shown.text()
        other = next(s for s, m in table.players.items() if m is not bob)
        hidden = await (
            await bob.slash("game", "history", channel=table.thread_id, at="t1", seat=other)
        ).message(10)
        assert "what was hidden stays hidden" in hidden.text() and not hidden.attachments, hidden.text()
        export = await (await cy.slash("game", "export", channel=table.thread_id)).message(10)
        body = json.loads(export.attachment(f"{table.gid}-public.json").data)
        assert body["public_only"] and "seed" not in body and "intents" not in body
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()
