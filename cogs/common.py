"""Small helpers the cogs share: the base class holding the services, autocompletes, option parsing."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.services import Services
from engine.core import registry
from engine.core.errors import MalformedIntent

AUTOCOMPLETE_MAX = 25
CHOICE_MAX = 100


class ServiceCog(commands.Cog):
    """Base: every cog is built with the :class:`Services` it works through."""

    services: Services


async def my_games_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's active games, for commands that can name a game from outside its thread."""
    services: Services = interaction.client.services  # type: ignore[attr-defined]
    records = await services.table.games_of(str(interaction.user.id))
    folded = current.casefold()
    out = []
    for record in records:
        title = registry.get(record.game).meta.title
        name = f"{title} · {record.id} · {record.status}"
        if folded and folded not in name.casefold():
            continue
        out.append(app_commands.Choice(name=name[:CHOICE_MAX], value=record.id))
    return out[:AUTOCOMPLETE_MAX]


async def game_kinds_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    folded = current.casefold()
    out = []
    for game_id, game in registry.games().items():
        meta = game.meta
        name = f"{meta.title} ({meta.min_seats}-{meta.max_seats} players)"
        if folded and folded not in name.casefold() and folded not in game_id:
            continue
        out.append(app_commands.Choice(name=name[:CHOICE_MAX], value=game_id))
    return out[:AUTOCOMPLETE_MAX]


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_options(text: str | None) -> dict[str, Any]:
    """Game options as JSON (``{"target": 7}``) or key=value pairs (``target=7 variant=short``)."""
    text = (text or "").strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MalformedIntent(f"The options are not valid JSON: {exc.msg} at character {exc.pos}.") from None
        if not isinstance(raw, dict):
            raise MalformedIntent("The options must be a JSON object, like {\"target\": 7}.")
        return raw
    out: dict[str, Any] = {}
    for part in text.replace(";", ",").replace(",", " ").split():
        name, eq, value = part.partition("=")
        if not eq or not name:
            raise MalformedIntent(f"'{part}' should look like name=value (or give the options as JSON).")
        out[name.strip()] = _value(value.strip())
    return out
