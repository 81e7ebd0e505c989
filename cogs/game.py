"""The ``/game`` command group, assembled from the lobby, pace and moderation commands."""

from __future__ import annotations

from discord.ext import commands

from bot.services import Services

from .community import FollowCommands
from .history import HistoryCommands
from .lobby import LobbyCommands
from .moderation import ModerationCommands
from .pace import PaceGameCommands
from .seats import SeatCommands
from .undo import UndoCommands


class GameCog(
    LobbyCommands,
    PaceGameCommands,
    ModerationCommands,
    SeatCommands,
    FollowCommands,
    UndoCommands,
    HistoryCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Open, run and moderate games",
):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()
