"""``/play``: play an intent by typing, with autocomplete over the caller's legal intents."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.services import Services

from . import flows
from .common import AUTOCOMPLETE_MAX, CHOICE_MAX, my_games_autocomplete


class PlayCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="play", description="Make a move in this thread's game (the menu lists your options)")
    @app_commands.describe(action="What to do (start typing to see your options)",
                           game="The game, when you are not in its thread")
    async def play(self, interaction: discord.Interaction, action: str, game: str | None = None) -> None:
        await flows.ack(interaction)
        game_id = await self.services.resolve(interaction, game)
        await flows.submit(interaction, game_id, action, None)

    @play.autocomplete("action")
    async def _action(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            game_id = await self.services.resolve(interaction, getattr(interaction.namespace, "game", None))
            legal = await self.services.table.legal(game_id, str(interaction.user.id))
        except Exception:  # noqa: BLE001 - an autocomplete only offers nothing
            return []
        folded = current.casefold().strip()
        choices = [app_commands.Choice(name=label[:CHOICE_MAX] or intent.key(), value=intent.key())
                   for intent, label in legal
                   if not folded or folded in label.casefold() or folded in intent.key().casefold()]
        return choices[:AUTOCOMPLETE_MAX]

    @play.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)
