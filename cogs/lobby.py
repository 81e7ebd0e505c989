"""``/game new``: open a game in its own thread, with a lobby message (Join, Leave, Add agent seat, Start)."""

from __future__ import annotations

import contextlib
import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot import present
from engine import pace as pacing
from engine.core import registry
from engine.core.errors import IllegalIntent, MalformedIntent
from engine.table import NotAllowed, bounded_name

from .community import can_host
from .ui import flows
from .ui.common import NAME_MAX, ServiceCog, bounded, game_kinds_autocomplete, parse_options

log = logging.getLogger(__name__)

THREAD_NAME_MAX = 100
OPTIONS_MAX = 1000
"""The raw text of ``options``: far more than any game's options need, far less than a flood."""
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
"""A week: the longest auto-archive Discord allows; a post in the thread wakes it up again."""

PACE_CHOICES = [app_commands.Choice(name=pacing.describe(p), value=p) for p in pacing.PRESETS]


class LobbyCommands(ServiceCog):
    @app_commands.command(name="new", description="Open a new game in its own thread, with a lobby to join")
    @app_commands.describe(
        game="Which game",
        seats="How many seats (default: the most the game allows)",
        pace="How long each decision may take (default: this server's, see /settings)",
        options="Game options: key=value pairs or JSON, e.g. round_cap=30 (Infamy) or terror=true (Gamedec)",
    )
    @app_commands.choices(pace=PACE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        seats: app_commands.Range[int, 1, 20] | None = None,
        pace: str | None = None,
        options: str | None = None,
    ) -> None:
        await flows.ack(interaction)
        name = bounded(game.strip(), NAME_MAX, "A game name")
        await registry.ready(name)
        engine_game = registry.get(name)
        meta = engine_game.meta
        opts = parse_options(
            bounded(options, OPTIONS_MAX, "The options text") if options is not None else None
        )
        engine_game.parse_options(opts)  # a readable error before anything is posted
        wanted = seats if seats is not None else meta.max_seats
        if not meta.min_seats <= wanted <= meta.max_seats:
            raise IllegalIntent(
                f"{meta.title} is for {meta.min_seats} to {meta.max_seats} players, not {wanted}."
            )
        if interaction.guild_id is None:
            raise MalformedIntent(
                "Open games in a server's text channel; each game gets its own thread there."
            )
        server = await self.services.prefs.guild_settings(str(interaction.guild_id))
        pace = pace or server.get("pace") or "standard"
        pacing.check_preset(pace)
        if not can_host(interaction, server):
            raise NotAllowed(
                f"In this server only members with the role <@&{server['host_role']}> (or Manage "
                "Server) may open games."
            )
        channel: Any = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            channel = channel.parent
        if channel is None or not hasattr(channel, "send"):
            raise MalformedIntent("Use /game new in a text channel.")
        if server.get("channel") and str(channel.id) != str(server["channel"]):
            raise NotAllowed(f"Games in this server open in <#{server['channel']}>: use /game new there.")
        user = interaction.user
        name = bounded_name(getattr(user, "display_name", None) or user.name, str(user.id))
        message = await channel.send(view=flows.text_view(f"Setting up a game of {meta.title}…"))
        try:
            thread = await message.create_thread(
                name=present.short(f"{meta.title} · {name}", THREAD_NAME_MAX),
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException:  # no thread (a missing permission, say): no half-made lobby left
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
            raise
        place = {
            "guild": str(interaction.guild_id),
            "channel": str(channel.id),
            "thread": str(thread.id),
            "status": str(message.id),
        }
        try:
            update = await self.services.table.create(
                game, str(user.id), name, seats=wanted, options=opts, pace=pace, place=place
            )
        except Exception:
            for doomed in (thread, message):
                try:
                    await doomed.delete()
                except discord.HTTPException:
                    log.warning("could not clean up after a failed /game new", exc_info=True)
            raise
        self.services.remember(str(thread.id), update.record.id)
        await flows.send(
            interaction,
            f"Your game of {meta.title} (`{update.record.id}`) is open in "
            f"{thread.mention}. Others join with its Join button; press Start when "
            "enough seats are filled.",
        )

    @new.autocomplete("game")
    async def _new_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await game_kinds_autocomplete(interaction, current)
