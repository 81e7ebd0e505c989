"""``/help`` and ``/rules``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.services import Services
from engine.core import registry

from .ui import flows
from .ui.common import NAME_MAX, bounded, game_kinds_autocomplete

HELP = (
    "**Arbiter referees board games played by post.**\n"
    "**Start a game:** `/game new game:<name>` in a text channel. The bot opens a thread with a "
    "lobby: others press **Join**, the host may **Add agent seat** (easy, steady or strong) for a computer "
    "player, then "
    "**Start**.\n"
    "**Play:** in the game's thread, press the buttons under the board, or type `/play` and pick from"
    " the menu. Secret choices go through **Choose privately**; only you see them.\n"
    "**Your hand:** `/hand` or the **My hand** button shows your private information, only to you. If"
    " something private happens on someone else's turn, the bot tells you by DM (or asks you in the "
    "thread to open `/hand` if your DMs are closed).\n"
    "**Pace:** every decision has a deadline; when it passes, a default move is played. `/vacation` "
    "lets an agent play for you until `/game return`. `/games mine` lists your games and where it is "
    "your turn. `/reminders by:dm` sends deadline reminders by DM instead of in the thread. `/game "
    "vote`, `/game extend` (once per game) and `/game resign` are there when a game stalls.\n"
    "**Watch:** `/games open` lists open lobbies (`/game join`); `/game follow` in a game's thread "
    "mentions you at each turn post (or `how:dm` sends it to you).\n"
    "**Settings:** `/settings show`; `/settings me` for your reminders and how you follow games; "
    "`/settings server` (Manage Server) for the default pace, the channel games open in, who may host"
    " and the reminder policy.\n"
    "**Moderation** (host or Manage Server): `/game pause`, `/game resume`, `/game abort`, `/game "
    "kick`, `/game replace`, `/game pace`. Anyone: `/game log` for recent events; `/game export` once"
    " a game has ended.\n"
    "**Leagues:** `/league create|join|schedule|standings`; `/rating`, `/leaderboard`, `/history`.\n"
    "**Rules:** `/rules game:<name>`. Games: {games}."
)


class HelpCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="help", description="How to play games with Arbiter")
    async def help(self, interaction: discord.Interaction) -> None:
        await flows.ack(interaction)  # at once: the games' rules may still be loading after a start
        await registry.ready()
        games = ", ".join(f"{g.meta.title} (`{gid}`)" for gid, g in registry.games().items()) or "none yet"
        for part in present.chunks(HELP.format(games=games)):  # never cut: a long list of games continues
            await flows.send(interaction, part)

    @app_commands.command(name="rules", description="A summary of a game's rules")
    @app_commands.describe(game="Which game", public="Show it to the channel instead of only to you")
    async def rules(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        await flows.ack(interaction, ephemeral=not public)
        name = bounded(game.strip(), NAME_MAX, "A game name")
        await registry.ready(name)
        meta = registry.get(name).meta
        body = meta.rules or meta.summary or "No summary yet."
        text = f"## {meta.title} ({meta.min_seats}-{meta.max_seats} players)\n{body}"
        for part in present.chunks(text):
            await flows.send(interaction, part, ephemeral=not public)

    @rules.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_kinds_autocomplete(interaction, current)
