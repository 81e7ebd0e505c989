"""Answering an interaction: the primitives every command, component and the error reporter use.

They live apart from :mod:`cogs.flows` so that the error reporter and the components, which the flows
build on, can answer without importing the flows (no import cycle).
"""

from __future__ import annotations

import io
from typing import Any

import discord

from bot import present


async def ack(interaction: discord.Interaction, ephemeral: bool = True) -> None:
    """Defer within Discord's 3 seconds; the answer follows."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


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
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def text_view(text: str) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(present.clip(text)))
    return view


def png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def user_id(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)
