"""Moderation: ``/game pause|resume|abort|kick|replace|pace|log|export``.

The game's host or a member with Manage Server may pause, resume, abort, kick, replace and change the
pace; the table checks it again. ``/game log`` shows recent public events to anyone. ``/game export``
carries the seed and every intent, which reveal hidden information, so while a game runs only a
moderator who holds no seat in it may export; once it ended, anyone may.
"""

from __future__ import annotations

import io
import json

import discord
from discord import app_commands

from engine.core import registry
from engine.table import NotAllowed

from . import flows
from .common import AUTOCOMPLETE_MAX, CHOICE_MAX, ServiceCog, my_games_autocomplete
from .lobby import PACE_CHOICES


class ModerationCommands(ServiceCog):
    async def _game(self, interaction: discord.Interaction, game: str | None) -> str:
        await flows.ack(interaction)
        return await self.services.resolve(interaction, game)

    @app_commands.command(name="pause", description="Pause the game: no deadlines run (host or Manage Server)")
    async def pause(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        await self.services.table.pause(gid, flows.user_id(interaction), flows.is_moderator(interaction))
        await flows.send(interaction, "The game is paused.")

    @app_commands.command(name="resume", description="Resume a paused game (host or Manage Server)")
    async def resume(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        await self.services.table.resume(gid, flows.user_id(interaction), flows.is_moderator(interaction))
        await flows.send(interaction, "The game resumes.")

    @app_commands.command(name="abort", description="Cancel the game for good (host or Manage Server)")
    async def abort(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        await self.services.table.abort(gid, flows.user_id(interaction), flows.is_moderator(interaction))
        await flows.send(interaction, "The game was cancelled.")

    @app_commands.command(name="kick", description="Remove a player; an agent takes the seat (host or Manage Server)")
    @app_commands.describe(member="The player to remove")
    async def kick(self, interaction: discord.Interaction, member: discord.User,
                   game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        await self.services.table.kick(gid, flows.user_id(interaction), str(member.id),
                                       flows.is_moderator(interaction))
        await flows.send(interaction, f"{member.display_name} was removed; an agent plays the seat.")

    @app_commands.command(name="replace", description="Give a seat to another member (host or Manage Server)")
    @app_commands.describe(seat="The seat to hand over", member="Who takes it")
    async def replace(self, interaction: discord.Interaction, seat: str, member: discord.User,
                      game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        await self.services.table.replace(gid, flows.user_id(interaction), seat, str(member.id),
                                          member.display_name, flows.is_moderator(interaction))
        await flows.send(interaction, f"{member.display_name} now plays {seat}.")

    @replace.autocomplete("seat")
    async def _seat(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            gid = await self.services.resolve(interaction, getattr(interaction.namespace, "game", None))
            record = await self.services.table.record(gid)
        except Exception:  # noqa: BLE001 - an autocomplete only offers nothing
            return []
        return [app_commands.Choice(name=f"{s.seat} ({s.name})"[:CHOICE_MAX], value=s.seat)
                for s in record.seats if s.seat and current.casefold() in s.seat.casefold()][:AUTOCOMPLETE_MAX]

    @app_commands.command(name="pace", description="Change how long each decision may take (host or Manage Server)")
    @app_commands.choices(preset=PACE_CHOICES)
    async def pace(self, interaction: discord.Interaction, preset: str, game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        await self.services.table.set_pace(gid, flows.user_id(interaction), preset, flows.is_moderator(interaction))
        await flows.send(interaction, f"The pace is now {preset}.")

    @app_commands.command(name="log", description="Recent public events of the game")
    async def log(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        record = await self.services.table.record(gid)
        lines = await flows.public_events(self.services, record)
        title = registry.get(record.game).meta.title
        text = f"**{title} `{record.id}`: recent events**\n" + ("\n".join(lines) or "Nothing has happened yet.")
        await flows.send(interaction, text[-1990:] if len(text) > 1990 else text)

    @app_commands.command(name="export", description="The seed, options and intent log, for exact replay")
    async def export(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid = await self._game(interaction, game)
        record = await self.services.table.record(gid)
        ended = record.status in ("finished", "aborted")
        if not ended and not (flows.is_moderator(interaction) and record.seat_of(flows.user_id(interaction)) is None):
            raise NotAllowed("The export reveals hidden information (the seed and every secret choice): it is "
                             "available once the game has ended, or to a moderator who does not play in it.")
        data = await self.services.table.export(gid)
        payload = json.dumps(data, indent=1).encode()
        await flows.send(interaction, f"Replay with `arbiter replay {record.id}.json`.",
                         file=discord.File(io.BytesIO(payload), filename=f"{record.id}.json"))

    @pause.autocomplete("game")
    @resume.autocomplete("game")
    @abort.autocomplete("game")
    @kick.autocomplete("game")
    @replace.autocomplete("game")
    @pace.autocomplete("game")
    @log.autocomplete("game")
    @export.autocomplete("game")
    async def _game_choice(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)
