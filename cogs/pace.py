"""Pace: ``/vacation``, ``/game return`` and ``/games mine``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.services import Services
from engine.core import registry
from engine.core.errors import RuleError
from engine.records import GameRecord
from engine.table import NotAllowed

from .ui import flows
from .ui import layouts as lx
from .ui.common import ServiceCog, my_games_autocomplete


async def _targets(
    services: Services, interaction: discord.Interaction, game: str | None
) -> list[GameRecord]:
    """The named game, else this thread's game, else every running game of the caller in this server (each
    checked to be this server's: a game elsewhere is changed only from its own server)."""
    if game or await services.game_in_channel(interaction.channel_id) is not None:
        return [await services.table.record(await services.resolve(interaction, game))]
    if interaction.guild_id is None:
        return []
    mine = await services.table.games_of(str(interaction.user.id))
    guild = str(interaction.guild_id)
    return [r for r in mine if r.status in ("running", "paused") and r.place.get("guild") == guild]


async def _set_away(
    services: Services, interaction: discord.Interaction, game: str | None, away: bool
) -> None:
    await flows.ack(interaction)
    records = await _targets(services, interaction, game)
    if not records:
        await flows.send(interaction, "You are not playing in any running game here.")
        return
    lines = []
    for record in records:
        await registry.ready(record.game)
        title = registry.get(record.game).meta.title
        try:
            await services.table.set_away(record.id, str(interaction.user.id), away)
            lines.append(
                f"• {title} `{record.id}`: " + ("an agent plays for you." if away else "you play again.")
            )
        except RuleError as exc:
            if len(records) == 1:
                raise
            lines.append(f"• {title} `{record.id}`: {exc}")
    head = "Enjoy your break. Use /game return when you are back." if away else "Welcome back."
    await flows.send(interaction, head + "\n" + "\n".join(lines))


def seats_text(record: GameRecord) -> str:
    """How a game's seats are filled: "3 of 4 seats filled (2 players, 1 agent), 1 open"."""
    filled = len(record.seats)
    people = sum(1 for s in record.seats if s.user is not None)
    agents = filled - people
    open_ = max(0, record.max_seats - filled) if record.status == "lobby" else 0
    parts = [f"{people} player{'' if people == 1 else 's'}"] + (
        [f"{agents} agent{'' if agents == 1 else 's'}"] if agents else []
    )
    total = record.max_seats if record.status == "lobby" else filled
    return f"{filled} of {total} seats filled ({', '.join(parts)}), {open_} open"


def _title(record: GameRecord) -> str:
    game = registry.games().get(record.game)  # a damaged record may name a game this bot no longer has
    return game.meta.title if game is not None else record.game


class PaceGameCommands(ServiceCog):
    @app_commands.command(name="return", description="Come back from vacation: play your seat again")
    @app_commands.describe(game="The game (default: this thread's game, or all your games here)")
    async def return_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await _set_away(self.services, interaction, game, False)

    @return_.autocomplete("game")
    async def _return_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)


class VacationCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="vacation", description="Go on vacation: an agent plays your seat until you return"
    )
    @app_commands.describe(game="The game (default: this thread's game, or all your games here)")
    async def vacation(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await _set_away(self.services, interaction, game, True)

    @vacation.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)


class GamesCog(commands.GroupCog, group_name="games", group_description="Your games"):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    @app_commands.command(
        name="mine", description="Every game you are in on this server, and where it is your turn"
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        await flows.ack(interaction)
        table = self.services.table
        user = str(interaction.user.id)
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        records = [r for r in await table.games_of(user) if guild is None or r.place.get("guild") == guild]
        if not records:
            await flows.send(interaction, "You are not in any game here. Open one with /game new.")
            return
        lines = []
        for record in records:
            await registry.ready(record.game)
            title = registry.get(record.game).meta.title
            where = f"<#{record.place['thread']}>" if record.place.get("thread") else f"`{record.id}`"
            awaiting = {s.user for s in await table.awaiting(record.id)}
            flag = " — **your turn**" if user in awaiting else ""
            seat = record.seat_of(user)
            when = (await table.due(record.id)).get(seat.seat) if seat is not None and seat.seat else None
            if flag and when is not None:
                flag += f", due {lx.stamp_of(when, long=False)}"
            lines.append(f"• {title} `{record.id}` in {where}: {present.status_word(record)}{flag}")
        await flows.send(interaction, "**Your games**\n" + "\n".join(lines[:40]))

    @app_commands.command(name="open", description="Open lobbies in this server, to join")
    async def open_(self, interaction: discord.Interaction) -> None:
        await flows.ack(interaction)
        if interaction.guild_id is None:
            await flows.send(interaction, "Lobbies live in servers: use /games open in one.")
            return
        guild = str(interaction.guild_id)
        lobbies = await self.services.table.games(("lobby",), guild)
        await registry.ready()  # their titles
        if not lobbies:
            await flows.send(interaction, "No open lobby here. Open one with /game new.")
            return
        lines = [
            f"• {registry.get(r.game).meta.title} `{r.id}` in <#{r.place.get('thread', '')}>: "
            f"{len(r.seats)}/{r.max_seats} seats, pace {r.pace} — /game join game:{r.id}"
            for r in lobbies[:30]
        ]
        await flows.send(interaction, "**Open lobbies**\n" + "\n".join(lines))

    @app_commands.command(name="all", description="Every game of this server (Manage Server)")
    async def all_(self, interaction: discord.Interaction) -> None:
        await flows.ack(interaction)
        permissions = getattr(interaction, "permissions", None)
        if interaction.guild_id is None or permissions is None or not permissions.manage_guild:
            raise NotAllowed("Only members with Manage Server can list every game of this server.")
        guild = str(interaction.guild_id)
        records = await self.services.table.games(("lobby", "running", "paused", "damaged"), guild)
        await registry.ready()  # their titles
        if not records:
            await flows.send(interaction, "No game is open or running here.")
            return
        lines = [
            f"• {_title(r)} `{r.id}` in <#{r.place.get('thread', '')}>: "
            f"{present.status_word(r)}, {seats_text(r)}, pace {r.pace}"
            for r in records[:40]
        ]
        await flows.send(interaction, f"**Games of this server** ({len(records)})\n" + "\n".join(lines))


class RemindersCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(
        name="reminders", description="Where deadline reminders reach you: the game's thread or a DM"
    )
    @app_commands.describe(by="thread (default) or dm")
    @app_commands.choices(
        by=[
            app_commands.Choice(name="in the game's thread", value="thread"),
            app_commands.Choice(name="by direct message", value="dm"),
        ]
    )
    async def reminders(self, interaction: discord.Interaction, by: str) -> None:
        await flows.ack(interaction)
        await self.services.prefs.set_dm_reminders(str(interaction.user.id), by == "dm")
        if by == "dm":
            await flows.send(interaction, "Reminders will come by DM (in the thread if your DMs are closed).")
        else:
            await flows.send(interaction, "Reminders will be posted in the game's thread, mentioning you.")
