"""Issue 18's edges through the loopback Discord and a real bot process.

1. Infamy: a member asks to undo their bid; the bot stops while the request waits, and is started again
   after its ten minutes have run out (the stored request and its deadline row moved back in time, as a
   clock would): the thread is told once that it expired, and the old Approve button says it is over
   (and the request's message loses its buttons).
2. Infamy: the host cancels a game that had moves: the animated replay is posted in the thread as at a
   game's end, ``/game history`` shows the public board, a seat's own view is refused (what was hidden
   stays hidden: README, "Undo, history and replays"), and ``/game export`` is the public record.
3. Gamedec: a move whose undo gives its player something back (a card, a place) is taken back by
   consent: that player gets by DM the message ``/hand`` shows, with the same private image.
4. Infamy: Discord will no longer edit the status message (30046): on the new one **Undo my move** works,
   on the old one it is refused with a link to the new one, and the Undo under the move is not stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import engine
from engine.core.hand_text import private_part
from engine.core.undo import plan_from_log
from engine.table.clocks import UNDO_CLOCK
from engine.table.undo import UNDO_TTL
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import BotProcess, FakeDiscord, Message, SimMember

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

PNG = b"\x89PNG"
MESSAGE_TOO_OLD = 30046


@dataclass
class Run:
    """A bot process on its own database, with a game of three members (alice hosts, bob and cy join)."""

    fake: FakeDiscord
    bot: BotProcess
    db: kit.BotDb
    path: Path
    table: kit.Table


@contextlib.asynccontextmanager
async def three_members(
    fake: FakeDiscord, tmp_path: Path, game: str = "infamy", options: str = kit.SHORT_GAME, **env: str
) -> AsyncIterator[Run]:
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, path, tmp_path / "arbiter-bot.log", **env)
    run = Run(fake, bot, kit.BotDb(path), path, table=None)  # type: ignore[arg-type]
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        run.table = await kit.open_game(fake, run.db, alice, [bob, cy], options=options, game=game)
        yield run
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        run.db.close()
        await bot.stop()


async def bid(table: kit.Table) -> tuple[str, SimMember, Message, str]:
    """The member whose turn it is bids (the highest bid offered): (seat, member, the answer under the
    move, the bid's intent key)."""
    record, state = await table.settle()
    seat = table.human_prompts(state, record)[0]
    member = table.players[seat]
    options = await kit.Player(member, table, random.Random(1), play_share=0).options()
    bids = [c for c in options.custom_ids() if c.startswith(f"arb:{table.gid}:") and ":bid:" in c]
    assert bids, options.custom_ids()
    answer = await (await member.click(options, bids[-1])).message(10)
    return seat, member, answer, bids[-1].split(":", 3)[3]


def undo_button(answer: Message, gid: str) -> str:
    return next(c for c in answer.custom_ids() if c.startswith(f"arbu:{gid}:"))


async def request_message(fake: FakeDiscord, table: kit.Table) -> Message:
    """The thread's message with the Approve/Refuse buttons of the pending request."""
    return await fake.wait_for_message(
        lambda m: (
            m.channel_id == table.thread_id
            and any(c.startswith(f"arbv:{table.gid}:") for c in m.custom_ids())
        ),
        timeout=10,
    )


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
    async with three_members(fake, tmp_path, TICK_SECONDS="0.3") as run:
        table = run.table
        seat, member, answer, key = await bid(table)
        asked = await (await member.click(answer, undo_button(answer, table.gid))).message(10)
        assert "must approve" in asked.text(), asked.text()
        posted = await request_message(fake, table)
        await fake.state.wait_for(
            lambda: "asks to take back" in table.status.text() or None, timeout=10, what="the status shows it"
        )
        await run.bot.stop()
        run.db.close()
        _move_back(run.path, table.gid, UNDO_TTL + 60)
        await run.bot.start()
        run.db = kit.BotDb(run.path)
        expired = f"{seat}'s undo request expired: the move stands."
        await fake.state.wait_for(
            lambda: any(expired in t for t in _thread_texts(fake, table)) or None,
            timeout=20,
            what="the thread told that the request expired",
        )
        await asyncio.sleep(1.5)  # several ticks later: still told once
        assert sum(t.count(expired) for t in _thread_texts(fake, table)) == 1, _thread_texts(fake, table)
        assert UNDO_CLOCK not in _deadline_seats(run.path, table.gid)
        await fake.state.wait_for(
            lambda: "asks to take back" not in table.status.text() or None, timeout=10, what="the status"
        )
        approve = next(c for c in posted.custom_ids() if c.endswith(":y"))
        other = next(m for s, m in table.players.items() if s != seat)
        over = await (await other.click(posted, approve)).message(10)
        assert "That undo request is over" in over.text(), over.text()
        cleared = await fake.wait_for_message(
            lambda m: m.id == posted.id and "settled" in m.text(), timeout=10, what="the dead buttons gone"
        )
        assert not [c for c in cleared.custom_ids() if c.startswith("arbv:")]
        assert [i["intent"] for i in run.db.intents(table.gid)] == [key]  # the bid stands


async def test_a_cancelled_game_has_its_replay_and_public_history_only(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with three_members(fake, tmp_path, ARBITER_END_REPLAY="1") as run:
        table = run.table
        alice, bob, cy = (table.players[s] for s in ("alice", "bob", "cy"))
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
        assert run.db.record(table.gid)["status"] == "aborted"
        shown = await (await bob.slash("game", "history", channel=table.thread_id, at="t1")).message(10)
        assert "(the public board)" in shown.text() and shown.attachments, shown.text()
        hidden = await (
            await bob.slash("game", "history", channel=table.thread_id, at="t1", seat="cy")
        ).message(10)
        assert "what was hidden stays hidden" in hidden.text() and not hidden.attachments, hidden.text()
        export = await (await cy.slash("game", "export", channel=table.thread_id)).message(10)
        body = json.loads(export.attachment(f"{table.gid}-public.json").data)
        assert body["public_only"] and "seed" not in body and "intents" not in body


async def _until_undo_gives_back(table: kit.Table, db: kit.BotDb, rng: random.Random) -> str | None:
    """Play Gamedec's members one move at a time until a move could be taken back and its undo would change
    what its player alone sees (a card back in hand, say): that seat (None if none within 60 moves)."""
    game = engine.get("gamedec")
    players = kit.players_of(table, rng)
    for _ in range(60):
        record, state = await table.settle()
        asked = table.human_prompts(state, record)
        if record["status"] != "running" or not asked:
            return None
        seat = asked[0]
        await players[seat].play_turn(most=1)
        record, state = await table.settle()
        log = [(i["seat"], i["intent"]) for i in db.intents(table.gid)]
        seats = [s["seat"] for s in record["seats"]]
        found = plan_from_log(game, seats, record["seed"], record["options"], log, seat)
        if found.allowed:
            now = private_part(game.view(state, seat), game.view(state, None))
            earlier = private_part(game.view(found.state, seat), game.view(found.state, None))
            if now != earlier:
                return seat
    return None


async def test_after_an_undo_the_player_gets_their_private_image_and_text_by_dm(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Issue 18: "private views are re-sent to the seats whose hand changed": the message /hand shows."""
    fake = fake_discord
    async with three_members(fake, tmp_path, game="gamedec", options="") as run:
        table, db = run.table, run.db
        seat = await _until_undo_gives_back(table, db, random.Random(3))
        assert seat is not None, "no move of Gamedec's opening whose undo gives its player something back"
        member = table.players[seat]
        before = len(member.dms())
        asked = await (await member.slash("game", "undo", channel=table.thread_id)).message(10)
        assert "must approve" in asked.text(), asked.text()
        posted = await request_message(fake, table)
        approve = next(c for c in posted.custom_ids() if c.endswith(":y"))
        for other in [m for s, m in table.players.items() if s != seat]:
            await (await other.click(posted, approve)).message(10)
        await fake.state.wait_for(
            lambda: len(member.dms()) > before or None, timeout=15, what="the private message by DM"
        )
        dm = member.dms()[-1]
        assert "A move was taken back" in dm.text() and "Your hand" in dm.text(), dm.text()
        assert [a.filename for a in dm.attachments] == ["hand.png"] and dm.attachments[0].data[:4] == PNG
        # another seat whose own view changed too gets its own; nobody else, and never in the thread
        told = [m for m in fake.state.all_messages() if "A move was taken back" in m.text()]
        private = {m.id for p in table.players.values() for m in p.dms()}
        assert all(m.id in private for m in told), told
        assert sum(m in p.dms() for m in told for p in table.players.values()) == len(told)
        assert [m for m in member.dms() if "A move was taken back" in m.text()] == [dm]
        hand = await kit.Player(member, table, random.Random(0)).hand(via_slash=True)
        assert hand.attachment("hand.png").data == dm.attachments[0].data  # the image /hand shows


async def test_undo_my_move_on_a_reposted_status_message_and_the_old_one_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Discord stops editing the status message (30046), so a new one is posted in the thread: its **Undo
    my move** works, the old message's is refused with a link to the new one, and the Undo button under
    the move still works (a new status message is not a move)."""
    fake = fake_discord
    async with three_members(fake, tmp_path) as run:
        table = run.table
        await table.settle()
        old = table.status
        assert f"arbw:{table.gid}:{old.id}" in old.custom_ids(), old.custom_ids()
        fake.faults.error(
            "PATCH",
            f"/channels/{old.channel_id}/messages/{old.id}",
            status=400,
            code=MESSAGE_TOO_OLD,
            message="Maximum number of edits to messages older than 1 hour reached.",
            times=1000,
        )
        _, member, answer, _ = await bid(table)
        undo = undo_button(answer, table.gid)
        fresh = await fake.wait_for_message(
            lambda m: m.channel_id == table.thread_id and f"arbw:{table.gid}:{m.id}" in m.custom_ids(),
            timeout=15,
            what="the new status message with its own Undo my move",
        )
        assert fresh.id != old.id and run.db.record(table.gid)["place"]["status"] == str(fresh.id)
        refused = await (await member.click(old, f"arbw:{table.gid}:{old.id}")).message(10)
        assert "no longer kept up to date" in refused.text() and str(fresh.id) in refused.text(), (
            refused.text()
        )
        asked = await (await member.click(fresh, f"arbw:{table.gid}:{fresh.id}")).message(10)
        assert "must approve" in asked.text(), asked.text()
        again = await (await member.click(answer, undo)).message(10)
        assert "already waiting" in again.text(), again.text()  # not stale: one request at a time
