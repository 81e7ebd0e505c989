"""Issue 18 through the loopback Discord: undo by consent, its refusal, and the animated replay.

1. Infamy: a member bids, presses **Undo** on their own move, the two others approve in the thread: the
   game is back where it was (a new version), the thread says who approved, the old buttons are stale.
2. Gamedec: once a member's move rolled a die, ``/game undo`` is refused with the engine's reason.
3. A finished game's animated replay, posted in its thread: a valid animated image, one frame per turn
   (the set-up and every player turn), under Discord's upload limit.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import engine
from engine.core.history import turn_ends
from engine.core.undo import plan_from_log
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.test_scenarios_undo_edges import bid, request_message

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

UPLOAD_LIMIT = 8 * 1024 * 1024


def _without_step(state: object) -> dict[str, object]:
    body = dict(state.model_dump(mode="json"))  # type: ignore[attr-defined]
    body.pop("step", None)
    return body


async def test_a_misclicked_bid_is_undone_by_consent(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [bob, cy])
        record, before = await table.settle()
        seat, member, answer, key = await bid(table)
        assert "✅" in answer.text() and answer.ephemeral
        undo = [c for c in answer.custom_ids() if c.startswith(f"arbu:{table.gid}:")]
        assert len(undo) == 1, answer.custom_ids()
        asked = await (await member.click(answer, undo[0])).message(10)
        assert "must approve" in asked.text(), asked.text()
        posted = await request_message(fake, table)
        approve = next(c for c in posted.custom_ids() if c.endswith(":y"))
        others = [m for s, m in table.players.items() if s != seat]
        first = await (await others[0].click(posted, approve)).message(10)
        assert "awaited" in first.text(), first.text()
        done = await (await others[1].click(posted, approve)).message(10)
        assert "taken back" in done.text(), done.text()
        # the request's message keeps no buttons once settled (edited after the answer)
        settled = await fake.wait_for_message(
            lambda m: m.id == posted.id and "settled" in m.text(), timeout=10
        )
        assert not [c for c in settled.custom_ids() if c.startswith("arbv:")]
        after_record, after = await table.settle()
        assert after_record["version"] > record["version"] + 1
        assert _without_step(after) == _without_step(before)
        assert [i["intent"] for i in db.intents(table.gid)] == [key]  # kept, marked undone
        told = await fake.wait_for_message(
            lambda m: m.channel_id == table.thread_id and "approved by" in m.text(), timeout=10
        )
        line = next(x for x in told.text().splitlines() if "approved by" in x)
        assert "taken back" in line and "bid" not in line.lower(), (
            line
        )  # how many moves, never what they were
        stale = await (await member.click(answer, undo[0])).message(10)
        assert "moved on" in stale.text(), stale.text()
        await kit.play(table, random.Random(2), steps=3)  # and the game goes on
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()


async def _until_rolled(table: kit.Table, db: kit.BotDb, player: kit.Player) -> str | None:
    """Play alice's turns until one of her moves rolled a die: the refusal an undo gets then (None when
    the game ended first)."""
    game = engine.get("gamedec")
    for _ in range(200):
        record, state = await table.settle()
        if record["status"] != "running":
            return None
        log = [(i["seat"], i["intent"]) for i in db.intents(table.gid)]
        seats = [s["seat"] for s in record["seats"]]
        found = plan_from_log(game, seats, record["seed"], record["options"], log, "alice")
        if found.refusal is not None and "die was rolled" in found.refusal:
            return found.refusal
        if table.human_prompts(state, record):
            await player.play_turn(most=2)  # a second click confirms ending a turn early
    return None


async def test_an_undo_after_a_gamedec_roll_is_refused(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice = fake.add_member("alice")
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        refusal, table = None, None
        for attempt in range(4):  # a game may end before alice rolls: another one then
            table = await kit.open_game(fake, db, alice, [], agents=2, options="", game="gamedec")
            refusal = await _until_rolled(
                table, db, kit.Player(alice, table, random.Random(attempt), play_share=0)
            )
            if refusal is not None:
                break
        assert refusal is not None, "alice's moves never rolled a die"
        assert table is not None
        answer = await (await alice.slash("game", "undo", channel=table.thread_id)).message(10)
        assert refusal in answer.text() and answer.ephemeral, answer.text()
        assert not [
            m for m in fake.state.all_messages() if any(c.startswith("arbv:") for c in m.custom_ids())
        ]
    finally:
        db.close()
        await bot.stop()


async def test_the_animated_replay_is_posted_at_the_end(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    from PIL import Image

    fake = fake_discord
    alice = fake.add_member("alice")
    bot = kit.arbiter_process(
        fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log", ARBITER_END_REPLAY="1"
    )
    db = kit.BotDb(tmp_path / "arbiter.db")
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [], agents=2)
        record = await kit.play_to_end(table, random.Random(4), hand_share=0)
        posted = await fake.wait_for_message(
            lambda m: (
                m.channel_id == table.thread_id and any("-replay." in a.filename for a in m.attachments)
            ),
            timeout=120,
        )
        attachment = next(a for a in posted.attachments if "-replay." in a.filename)
        log = [(i["seat"], i["intent"]) for i in db.intents(table.gid)]
        moments = turn_ends(
            engine.get("infamy"), [s["seat"] for s in record["seats"]], record["seed"], record["options"], log
        )
        assert len(attachment.data) < UPLOAD_LIMIT
        with Image.open(io.BytesIO(attachment.data)) as image:
            assert image.format in ("WEBP", "GIF")
            assert getattr(image, "n_frames", 1) == len(moments)
        assert f"{len(moments) - 1} turns" in posted.text()
    finally:
        db.close()
        await bot.stop()
