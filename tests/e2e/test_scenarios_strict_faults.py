"""Issue 32, "a loopback Discord as strict as Discord": the faults real Discord has that scenario 5
(test_scenarios_faults.py) does not cover, and the game goes on through each of them.

alice, bob and cy play Infamy (two Rounds). Along the way:
- a 503 on a turn post (discord.py does not retry it): the bot survives and the next post carries the
  lines that one lost;
- a status edit held 4 s and then answered 504 (a Discord that times out): discord.py tries again, and the
  members' clicks meanwhile are still answered within Discord's 3 seconds;
- op 9 INVALID_SESSION, resumable (RESUME) and not (a new IDENTIFY), and op 7 RECONNECT;
- the bot loses Send Messages in Threads in #games: its turn posts are refused (403 / 50013) and the
  moderators are told once: one line in #games (the server has no moderators-only or system channel) and
  an ephemeral note to the next member who acts; given back, the thread gets its posts again;
- the bot loses Create Public Threads in #games: bob's ``/game new`` is answered with what a moderator
  must give, and the half-made lobby message is taken away.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"
NOTE = "Discord refused Arbiter"


def _notes(fake: FakeDiscord, channel: str) -> list[str]:
    return [m.text() for m in fake.messages_in(channel, include_ephemeral=False) if NOTE in m.text()]


async def test_server_errors_stalls_sessions_and_missing_permissions(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    alice, bob, cy = fake.add_member("alice"), fake.add_member("bob"), fake.add_member("cy")
    db_path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, db_path, tmp_path / "arbiter-bot.log")
    db = kit.BotDb(db_path)
    rng = random.Random(9)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [bob, cy])
        players = kit.players_of(table, rng)
        record = await kit.play(table, rng, steps=2, players=players, hand_share=0)
        thread_posts = f"/channels/{table.thread_id}/messages"

        # a 503 on the thread: not retried by discord.py; the bot goes on, the lines wait for the next post
        fake.faults.error("POST", thread_posts, status=503, message="Service Unavailable", times=1)
        posts_before = len(fake.messages_in(table.thread_id, include_ephemeral=False))
        record = await kit.play(table, rng, steps=3, players=players, hand_share=0)
        assert [r.status for r in fake.requests("POST", thread_posts) if r.fault == "error"] == [503]
        assert len(fake.messages_in(table.thread_id, include_ephemeral=False)) > posts_before

        # a status edit held 4 s, then 504: retried; clicks meanwhile answered within 3 s
        status_edit = f"/channels/{table.status.channel_id}/messages/{table.status_id}"
        fake.faults.stall("PATCH", status_edit, seconds=4.0, status=504, times=1)
        playing = asyncio.create_task(kit.play(table, rng, steps=2, players=players, hand_share=0))
        await fake.state.wait_for(
            lambda: [r for r in fake.requests("PATCH", status_edit) if r.fault == "stall"],
            20,
            "the held edit",
        )
        meanwhile = await alice.click(table.status, f"arbo:{table.gid}")  # while Discord holds the edit
        await meanwhile.message(10)
        assert meanwhile.latency is not None and meanwhile.latency < 3.0, meanwhile.latency
        record = await playing
        stalled = [r for r in fake.requests("PATCH", status_edit) if r.fault == "stall"]
        assert [r.status for r in stalled] == [504]
        assert any(r.status == 200 and r.at > stalled[0].at for r in fake.requests("PATCH", status_edit))

        # op 9 resumable, op 9 not resumable, op 7
        resumed = fake.gateway.resumed_count
        await fake.invalid_session(resumable=True)
        await fake.wait_resumed(resumed + 1, timeout=20)
        record = await kit.play(table, rng, steps=1, players=players, hand_share=0)
        identified = fake.gateway.identify_count
        await fake.invalid_session(resumable=False)
        await fake.state.wait_for(
            lambda: fake.gateway.identify_count > identified and fake.gateway.connected, 20, "a new IDENTIFY"
        )
        record = await kit.play(table, rng, steps=1, players=players, hand_share=0)
        resumed = fake.gateway.resumed_count
        await fake.gateway.send_reconnect()
        await fake.wait_resumed(resumed + 1, timeout=20)
        record = await kit.play(table, rng, steps=1, players=players, hand_share=0)

        # no Send Messages in Threads: refused posts, the moderators told once
        fake.deny_bot("games", "send_messages_in_threads")
        refused_before = len([r for r in fake.requests("POST", thread_posts) if r.status == 403])
        for _ in range(4):
            record = await kit.play(table, rng, steps=1, players=players, hand_share=0)
            if record["status"] == "finished":
                break
        refused = [r for r in fake.requests("POST", thread_posts) if r.status == 403][refused_before:]
        assert refused, "no turn post was refused while the bot could not post in threads"
        notes = _notes(fake, "games")
        assert len(notes) == 1, notes
        assert "Send Messages in Threads" in notes[0] and "Attach Files" not in notes[0], notes[0]
        fake.allow_bot("games")
        posts_before = len(fake.messages_in(table.thread_id, include_ephemeral=False))
        record = await kit.play(table, rng, steps=2, players=players, hand_share=0)
        if record["status"] != "finished":
            assert len(fake.messages_in(table.thread_id, include_ephemeral=False)) > posts_before
        told = [m for m in fake.state.all_messages() if m.ephemeral and NOTE in m.text()]
        assert len(told) == 1 and told[0].answered_member_id in {m.id for m in (alice, bob, cy)}, told

        # no Create Public Threads: /game new says what a moderator must give; no half-made lobby is left
        fake.deny_bot("games", "create_public_threads")
        lobbies = len(fake.messages_in("games", include_ephemeral=False))
        answer = await (
            await bob.slash("game", "new", channel="games", options={"game": "infamy", "seats": 3})
        ).message(10)
        assert answer.ephemeral and "Create Public Threads" in answer.text(), answer.text()
        assert not re.search(r"[a-z]+_[a-z]+", answer.text()), answer.text()  # no program names
        notes = _notes(fake, "games")
        assert len(notes) == 2 and "Create Public Threads" in notes[1], notes
        assert len(fake.messages_in("games", include_ephemeral=False)) == lobbies + 1  # the note only
        fake.allow_bot("games")

        final = await kit.play_to_end(table, rng, max_steps=500)
        log = [(i["seat"], i["intent"]) for i in db.intents(table.gid)]
        assert engine.get("infamy").dump(kit.replay_log(final, log)) == (db.snapshot(table.gid) or (0, ""))[1]
        slow = [i.latency for i in fake.state.interactions.values() if (i.latency or 0) >= 3.0]
        assert not slow, slow
        assert all(i.callback is not None for i in fake.state.interactions.values())
        refusals = [r for r in fake.state.callbacks if r.status >= 400]
        assert not refusals, refusals[:3]
        assert not fake.state.unhandled, fake.state.unhandled[:3]
        assert bot.running, "the bot died"
        assert "Task exception was never retrieved" not in bot.logs()
        print(
            f"\nstrict faults: {len(refused)} posts refused for a permission, notes {len(notes)}, "
            f"{fake.gateway.identify_count} identifies, {fake.gateway.resume_count} resumes; "
            f"{fake.latency_report()}"
        )
    finally:
        db.close()
        await bot.stop()
