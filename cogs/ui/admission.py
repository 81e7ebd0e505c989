"""The rate limit: one check for every command, autocomplete and component.

Apart from :mod:`cogs.ui.flows` because the components ask it too (their ``interaction_check``), and the
components sit below the flows.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.gate import CLOSING, Gate
from bot.ratelimit import RateLimiter, polite

from .answer import user_id

log = logging.getLogger(__name__)


def install_rate_limit(client: Any, limiter: RateLimiter) -> None:
    """Every slash command and autocomplete passes the command tree's check, every component its item's
    check (:class:`cogs.ui.components.Admitted`); both ask :func:`admit`."""
    client.rate_limiter = limiter
    client.tree.interaction_check = admit


async def admit(interaction: discord.Interaction) -> bool:
    """Pass the shutdown gate (:mod:`bot.gate`: while the bot stops, a new interaction is told it is
    restarting), then take one token of the caller's bucket; when either refuses, answer politely and stop
    there."""
    gate: Gate | None = getattr(interaction.client, "gate", None)
    if gate is not None and not gate.enter():
        await _refuse(interaction, CLOSING)
        return False
    limiter: RateLimiter | None = getattr(interaction.client, "rate_limiter", None)
    if limiter is None:
        return True
    autocomplete = interaction.type is discord.InteractionType.autocomplete
    wait = limiter.retry_after(user_id(interaction), autocomplete=autocomplete)
    if wait == 0.0:
        return True
    await _refuse(interaction, polite(wait))
    return False


async def _refuse(interaction: discord.Interaction, text: str) -> None:
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        elif not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.info("could not tell user %s: %s", user_id(interaction), text)
