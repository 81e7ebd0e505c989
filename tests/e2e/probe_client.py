"""A minimal discord.py bot used to prove the stand-in (not Arbiter): slash commands, a command group
with a subgroup, autocomplete, a DynamicItem button, a select, a modal, files, Components V2, DMs, threads.

Run as a process pointed at the stand-in purely by environment (what the real bot must do too):

    DISCORD_TOKEN=... DISCORD_API_BASE=http://127.0.0.1:PORT/api/v10 \
    DISCORD_GATEWAY_URL=ws://127.0.0.1:PORT/gateway python tests/e2e/probe_client.py
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import struct
import sys
import zlib
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from discord import app_commands, ui

GAMES = ["infamy", "gamedec", "virtual_revolution", "nakamura_tower", "ipa_agents"]


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A valid PNG made by hand (no Pillow needed)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    rows = b"".join(
        b"\x00" + b"".join(bytes([(x * 80) % 256, (y * 120) % 256, 200]) for x in range(width))
        for y in range(height)
    )
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class CounterButton(ui.DynamicItem[ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A persistent button: its state lives in its custom_id, so it works after a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(
            ui.Button(label=f"Count {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary)
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.message is not None and interaction.message.flags.components_v2:
            # a V2 message cannot be edited back to plain content: answer privately instead
            await interaction.response.send_message(f"count={self.n + 1} (v2)", ephemeral=True)
            return
        view = ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(
            content=f"count={self.n + 1} by {interaction.user.name}", view=view
        )


class PickView(ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @ui.select(
        custom_id="pick", options=[discord.SelectOption(label=g, value=g) for g in GAMES], max_values=2
    )
    async def pick(self, interaction: discord.Interaction[Any], select: ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)

    @ui.button(custom_id="refresh", label="Refresh")
    async def refresh(self, interaction: discord.Interaction[Any], button: ui.Button[Any]) -> None:
        await interaction.response.defer()  # type 6: deferred update of this message
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content="refreshed")


class BidModal(ui.Modal, title="Bid"):
    amount: ui.TextInput[Any] = ui.TextInput(label="Amount", custom_id="amount")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"bid {self.amount.value}", ephemeral=True)


class OrderModal(ui.Modal, title="Order"):
    """Components V2 modal: labelled text input, select and checkbox."""

    def __init__(self) -> None:
        super().__init__()
        self.note: ui.TextInput[Any] = ui.TextInput(custom_id="note", required=False)
        self.target: ui.Select[Any] = ui.Select(
            custom_id="target", options=[discord.SelectOption(label=n, value=n) for n in ("ann", "bo", "cy")]
        )
        self.confirm: ui.Checkbox[Any] = ui.Checkbox(custom_id="confirm")
        self.add_item(ui.Label(text="Note", component=self.note))
        self.add_item(ui.Label(text="Target", component=self.target))
        self.add_item(ui.Label(text="Sure?", component=self.confirm))

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(
            f"order {self.target.values} note={self.note.value!r} sure={self.confirm.value}", ephemeral=True
        )


class BoardLayout(ui.LayoutView):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        container: ui.Container[Any] = ui.Container(
            ui.TextDisplay("## Board"),
            ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
            ui.ActionRow(CounterButton(0)),
        )
        self.add_item(container)


game = app_commands.Group(name="game", description="Games")
admin = app_commands.Group(name="admin", description="Admin", parent=game)


@game.command(name="new", description="Start a game")
async def game_new(interaction: discord.Interaction[Any], game: str, seats: int) -> None:
    view = ui.View(timeout=None)
    view.add_item(CounterButton(0))
    await interaction.response.send_message(f"new {game} for {seats}", view=view)


@game_new.autocomplete("game")
async def game_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]


@admin.command(name="reset", description="Reset")
async def admin_reset(interaction: discord.Interaction[Any], hard: bool = False) -> None:
    await interaction.response.send_message(f"reset hard={hard}", ephemeral=True)


class ProbeClient(discord.Client):
    def __init__(self, **options: Any) -> None:
        options.setdefault("intents", discord.Intents.default())
        options.setdefault("guild_ready_timeout", 0.05)
        super().__init__(**options)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(game)
        self.resumed = asyncio.Event()
        self._register()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)
        self.add_view(PickView())
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before every re-IDENTIFY (Discord's limit); not needed against the fake."""

    async def on_resumed(self) -> None:
        self.resumed.set()

    def _register(self) -> None:
        tree = self.tree

        @tree.command(name="ping", description="Ephemeral pong")
        async def ping(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("pong", ephemeral=True)

        @tree.command(name="slow", description="Deferred answer and follow-ups")
        async def slow(interaction: discord.Interaction[Any], private: bool = False) -> None:
            await interaction.response.defer(thinking=True, ephemeral=private)
            await asyncio.sleep(0.05)
            await interaction.followup.send("done")
            await interaction.followup.send("secret follow-up", ephemeral=True)

        @tree.command(name="whoami", description="Permissions as discord.py sees them")
        async def whoami(interaction: discord.Interaction[Any]) -> None:
            member = interaction.user
            assert isinstance(member, discord.Member)
            await interaction.response.send_message(
                f"manage_guild={interaction.permissions.manage_guild}/"
                f"{member.guild_permissions.manage_guild} "
                f"roles={[r.name for r in member.roles]} "
                f"app_manage_threads={interaction.app_permissions.manage_threads}",
                ephemeral=True,
            )

        @tree.command(name="sleepy", description="Answer late")
        async def sleepy(interaction: discord.Interaction[Any], seconds: float) -> None:
            await asyncio.sleep(seconds)
            await interaction.response.send_message("yawn", ephemeral=True)

        @tree.command(name="board", description="Post the board image")
        async def board(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            await channel.send("the board", file=discord.File(io.BytesIO(tiny_png()), filename="board.png"))
            await channel.send(
                view=BoardLayout(), file=discord.File(io.BytesIO(tiny_png(2, 2)), filename="board.png")
            )
            await interaction.edit_original_response(content="posted")

        @tree.command(name="pick", description="Choose games")
        async def pick(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("choose", view=PickView())

        @tree.command(name="bid", description="Open a modal")
        async def bid(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_modal(BidModal())

        @tree.command(name="order", description="Open a V2 modal")
        async def order(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_modal(OrderModal())

        @tree.command(name="whisper", description="DM a member")
        async def whisper(interaction: discord.Interaction[Any], member: discord.Member) -> None:
            try:
                await member.send(f"psst from {interaction.user.name}")
            except discord.Forbidden as exc:
                await interaction.response.send_message(f"DMs closed ({exc.code})", ephemeral=True)
            else:
                await interaction.response.send_message("sent", ephemeral=True)

        @tree.command(name="table", description="Open a game thread")
        async def table(interaction: discord.Interaction[Any], member: discord.Member) -> None:
            await interaction.response.send_message("table opened")
            original = await interaction.original_response()
            public = await original.create_thread(name="game-1")
            await public.send("public thread post")
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            private = await channel.create_thread(name="secret", type=discord.ChannelType.private_thread)
            await private.add_user(member)
            await private.send("private thread post")


def configure_from_env() -> str:
    """What the bot process must do: point discord.py at DISCORD_API_BASE / DISCORD_GATEWAY_URL."""
    api_base = os.environ.get("DISCORD_API_BASE")
    if api_base:
        discord.http.Route.BASE = api_base
    gateway = os.environ.get("DISCORD_GATEWAY_URL")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    return os.environ["DISCORD_TOKEN"]


def main() -> None:
    # --no-config: leave discord.py as it is (tests/e2e/fake_discord/launch.py has pointed it already)
    token = os.environ["DISCORD_TOKEN"] if "--no-config" in sys.argv else configure_from_env()
    client = ProbeClient()

    @client.event
    async def on_ready() -> None:
        print("PROBE READY", flush=True)

    client.run(token, log_handler=logging.StreamHandler(sys.stderr), log_level=logging.WARNING)


if __name__ == "__main__":
    main()
