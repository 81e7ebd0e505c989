"""The rate limit: one check for every command, autocomplete and component.

Apart from :mod:`cogs.flows` because the components ask it too (their ``interaction_check``), and the
components sit below the flows.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.ratelimit import RateLimiter, polite

from .answer import user_id

log = logging.getLogger(__name__)


def install_rate_limit(client: Any, limiter: RateLimiter) -> None:
    """Every slash command and autocomplete passes the command tree's check, every component its item's
    check (:class:`cogs.components.Admitted`); both ask :func:`admit`."""
    client.rate_limiter = limiter
    client.tree.interaction_check = admit


async def admit(interaction: discord.Interaction) -> bool:
    """Take one token of the caller's bucket; when it is empty, answer politely and stop there."""
    limiter: RateLimiter | None = getattr(interaction.client, "rate_limiter", None)
    if limiter is None:
        return True
    autocomplete = interaction.type is discord.InteractionType.autocomplete
    wait = limiter.retry_after(user_id(interaction), autocomplete=autocomplete)
    if wait == 0.0:
        return True
    try:
        if autocomplete:
            await interaction.response.autocomplete([])
        elif not interaction.response.is_done():
            await interaction.response.send_message(polite(wait), ephemeral=True)
    except discord.HTTPException:
        log.info("could not tell user %s to slow down", user_id(interaction))
    return False
