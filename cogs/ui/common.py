"""Small helpers the cogs share: the base class holding the services, autocompletes."""

from __future__ import annotations

import asyncio
import contextlib

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.options import parse_options
from bot.services import Services
from engine.core import registry
from engine.core.errors import MalformedIntent

AUTOCOMPLETE_MAX = 25
CHOICE_MAX = 100
RULES_WAIT = 2.0
"""Seconds an autocomplete waits for the games' rules after a start (it cannot be deferred: Discord wants
its choices within 3 s); the games not loaded by then are offered at the next keystroke."""
NAME_MAX = 32
"""Seat and display names, and game kinds, as typed by users."""


def clipped(text: object, limit: int = CHOICE_MAX) -> str:
    """Free text we only search with (autocomplete input): cut to ``limit``; never refused."""
    return text[:limit] if isinstance(text, str) else ""


def bounded(text: str, limit: int, what: str) -> str:
    """Free text a command acts on: refused in plain words when longer than ``limit``."""
    if len(text) > limit:
        raise MalformedIntent(f"{what} is too long: at most {limit} characters.")
    return text


class ServiceCog(commands.Cog):
    """Base: every cog is built with the :class:`Services` it works through."""

    services: Services


async def my_games_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's active games, for commands that can name a game from outside its thread."""
    services: Services = interaction.client.services  # type: ignore[attr-defined]
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    records = [
        r
        for r in await services.table.games_of(str(interaction.user.id))
        if guild is not None and r.place.get("guild") == guild
    ]  # only what this server may reach
    folded = clipped(current).casefold()
    await _rules_for_a_while()
    out = []
    for record in records:
        game = registry.loaded(record.game)
        if game is None:
            continue
        title = game.meta.title
        name = f"{title} · {record.id} · {record.status}"
        if folded and folded not in name.casefold():
            continue
        out.append(app_commands.Choice(name=present.short(name, CHOICE_MAX), value=record.id))
    return out[:AUTOCOMPLETE_MAX]


async def game_kinds_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    folded = clipped(current).casefold()
    await _rules_for_a_while()
    out = []
    for game_id, game in registry.loaded_games().items():
        meta = game.meta
        name = f"{meta.title} ({meta.min_seats}-{meta.max_seats} players)"
        if folded and folded not in name.casefold() and folded not in game_id:
            continue
        out.append(app_commands.Choice(name=present.short(name, CHOICE_MAX), value=game_id))
    return out[:AUTOCOMPLETE_MAX]


async def _rules_for_a_while() -> None:
    """Every game's rules, waited for at most :data:`RULES_WAIT` seconds (the loading goes on)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(registry.ready()), RULES_WAIT)


__all__ = [
    "ServiceCog",
    "bounded",
    "clipped",
    "game_kinds_autocomplete",
    "my_games_autocomplete",
    "parse_options",
]
