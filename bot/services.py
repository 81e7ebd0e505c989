"""What every cog and component needs, in one object hung on the client as ``client.services``."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.errors import MalformedIntent
from engine.table import Table

from .prefs import Prefs
from .render import Renderer

if TYPE_CHECKING:
    from .announcer import Announcer

log = logging.getLogger(__name__)


@dataclass
class Services:
    table: Table
    renderer: Renderer
    announcer: Announcer | None = None
    prefs: Prefs = field(default_factory=Prefs)
    threads: dict[str, str] = field(default_factory=dict)
    """thread (channel) id -> game id; rebuilt from the database on a miss, so it survives restarts."""
    _indexed: bool = False

    def remember(self, thread_id: str | None, game_id: str) -> None:
        if thread_id:
            self.threads[str(thread_id)] = game_id

    async def _reindex(self) -> None:
        for record in await self.table.store.games():
            thread = record.place.get("thread")
            if thread:
                self.threads[thread] = record.id
        self._indexed = True

    async def game_in_channel(self, channel_id: int | str | None) -> str | None:
        """The game whose thread is ``channel_id``, if any."""
        if channel_id is None:
            return None
        key = str(channel_id)
        if key not in self.threads and not self._indexed:
            await self._reindex()
        return self.threads.get(key)

    async def resolve(self, interaction: Any, game: str | None = None) -> str:
        """The game a command is about: the one named, else the thread it was used in, else the caller's only game."""
        if game:
            game = game.strip().lower()
            await self.table.record(game)  # raises a readable error for an unknown id
            return game
        found = await self.game_in_channel(getattr(interaction, "channel_id", None))
        if found is not None:
            return found
        mine = await self.table.games_of(str(interaction.user.id))
        guild = getattr(interaction, "guild_id", None)
        if guild is not None:
            mine = [r for r in mine if r.place.get("guild") in (None, str(guild))]
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise MalformedIntent("Use this command inside a game's thread (you are not in any game right now).")
        listed = ", ".join(f"{r.id} ({r.game})" for r in mine[:10])
        raise MalformedIntent(f"Use this command inside a game's thread, or name the game: {listed}.")


def services_of(interaction: Any) -> Services:
    services: Services = interaction.client.services
    return services
