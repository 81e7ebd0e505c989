"""The persistent components beside the actions: the lobby buttons, confirmations (cancelling a game,
ending a turn early), the full board, and the registry of every component (:data:`DYNAMIC_ITEMS`, which
the bot registers) with the answer to a click none of them matches. Custom ids are parsed by their
templates and never trusted (see :mod:`cogs.ui.components`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ui
from discord.ext import commands

from .admission import admit
from .components import (
    CUSTOM_ID_MAX,
    ActionButton,
    Admitted,
    HandButton,
    IntentSelect,
    OptionsButton,
    PageButton,
    PartButton,
    PartSelect,
)
from .dispatch import flows_of
from .errors import reported
from .stamps import Stamp
from .undo_items import StatusUndoButton, UndoAnswerButton, UndoButton


class BoardButton(Admitted, ui.DynamicItem[ui.Button[Any]], template=r"arbf:(?P<game>[0-9a-f]{1,16})"):
    """The full-size public board, ephemerally (the thread shows the compact one)."""

    def __init__(self, game: str) -> None:
        super().__init__(
            ui.Button(label="Full board", style=discord.ButtonStyle.secondary, custom_id=f"arbf:{game}")
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> BoardButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).show_board(interaction, self.game)


class LobbyButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arbl:(?P<game>[0-9a-f]{1,16}):(?P<action>join|leave|agent(?:-random|-heuristic|-search)?|start)",
):
    LABELS = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "agent": ("Add agent seat", discord.ButtonStyle.secondary),
        "agent-random": ("Add agent seat: easy", discord.ButtonStyle.secondary),
        "agent-heuristic": ("Add agent seat: steady", discord.ButtonStyle.secondary),
        "agent-search": ("Add agent seat: strong", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
    }

    def __init__(self, game: str, action: str) -> None:
        label, style = self.LABELS[action]
        super().__init__(ui.Button(label=label, style=style, custom_id=f"arbl:{game}:{action}"))
        self.game, self.action = game, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> LobbyButton:
        return cls(match["game"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).lobby_action(interaction, self.game, self.action)


class ConfirmButton(
    Admitted, ui.DynamicItem[ui.Button[Any]], template=r"arbc:(?P<game>[0-9a-f]{1,16}):(?P<action>abort)"
):
    """The second step of an irreversible command (``/game abort``): the table checks the caller again."""

    def __init__(self, game: str, action: str) -> None:
        super().__init__(
            ui.Button(
                label="Yes, cancel the game",
                style=discord.ButtonStyle.danger,
                custom_id=f"arbc:{game}:{action}",
            )
        )
        self.game, self.action = game, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> ConfirmButton:
        return cls(match["game"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).confirm(interaction, self.game, self.action)


def end_custom_id(game: str, version: int, key: str) -> str:
    return f"arbe:{game}:{version}:{key}"


class EndTurnButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arbe:(?P<game>[0-9a-f]{1,16}):(?P<version>\d{1,12}):(?P<key>.{1,80})",
):
    """ "Yes, end my turn": the confirmation of ending a turn while other actions remain. It plays the intent
    it names at the version it was offered for; the table checks it like any move."""

    def __init__(self, game: str, version: int, key: str) -> None:
        super().__init__(
            ui.Button(
                label="Yes, end my turn",
                style=discord.ButtonStyle.secondary,
                custom_id=end_custom_id(game, version, key)[:CUSTOM_ID_MAX],
            )
        )
        self.game, self.version, self.key = game, version, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> EndTurnButton:
        return cls(match["game"], int(match["version"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).submit(
                interaction, self.game, self.key, Stamp.of_version(self.version), confirmed=True
            )


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ActionButton,
    OptionsButton,
    HandButton,
    PageButton,
    IntentSelect,
    LobbyButton,
    PartButton,
    PartSelect,
    ConfirmButton,
    EndTurnButton,
    BoardButton,
    UndoButton,
    UndoAnswerButton,
    StatusUndoButton,
)


def ours(custom_id: str) -> bool:
    """Whether a custom id is one of our components' (so one of the items above answers it)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


class UnknownComponents(commands.Cog):
    """A click whose custom id none of our components matches (altered, or from a future or past version
    of the bot) gets a plain refusal instead of Discord's "This interaction failed"."""

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id") if isinstance(data, dict) else None
        if isinstance(custom_id, str) and ours(custom_id):
            return
        if not await admit(interaction):
            return
        try:
            await interaction.response.send_message(
                "That button is not one Arbiter can use (it was altered, or it is from another version "
                "of the "
                "bot). Use the buttons under the game's status message, or /play.",
                ephemeral=True,
            )
        except discord.HTTPException:
            pass  # answered elsewhere, or expired: nobody to tell
