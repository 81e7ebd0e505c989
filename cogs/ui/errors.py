"""The one place where errors become messages.

- :class:`RuleError` (the rules or the table said no): its message, ephemerally, as written.
- :class:`StaleVersion` on a component: "the board has moved on", with the caller's fresh options.
- Discord check failures and bad arguments: their message.
- Anything else: logged with context and a short reference the user can quote to the bot's operator.

Components run their flows inside :func:`reported`, commands through the tree's handler
(:func:`on_tree_error`); both end in :func:`report`. The fresh options after a stale click come from the
``stale`` flow of the composition root's :class:`~cogs.ui.dispatch.Flows` (the flows import this module,
not the reverse).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands

from bot.gate import Busy
from bot.permission_notes import is_missing_permission, lacking, note_text
from engine.core.errors import RuleError, StaleVersion

from .answer import send
from .dispatch import flows_of

log = logging.getLogger(__name__)


def loggable_custom_id(custom_id: Any) -> str | None:
    """A component id fit for the log: its kind, game and version, never the intent key it carries (a
    secret choice's key would otherwise reach the log)."""
    if not isinstance(custom_id, str):
        return None
    parts = custom_id.split(":")
    return ":".join(parts[:3]) + (":..." if len(parts) > 3 else "")


def reference() -> str:
    return secrets.token_hex(3).upper()


async def report(interaction: discord.Interaction, error: BaseException, game_id: str | None = None) -> None:
    while (
        isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and error.__cause__
    ):
        error = error.__cause__
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.InteractionResponded) or (
        isinstance(error, discord.HTTPException) and error.code in (10062, 40060)
    ):
        # unknown or already acknowledged interaction: expired, or delivered twice; nobody to answer
        log.warning("interaction %s could not be answered: %s", getattr(interaction, "id", None), error)
        return
    try:
        if is_missing_permission(error):
            await _missing_permission(interaction)
            return
        if isinstance(error, StaleVersion) and game_id is not None:
            await flows_of(interaction).stale(interaction, game_id)
            return
        if isinstance(error, Busy):
            await send(interaction, str(error))
            return
        if isinstance(error, RuleError):
            await send(interaction, str(error) or "That is not possible now.")
            return
        if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
            await send(interaction, str(error) or "You cannot use that here.")
            return
        ref = reference()
        command = getattr(getattr(interaction, "command", None), "qualified_name", None)
        data: Any = getattr(interaction, "data", None) or {}
        log.error(
            "unexpected error ref=%s user=%s channel=%s command=%s custom_id=%s game=%s",
            ref,
            getattr(interaction.user, "id", None),
            getattr(interaction, "channel_id", None),
            command,
            loggable_custom_id(data.get("custom_id") if isinstance(data, dict) else None),
            game_id,
            exc_info=error,
        )
        await send(
            interaction,
            f"Something went wrong on our side. Reference: `{ref}` "
            "(quote it to the server's admins). The game itself is safe.",
        )
    except discord.HTTPException:
        log.warning(
            "could not tell user %s about an error", getattr(interaction.user, "id", None), exc_info=True
        )
    except Exception:  # an error while reporting an error must not escape
        log.exception("error while reporting an error")


async def _missing_permission(interaction: discord.Interaction) -> None:
    """Discord refused the bot a permission while it answered: the member is told what a moderator must
    give, and the server's log channel gets one line, once (:mod:`bot.permission_notes`)."""
    channel = interaction.channel_id or 0
    wanted = ("send_messages", "create_public_threads", "attach_files")
    notes = getattr(getattr(interaction.client, "services", None), "notes", None)
    text = note_text(channel, lacking(interaction.client, channel, wanted))
    if notes is not None:
        await notes.refused(interaction.client, interaction.guild_id, channel, wanted)
    await send(interaction, text)


@asynccontextmanager
async def reported(interaction: discord.Interaction, game_id: str | None = None) -> AsyncIterator[None]:
    """Around a component's flow: any error goes to :func:`report` and ends there (``game_id``: the game
    the component is about, so a stale click is answered with that game's fresh options)."""
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - everything is reported, in one place
        await report(interaction, exc, game_id=game_id)


async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Installed as the command tree's error handler."""
    await report(interaction, error)
