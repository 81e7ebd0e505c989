"""Who may do what to a game from an interaction: its server (and thread), its host or a moderator."""

from __future__ import annotations

import discord

from bot.services import services_of
from engine.records import GameRecord

from .answer import user_id


def is_moderator(interaction: discord.Interaction, record: GameRecord) -> bool:
    """Moderation rights over ``record``: its host, or a member with Manage Server *in the game's server*.

    The interaction's permissions are those of the server it comes from, so they count only when that is
    the game's server (a moderator of another server is nobody here); a DM has no moderator."""
    guild = getattr(interaction, "guild_id", None)
    if guild is None or record.place.get("guild") != str(guild):
        return False
    if user_id(interaction) == record.host:
        return True
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions is not None and permissions.manage_guild)


async def authorized(interaction: discord.Interaction, game_id: str) -> GameRecord:
    """The game a component names, once the interaction is known to come from its server (and thread)."""
    services = services_of(interaction)
    record = await services.table.record(game_id)
    await services.authorize(interaction, record)
    return record
