"""Issue 9, authority bound to the game, through the real bot and the loopback Discord.

- A moderator of *another* server names a running game by its id (shown in every lobby and status
  message): ``/game export``, ``replace``, ``kick``, ``pace``, ``pause``, ``resume`` and ``abort`` are
  refused ("That game belongs to another server.") and the game is unchanged (same saved version).
- A lobby Join button forged in another server (its custom id edited to this server's lobby) is refused.
- A moderator of the game's own server who does not play gets only the public record of a running game:
  no seed, no intent keys, no hand.
- An old secret-choice button (Infamy's Round 1 sector choice) clicked during the Round 2 sector choice
  is refused as stale, and a ``/play`` menu value offered at an older version is refused as stale.
- A burst of commands by one member: beyond the rate limit, a polite "please wait" and nothing done.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message, SimMember
from tests.e2e.fake_discord.state import MESSAGE_COMPONENT

FOREIGN = "That game belongs to another server."


def _replace_ids(value: Any, old: str, new: str) -> Any:
    if isinstance(value, dict):
        return {
            k: (new if k == "custom_id" and v == old else _replace_ids(v, old, new)) for k, v in value.items()
        }
    if isinstance(value, list):
        return [_replace_ids(v, old, new) for v in value]
    return value


async def _forged_click(member: SimMember, own: Message, old: str, new: str) -> Message:
    """What a modified client can send: a click on the member's own message with its custom id edited."""
    forged = dataclasses.replace(own, components=_replace_ids(own.components, old, new))
    channel = member.fake.state.channels[own.channel_id]
    h = await member._send(MESSAGE_COMPONENT, {"custom_id": new, "component_type": 2}, channel, forged)
    return await h.message(10)


async def _lobby(fake: FakeDiscord, member: SimMember, channel: str) -> tuple[str, Message]:
    answer = await (
        await member.slash("game", "new", channel=channel, options={"game": "infamy", "seats": 3})
    ).message(10)
    gid = answer.text().split("(`")[1].split("`)")[0]
    lobby = await fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=10)
    return gid, lobby


def _alice_prompt(state: Any) -> Any:
    return next((p for p in engine.get("infamy").prompts(state) if p.seat == "alice"), None)


async def test_authority_is_bound_to_the_games_server_and_every_action_is_versioned(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    other = fake.add_guild("Elsewhere", channels=("general",))
    mallory = fake.add_member("mallory", moderator=True, guild=other)
    alice = fake.add_member("alice")
    mod = fake.add_member("mod", moderator=True)
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    try:
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand")
        table = await kit.open_game(fake, db, alice, [], agents=2, options="")
        gid = table.gid
        before, _ = await table.settle()

        # 1. another server's moderator, naming the running game by its id
        attempts: list[tuple[str, dict[str, Any]]] = [
            ("export", {}),
            ("replace", {"seat": "alice", "member": mallory}),
            ("kick", {"member": alice}),
            ("pace", {"preset": "relaxed"}),
            ("pause", {}),
            ("resume", {}),
            ("abort", {}),
        ]
        for sub, extra in attempts:
            answer = await (await mallory.slash("game", sub, options={"game": gid, **extra})).message(10)
            assert answer.ephemeral and answer.text() == FOREIGN and not answer.attachments, (
                sub,
                answer.text(),
            )
        after = db.record(gid)
        assert (after["version"], after["status"], after["pace"], after["seats"]) == (
            before["version"],
            before["status"],
            before["pace"],
            before["seats"],
        ), "a refused command changed it"

        # 2. a lobby Join button forged in the other server
        lobby_gid, _ = await _lobby(fake, alice, "games")
        own_gid, own_lobby = await _lobby(fake, mallory, "general")
        answer = await _forged_click(mallory, own_lobby, f"arbl:{own_gid}:join", f"arbl:{lobby_gid}:join")
        assert answer.ephemeral and answer.text() == FOREIGN, answer.text()
        assert [s["name"] for s in db.record(lobby_gid)["seats"]] == ["alice"]

        # 3. this server's moderator, who does not play: the public record only
        export = await (await mod.slash("game", "export", channel=table.thread_id)).message(10)
        data = json.loads(export.attachment(f"{gid}-public.json").data)
        text = json.dumps(data)
        assert data["public_only"] and data["id"] == gid
        assert not {"seed", "intents", "final"} & data.keys()
        assert '"hand"' not in text and '"my_choice"' not in text
        secret_keys = [i["intent"] for i in db.intents(gid) if "=" in i["intent"]]
        assert not [k for k in secret_keys if k in text], "an intent key is in the public export"

        # 4. an old secret-choice button in a later Round; a /play menu value from an older version
        player = kit.Player(alice, table, random.Random(9), play_share=0)
        old_button: tuple[Message, str] | None = None
        stale_play_checked = False
        seen = []
        for _ in range(300):
            record, state = await table.settle()
            prompt = _alice_prompt(state)
            seen.append((state.round, prompt and prompt.kind, record["version"]))
            assert record["status"] == "running", f"the game ended before Round 2's sector choice: {seen}"
            if prompt is not None and prompt.simultaneous and prompt.kind == "sector":
                if state.round == 1 and old_button is None:
                    offered = await player.options()
                    old_button = (
                        offered,
                        next(c for c in offered.custom_ids() if c.startswith(f"arb:{gid}:")),
                    )
                elif state.round >= 2 and old_button is not None:
                    break
            elif prompt is not None and not stale_play_checked:
                choices = await (
                    await alice.autocomplete("play", focused="action", action="", channel=table.thread_id)
                ).choices(10)
                old_value = str(choices[0]["value"])
                assert old_value.startswith(f"v{record['version']}|"), old_value
                await player.play_turn(most=1)
                moved, _ = await table.settle()
                assert moved["version"] > record["version"]
                answer = await (await alice.slash("play", action=old_value, channel=table.thread_id)).message(
                    10
                )
                assert answer.ephemeral and "moved on" in answer.text(), answer.text()
                assert db.record(gid)["version"] == moved["version"], "a stale /play value was applied"
                stale_play_checked = True
                continue
            await player.play_turn(most=1)  # one decision at a time, so that each one is seen here
        else:
            raise AssertionError("no Round 2 sector choice within 300 steps")
        assert old_button is not None and stale_play_checked
        record, state = await table.settle()
        msg, cid = old_button
        answer = await (await alice.click(msg, cid)).message(10)
        assert answer.ephemeral and "moved on" in answer.text(), answer.text()
        assert db.record(gid)["version"] == record["version"], "a Round 1 button answered Round 2"
        assert _alice_prompt(db.state(gid)[1]) == _alice_prompt(state), "the Round 2 choice was answered"
        assert not fake.state.unhandled, fake.state.unhandled[:3]
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()


async def test_a_burst_of_commands_gets_a_polite_answer(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice = fake.add_member("alice")
    bot = kit.arbiter_process(
        fake,
        tmp_path / "arbiter.db",
        tmp_path / "arbiter-bot.log",
        RATE_LIMIT_ACTIONS="5",
        RATE_LIMIT_SECONDS="60",
    )
    try:
        await bot.start()
        await fake.wait_for_commands("help", "game")
        handles = await asyncio.gather(*(alice.slash("help") for _ in range(12)))
        answers = await asyncio.gather(*(h.message(10) for h in handles))
        helped = [a for a in answers if "Arbiter referees board games" in a.text()]
        slowed = [a for a in answers if "going a little fast" in a.text()]
        assert (len(helped), len(slowed)) == (5, 7), [a.text()[:80] for a in answers]
        assert all(a.ephemeral for a in slowed)
        # a refused command does nothing: no lobby is opened while the bucket is empty
        refused = await (
            await alice.slash("game", "new", channel="games", options={"game": "infamy", "seats": 3})
        ).message(10)
        assert "going a little fast" in refused.text(), refused.text()
        assert not [
            m for m in fake.messages_in("games") if any(c.startswith("arbl:") for c in m.custom_ids())
        ]
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        await bot.stop()


async def test_one_member_cannot_flood_a_server_with_lobbies(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Issue 9: "one user opened 10,000 lobbies in 2.6 s". Through the real bot (the rate limit raised so
    that only the lobby limit speaks): 40 ``/game new`` at once open exactly 5 lobbies; the others are told
    why, and every answer is ephemeral."""
    fake = fake_discord
    alice = fake.add_member("alice")
    db = tmp_path / "arbiter.db"
    bot = kit.arbiter_process(
        fake, db, tmp_path / "arbiter-bot.log", RATE_LIMIT_ACTIONS="1000", MAX_LOBBIES_PER_USER="5"
    )
    try:
        await bot.start()
        await fake.wait_for_commands("game")
        handles = await asyncio.gather(
            *(
                alice.slash("game", "new", channel="games", options={"game": "infamy", "seats": 3})
                for _ in range(40)
            )
        )
        answers = await asyncio.gather(*(h.message(20) for h in handles))
        refused = [a for a in answers if "open lobbies, the most allowed" in a.text()]
        assert len(refused) == 35, [a.text()[:80] for a in answers if a not in refused][:5]
        assert all(a.ephemeral for a in refused)
        stored = kit.BotDb(db)
        try:
            assert len(stored.game_ids()) == 5
        finally:
            stored.close()
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        await bot.stop()
