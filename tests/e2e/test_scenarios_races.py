"""Scenario 4 of issue 6: races on one button, and an interaction delivered twice.

- 200 concurrent clicks on the same button of the current version: exactly one is applied, the other
  199 are told ephemerally that the board has moved on (with fresh options); the same for a secret
  choice's button (it carries its decision, not a version: it must not go stale when someone else
  chooses, yet applies once).
- the same INTERACTION_CREATE delivered twice, at once or after the answer: applied once.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, InteractionHandle, Message

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

CLICKS = 200


def _callbacks(fake: FakeDiscord, h: InteractionHandle) -> list[Any]:
    """Every callback the bot tried for this interaction, refused ones (400 already acknowledged) too."""
    return [c for c in fake.state.callbacks if c.interaction_id == h.id]


def _button(msg: Message, gid: str, rng: random.Random) -> str:
    ids = [cid for cid in msg.custom_ids() if cid.startswith(f"arb:{gid}:")]
    assert ids, f"no action button in {msg.custom_ids()}"
    return rng.choice(ids)


async def _until(
    table: kit.Table, player: kit.Player, secret: bool, steps: int = 60
) -> tuple[dict[str, Any], Any]:
    """Play on until the player's open prompt is (or is not) a secret simultaneous choice."""
    for _ in range(steps):
        record, state = await table.settle()
        assert record["status"] == "running", "the game ended before the race"
        mine = [p for p in engine.get("infamy").prompts(state) if p.seat in table.players]
        if mine and mine[0].simultaneous == secret:
            return record, state
        await player.play_turn(most=1)
    raise AssertionError(f"no {'secret' if secret else 'open'} prompt within {steps} steps")


async def _race(
    fake: FakeDiscord, db: kit.BotDb, table: kit.Table, player: kit.Player, rng: random.Random, secret: bool
) -> dict[str, Any]:
    record, state = await _until(table, player, secret)
    options = await player.options()
    cid = _button(options, table.gid, rng)
    if secret:  # a secret choice's button carries the decision it answers, not a version (cogs.ui.stamps)
        from cogs.ui.stamps import Stamp

        ref = next(p.ref for p in engine.get("infamy").prompts(state) if p.seat == "alice" and p.simultaneous)
        assert cid.split(":")[2] == Stamp.of_ref(ref).text(), cid
    else:
        assert cid.split(":")[2] == str(record["version"]), cid
    log_before = db.intents(table.gid)

    handles: list[InteractionHandle] = await asyncio.gather(
        *(player.member.click(options, cid) for _ in range(CLICKS))
    )
    answers = await asyncio.gather(*(h.message(30) for h in handles))

    applied = [a for a in answers if "✅" in a.text()]
    moved_on = [a for a in answers if "moved on" in a.text()]
    other = [a.text()[:200] for a in answers if a not in applied and a not in moved_on]
    assert len(applied) == 1, f"{len(applied)} clicks applied: {[a.text()[:100] for a in applied[:3]]}"
    assert len(moved_on) == CLICKS - 1, f"{len(moved_on)} told the board moved on; others: {other[:3]}"
    assert all(a.ephemeral for a in answers), "an answer to a click was public"
    latencies = [h.latency for h in handles]
    assert all(x is not None and x < 3.0 for x in latencies), max(x or 99 for x in latencies)

    after = db.record(table.gid)
    log_after = db.intents(table.gid)
    mine = [i for i in log_after[len(log_before) :] if i["by_user"] == str(player.member.id)]
    assert log_after[: len(log_before)] == log_before
    assert [i["intent"] for i in mine] == [cid.split(":", 3)[3]], mine
    assert after["version"] == record["version"] + 1
    return {"max_latency": max(x or 0 for x in latencies), "version": after["version"]}


async def _race_test(fake: FakeDiscord, tmp_path: Path, secret: bool) -> None:
    alice = fake.add_member("alice")
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    rng = random.Random(4)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [], agents=2, options="")
        player = kit.Player(alice, table, random.Random(5), play_share=0)
        race = await _race(fake, db, table, player, rng, secret=secret)
        print(
            f"\nscenario 4: {CLICKS} clicks on a {'secret' if secret else 'versioned'} button, slowest first "
            f"answer {race['max_latency']:.3f}s; {fake.latency_report()}"
        )
        await kit.play(table, rng, steps=5, players={"alice": player})  # and the game goes on
        assert not fake.state.unhandled, fake.state.unhandled[:3]
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()


async def test_two_hundred_clicks_on_one_button(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    await _race_test(fake_discord, tmp_path, secret=False)


async def test_two_hundred_clicks_on_a_secret_choice_button(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    await _race_test(fake_discord, tmp_path, secret=True)


async def test_an_interaction_delivered_twice_is_applied_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    alice = fake.add_member("alice")
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    rng = random.Random(6)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [], agents=2, options="")
        player = kit.Player(alice, table, random.Random(7), play_share=0)
        for when in ("at once", "after the answer", "as a /play command"):
            record, _ = await _until(table, player, secret=False)
            log_before = db.intents(table.gid)
            if when == "as a /play command":
                choices = await (
                    await alice.autocomplete("play", focused="action", action="", channel=table.thread_id)
                ).choices()
                value = str(rng.choice(choices)["value"])
                key = value.split("|", 1)[-1]  # menu values carry the version they were offered at
                h = await alice.slash("play", action=value, channel=table.thread_id)
            else:
                options = await player.options()
                cid = _button(options, table.gid, rng)
                key = cid.split(":", 3)[3]
                h = await alice.click(options, cid)
            if when == "at once":
                await fake.redeliver(h)
            answer = await h.message(10)
            if when != "at once":
                await fake.redeliver(h)
            await fake.state.wait_for(
                lambda h=h: len(_callbacks(fake, h)) >= 2, 10, "the bot to try answering the second delivery"
            )
            await asyncio.sleep(0.3)
            record_after, _ = await table.settle()
            log_after = db.intents(table.gid)
            mine = [i["intent"] for i in log_after[len(log_before) :] if i["by_user"] == str(alice.id)]
            assert mine == [key], f"{when}: {mine}"
            assert record_after["version"] == record["version"] + 1, when
            assert "✅" in answer.text(), answer.text()
            assert [m for m in h.answers() if "✅" in m.text()] == [answer], f"{when}: answered twice"
            statuses = [c.status for c in _callbacks(fake, h)]
            assert statuses.count(200) == 1, f"{when}: callbacks {statuses}"
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()


async def test_lobby_interactions_delivered_twice_act_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """``/game new``, Join and Start, each delivered twice at once: one game, one seat each, one start."""
    fake = fake_discord
    alice, bob, cy = (fake.add_member(n) for n in ("alice", "bob", "cy"))
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    try:
        await bot.start()
        await fake.wait_for_commands("game")
        h = await alice.slash("game", "new", channel="games", options={"game": "infamy", "seats": 3})
        await fake.redeliver(h)
        await h.message(10)
        await fake.state.wait_for(lambda: len(_callbacks(fake, h)) >= 2, 10, "the second delivery")
        await asyncio.sleep(0.5)
        assert len(db.game_ids()) == 1, db.game_ids()
        lobbies = [m for m in fake.messages_in("games") if any(c.startswith("arbl:") for c in m.custom_ids())]
        assert len(lobbies) == 1, lobbies
        gid = db.game_ids()[0]
        for member, action in ((bob, "join"), (cy, "join"), (alice, "start")):
            h = await member.click(lobbies[0], f"arbl:{gid}:{action}")
            await fake.redeliver(h)
            await h.message(10)
            await fake.state.wait_for(lambda h=h: len(_callbacks(fake, h)) >= 2, 10, "the second delivery")
        await asyncio.sleep(0.3)
        record = db.record(gid)
        assert [s["name"] for s in record["seats"]] == ["alice", "bob", "cy"], record["seats"]
        assert record["status"] == "running"
        assert record["version"] == 4, record["version"]  # created, two joins, started: each once
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()
