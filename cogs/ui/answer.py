"""Answering an interaction: the primitives every command, component and the error reporter use.

They live apart from :mod:`cogs.ui.flows` so that the error reporter and the components, which the flows
build on, can answer without importing the flows (no import cycle).
"""

from __future__ import annotations

import io
import logging
import time
from typing import Any

import discord

from bot import present
from bot.gate import Work

log = logging.getLogger(__name__)

TOKEN_LIFE = 15 * 60
"""Seconds an interaction's token lets the bot answer it (follow-ups, edits of the answer)."""
TOKEN_MARGIN = 30
"""Answers this close to the token's end go the other way at once (the request itself takes time)."""
INVALID_TOKEN = 50027
"""Discord's "Invalid Webhook Token": the interaction's token has expired."""
RESTART_NOTE = (
    "{mention}, that answer came too late for Discord (an interaction may be answered for 15 "
    "minutes): press the button again, or use /hand or /play."
)


async def ack(interaction: discord.Interaction, ephemeral: bool = True) -> None:
    """Defer within Discord's 3 seconds, then wait for this interaction's turn to work (the client's
    :class:`bot.gate.Work`, if it has one: :class:`bot.gate.Busy` when no turn comes); the answer follows."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    work: Work | None = getattr(interaction.client, "work", None)
    if work is not None:
        await work.enter()


async def send(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    view: discord.ui.LayoutView | None = None,
    file: discord.File | None = None,
    ephemeral: bool = True,
) -> None:
    """Answer, whether or not the interaction was deferred. A layout view carries its own text."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    elif content is not None:
        kwargs["content"] = present.clip(content, 2000)
    if file is not None:
        kwargs["file"] = file
    if not interaction.response.is_done():
        await interaction.response.send_message(**kwargs)
        return
    if expired(interaction):
        await reanchor(interaction, kwargs)
        return
    try:
        await interaction.followup.send(**kwargs)
    except discord.HTTPException as exc:
        if exc.code != INVALID_TOKEN and exc.status != 401:
            raise
        await reanchor(interaction, kwargs)


def expired(interaction: Any, now: float | None = None) -> bool:
    """Whether the interaction's token is (nearly) spent: a follow-up would be refused."""
    created = getattr(interaction, "created_at", None)
    if created is None:
        return False
    age = (time.time() if now is None else now) - created.timestamp()
    return bool(age > TOKEN_LIFE - TOKEN_MARGIN)


async def reanchor(interaction: Any, kwargs: dict[str, Any]) -> None:
    """Answer without the interaction's token: a public answer goes to the channel it came from; a private
    one by DM to the member (never to the channel), else a note in the channel, holding nothing private,
    asking them to press again (a fresh click is a fresh interaction)."""
    ephemeral = kwargs.pop("ephemeral", True)
    channel = getattr(interaction, "channel", None)
    if not ephemeral and channel is not None:
        await channel.send(**kwargs)
        return
    try:
        dm = await interaction.client.create_dm(interaction.user)
        await dm.send(**kwargs)
        return
    except (discord.HTTPException, AttributeError):
        log.info("a late private answer for user %s could not go by DM", interaction.user.id)
    if channel is not None:
        await channel.send(
            content=RESTART_NOTE.format(mention=f"<@{interaction.user.id}>"),
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
        )


def text_view(text: str) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(present.clip(text)))
    return view


def png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def user_id(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)
