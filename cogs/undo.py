"""``/game undo`` and ``/game undoconsent``: undo by consent, the commands (the buttons' flows and the
request are :mod:`cogs.ui.flows_undo`'s). The table decides everything (:mod:`engine.table.undo`)."""

from __future__ import annotations

import discord
from discord import app_commands

from engine.table.undo import CONSENT

from .ui.answer import ack, send, user_id
from .ui.authority import is_moderator
from .ui.common import NAME_MAX, ServiceCog, bounded, my_games_autocomplete
from .ui.flows_undo import ask_undo

REASON_MAX = 200


class UndoCommands(ServiceCog):
    @app_commands.command(name="undo", description="Ask to take back your last move (a host: any seat's)")
    @app_commands.describe(
        seat="Host or moderator only: the seat whose last move to take back at once",
        reason="Host or moderator only: why (logged and shown)",
    )
    async def undo(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        seat: str | None = None,
        reason: str | None = None,
    ) -> None:
        await ack(interaction)
        gid = await self.services.resolve(interaction, game)
        record = await self.services.table.record(gid)
        if seat is None:
            await ask_undo(interaction, record)
            return
        seat = bounded(seat.strip(), NAME_MAX, "A seat name")
        why = bounded((reason or "").strip(), REASON_MAX, "A reason")
        await self.services.table.undo_moderate(
            gid, user_id(interaction), seat, why, is_moderator(interaction, record)
        )
        await send(interaction, f"↩️ {seat}'s last move was taken back.")

    @app_commands.command(name="undoconsent", description="Who must approve an undo (host or Manage Server)")
    @app_commands.choices(
        who=[app_commands.Choice(name=f"{text} ({key})", value=key) for key, text in CONSENT.items()]
    )
    async def undoconsent(self, interaction: discord.Interaction, who: str, game: str | None = None) -> None:
        await ack(interaction)
        gid = await self.services.resolve(interaction, game)
        record = await self.services.table.record(gid)
        await self.services.table.set_undo_consent(
            gid, user_id(interaction), who, is_moderator(interaction, record)
        )
        await send(interaction, f"An undo now needs the approval of {CONSENT[who]}.")

    @undo.autocomplete("game")
    @undoconsent.autocomplete("game")
    async def _undo_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)
