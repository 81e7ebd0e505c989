"""Issue 16 through the real bot and the loopback Discord: the table for long games.

One Infamy game (two Rounds) by alice, bob and cy, watched by dave:

- deadlines are Discord timestamps (``<t:UNIX:R>``) in the status message, the turn posts and the
  private options; the status names the game's Round and phase, never the internal version;
- ``/hand`` and "My hand" are readable text, never JSON;
- the commands of item 7 end to end, with their refusals: ``/games open`` and ``/game join`` in the
  lobby, ``/game options``, ``/game follow`` by dave (mentioned in the next turn post), a vote by dave
  (a spectator) refused, ``/game abort`` by bob (not the host) refused without a confirmation button,
  ``/game vote`` and ``/game extend`` by players, ``/settings show``;
- a status message Discord will no longer edit (error 30046) is replaced by a new one in the thread,
  with a note under the old one, and the game goes on there.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

STAMP = re.compile(r"<t:(\d+):R>")
JSONISH = re.compile(r"[{}\"]|\bnull\b|\btrue\b|\bfalse\b")
MESSAGE_TOO_OLD = 30046


async def test_the_table_for_long_games(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    try:
        alice, bob, cy, dave = (fake.add_member(n) for n in ("alice", "bob", "cy", "dave"))
        await bot.start()
        await fake.wait_for_commands("game", "games", "hand", "settings")
        db = kit.BotDb(tmp_path / "arbiter.db")
        # /games open lists a lobby, /game join takes a seat in it
        answer = await (
            await alice.slash(
                "game",
                "new",
                channel="games",
                options={"game": "infamy", "seats": 3, "options": "round_cap=2"},
            )
        ).message(10)
        gid = re.search(r"\(`([0-9a-f]+)`\)", answer.text()).group(1)  # type: ignore[union-attr]
        lobby = await fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=10)
        listed = await (await bob.slash("games", "open", channel="games")).message(10)
        assert gid in listed.text() and listed.ephemeral
        joined = await (await bob.slash("game", "join", channel=lobby.id)).message(10)
        assert "You joined" in joined.text()
        await (await cy.click(lobby, f"arbl:{gid}:join")).message(10)
        assert "started" in (await (await alice.click(lobby, f"arbl:{gid}:start")).message(10)).text()
        record = db.record(gid)
        players = {
            s["seat"]: m for s in record["seats"] for m in (alice, bob, cy) if str(m.id) == s["user_id"]
        }
        table = kit.Table(fake, db, gid, lobby.id, players, "infamy")
        await table.settle()

        status = table.status.text()
        assert STAMP.search(status), status
        # in the game's own words (a Turn is a Day Round then a Night Round), never the internal version
        assert "Turn 1, Day Round" in status and f"turn {db.record(gid)['version']}" not in status
        options = await (
            await dave.slash("game", "options", channel=table.thread_id, options={"game": "infamy"})
        ).message(10)
        assert "round_cap" in options.text() and "Default" in options.text()

        # refusals: a spectator's vote, a non-host's abort (no confirmation offered)
        vote = await (
            await dave.slash("game", "vote", channel=table.thread_id, options={"motion": "draw"})
        ).message(10)
        assert "Only the players seated" in vote.text()
        abort = await (await bob.slash("game", "abort", channel=table.thread_id)).message(10)
        assert "Only the game's host or a moderator" in abort.text()
        assert not [c for c in abort.custom_ids() if c.startswith("arbc:")]
        assert db.record(gid)["status"] == "running"
        ballot = await (
            await bob.slash("game", "vote", channel=table.thread_id, options={"motion": "extend"})
        ).message(10)
        assert "of 2" in ballot.text(), ballot.text()
        settings = await (await cy.slash("settings", "show", channel=table.thread_id)).message(10)
        assert "Default pace" in settings.text() and settings.ephemeral

        # dave follows the game: he is mentioned in the next turn post
        followed = await (await dave.slash("game", "follow", channel=table.thread_id)).message(10)
        assert "You follow Infamy" in followed.text()
        rng = random.Random(16)
        ply = kit.players_of(table, rng)
        seen = fake.state.ids.next()
        await kit.play(table, rng, steps=3, hand_share=0.0, players=ply)
        posts = [
            m
            for m in fake.state.all_messages()
            if m.channel_id == table.thread_id and m.id > seen and not m.ephemeral
        ]
        assert any(f"<@{dave.id}>" in p.text() for p in posts), [p.text()[-200:] for p in posts]
        assert any(STAMP.search(p.text()) for p in posts)

        # the private options and the hand
        record, state = await table.settle()
        seat = table.human_prompts(state, record)[0]
        mine = await ply[seat].options()
        assert STAMP.search(mine.text()), mine.text()
        hand = await ply[seat].hand(via_slash=True)
        text = hand.text()
        assert "Your hand" in text and not JSONISH.search(text.split("Only you see:")[-1]), text
        extend = await (await table.players[seat].slash("game", "extend", channel=table.thread_id)).message(
            10
        )
        assert "extend" in extend.text().casefold() or "deadline" in extend.text().casefold()

        # Discord refuses to edit the old status message (30046): a new one is posted and the game goes on
        record, state = await table.settle()
        seat = table.human_prompts(state, record)[0]
        old_id = table.status_id
        old_channel = table.status.channel_id
        fake.faults.error(
            "PATCH",
            f"/channels/{old_channel}/messages/{old_id}",
            status=400,
            code=MESSAGE_TOO_OLD,
            message="Maximum number of edits to messages older than 1 hour reached.",
            times=1000,
        )
        await ply[seat].play_turn()
        fresh = await fake.wait_for_message(
            lambda m: (
                m.channel_id == table.thread_id
                and m.id != old_id
                and any(
                    c.get("type") == 17 and int(c.get("id") or 0) >= kit.VERSION_ID
                    for c in m.walk_components()
                )
            ),
            timeout=15,
        )
        await fake.state.wait_for(
            lambda: db.record(gid)["place"]["status"] == str(fresh.id) or None,
            timeout=10,
            what="the new status message remembered",
        )  # the move is saved after the post
        statuses = [
            m.id
            for m in fake.state.all_messages()
            if m.channel_id == table.thread_id
            and any(
                c.get("type") == 17 and int(c.get("id") or 0) >= kit.VERSION_ID for c in m.walk_components()
            )
        ]
        assert statuses == [fresh.id], statuses
        note = await fake.wait_for_message(lambda m: "can no longer be updated" in m.text(), timeout=10)
        assert str(fresh.id) in note.text()
        table.thread, table.status_id = (
            table.thread_id,
            fresh.id,
        )  # the game goes on at the new status message
        record = await kit.play(table, rng, hand_share=0.0, players=ply)
        assert record["status"] == "finished"
        assert "Game over" in fresh.text()
        db.close()
    finally:
        await bot.stop()
        await fake.stop()
