"""When Discord refuses the bot for a missing permission (403, code 50013 or 50001), the server's moderators
are told once, where they can see it:

- one line in the server's log channel: its moderators-only updates channel (Community servers), else its
  system channel, else the channel the game lives in, else the channel refused (when what was refused
  was not posting there: a thread, a file), the first that takes it;
- an ephemeral note to a member who acts: the member whose command failed at once (``/game new`` that could
  not make its thread), or, for a post made after a move was answered, the next member who acts in that
  game (:meth:`PermissionNotes.take`).

Once is per server, channel and set of permissions, kept in the server's settings (``TOLD_KEY``, the last
:data:`TOLD_KEPT`): a restarted bot, or another process on the same database, does not tell them again. The
note names the permissions as Discord's server settings show them, and says the game itself is safe (every
move is saved whatever Discord refuses).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .prefs import Prefs

log = logging.getLogger(__name__)

MISSING_PERMISSIONS, MISSING_ACCESS = 50013, 50001
READABLE = {
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
    "create_public_threads": "Create Public Threads",
    "embed_links": "Embed Links",
    "read_message_history": "Read Message History",
    "view_channel": "View Channel",
}

TOLD_KEY = "permissions_told"
"""The server setting that lists the refusals its moderators were told of ("channel:perm+perm")."""
TOLD_KEPT = 50

ROOTS = ("view_channel", "send_messages", "send_messages_in_threads")
"""Permissions without which the others of a post (files, links) are refused as well."""


def is_missing_permission(error: BaseException) -> bool:
    return isinstance(error, discord.Forbidden) and error.code in (MISSING_PERMISSIONS, MISSING_ACCESS)


def lacking(client: Any, channel_id: str | int, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """Which of ``wanted`` the bot lacks in the channel, by discord.py's cache of roles and overwrites;
    all of them when the cache cannot tell (Discord said no, so at least one is missing)."""
    channel = client.get_channel(int(channel_id)) if hasattr(client, "get_channel") else None
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if channel is None or me is None:
        return wanted
    try:
        held = channel.permissions_for(me)
    except Exception:  # a thread whose parent is not cached
        return wanted
    missing = tuple(name for name in wanted if not getattr(held, name, False))
    # without the right to post there, Discord counts files and links as refused too: name the cause
    root = tuple(name for name in missing if name in ROOTS)
    return root or missing or wanted


def note_text(channel_id: str | int, missing: tuple[str, ...]) -> str:
    names = " and ".join(f"**{READABLE.get(name, name)}**" for name in missing)
    return (
        f"⚠️ Discord refused Arbiter in <#{channel_id}>: a moderator must give Arbiter's role {names} "
        "there (Server Settings, or the channel's permissions). The game itself is safe: every move is saved "
        "and the thread catches up once Arbiter may post."
    )


class PermissionNotes:
    def __init__(self, prefs: Prefs | None = None) -> None:
        self.prefs = prefs
        """Where what was told is kept across restarts (None: for this process's life only)."""
        self._told: set[tuple[str, str, tuple[str, ...]]] = set()
        self._pending: dict[str, str] = {}
        """game id -> the note the next member acting in that game is shown."""

    async def refused(
        self,
        client: Any,
        guild_id: str | int | None,
        channel_id: str | int,
        wanted: tuple[str, ...],
        *,
        game_id: str | None = None,
        fallback_channel: str | int | None = None,
    ) -> str | None:
        """Discord refused an action needing ``wanted`` in ``channel_id``. The first time (for this server,
        channel and permissions) the log channel gets one line and, with ``game_id``, the next member acting
        in the game gets the note; returns the note then, None after."""
        missing = lacking(client, channel_id, wanted)
        key = (str(guild_id), str(channel_id), missing)
        if key in self._told or await self._told_before(key):
            self._told.add(key)
            return None
        self._told.add(key)
        text = note_text(channel_id, missing)
        log.warning("missing permissions %s in channel %s of server %s", missing, channel_id, guild_id)
        if game_id is not None:
            self._pending[game_id] = text
        await self._log_line(client, guild_id, channel_id, fallback_channel, text)
        return text

    async def _told_before(self, key: tuple[str, str, tuple[str, ...]]) -> bool:
        """Whether the server's settings say it was told (by an earlier run); if not, they say so now."""
        guild, channel, missing = key
        if self.prefs is None or guild in ("", "None"):
            return False
        marker = f"{channel}:{'+'.join(missing)}"
        try:
            told = list((await self.prefs.guild_settings(guild)).get(TOLD_KEY) or [])
            if marker in told:
                return True
            await self.prefs.set_guild_settings(guild, **{TOLD_KEY: [*told, marker][-TOLD_KEPT:]})
        except Exception:  # the settings could not be read or kept: tell now, as a new process would
            log.exception("could not keep the missing-permission note of server %s", guild)
        return False

    def take(self, game_id: str) -> str | None:
        """The note waiting for the next member who acts in this game (given once)."""
        return self._pending.pop(game_id, None)

    async def _log_line(
        self,
        client: Any,
        guild_id: str | int | None,
        channel_id: str | int,
        fallback: str | int | None,
        text: str,
    ) -> None:
        guild = client.get_guild(int(guild_id)) if guild_id and hasattr(client, "get_guild") else None
        candidates = [
            getattr(getattr(guild, "public_updates_channel", None), "id", None),
            getattr(getattr(guild, "system_channel", None), "id", None),
            fallback,
            channel_id,  # last: the refusal may not be about posting there (a thread, a file)
        ]
        for target in dict.fromkeys(str(c) for c in candidates if c is not None):
            try:
                await client.get_partial_messageable(int(target)).send(
                    content=text, allowed_mentions=discord.AllowedMentions.none()
                )
                return
            except discord.HTTPException:
                log.info("could not post the missing-permission line in channel %s", target)
