"""Moderation: ``/game pause|resume|abort|kick|replace|pace|log|export``.

Every command resolves the game and refuses it unless the interaction comes from the game's own server
(:meth:`bot.services.Services.authorize`). The game's host or a member with Manage Server *in the game's
server* may pause, resume, abort, kick, replace and change the pace; the table checks it again.
``/game log`` shows recent public events to anyone there. ``/game export`` of a finished or cancelled
game carries the seed and every intent, for exact replay; while a game runs, those reveal hidden
information, so a moderator who holds no seat gets only what is public (the public log, the seats, the
game and its options) and players get nothing.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot import present
from bot.services import Services
from engine.core import registry
from engine.records import GameRecord
from engine.table import NotAllowed, bounded_name

from .lobby import PACE_CHOICES
from .ui import flows
from .ui import layouts as lx
from .ui.common import (
    AUTOCOMPLETE_MAX,
    CHOICE_MAX,
    NAME_MAX,
    ServiceCog,
    bounded,
    clipped,
    my_games_autocomplete,
)

PUBLIC_EXPORT_EVENTS = 10_000


async def public_export(services: Services, record: GameRecord) -> dict[str, Any]:
    """What anyone watching a running game could know: never the seed, hands, deck order, intent log or
    snapshot (any of them gives hidden information away)."""
    return {
        "arbiter_export": 1,
        "public_only": True,
        "game": record.game,
        "id": record.id,
        "status": record.status,
        "version": record.version,
        "pace": record.pace,
        "options": record.options,
        "seats": [{"seat": s.seat, "name": s.name, "agent": s.agent} for s in record.seats],
        "public_log": await services.table.public_log(record.id, limit=PUBLIC_EXPORT_EVENTS),
    }


class ModerationCommands(ServiceCog):
    async def _game(self, interaction: discord.Interaction, game: str | None) -> tuple[str, bool]:
        """The game (checked to be this server's) and whether the caller may moderate it."""
        await flows.ack(interaction)
        gid = await self.services.resolve(interaction, game)
        return gid, flows.is_moderator(interaction, await self.services.table.record(gid))

    @app_commands.command(
        name="pause", description="Pause the game: no deadlines run (host or Manage Server)"
    )
    async def pause(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid, moderator = await self._game(interaction, game)
        await self.services.table.pause(gid, flows.user_id(interaction), moderator)
        await flows.send(interaction, "The game is paused.")

    @app_commands.command(name="resume", description="Resume a paused game (host or Manage Server)")
    async def resume(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid, moderator = await self._game(interaction, game)
        await self.services.table.resume(gid, flows.user_id(interaction), moderator)
        await flows.send(interaction, "The game resumes.")

    @app_commands.command(name="abort", description="Cancel the game for good (host or Manage Server)")
    async def abort(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid, moderator = await self._game(interaction, game)
        if not moderator:  # refused before asking; the table checks again on the confirmation
            raise NotAllowed("Only the game's host or a moderator can do that.")
        await flows.send(
            interaction,
            view=lx.confirm_view(
                gid, "abort", f"Cancel game `{gid}` for good? Nobody can play it afterwards."
            ),
        )

    @app_commands.command(
        name="kick", description="Remove a player; an agent takes the seat (host or Manage Server)"
    )
    @app_commands.describe(member="The player to remove")
    async def kick(
        self, interaction: discord.Interaction, member: discord.User, game: str | None = None
    ) -> None:
        gid, moderator = await self._game(interaction, game)
        await self.services.table.kick(gid, flows.user_id(interaction), str(member.id), moderator)
        await flows.send(
            interaction,
            f"{bounded_name(member.display_name, str(member.id))} was removed; an agent plays the seat.",
        )

    @app_commands.command(name="replace", description="Give a seat to another member (host or Manage Server)")
    @app_commands.describe(seat="The seat to hand over", member="Who takes it")
    async def replace(
        self, interaction: discord.Interaction, seat: str, member: discord.User, game: str | None = None
    ) -> None:
        seat = bounded(seat.strip(), NAME_MAX, "A seat name")
        gid, moderator = await self._game(interaction, game)
        name = bounded_name(member.display_name, str(member.id))
        await self.services.table.replace(
            gid, flows.user_id(interaction), seat, str(member.id), name, moderator
        )
        await flows.send(interaction, f"{name} now plays {seat}.")

    @replace.autocomplete("seat")
    async def _seat(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            gid = await self.services.resolve(interaction, getattr(interaction.namespace, "game", None))
            record = await self.services.table.record(gid)
        except Exception:  # noqa: BLE001 - an autocomplete only offers nothing
            return []
        folded = clipped(current).casefold()
        return [
            app_commands.Choice(name=present.short(f"{s.seat} ({s.name})", CHOICE_MAX), value=s.seat)
            for s in record.seats
            if s.seat and folded in s.seat.casefold()
        ][:AUTOCOMPLETE_MAX]

    @app_commands.command(
        name="pace", description="Change how long each decision may take (host or Manage Server)"
    )
    @app_commands.choices(preset=PACE_CHOICES)
    async def pace(self, interaction: discord.Interaction, preset: str, game: str | None = None) -> None:
        gid, moderator = await self._game(interaction, game)
        await self.services.table.set_pace(gid, flows.user_id(interaction), preset, moderator)
        await flows.send(interaction, f"The pace is now {preset}.")

    @app_commands.command(name="log", description="Recent public events of the game")
    async def log(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid, _ = await self._game(interaction, game)
        record = await self.services.table.record(gid)
        lines = await self.services.table.public_log(record.id)
        title = registry.get(record.game).meta.title
        text = f"**{title} `{record.id}`: recent events**\n" + (
            "\n".join(lines) or "Nothing has happened yet."
        )
        await flows.send(interaction, text[-1990:] if len(text) > 1990 else text)

    @app_commands.command(name="export", description="The seed, options and intent log, for exact replay")
    async def export(self, interaction: discord.Interaction, game: str | None = None) -> None:
        gid, moderator = await self._game(interaction, game)
        record = await self.services.table.record(gid)
        ended = record.status in ("finished", "aborted")
        if ended and await self.services.table.reveals(gid) == "all":
            data = await self.services.table.export(gid)
            payload = json.dumps(data, indent=1).encode()
            await flows.send(
                interaction,
                f"Replay with `arbiter replay {record.id}.json`.",
                file=discord.File(io.BytesIO(payload), filename=f"{record.id}.json"),
            )
            return
        if ended:  # cancelled, abandoned or drawn by a vote: what was hidden stays hidden
            await self._public_export(
                interaction,
                record,
                "This game ended before its rules ended it, so what was hidden stays hidden: this is "
                "its public record only (the public log, the seats and the options).",
            )
            return
        if not moderator or record.seat_of(flows.user_id(interaction)) is not None:
            raise NotAllowed(
                "The full export reveals hidden information (the seed and every secret choice): it "
                "is available once the rules have ended the game. A moderator who does not play may export "
                "the public record meanwhile."
            )
        await self._public_export(
            interaction,
            record,
            "The game is still running, so this is its public record only (the public "
            "log, the seats and the options); the full export, for exact replay, is "
            "available once it has ended.",
        )

    async def _public_export(self, interaction: discord.Interaction, record: GameRecord, text: str) -> None:
        public = await public_export(self.services, record)
        await flows.send(
            interaction,
            text,
            file=discord.File(
                io.BytesIO(json.dumps(public, indent=1).encode()), filename=f"{record.id}-public.json"
            ),
        )

    @pause.autocomplete("game")
    @resume.autocomplete("game")
    @abort.autocomplete("game")
    @kick.autocomplete("game")
    @replace.autocomplete("game")
    @pace.autocomplete("game")
    @log.autocomplete("game")
    @export.autocomplete("game")
    async def _game_choice(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)
