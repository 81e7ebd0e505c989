"""Proof that the loopback Discord works with the real discord.py client (a probe bot, not Arbiter)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest

from tests.e2e.fake_discord import BotProcess, FakeDiscord
from tests.e2e.probe_client import CounterButton, ProbeClient, tiny_png


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, **options: object) -> AsyncIterator[ProbeClient]:
    """The probe client logged in and connected to ``fake``, commands synced."""
    with fake.patch_discord():
        client = ProbeClient(**options)
        task = asyncio.create_task(client.start(fake.token))
        try:
            await asyncio.wait_for(client.wait_until_ready(), 10)
            yield client
        finally:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, 5)


async def test_login_sync_and_ephemeral_slash(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    bob = fake_discord.add_member("bob")
    async with running(fake_discord) as client:
        assert client.user is not None and client.user.id == fake_discord.application_id
        guild = client.get_guild(fake_discord.guild.id)
        assert guild is not None and {c.name for c in guild.text_channels} == {"general", "games"}
        assert {"ping", "game", "slow"} <= set(fake_discord.state.global_commands)
        assert fake_discord.requests("GET", "/users/@me")
        assert fake_discord.requests("PUT", "/applications/{application_id}/commands")

        handle = await alice.slash("ping")
        answer = await handle.message()
        assert answer.content == "pong" and answer.ephemeral
        assert answer.answered_member_id == alice.id and answer.interaction_id == handle.id
        assert handle.callback is not None and handle.callback.type == 4 and handle.callback.ephemeral
        assert handle.latency is not None and 0 <= handle.latency < 3
        assert fake_discord.ephemeral_answers(handle) == [answer]
        assert answer in alice.visible_messages() and answer not in bob.visible_messages()
    assert fake_discord.state.unhandled == []


async def test_gateway_speaks_zlib_stream(fake_discord: FakeDiscord) -> None:
    async with running(fake_discord):
        query = fake_discord.gateway.connects[0]
        assert query == {"v": "10", "encoding": "json", "compress": "zlib-stream"}
        assert fake_discord.gateway.identify_count == 1


async def test_uncompressed_text_frames_also_work() -> None:
    async with FakeDiscord(compress=False) as fake:
        alice = fake.add_member("alice")
        async with running(fake):
            assert (await (await alice.slash("ping")).message()).content == "pong"


async def test_deferred_answer_and_follow_ups(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    bob = fake_discord.add_member("bob")
    async with running(fake_discord):
        handle = await alice.slash("slow")
        assert (await handle.response()).type == 5
        done, secret = await handle.messages(2)
        assert done.content == "done" and not done.ephemeral and done.via == "deferred"
        assert secret.content == "secret follow-up" and secret.ephemeral and secret.via == "followup"
        assert bob.can_see(done) and not bob.can_see(secret) and alice.can_see(secret)

        private = await alice.slash("slow", private=True)
        first, _ = await private.messages(2)
        assert first.content == "done" and first.ephemeral  # the defer's ephemeral flag wins


async def test_subcommand_group_and_autocomplete(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        typed = await alice.autocomplete("game", "new", focused="game", game="in", seats=3)
        assert [c["value"] for c in await typed.choices()] == ["infamy"]
        empty = await alice.autocomplete("game", "new", focused="game")
        assert len(await empty.choices()) == 5

        reset = await alice.slash("game", "admin", "reset", hard=True)
        assert (await reset.message()).content == "reset hard=True"

        new = await alice.slash("game", "new", game="infamy", seats=3, channel="games")
        msg = await new.message()
        assert msg.content == "new infamy for 3" and msg.channel_id == fake_discord.channel("games").id
        assert msg.custom_ids() == ["counter:0"]
        with pytest.raises(LookupError):
            await alice.slash("game", "new", colour="red")
        with pytest.raises(ValueError):  # Discord's client would not send it without the required option
            await alice.slash("game", "new", game="infamy")


async def test_png_attachment_and_components_v2(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        handle = await alice.slash("board")
        assert (await handle.message()).content == "posted"
        general = fake_discord.channel("general")
        plain, layout = [m for m in fake_discord.messages_in(general) if not m.ephemeral]
        assert plain.content == "the board"
        assert plain.attachment("board.png").data == tiny_png()
        assert plain.attachment("board.png").content_type == "image/png"
        assert layout.components_v2 and layout.content == ""
        assert layout.components[0]["type"] == 17  # Container, stored as sent
        assert layout.raw["components"] == layout.components
        assert layout.attachment("board.png").data == tiny_png(2, 2)
        assert fake_discord.last_message(general) is layout
        dumped = json.loads(fake_discord.dump(tmp_path / "record.json").read_text())
        assert dumped["messages"][-1]["attachments"][0]["size"] == len(tiny_png(2, 2))
        # a member can click a button inside a V2 container
        clicked = await alice.click(layout, "counter:0")
        assert (await clicked.message()).content == "count=1 (v2)"


async def test_dynamic_button_select_and_modal(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    bob = fake_discord.add_member("bob")
    async with running(fake_discord):
        board = await (await alice.slash("game", "new", game="gamedec", seats=2)).message()
        click = await bob.click(board, "counter:0")
        assert (await click.response()).type == 7  # UPDATE_MESSAGE on the button's message
        updated = await click.message()
        assert updated is board and board.content == "count=1 by bob" and board.custom_ids() == ["counter:1"]
        assert board.history[0].content == "new gamedec for 2"

        chooser = await (await alice.slash("pick")).message()
        chose = await bob.select(chooser, "pick", ["infamy", "gamedec"])
        reply = await chose.message()
        assert (
            reply.content == "picked infamy,gamedec"
            and reply.ephemeral
            and reply.answered_member_id == bob.id
        )
        with pytest.raises(ValueError):
            await bob.select(chooser, "pick", ["chess"])
        with pytest.raises(PermissionError):
            await alice.click(reply, "anything")  # bob's ephemeral message

        opened = await alice.slash("bid")
        modal = await opened.modal()
        assert modal["title"] == "Bid"
        submitted = await alice.submit_modal(opened, {"amount": "7"})
        assert (await submitted.message()).content == "bid 7"

        opened = await alice.slash("order")
        assert [c["type"] for c in (await opened.modal())["components"]] == [18, 18, 18]
        submitted = await alice.submit_modal(opened, {"target": ["bo"], "note": "quick", "confirm": True})
        assert (await submitted.message()).content == "order ['bo'] note='quick' sure=True"
        with pytest.raises(KeyError):
            await alice.submit_modal(opened, {"nope": "x"})


async def test_dm_refused_with_50007(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    closed = fake_discord.add_member("carol", dms_open=False)
    async with running(fake_discord) as client:
        user = await client.fetch_user(closed.id)
        with pytest.raises(discord.Forbidden) as info:
            await user.send("hello")
        assert info.value.code == 50007 and info.value.status == 403
        assert info.value.text == "Cannot send messages to this user"

        handle = await alice.slash("whisper", member=closed)
        assert (await handle.message()).content == "DMs closed (50007)"
        ok = await closed.slash("whisper", member=alice)
        assert (await ok.message()).content == "sent"
        (dm,) = alice.dms()
        assert dm.content == "psst from carol" and alice.can_see(dm) and not closed.can_see(dm)
        assert dm.channel_kind == "dm" and not dm.ephemeral
        assert closed.dms() == []


async def test_rate_limit_is_retried(fake_discord: FakeDiscord) -> None:
    fake_discord.add_member("alice")
    async with running(fake_discord) as client:
        general = client.get_channel(fake_discord.channel("general").id)
        assert isinstance(general, discord.TextChannel)
        rule = fake_discord.faults.rate_limit(
            "POST", "/channels/{channel_id}/messages", times=2, retry_after=0.1
        )
        sent = await general.send("after two 429s")
        assert rule.hits == 2
        posts = fake_discord.requests("POST", "/channels/{channel_id}/messages")
        assert [r.status for r in posts] == [429, 429, 200]
        assert fake_discord.last_message("general") is not None
        assert fake_discord.last_message("general").id == sent.id  # type: ignore[union-attr]

        fake_discord.faults.rate_limit("*", "*", times=1, retry_after=0.1, is_global=True)
        assert (await client.fetch_channel(general.id)).id == general.id

        # the interaction webhook (follow-ups) is retried too
        fake_discord.faults.rate_limit("POST", "/webhooks/{application_id}/{token}", times=1, retry_after=0.1)
        handle = await fake_discord.members["alice"].slash("slow")
        assert [m.content for m in await handle.messages(2)] == ["done", "secret follow-up"]
        assert [r.status for r in fake_discord.requests("POST", "/webhooks/{application_id}/{token}")] == [
            429,
            200,
            200,
        ]


async def test_gateway_drop_is_resumed(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord) as client:
        await fake_discord.drop_gateway()
        # an interaction sent while the bot is away is replayed on RESUME
        handle = await alice.slash("ping")
        await fake_discord.wait_resumed()
        await asyncio.wait_for(client.resumed.wait(), 5)
        assert (await handle.message()).content == "pong"
        assert fake_discord.gateway.identify_count == 1 and fake_discord.gateway.resume_count == 1
        assert (await (await alice.slash("ping")).message()).content == "pong"

        await fake_discord.gateway.send_reconnect()  # op 7: the client must resume too
        await fake_discord.wait_resumed(2)
        assert fake_discord.gateway.identify_count == 1
        assert (await (await alice.slash("ping")).message()).content == "pong"


async def test_threads_and_thread_visibility(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    bob = fake_discord.add_member("bob")
    async with running(fake_discord):
        handle = await alice.slash("table", member=bob)
        opened = await handle.message()
        public_post = await fake_discord.wait_for_message(lambda m: m.content == "public thread post")
        private_post = await fake_discord.wait_for_message(lambda m: m.content == "private thread post")
        public = fake_discord.state.channels[public_post.channel_id]
        private = fake_discord.state.channels[private_post.channel_id]
        assert public.id == opened.id and public.type == 11 and public.parent_id == opened.channel_id
        assert private.type == 12 and bob.id in private.thread_member_ids
        assert alice.can_see(public_post) and bob.can_see(public_post)
        assert bob.can_see(private_post) and not alice.can_see(private_post)
        assert (public_post.channel_kind, private_post.channel_kind) == ("thread", "private_thread")
        in_thread = await (await alice.slash("ping", channel=public.id)).message()
        assert in_thread.channel_id == public.id and in_thread.ephemeral
        assert (
            await (await bob.slash("ping", channel=private.id)).message()
        ).channel_kind == "private_thread"
        with pytest.raises(PermissionError):
            await alice.slash("ping", channel=private.id)


async def test_duplicate_delivery_is_refused_by_discord(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        handle = await alice.slash("ping")
        await handle.message()
        await fake_discord.redeliver(handle)
        await fake_discord.state.wait_for(
            lambda: len(fake_discord.state.callbacks) == 2, 5, "the second callback"
        )
        assert [c.status for c in fake_discord.state.callbacks] == [200, 400]
        assert len(fake_discord.state.answers_to(handle.id)) == 1


async def test_bot_process_pointed_by_env_survives_kill_and_restart(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    script = Path(__file__).with_name("probe_client.py")
    async with BotProcess(fake_discord, ["{python}", str(script)]) as bot:
        await fake_discord.wait_for_commands("ping", "game")
        board = await (await alice.slash("game", "new", game="infamy", seats=3)).message()

        await bot.kill()  # SIGKILL: no goodbye to the gateway
        assert not fake_discord.gateway.connected
        await bot.start()
        assert fake_discord.gateway.identify_count == 2
        assert (await (await alice.slash("ping")).message()).content == "pong"
        await bot.kill()

    # the same bot started through the stopgap launcher (it sets Route.BASE and the gateway)
    launcher = ["{python}", "-m", "tests.e2e.fake_discord.launch", "tests.e2e.probe_client", "--no-config"]
    async with BotProcess(fake_discord, launcher, cwd=Path(__file__).parents[2]) as launched:
        assert fake_discord.gateway.identify_count == 3
        # the old message's persistent button is answered by the new process
        click = await alice.click(board, "counter:0")
        assert (await click.message()).content == "count=1 by alice", launched.logs()


async def test_lost_session_makes_the_client_identify_again(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        await fake_discord.drop_gateway(resumable=False)
        await fake_discord.wait_until_ready(2)
        assert fake_discord.gateway.resume_count == 1 and fake_discord.gateway.identify_count == 2
        assert (await (await alice.slash("ping")).message()).content == "pong"


async def test_heartbeats_are_acknowledged() -> None:
    async with FakeDiscord(heartbeat_interval_ms=100) as fake:
        async with running(fake) as client:
            await fake.state.wait_for(lambda: fake.gateway.heartbeat_count >= 3, 5, "three heartbeats")
            assert client.latency < 1.0  # finite: every heartbeat got its ACK


async def test_rest_surface_used_directly(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord) as client:
        # DM with a file, then edit keeping the old attachment and adding one
        user = await client.fetch_user(alice.id)
        dm = await user.send("your hand", file=discord.File(io.BytesIO(b"\x00\x01hand"), filename="hand.bin"))
        await dm.edit(
            content="your hand (v2)",
            attachments=[*dm.attachments, discord.File(io.BytesIO(b"x"), "extra.txt")],
        )
        (recorded,) = alice.dms()
        assert recorded.content == "your hand (v2)" and recorded.history[0].content == "your hand"
        assert [a.filename for a in recorded.attachments] == ["hand.bin", "extra.txt"]
        assert recorded.attachment("hand.bin").data == b"\x00\x01hand"
        assert await dm.attachments[0].read() == b"\x00\x01hand"  # served back by the fake

        channel = client.get_channel(fake_discord.channel("games").id)
        assert isinstance(channel, discord.TextChannel)
        first = await channel.send("one")
        await channel.send("two")
        assert (await channel.fetch_message(first.id)).content == "one"
        assert [m.content async for m in channel.history(limit=10)] == ["two", "one"]
        await first.delete()
        assert [m.content for m in fake_discord.messages_in("games")] == ["two"]
        with pytest.raises(discord.NotFound):
            await channel.fetch_message(first.id)

        thread = await channel.create_thread(name="g1", type=discord.ChannelType.public_thread)
        await thread.edit(archived=True, locked=True)
        assert (
            fake_discord.state.channels[thread.id].archived and fake_discord.state.channels[thread.id].locked
        )

        too_long = "x" * 2001
        with pytest.raises(discord.HTTPException) as info:
            await channel.send(too_long)
        assert info.value.code == 50035


async def test_deferred_update_then_edit(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        chooser = await (await alice.slash("pick")).message()
        click = await alice.click(chooser, "refresh")
        assert (await click.response()).type == 6
        assert (await click.message()) is chooser and chooser.content == "refreshed"


async def test_late_answers_are_refused_when_the_deadline_is_on(fake_discord: FakeDiscord) -> None:
    fake_discord.interaction_deadline = 0.3
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        quick = await alice.slash("sleepy", seconds=0.0)
        assert (await quick.message()).content == "yawn"
        late = await alice.slash("sleepy", seconds=0.6)
        await fake_discord.state.wait_for(
            lambda: len(fake_discord.state.callbacks) == 2, 5, "the late callback"
        )
        assert fake_discord.state.callbacks[-1].status == 404 and late.callback is None


async def test_many_members_at_once(fake_discord: FakeDiscord) -> None:
    members = [fake_discord.add_member(f"m{i}") for i in range(100)]
    async with running(fake_discord):
        board = await (await members[0].slash("game", "new", game="infamy", seats=3)).message()
        handles = await asyncio.gather(*(m.slash("ping") for m in members))
        answers = await asyncio.gather(*(h.message(timeout=10) for h in handles))
        assert all(a.content == "pong" and a.ephemeral for a in answers)
        assert {a.answered_member_id for a in answers} == {m.id for m in members}
        # a race on one button: every click is dispatched and answered (the probe has no versioning)
        clicks = await asyncio.gather(*(m.click(board, "counter:0") for m in members[:50]))
        await asyncio.gather(*(c.response(timeout=10) for c in clicks))
        report = fake_discord.latency_report()
        assert report["count"] == 151 and report["p99"] < 3.0
        assert fake_discord.who_saw("pong") == {m.name for m in members}
        assert fake_discord.transcript().count("'pong'") == 100


async def test_button_in_a_dm(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord) as client:
        user = await client.fetch_user(alice.id)
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(5))
        await user.send("your private board", view=view)
        (dm,) = alice.dms()
        click = await alice.click(dm, "counter:5")
        assert (await click.message()) is dm and dm.content == "count=6 by alice"
        assert "guild_id" not in click.interaction.payload and "user" in click.interaction.payload


async def test_member_and_moderator_permissions(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    mod = fake_discord.add_member("mo", moderator=True)
    async with running(fake_discord):
        plain = await (await alice.slash("whoami")).message()
        assert plain.content == "manage_guild=False/False roles=['@everyone'] app_manage_threads=True"
        boss = await (await mod.slash("whoami")).message()
        assert (
            boss.content == "manage_guild=True/True roles=['@everyone', 'Moderator'] app_manage_threads=True"
        )


async def test_clickable_lists_what_a_member_may_press(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    bob = fake_discord.add_member("bob")
    async with running(fake_discord):
        await (await alice.slash("game", "new", game="infamy", seats=3)).message()
        await (await alice.slash("pick")).message()
        ids = [comp["custom_id"] for _, comp in bob.clickable()]
        assert ids == ["pick", "refresh", "counter:0"]  # newest message first
        ((msg, comp),) = bob.clickable("counter:")
        assert (await (await bob.click(msg, comp["custom_id"])).message()).content == "count=1 by bob"


async def test_unknown_routes_and_bad_tokens_are_answered_like_discord(fake_discord: FakeDiscord) -> None:
    auth = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(
            f"{fake_discord.api_base}/users/@me", headers={"Authorization": "Bot nope"}
        ) as resp:
            assert resp.status == 401 and (await resp.json())["message"] == "401: Unauthorized"
        async with http.get(f"{fake_discord.api_base}/guilds/1/audit-logs", headers=auth) as resp:
            assert resp.status == 404 and resp.headers["Content-Type"] == "application/json"
        async with http.get(f"{fake_discord.api_base}/gateway/bot", headers=auth) as resp:
            assert (await resp.json())["url"] == fake_discord.gateway_url
    assert [(r.method, r.path) for r in fake_discord.state.unhandled] == [("GET", "/guilds/1/audit-logs")]
    assert "POST /channels/{channel_id}/messages" in fake_discord.routes()


async def test_guild_command_sync(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord) as client:
        guild = discord.Object(id=fake_discord.guild.id)
        client.tree.copy_global_to(guild=guild)
        await client.tree.sync(guild=guild)
        await fake_discord.wait_for_commands("ping", "game", guild=fake_discord.guild)
        handle = await alice.slash("ping")
        assert handle.interaction.payload["data"]["guild_id"] == str(guild.id)
        assert (await handle.message()).content == "pong"


async def test_members_intent_chunks_and_joins(fake_discord: FakeDiscord) -> None:
    fake_discord.add_member("alice")
    intents = discord.Intents.default()
    intents.members = True
    async with running(fake_discord, intents=intents) as client:
        guild = client.get_guild(fake_discord.guild.id)
        assert guild is not None and guild.chunked
        assert {m.name for m in guild.members} >= {"alice", "owner"}
        late = fake_discord.add_member("latecomer")
        await fake_discord.state.wait_for(lambda: guild.get_member(late.id), 5, "GUILD_MEMBER_ADD")
        members = await asyncio.wait_for(guild.chunk(cache=True), 5)  # op 8 -> GUILD_MEMBERS_CHUNK
        assert {m.name for m in members} == {"owner", "Arbiter", "alice", "latecomer"}
        assert any(e.op == 8 for e in fake_discord.gateway.events)


# -- as strict as Discord (issue 32): every limit refused with Discord's status, code and field path ------

V2 = 1 << 15


def _row(*components: dict[str, object]) -> dict[str, object]:
    return {"type": 1, "components": list(components)}


def _button(i: int = 0, label: str = "b", custom_id: str | None = None) -> dict[str, object]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id or f"b{i}"}


def _select(
    options: list[dict[str, object]] | None = None, placeholder: str | None = None
) -> dict[str, object]:
    data: dict[str, object] = {"type": 3, "custom_id": "s", "options": options or [_option()]}
    if placeholder is not None:
        data["placeholder"] = placeholder
    return data


def _option(i: int = 0, label: str | None = None, value: str | None = None, description: str | None = None):  # type: ignore[no-untyped-def]
    data = {"label": label or f"o{i}", "value": value or f"v{i}"}
    if description is not None:
        data["description"] = description
    return data


def _text(n: int) -> dict[str, object]:
    return {"type": 10, "content": "x" * n}


# (what, the payload for a size n, Discord's limit, the field path the refusal names)
MESSAGE_LIMITS = [
    ("content", lambda n: {"content": "x" * n}, 2000, "content"),
    ("embeds", lambda n: {"embeds": [{"title": "t"}] * n}, 10, "embeds"),
    ("embed title", lambda n: {"embeds": [{"title": "x" * n}]}, 256, "embeds.0.title"),
    ("embed description", lambda n: {"embeds": [{"description": "x" * n}]}, 4096, "embeds.0.description"),
    (
        "embed fields",
        lambda n: {"embeds": [{"fields": [{"name": "n", "value": "v"}] * n}]},
        25,
        "embeds.0.fields",
    ),
    (
        "embed field name",
        lambda n: {"embeds": [{"fields": [{"name": "x" * n, "value": "v"}]}]},
        256,
        "embeds.0.fields.0.name",
    ),
    (
        "embed field value",
        lambda n: {"embeds": [{"fields": [{"name": "n", "value": "x" * n}]}]},
        1024,
        "embeds.0.fields.0.value",
    ),
    ("embed footer", lambda n: {"embeds": [{"footer": {"text": "x" * n}}]}, 2048, "embeds.0.footer.text"),
    ("embed author", lambda n: {"embeds": [{"author": {"name": "x" * n}}]}, 256, "embeds.0.author.name"),
    (
        "embeds in all",
        lambda n: {"embeds": [{"description": "x" * 3000}, {"description": "x" * (n - 3000)}]},
        6000,
        "embeds",
    ),
    ("action rows", lambda n: {"components": [_row(_button(i)) for i in range(n)]}, 5, "components"),
    (
        "buttons a row",
        lambda n: {"components": [_row(*(_button(i) for i in range(n)))]},
        5,
        "components.0.components",
    ),
    (
        "button label",
        lambda n: {"components": [_row(_button(label="x" * n))]},
        80,
        "components.0.components.0.label",
    ),
    (
        "custom id",
        lambda n: {"components": [_row(_button(custom_id="x" * n))]},
        100,
        "components.0.components.0.custom_id",
    ),
    (
        "select options",
        lambda n: {"components": [_row(_select([_option(i) for i in range(n)]))]},
        25,
        "components.0.components.0.options",
    ),
    (
        "select placeholder",
        lambda n: {"components": [_row(_select(placeholder="x" * n))]},
        150,
        "components.0.components.0.placeholder",
    ),
    (
        "option label",
        lambda n: {"components": [_row(_select([_option(label="x" * n)]))]},
        100,
        "components.0.components.0.options.0.label",
    ),
    (
        "option value",
        lambda n: {"components": [_row(_select([_option(value="x" * n)]))]},
        100,
        "components.0.components.0.options.0.value",
    ),
    (
        "option description",
        lambda n: {"components": [_row(_select([_option(description="x" * n)]))]},
        100,
        "components.0.components.0.options.0.description",
    ),
    ("V2 components", lambda n: {"flags": V2, "components": [_text(1)] * n}, 40, "components"),
    ("V2 text", lambda n: {"flags": V2, "components": [_text(n)]}, 4000, "components"),
]


async def _rest(
    fake: FakeDiscord,
    method: str,
    path: str,
    payload: dict[str, object] | None = None,
    files: list[bytes] | None = None,
    auth: bool = True,
) -> tuple[int, dict[str, object]]:
    headers = {"Authorization": f"Bot {fake.token}"} if auth else {}
    data: aiohttp.FormData | None = None
    if files is not None:
        data = aiohttp.FormData()
        data.add_field("payload_json", json.dumps(payload or {}), content_type="application/json")
        for i, blob in enumerate(files):
            data.add_field(f"files[{i}]", blob, filename=f"f{i}.png", content_type="image/png")
    async with aiohttp.ClientSession() as http:
        kwargs: dict[str, object] = {"data": data} if data is not None else {"json": payload}
        async with http.request(method, fake.api_base + path, headers=headers, **kwargs) as resp:  # type: ignore[arg-type]
            text = await resp.text()
            return resp.status, json.loads(text) if text else {}


def _refused_at(answer: tuple[int, dict[str, object]], path: str) -> bool:
    status, body = answer
    node: object = body.get("errors", {})
    for part in path.split("."):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return status == 400 and body.get("code") == 50035 and isinstance(node, dict) and "_errors" in node


@pytest.mark.parametrize(
    ("what", "build", "limit", "path"), MESSAGE_LIMITS, ids=[c[0] for c in MESSAGE_LIMITS]
)
async def test_each_message_limit_is_discords(fake_discord: FakeDiscord, what, build, limit, path) -> None:  # type: ignore[no-untyped-def]
    """At the limit a message is posted; one over, Discord's 400 / 50035 naming the field."""
    messages = f"/channels/{fake_discord.channel('general').id}/messages"
    at_limit = await _rest(fake_discord, "POST", messages, build(limit))
    assert at_limit[0] == 200, (what, at_limit)
    over = await _rest(fake_discord, "POST", messages, build(limit + 1))
    assert _refused_at(over, path), (what, over)
    # an edit is held to the same limits
    edit = await _rest(fake_discord, "PATCH", f"{messages}/{at_limit[1]['id']}", build(limit + 1))
    assert _refused_at(edit, path), (what, edit)


async def test_a_select_fills_its_row(fake_discord: FakeDiscord) -> None:
    messages = f"/channels/{fake_discord.channel('general').id}/messages"
    assert (await _rest(fake_discord, "POST", messages, {"components": [_row(_select())]}))[0] == 200
    status, body = await _rest(fake_discord, "POST", messages, {"components": [_row(_select(), _button())]})
    assert status == 400 and body["code"] == 50035
    assert "COMPONENT_LAYOUT_WIDTH_EXCEEDED" in json.dumps(body["errors"])


async def test_discord_py_shows_the_refused_field(fake_discord: FakeDiscord) -> None:
    async with running(fake_discord) as client:
        channel = client.get_channel(fake_discord.channel("general").id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as info:
            await channel.send(embed=discord.Embed(title="x" * 257))
        assert info.value.status == 400 and info.value.code == 50035
        assert "In embeds.0.title: Must be 256 or fewer in length." in str(info.value)


async def test_attachments_ten_a_message_and_the_guilds_size_limit(fake_discord: FakeDiscord) -> None:
    messages = f"/channels/{fake_discord.channel('general').id}/messages"
    assert (await _rest(fake_discord, "POST", messages, {}, files=[b"png"] * 10))[0] == 200
    assert _refused_at(await _rest(fake_discord, "POST", messages, {}, files=[b"png"] * 11), "attachments")
    assert fake_discord.guild.upload_limit == 25 * 1024 * 1024  # Discord's default
    fake_discord.guild.upload_limit = 1000
    assert (await _rest(fake_discord, "POST", messages, {}, files=[b"x" * 600, b"x" * 400]))[0] == 200
    status, body = await _rest(fake_discord, "POST", messages, {}, files=[b"x" * 600, b"x" * 401])
    assert (status, body["code"], body["message"]) == (413, 40005, "Request entity too large")


async def test_thread_names_and_archived_locked_threads(fake_discord: FakeDiscord) -> None:
    games = fake_discord.channel("games")
    threads = f"/channels/{games.id}/threads"
    status, thread = await _rest(fake_discord, "POST", threads, {"name": "x" * 100, "type": 11})
    assert status == 201
    assert _refused_at(await _rest(fake_discord, "POST", threads, {"name": "x" * 101, "type": 11}), "name")
    assert _refused_at(
        await _rest(fake_discord, "PATCH", f"/channels/{thread['id']}", {"name": "y" * 101}), "name"
    )
    posts = f"/channels/{thread['id']}/messages"
    state = fake_discord.state.channels[int(str(thread["id"]))]
    state.archived = True  # archived only: a message brings it back, as on Discord
    assert (await _rest(fake_discord, "POST", posts, {"content": "back"}))[0] == 200 and not state.archived
    state.archived = state.locked = True
    status, body = await _rest(fake_discord, "POST", posts, {"content": "no"})
    assert (status, body["code"]) == (400, 50083)


async def test_missing_permissions_are_refused_with_50013(fake_discord: FakeDiscord) -> None:
    general, games = fake_discord.channel("general"), fake_discord.channel("games")
    status, thread = await _rest(
        fake_discord, "POST", f"/channels/{games.id}/threads", {"name": "t", "type": 11}
    )
    in_thread = f"/channels/{thread['id']}/messages"
    fake_discord.deny_bot(general, "send_messages")
    status, body = await _rest(fake_discord, "POST", f"/channels/{general.id}/messages", {"content": "hi"})
    assert (status, body["code"], body["message"]) == (403, 50013, "Missing Permissions")
    fake_discord.deny_bot(games, "attach_files", "create_public_threads", "send_messages_in_threads")
    assert (await _rest(fake_discord, "POST", f"/channels/{games.id}/messages", {"content": "hi"}))[0] == 200
    files = await _rest(fake_discord, "POST", f"/channels/{games.id}/messages", {}, files=[b"png"])
    assert (files[0], files[1]["code"]) == (403, 50013)
    assert (await _rest(fake_discord, "POST", f"/channels/{games.id}/threads", {"name": "u", "type": 11}))[
        0
    ] == 403
    assert (await _rest(fake_discord, "POST", in_thread, {"content": "hi"}))[0] == 403  # the thread inherits
    fake_discord.allow_bot(games)
    assert (await _rest(fake_discord, "POST", in_thread, {"content": "hi"}))[0] == 200


def _interaction(fake: FakeDiscord, member_name: str, type_: int) -> tuple[str, str]:
    """An interaction as if dispatched now (no bot needed): its callback and follow-up paths."""
    from tests.e2e.fake_discord.state import Interaction

    member = fake.add_member(member_name)
    state, channel = fake.state, fake.channel("general")
    iid = state.ids.next()
    token = state.new_token(iid)
    interaction = Interaction(
        iid, token, type_, member.id, channel.id, channel.guild_id, {}, time.monotonic()
    )
    state.interactions[iid] = interaction
    state.interactions_by_token[token] = interaction
    return f"/interactions/{iid}/{token}/callback", f"/webhooks/{state.application_id}/{token}"


async def test_autocomplete_choices_are_held_to_discords_limits(fake_discord: FakeDiscord) -> None:
    def answer(count: int, size: int = 5) -> dict[str, object]:
        return {
            "type": 8,
            "data": {"choices": [{"name": "x" * size, "value": f"v{i}"} for i in range(count)]},
        }

    ok_path, _ = _interaction(fake_discord, "alice", 4)
    assert (await _rest(fake_discord, "POST", ok_path, answer(25, 100), auth=False))[0] == 204
    many, _ = _interaction(fake_discord, "bob", 4)
    assert _refused_at(await _rest(fake_discord, "POST", many, answer(26), auth=False), "data.choices")
    long, _ = _interaction(fake_discord, "cy", 4)
    assert _refused_at(
        await _rest(fake_discord, "POST", long, answer(1, 101), auth=False), "data.choices.0.name"
    )


async def test_the_three_seconds_and_the_tokens_fifteen_minutes(fake_discord: FakeDiscord) -> None:
    assert fake_discord.interaction_deadline == 3.0  # on by default
    fake_discord.interaction_deadline = None
    assert fake_discord.interaction_deadline == 3.0  # no test may turn it off ...
    async with FakeDiscord(interaction_deadline=60) as lenient:
        assert lenient.interaction_deadline == 3.0  # ... nor make it longer
    late, _ = _interaction(fake_discord, "alice", 2)
    fake_discord.state.interactions[int(late.split("/")[2])].sent_at -= 3.1
    status, body = await _rest(fake_discord, "POST", late, {"type": 5}, auth=False)
    assert (status, body["code"], body["message"]) == (404, 10062, "Unknown interaction")

    callback, hook = _interaction(fake_discord, "bob", 2)
    assert (await _rest(fake_discord, "POST", callback, {"type": 5}, auth=False))[0] == 204
    interaction = fake_discord.state.interactions[int(callback.split("/")[2])]
    interaction.sent_at -= 14 * 60
    assert (await _rest(fake_discord, "POST", hook, {"content": "in time"}, auth=False))[0] == 204
    interaction.sent_at -= 61
    status, body = await _rest(fake_discord, "POST", hook, {"content": "too late"}, auth=False)
    assert (status, body["code"], body["message"]) == (401, 50027, "Invalid Webhook Token")
    edit = await _rest(fake_discord, "PATCH", f"{hook}/messages/@original", {"content": "x"}, auth=False)
    assert (edit[0], edit[1]["code"]) == (401, 50027)


async def test_invalid_session_resumable_or_not_and_reconnect(fake_discord: FakeDiscord) -> None:
    alice = fake_discord.add_member("alice")
    async with running(fake_discord):
        await fake_discord.invalid_session(resumable=True)  # op 9, d=true: the client resumes
        await fake_discord.wait_resumed(1)
        assert fake_discord.gateway.identify_count == 1
        assert (await (await alice.slash("ping")).message()).content == "pong"
        await fake_discord.invalid_session(resumable=False)  # op 9, d=false: a new session
        await fake_discord.wait_until_ready(2)
        assert fake_discord.gateway.identify_count == 2
        assert (await (await alice.slash("ping")).message()).content == "pong"
        resumed = fake_discord.gateway.resumed_count  # the forgotten session's resume is not counted
        await fake_discord.gateway.send_reconnect()  # op 7
        await fake_discord.wait_resumed(resumed + 1)
        assert (await (await alice.slash("ping")).message()).content == "pong"


async def test_stalled_and_timed_out_requests(fake_discord: FakeDiscord) -> None:
    async with running(fake_discord) as client:
        channel = client.get_channel(fake_discord.channel("general").id)
        assert isinstance(channel, discord.TextChannel)
        fake_discord.faults.stall("POST", "/channels/{channel_id}/messages", seconds=0.5)
        began = time.monotonic()
        await channel.send("slow")
        assert time.monotonic() - began >= 0.5
        # a 504 after the wait (Discord timed out): discord.py tries again and gets through
        fake_discord.faults.stall("POST", "/channels/{channel_id}/messages", seconds=0.2, status=504)
        assert (await channel.send("again")).content == "again"
        stalled = [r for r in fake_discord.requests("POST") if r.fault == "stall"]
        assert [r.status for r in stalled] == [200, 504]
