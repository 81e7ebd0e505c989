"""Scenario 3 of issue 6: the bot is SIGKILLed in the middle of a game and started again on its database.

The members' old buttons keep working (the current version's are applied, older ones answer "the board
has moved on" with fresh options), and the game goes on to its end with nothing lost: the intent log
before the kill is a prefix of the final one, versions only grow, and the saved snapshot is always the
replay of the saved log. The second kill lands while a click is in flight: the move is either saved
whole or not at all.
"""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path
from typing import Any

import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message


def _buttons(msg: Message, gid: str) -> list[tuple[int, str]]:
    """(version, custom_id) of the action buttons on ``msg``; version 0 for a secret choice's (it carries its
    decision instead)."""
    out = []
    for cid in msg.custom_ids():
        if cid.startswith(f"arb:{gid}:"):
            stamp = cid.split(":")[2]
            out.append(
                (int(stamp) if stamp.isdigit() else 0, cid)
            )  # 0: a secret choice's button (no version)
    return out


def _consistent(db: kit.BotDb, gid: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """The saved snapshot is the replay of the saved log, at the saved version."""
    record = db.record(gid)
    log = [(i["seat"], i["intent"]) for i in db.intents(gid)]
    version, body = db.snapshot(gid) or (None, "")
    assert version == record["version"], f"snapshot version {version}, game version {record['version']}"
    assert engine.get("infamy").dump(kit.replay_log(record, log)) == body, (
        "snapshot is not the replay of the log"
    )
    return record, log


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
async def test_sigkill_mid_game_and_restart(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    db_path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, db_path, tmp_path / "arbiter-bot.log")
    db = kit.BotDb(db_path)
    rng = random.Random(3)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [bob, cy], options="round_cap=4")
        players = kit.players_of(table, rng)
        await kit.play(table, rng, steps=8, players=players, hand_share=0)

        # the member to act opens their options; keep an older options message of anyone as well
        record, state = await table.settle()
        assert record["status"] == "running"
        seat = table.human_prompts(state)[0]
        current = await players[seat].options()
        fresh = [b for b in _buttons(current, table.gid) if b[0] in (record["version"], 0)]
        assert fresh, f"no button for the current version in {current.custom_ids()}"
        older = [
            (m, b)
            for p in players.values()
            for h in p.handles
            for m in h.answers()
            for b in _buttons(m, table.gid)
            if 0 < b[0] < record["version"]
        ]
        assert older, "no options message from an older version"
        stale_msg, (stale_version, stale_id) = older[0]
        stale_member = next(
            p.member
            for p in players.values()
            if p.member.can_see(stale_msg)
            and stale_msg.ephemeral
            and stale_msg.answered_member_id == p.member.id
        )
        before, log_before = _consistent(db, table.gid)

        # 1. SIGKILL between moves, then start again on the same database
        await bot.kill()
        assert not bot.running
        after, log_after = _consistent(db, table.gid)
        assert (after["version"], log_after) == (before["version"], log_before)
        await bot.start()
        assert fake.gateway.identify_count >= 2

        # an old button of an older version: "the board has moved on", with fresh options
        h = await stale_member.click(stale_msg, stale_id)
        answer = await h.message(10)
        assert answer.ephemeral and "moved on" in answer.text(), answer.text()
        assert all(v in (0, record["version"]) for v, _ in _buttons(answer, table.gid)), answer.custom_ids()
        assert db.record(table.gid)["version"] == before["version"], "a stale click changed the game"

        # the button shown before the kill still plays
        version, cid = fresh[0]
        h = await players[seat].member.click(current, cid)
        answer = await h.message(10)
        assert answer.ephemeral and "✅" in answer.text(), answer.text()
        played, log_played = _consistent(db, table.gid)
        assert played["version"] == before["version"] + 1
        assert log_played[: len(log_before)] == log_before and log_played[len(log_before)] == (
            seat,
            cid.split(":", 3)[3],
        )

        # 2. SIGKILL while a click is in flight: the move is saved whole or not at all
        await kit.play(table, rng, steps=3, players=players, hand_share=0)
        record, state = await table.settle()
        seat = table.human_prompts(state)[0]
        current = await players[seat].options()
        version, cid = _buttons(current, table.gid)[0]
        before, log_before = _consistent(db, table.gid)
        await players[seat].member.click(current, cid)
        await bot.kill()
        after, log_after = _consistent(db, table.gid)
        assert log_after[: len(log_before)] == log_before
        assert after["version"] in (before["version"], before["version"] + 1)
        assert len(log_after) - len(log_before) == after["version"] - before["version"]
        await bot.start()
        h = await players[seat].member.click(current, cid)  # the same button again, after the restart
        answer = await h.message(10)
        applied_before_kill = after["version"] == before["version"] + 1
        if applied_before_kill and version != 0:
            assert "moved on" in answer.text(), answer.text()
        else:
            assert "✅" in answer.text() or "moved on" in answer.text(), answer.text()

        # 3. more kills at random moments around a click (before it is read, while it is applied, while it
        # is announced): each time the saved game is whole, and after the restart the status catches up
        kills: list[str] = []
        for _ in range(4):
            record = await kit.play(table, rng, steps=2, players=players, hand_share=0)
            if record["status"] == "finished":
                break
            record, state = await table.settle()
            seat = table.human_prompts(state, record)[0]
            current = await players[seat].options()
            _, cid = rng.choice(_buttons(current, table.gid))
            before, log_before = _consistent(db, table.gid)
            click = await players[seat].member.click(current, cid)
            delay = rng.choice([0.0, 0.0, 0.003, 0.01, 0.04])
            if delay:
                await asyncio.sleep(delay)
            else:  # at once, before this process even answers the bot's acknowledgement
                assert bot.proc is not None
                bot.proc.send_signal(signal.SIGKILL)
            await bot.kill()
            after, log_after = _consistent(db, table.gid)
            assert log_after[: len(log_before)] == log_before
            assert after["version"] - before["version"] == len(log_after) - len(log_before) <= 1
            kills.append(
                ("saved" if after["version"] > before["version"] else "not saved")
                + (", answered" if click.callback else ", unanswered")
            )
            await bot.start()

        # the game goes on to its end through the same status message's buttons
        final = await kit.play_to_end(table, rng, max_steps=500)
        final_record, final_log = _consistent(db, table.gid)
        assert final_log[: len(log_after)] == log_after
        outcome = engine.get("infamy").outcome(kit.replay_log(final_record, final_log))
        assert outcome is not None and sorted(outcome.winners) == sorted(final["winners"])
        assert bot.starts >= 3
        assert not fake.state.unhandled, fake.state.unhandled[:3]
        late = [i for i in fake.state.interactions.values() if i.callback is None]
        assert len(late) <= bot.starts - 2, (
            f"unanswered interactions besides the in-flight clicks: {late[:6]}"
        )
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
        print(
            f"\nscenario 3: {bot.starts} starts; kills around a click: {kills}; game over at version "
            f"{final_record['version']}"
        )
    finally:
        db.close()
        await bot.stop()


@pytest.mark.slow  # long: `pytest -m slow` (.ci/run) runs it, the quick suite not (issue 33)
async def test_sigkill_before_the_move_is_announced(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The move is saved, then the bot dies while Discord holds its posts back (429): after the restart the
    thread and the status message must catch up, or the next player is never told it is their turn
    (bug B3, fixed)."""
    fake = fake_discord
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    db_path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, db_path, tmp_path / "arbiter-bot.log")
    db = kit.BotDb(db_path)
    rng = random.Random(8)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [bob, cy], options="round_cap=4")
        players = kit.players_of(table, rng)
        await kit.play(table, rng, steps=3, players=players, hand_share=0)
        record, state = await table.settle()
        seat = table.human_prompts(state, record)[0]
        current = await players[seat].options()
        _, cid = _buttons(current, table.gid)[0]

        fake.faults.rate_limit("POST", "/channels/{channel_id}/messages", times=1, retry_after=30)
        fake.faults.rate_limit(
            "PATCH", "/channels/{channel_id}/messages/{message_id}", times=1, retry_after=30
        )
        answer = await (await players[seat].member.click(current, cid)).message(10)
        assert "✅" in answer.text(), answer.text()
        await fake.state.wait_for(
            lambda: any(r.fault == "rate_limit" for r in fake.state.requests),
            10,
            "the announcement to be held up",
        )
        await bot.kill()
        fake.faults.clear()
        saved, _ = _consistent(db, table.gid)
        assert saved["version"] == record["version"] + 1
        assert table.status_turn() == record["version"], "the status caught up before the kill"

        await bot.start()
        posts_before = len(fake.messages_in(table.thread_id))
        await table.settle(timeout=15)  # the status message shows the saved version again
        assert len(fake.messages_in(table.thread_id)) > posts_before, "no turn post after the restart"
        await kit.play(table, rng, steps=3, players=players, hand_share=0)
    finally:
        db.close()
        await bot.stop()
