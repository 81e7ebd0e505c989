"""What every cog and component needs, in one object hung on the client as ``client.services``."""

from __future__ import annotations

import logging
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import MalformedIntent
from engine.records import GameRecord
from engine.table import NotAllowed, Table

from .leagues import LeagueService
from .permission_notes import PermissionNotes
from .prefs import Prefs
from .render import Renderer
from .web.links import WebLinks

log = logging.getLogger(__name__)

GAME_ID_MAX = 16
"""Game ids are 6 hex digits; anything longer a user types is refused before it reaches the store."""
_GAME_ID = re.compile(rf"[0-9a-f]{{1,{GAME_ID_MAX}}}")
FOREIGN_GAME = "That game belongs to another server."
THREADS_KEPT = 20_000
"""How many thread -> game answers are kept in memory; an older one is asked of the store again."""


def clean_game_id(text: str) -> str:
    """A game id typed by a user, checked for its form: a readable refusal, never a lookup of junk."""
    game_id = text.strip().lower()
    if not _GAME_ID.fullmatch(game_id):
        raise MalformedIntent(
            "That is not a game id: game ids are short hexadecimal codes such as `3fa9c1` "
            "(shown in every lobby and status message)."
        )
    return game_id


@dataclass
class Services:
    table: Table
    renderer: Renderer
    prefs: Prefs = field(default_factory=Prefs)
    leagues: LeagueService | None = None
    """Leagues, ratings and results (:mod:`bot.leagues`); None where the table keeps no results."""
    web: WebLinks | None = None
    """The web companion's links (:mod:`bot.web.links`); None: posts carry none."""
    notes: PermissionNotes = field(default_factory=PermissionNotes)
    """Moderators told once when Discord refuses the bot a permission (:mod:`bot.permission_notes`)."""
    threads: OrderedDict[str, str] = field(default_factory=OrderedDict)
    """thread (channel) id -> game id of the threads used lately (at most :data:`THREADS_KEPT`, the least
    recently used forgotten first), filled as games are announced or looked up; a miss asks the store's
    thread index (one indexed query: start-up reads no game, issue 21)."""

    def __post_init__(self) -> None:
        if self.notes.prefs is None:
            self.notes.prefs = self.prefs  # told once across restarts (:mod:`bot.permission_notes`)

    def remember(self, thread_id: str | None, game_id: str) -> None:
        if thread_id:
            key = str(thread_id)
            self.threads[key] = game_id
            self.threads.move_to_end(key)
            while len(self.threads) > THREADS_KEPT:
                self.threads.popitem(last=False)

    async def game_in_channel(self, channel_id: int | str | None) -> str | None:
        """The game whose thread is ``channel_id``, if any."""
        if channel_id is None:
            return None
        key = str(channel_id)
        found = self.threads.get(key)
        if found is None:
            found = await self.table.store.game_of_thread(key)
        if found is not None:
            self.remember(key, found)
        return found

    async def resolve(self, interaction: Any, game: str | None = None) -> str:
        """The game a command is about: the one named, else the thread it was used in, else the caller's only
        game in this server; refused unless the interaction comes from that game's server (and, used inside a
        game's thread, from that game's thread): see :meth:`authorize`."""
        if game:
            game_id = clean_game_id(game)
            record = await self.table.record(game_id)  # raises a readable error for an unknown id
            await self.authorize(interaction, record)
            return game_id
        found = await self.game_in_channel(getattr(interaction, "channel_id", None))
        if found is not None:
            await self.authorize(interaction, await self.table.record(found))
            return found
        guild = getattr(interaction, "guild_id", None)
        if guild is None:
            raise MalformedIntent("Games live in servers: use this command in the game's server or thread.")
        mine = [
            r
            for r in await self.table.games_of(str(interaction.user.id))
            if r.place.get("guild") == str(guild)
        ]
        if len(mine) == 1:
            return mine[0].id
        if not mine:
            raise MalformedIntent(
                "Use this command inside a game's thread (you are not in any game here right now)."
            )
        listed = ", ".join(f"{r.id} ({r.game})" for r in mine[:10])
        raise MalformedIntent(f"Use this command inside a game's thread, or name the game: {listed}.")

    async def authorize(self, interaction: Any, record: GameRecord) -> None:
        """Authority belongs to the game: the interaction must come from the game's own server, and when it
        comes from a game's thread, from this game's thread. Nothing about a foreign game is revealed."""
        guild = getattr(interaction, "guild_id", None)
        if guild is None or record.place.get("guild") != str(guild):
            raise NotAllowed(FOREIGN_GAME)
        here = await self.game_in_channel(getattr(interaction, "channel_id", None))
        if here is not None and here != record.id:
            raise NotAllowed(
                "This thread belongs to another game: use that game's own thread, or a channel "
                "outside the game threads."
            )


def services_of(interaction: Any) -> Services:
    services: Services = interaction.client.services
    return services
