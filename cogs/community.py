"""``/game follow`` and ``/settings``: following a game as a spectator, a member's own preferences and a
server's settings (default pace, the channel games open in, the role that may host, the reminder policy).
Stored by :class:`bot.prefs.Prefs` (database migration 6). Nothing here decides a rule."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.services import Services
from engine import pace as pacing
from engine.core import registry
from engine.core.errors import IllegalIntent, MalformedIntent
from engine.table import NotAllowed

from .ui import flows
from .ui.common import ServiceCog

FOLLOW_CHOICES = [
    app_commands.Choice(name="mention me in each turn post", value="mention"),
    app_commands.Choice(name="send me each turn post by DM", value="dm"),
    app_commands.Choice(name="stop following", value="off"),
]
REMINDER_POLICIES = {
    "thread": "in the game's thread, mentioning the player",
    "dm": "by DM to the player",
    "off": "no reminders (deadlines still apply)",
}
PACE_CHOICES = [
    app_commands.Choice(name=present.short(pacing.describe(p), 100), value=p) for p in pacing.PRESETS
]


class FollowCommands(ServiceCog):
    @app_commands.command(
        name="follow", description="Follow a game you watch: a mention at each turn post, or a DM"
    )
    @app_commands.describe(game="The game (default: this thread's game)", how="How you hear of each turn")
    @app_commands.choices(how=FOLLOW_CHOICES)
    async def follow(
        self, interaction: discord.Interaction, how: str = "mention", game: str | None = None
    ) -> None:
        await flows.ack(interaction)
        gid = await self.services.resolve(interaction, game)  # this server's game, named or this thread's
        record = await self.services.table.record(gid)
        title = registry.get(record.game).meta.title
        user = flows.user_id(interaction)
        if how == "off":
            await self.services.prefs.set_follow(gid, user, None)
            await flows.send(interaction, f"You no longer follow {title} `{gid}`.")
            return
        if how not in ("mention", "dm"):
            raise MalformedIntent("Choose how to follow: mention, dm, or off.")
        if record.status not in ("lobby", "running", "paused"):
            raise IllegalIntent(f"{title} `{gid}` is {record.status}: there is nothing more to follow.")
        await self.services.prefs.set_follow(gid, user, how)
        where = (
            "mentioned in each turn post in its thread" if how == "mention" else "sent each turn post by DM"
        )
        await flows.send(
            interaction,
            f"You follow {title} `{gid}`: you are {where} (public information only). "
            "`/game follow how:off` stops it.",
        )


def can_host(interaction: discord.Interaction, settings: dict[str, Any]) -> bool:
    """Whether the caller may open a game here: anyone, unless the server names a host role (Manage Server
    may always)."""
    role = settings.get("host_role")
    if not role:
        return True
    permissions = getattr(interaction, "permissions", None)
    if permissions is not None and permissions.manage_guild:
        return True
    return any(str(getattr(r, "id", "")) == str(role) for r in getattr(interaction.user, "roles", []) or [])


def web_text(server: dict[str, Any], link: str | None) -> str:
    if server.get("web") != "on":
        return "off (games, histories and leagues are not served in a browser)"
    return f"on: {link}" if link else "on (the bot's operator has not given it a public web address yet)"


def settings_text(
    mine: dict[str, Any], server: dict[str, Any], dm_reminders: bool, web_link: str | None = None
) -> str:
    pace = server.get("pace") or "standard"
    channel = f"<#{server['channel']}>" if server.get("channel") else "any text channel"
    role = f"<@&{server['host_role']}>" if server.get("host_role") else "anyone"
    policy = server.get("reminders") or "thread"
    return "\n".join(
        [
            "**Your settings** (`/settings me`)",
            f"• Reminders: {'by DM' if dm_reminders else 'in the game thread'}",
            "• Following a game: "
            f"{'by DM' if mine.get('follow') == 'dm' else 'a mention in each turn post'} by default",
            "**This server** (`/settings server`, Manage Server)",
            f"• Default pace: {pacing.describe(pace)}",
            f"• Games open in: {channel}",
            f"• Who may open games: {role}",
            f"• Reminders: {REMINDER_POLICIES.get(policy, policy)}",
            f"• Web pages: {web_text(server, web_link)}",
        ]
    )


class SettingsCog(
    commands.GroupCog, group_name="settings", group_description="Your and this server's settings"
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    async def _show(self, interaction: discord.Interaction, head: str = "") -> None:
        prefs = self.services.prefs
        user = flows.user_id(interaction)
        server = await prefs.guild_settings(str(interaction.guild_id)) if interaction.guild_id else {}
        link = None
        if self.services.web is not None and interaction.guild_id and server.get("web") == "on":
            self.services.web.forget(interaction.guild_id)
            link = await self.services.web.server(interaction.guild_id)
        text = settings_text(await prefs.user_settings(user), server, await prefs.dm_reminders(user), link)
        await flows.send(interaction, head + text)

    @app_commands.command(name="show", description="Your settings and this server's")
    async def show(self, interaction: discord.Interaction) -> None:
        await flows.ack(interaction)
        await self._show(interaction)

    @app_commands.command(name="me", description="Your own settings: reminders, how you follow games")
    @app_commands.describe(
        reminders="Where your deadline reminders reach you", follow="How /game follow tells you"
    )
    @app_commands.choices(
        reminders=[
            app_commands.Choice(name="in the game's thread", value="thread"),
            app_commands.Choice(name="by DM", value="dm"),
        ],
        follow=[
            app_commands.Choice(name="a mention in each turn post", value="mention"),
            app_commands.Choice(name="each turn post by DM", value="dm"),
        ],
    )
    async def me(
        self, interaction: discord.Interaction, reminders: str | None = None, follow: str | None = None
    ) -> None:
        await flows.ack(interaction)
        user = flows.user_id(interaction)
        if reminders is not None:
            if reminders not in ("thread", "dm"):
                raise MalformedIntent("Reminders go to the thread or by DM.")
            await self.services.prefs.set_dm_reminders(user, reminders == "dm")
        if follow is not None:
            if follow not in ("mention", "dm"):
                raise MalformedIntent("Follow by a mention or by DM.")
            await self.services.prefs.set_user_settings(user, follow=follow)
        await self._show(interaction, "Saved.\n" if reminders or follow else "")

    @app_commands.command(name="server", description="This server's settings (Manage Server)")
    @app_commands.describe(
        pace="The pace /game new uses when none is chosen",
        channel="The channel games open in (their threads go there)",
        host_role="Only members with this role (or Manage Server) may open games",
        reminders="Where deadline reminders go",
        web="Serve this server's games, histories and leagues as web pages (off by default)",
        reset="Back to the defaults first",
    )
    @app_commands.choices(
        pace=PACE_CHOICES,
        reminders=[app_commands.Choice(name=what, value=key) for key, what in REMINDER_POLICIES.items()],
        web=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")],
    )
    async def server(
        self,
        interaction: discord.Interaction,
        pace: str | None = None,
        channel: discord.TextChannel | None = None,
        host_role: discord.Role | None = None,
        reminders: str | None = None,
        web: str | None = None,
        reset: bool = False,
    ) -> None:
        await flows.ack(interaction)
        permissions = getattr(interaction, "permissions", None)
        if interaction.guild_id is None or permissions is None or not permissions.manage_guild:
            raise NotAllowed("Only members with Manage Server can change this server's settings.")
        if pace is not None:
            pacing.check_preset(pace)
        if reminders is not None and reminders not in REMINDER_POLICIES:
            raise MalformedIntent("Reminders go to the thread, by DM, or are off.")
        if web is not None and web not in ("on", "off"):
            raise MalformedIntent("Web pages are on or off.")
        if (
            channel is not None
            and getattr(channel, "guild", None) is not None
            and str(channel.guild.id) != str(interaction.guild_id)
        ):
            raise NotAllowed("That channel belongs to another server.")
        guild = str(interaction.guild_id)
        prefs = self.services.prefs
        if reset:
            await prefs.set_guild_settings(
                guild, pace=None, channel=None, host_role=None, reminders=None, web=None
            )
        changes = {
            "pace": pace,
            "channel": str(channel.id) if channel else None,
            "host_role": str(host_role.id) if host_role else None,
            "reminders": reminders,
        }
        await prefs.set_guild_settings(guild, **{k: v for k, v in changes.items() if v is not None})
        if web is not None:
            await prefs.set_guild_settings(guild, web="on" if web == "on" else None)
        await self._show(interaction, "Saved.\n")
