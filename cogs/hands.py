"""``/hand``: the caller's private view (and private image), ephemerally."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.services import Services

from .ui import flows
from .ui.common import my_games_autocomplete


class HandCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="hand", description="See your hand and private information (only you see it)")
    @app_commands.describe(game="The game, when you are not in its thread")
    async def hand(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await flows.ack(interaction)
        game_id = await self.services.resolve(interaction, game)
        await flows.show_hand(interaction, game_id)

    @hand.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)
