"""Scenario 5 of issue 6: faults on Discord's side, and the game goes on.

alice, bob and cy play Infamy (a six-Round game); cy has closed her DMs. Along the way:
- 429 answers (with ``retry_after``) on the message routes the bot posts and edits with, and one global 429;
  a 500 on an edit and a 502 on a post;
- the gateway connection is dropped twice: resumable (a click sent while the bot is away is replayed on
  RESUME and answered) and not resumable (the bot IDENTIFIES again);
- bob and cy go on ``/vacation``: agents play their seats, so private events reach them outside their own
  interactions: bob gets DMs, cy's DMs are refused (403/50007) and the thread tells her to use ``/hand``,
  which she does; then they ``/game return`` and play to the end.
The record is checked as in scenario 2: nothing private reached the wrong member, DMs included.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from tests.e2e import hidden_info
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


async def test_dms_closed_rate_limits_and_gateway_drops(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    cy = fake.add_member("cy", dms_open=False)
    db_path = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(fake, db_path, tmp_path / "arbiter-bot.log")
    db = kit.BotDb(db_path)
    rng = random.Random(5)
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand", "vacation")
        table = await kit.open_game(fake, db, alice, [bob, cy], options="round_cap=6")
        players = kit.players_of(table, rng)
        record = await kit.play(table, rng, steps=2, players=players, hand_share=0)

        # 429s on the routes that post and edit messages, and one global 429
        fake.faults.rate_limit("POST", MESSAGES, times=3, retry_after=0.3)
        fake.faults.rate_limit("PATCH", MESSAGE, times=3, retry_after=0.3)
        fake.faults.rate_limit("*", "*", times=1, retry_after=0.2, is_global=True)
        before = record["version"]
        record = await kit.play(table, rng, steps=4, players=players, hand_share=0)
        limited = [r for r in fake.state.requests if r.fault == "rate_limit"]
        assert len(limited) == 7, [(r.method, r.route) for r in limited]
        # and Discord's own hiccups: a 500 on an edit, a 502 on a post (discord.py retries both)
        fake.faults.error("PATCH", MESSAGE, status=500, times=1)
        fake.faults.error("POST", MESSAGES, status=502, message="Bad Gateway", times=1)
        record = await kit.play(table, rng, steps=3, players=players, hand_share=0)
        assert len([r for r in fake.state.requests if r.fault == "error"]) == 2
        assert record["version"] > before, "no move was made while the bot was rate limited"
        retried = {(r.method, r.path) for r in limited} & {
            (r.method, r.path) for r in fake.state.requests if r.fault is None and r.status < 300
        }
        assert retried, "no rate-limited request was retried"

        # a resumable gateway drop, with a click sent while the bot is away
        record, state = await table.settle()
        seat = table.human_prompts(state, record)[0]
        resumed = fake.gateway.resumed_count
        await fake.drop_gateway()
        session = fake.gateway.active
        assert session is not None and session.conn is None, "the bot is connected again already"
        # no await between the check and the dispatch: the click is kept for the RESUME
        options_click = await players[seat].member.click(table.status, f"arbo:{table.gid}")
        await fake.wait_resumed(resumed + 1)
        replayed = await options_click.message(10)
        assert replayed.ephemeral and kit.offered_actions(replayed, table.gid), replayed.text()
        record = await kit.play(table, rng, steps=2, players=players, hand_share=0)

        # a drop the bot cannot resume: it identifies again (discord.py waits 5 s first)
        identified = fake.gateway.identify_count
        await fake.drop_gateway(resumable=False)
        await fake.state.wait_for(
            lambda: fake.gateway.identify_count > identified and fake.gateway.connected, 20, "a new IDENTIFY"
        )
        before = record["version"]
        record = await kit.play(table, rng, steps=2, players=players, hand_share=0)
        assert record["version"] > before or record["status"] == "finished"

        # bob and cy go away: agents play their seats and private news goes by DM (refused for cy)
        for member in (bob, cy):
            away = await (await member.slash("vacation", channel=table.thread_id)).message(10)
            assert away.ephemeral and "agent plays for you" in away.text(), away.text()

        def cy_told() -> bool:
            refused = [r for r in fake.requests("POST", MESSAGES) if r.fault == "dm_closed"]
            notice = [
                m
                for m in fake.messages_in(table.thread_id)
                if cy.mention in m.all_text() and "/hand" in m.all_text()
            ]
            return bool(refused and notice and bob.dms())

        for _ in range(40):
            record = await kit.play(table, rng, steps=1, players=players, hand_share=0)
            if cy_told() or record["status"] == "finished":
                break
        assert cy_told(), "no DM to bob, or no refused DM and thread notice for cy, while they were away"
        assert all(not m.ephemeral and bob.can_see(m) and not alice.can_see(m) for m in bob.dms())
        assert not cy.dms(), "a DM reached cy although her DMs are closed"
        hand = await (await cy.slash("hand", channel=table.thread_id)).message(10)
        assert hand.ephemeral and "Your hand" in hand.text(), hand.text()

        if record["status"] != "finished":
            for member in (bob, cy):
                back = await (await member.slash("game", "return", channel=table.thread_id)).message(10)
                assert back.ephemeral and "you play again" in back.text(), back.text()
        final = await kit.play_to_end(table, rng, max_steps=500)

        # nothing lost, nothing leaked, everyone answered in time
        log = [(i["seat"], i["intent"]) for i in db.intents(table.gid)]
        replayed_state = kit.replay_log(final, log)
        assert engine.get("infamy").dump(replayed_state) == (db.snapshot(table.gid) or (0, ""))[1]
        assert any(i["by_user"] == "agent" for i in db.intents(table.gid)), (
            "no agent played while they were away"
        )
        secrets = hidden_info.secrets_of(
            final, db.intents(table.gid), hidden_info.commit_times_from_db(db_path, table.gid)
        )
        seats = {s: m.id for s, m in table.players.items()}
        leaks = hidden_info.Checker(fake, seats, secrets).leaks()
        assert not leaks, "\n".join(str(x) for x in leaks[:20])
        assert not hidden_info.private_answers_not_public(fake, secrets, seats)
        unanswered = [i for i in fake.state.interactions.values() if i.callback is None]
        assert not unanswered, unanswered[:3]
        slow = [
            (i.payload.get("data", {}).get("custom_id"), i.latency)
            for i in fake.state.interactions.values()
            if i.id != options_click.id and (i.latency or 0) >= 3.0
        ]
        assert not slow, slow
        print(
            f"\nscenario 5: {len(limited)} 429s, {fake.gateway.resume_count} resume(s), "
            f"{fake.gateway.identify_count} identifies, click during the drop answered after "
            f"{options_click.latency:.2f}s, {len(bob.dms())} DMs to bob, "
            f"{len([r for r in fake.state.requests if r.fault == 'dm_closed'])} refused DMs to cy; "
            f"{fake.latency_report()}"
        )
        assert not fake.state.unhandled, fake.state.unhandled[:3]
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()
