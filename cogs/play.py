"""``/play``: play an intent by typing, with autocomplete over the caller's legal intents.

Every move is checked against the state the player saw:

- a value picked from the menu carries what it was offered for, ``v<version>|<key>`` (or, during a
  secret simultaneous choice, ``s<decision>|<key>``, so another player's choice does not make it stale):
  it is submitted with that version (or that decision), and refused as stale ("the board has moved on")
  once the game has moved past it;
- text typed by hand carries nothing, so it is accepted only as the key or the label (any case) of a
  move that is legal right now, checked against the version it was matched at; anything else is refused
  with a pointer to the menu, and the answer always names the move that was applied.

A forged or malformed value gets a refusal in plain words (stale, or not a move you can make now), never
an exception; text longer than :data:`cogs.ui.flows.TYPED_MAX` is refused before anything is looked up.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.services import Services
from engine.core.errors import MalformedIntent

from .ui import flows
from .ui.common import AUTOCOMPLETE_MAX, CHOICE_MAX, clipped, my_games_autocomplete


class PlayCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="play", description="Make a move in this thread's game (the menu lists your options)"
    )
    @app_commands.describe(
        action="What to do (start typing to see your options)",
        game="The game, when you are not in its thread",
    )
    async def play(self, interaction: discord.Interaction, action: str, game: str | None = None) -> None:
        await flows.ack(interaction)
        if len(action) > flows.TYPED_MAX:
            raise MalformedIntent(
                f"That move is too long (at most {flows.TYPED_MAX} characters): pick one from "
                "the menu that opens as you type."
            )
        game_id = await self.services.resolve(interaction, game)
        stamp, key = flows.typed_move(action)
        await flows.submit(interaction, game_id, key, stamp)

    @play.autocomplete("action")
    async def _action(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = self.services.table
        user = str(interaction.user.id)
        try:
            game_id = await self.services.resolve(interaction, getattr(interaction.namespace, "game", None))
            menu = await table.menu(game_id, user)  # one version: the stamp is never newer than the options
            legal = menu.options
            stamp = flows.offer_stamp(menu)
        except Exception:  # noqa: BLE001 - an autocomplete only offers nothing
            return []
        folded = clipped(current, CHOICE_MAX).casefold().strip()
        choices = [
            app_commands.Choice(
                name=present.short(label, CHOICE_MAX) or intent.key(),
                value=flows.menu_value(stamp, intent.key()),
            )
            for intent, label in legal
            if not folded or folded in label.casefold() or folded in intent.key().casefold()
        ]
        return choices[:AUTOCOMPLETE_MAX]

    @play.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)
