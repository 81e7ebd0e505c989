"""The flows a persistent component or the error reporter starts, as one typed interface.

The flows (:mod:`cogs.ui.flows`, :mod:`cogs.ui.flows_seat`, :mod:`cogs.ui.flows_undo`) build the
components' layouts, so they sit above :mod:`cogs.ui.components` and :mod:`cogs.ui.errors`, which cannot
import them; a button's callback and the "board has moved on" answer still start a flow. They call the
typed methods of :class:`Flows`, which the composition root (:mod:`bot.discord_bot`) provides on the client
as ``client.flows`` (an :class:`cogs.ui.all_flows.AllFlows`): mypy checks every call against these
signatures, and the import graph shows who provides them.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from .stamps import Stamp


class Flows(Protocol):
    """One method per flow a component starts; each acknowledges the interaction, then answers it."""

    async def submit(
        self,
        interaction: discord.Interaction,
        game_id: str,
        key: str,
        stamp: Stamp | None = None,
        confirmed: bool = False,
    ) -> None:
        """Play the intent ``key`` for the caller's seat, as offered for ``stamp``."""

    async def show_options(
        self, interaction: discord.Interaction, game_id: str, page: int = 0, edit: bool = False
    ) -> None:
        """The caller's own options (page ``page``), ephemerally; ``edit``: in place of the one clicked."""

    async def show_part(
        self, interaction: discord.Interaction, game_id: str, stamp: Stamp, prefix: str, page: int = 0
    ) -> None:
        """The next part of a menu asked in parts (after ``prefix``), in place of the one clicked."""

    async def stale(self, interaction: discord.Interaction, game_id: str) -> None:
        """A click on an older version: "the board has moved on", with the caller's fresh options."""

    async def show_hand(self, interaction: discord.Interaction, game_id: str) -> None:
        """The caller's private view, ephemerally."""

    async def show_board(self, interaction: discord.Interaction, game_id: str) -> None:
        """The full-size public board, ephemerally."""

    async def lobby_action(self, interaction: discord.Interaction, game_id: str, action: str) -> None:
        """A lobby button: join, leave, add an agent seat, start."""

    async def confirm(self, interaction: discord.Interaction, game_id: str, action: str) -> None:
        """The confirmation of an irreversible command (``action``: "abort", cancelling the game)."""

    async def undo_request(
        self, interaction: discord.Interaction, game_id: str, version: int, seat: str
    ) -> None:
        """**Undo** on ``seat``'s last move, offered at ``version``."""

    async def undo_mine(self, interaction: discord.Interaction, game_id: str, message: str) -> None:
        """**Undo my move** on the status message ``message``."""

    async def undo_answer(
        self, interaction: discord.Interaction, game_id: str, version: int, approve: bool
    ) -> None:
        """**Approve** / **Refuse** the undo request posted at ``version``."""


def flows_of(interaction: Any) -> Flows:
    """The flows the composition root hung on the interaction's client."""
    flows: Flows = interaction.client.flows
    return flows
