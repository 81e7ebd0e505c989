"""The persistent buttons of undo by consent: **Undo** on a player's own last move, and **Approve** /
**Refuse** for the other seats under a pending request (issue 18).

Like every component (:mod:`cogs.ui.components`), the custom id carries all it needs and nothing in it is
trusted: the flows (:mod:`cogs.ui.flows_undo`) check the game's server, the caller's seat and the version
again.

- ``arbu:<game>:<version>:<seat>``: ask to take back ``seat``'s last move, offered at ``version`` (a click
  after the board moved on is stale, and only the player of ``seat`` may press it);
- ``arbv:<game>:<version>:<y|n>``: answer the request opened at ``version`` (an answer to an older,
  expired or settled request is refused);
- ``arbw:<game>:<message>``: **Undo my move** on the game's status message ``message``: the clicker asks to
  take back their own last move, as ``/game undo`` does; a click on a status message the game has left
  (re-posted after Discord stopped editing it) is refused with a link to the current one.

The **Undo** button stays good while the move it was offered under is the last one that counts: a change
that is not a move (a new status message, a vote, a setting) leaves it working.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from .components import CUSTOM_ID_MAX, Admitted
from .dispatch import flows_of
from .errors import reported

SEAT_PATTERN = r"[A-Za-z0-9_]{1,16}"


def undo_custom_id(game: str, version: int, seat: str) -> str:
    return f"arbu:{game}:{version}:{seat}"[:CUSTOM_ID_MAX]


def answer_custom_id(game: str, version: int, approve: bool) -> str:
    return f"arbv:{game}:{version}:{'y' if approve else 'n'}"


class UndoButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arbu:(?P<game>[0-9a-f]{1,16}):(?P<version>\d{1,12}):(?P<seat>" + SEAT_PATTERN + ")",
):
    """Ask to take back one's own last move."""

    def __init__(self, game: str, version: int, seat: str) -> None:
        super().__init__(
            ui.Button(
                label="Undo",
                style=discord.ButtonStyle.secondary,
                custom_id=undo_custom_id(game, version, seat),
            )
        )
        self.game, self.version, self.seat = game, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> UndoButton:
        return cls(match["game"], int(match["version"]), match["seat"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).undo_request(interaction, self.game, self.version, self.seat)


class UndoAnswerButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arbv:(?P<game>[0-9a-f]{1,16}):(?P<version>\d{1,12}):(?P<answer>[yn])",
):
    """Approve or refuse the pending undo request of the game."""

    def __init__(self, game: str, version: int, approve: bool) -> None:
        super().__init__(
            ui.Button(
                label="Approve undo" if approve else "Refuse undo",
                style=discord.ButtonStyle.success if approve else discord.ButtonStyle.danger,
                custom_id=answer_custom_id(game, version, approve),
            )
        )
        self.game, self.version, self.approve = game, version, approve

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> UndoAnswerButton:
        return cls(match["game"], int(match["version"]), match["answer"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).undo_answer(interaction, self.game, self.version, self.approve)


def status_undo_custom_id(game: str, message: str) -> str:
    return f"arbw:{game}:{message}"


class StatusUndoButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arbw:(?P<game>[0-9a-f]{1,16}):(?P<message>\d{1,20})",
):
    """On the status message: the clicker asks to take back their own last move."""

    def __init__(self, game: str, message: str) -> None:
        super().__init__(
            ui.Button(
                label="Undo my move",
                style=discord.ButtonStyle.secondary,
                custom_id=status_undo_custom_id(game, message),
            )
        )
        self.game, self.message = game, message

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> StatusUndoButton:
        return cls(match["game"], match["message"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).undo_mine(interaction, self.game, self.message)


def undo_row(game: str, version: int, seat: str) -> ui.ActionRow[Any]:
    row: ui.ActionRow[Any] = ui.ActionRow()
    row.add_item(UndoButton(game, version, seat))
    return row


def answer_view(text: str, game: str, version: int) -> ui.LayoutView:
    """The thread's message under a pending request: its text and the two answers."""
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.TextDisplay(text[:3900]))
    row: ui.ActionRow[Any] = ui.ActionRow()
    row.add_item(UndoAnswerButton(game, version, True))
    row.add_item(UndoAnswerButton(game, version, False))
    view.add_item(row)
    return view


__all__ = [
    "StatusUndoButton",
    "UndoAnswerButton",
    "UndoButton",
    "answer_custom_id",
    "answer_view",
    "status_undo_custom_id",
    "undo_custom_id",
    "undo_row",
]
