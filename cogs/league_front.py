"""The league's Discord front (:class:`bot.leagues.LeagueFront`): each table's game opens in the league's
channel in its own thread, and the league's news (a round scheduled, a season's final standings) is
posted there with the standings picture. Made by the composition root, like the announcer."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot import present
from bot.leagues import table_seed
from bot.services import Services
from engine.core import registry
from engine.league.league import League, LeagueRound
from engine.league.view import StandingsView
from renderers.league import render_standings

from .lobby import THREAD_ARCHIVE_MINUTES, THREAD_NAME_MAX
from .ui import flows

log = logging.getLogger(__name__)

PLAYER_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class DiscordLeagueFront:
    def __init__(self, client: Any, services: Services) -> None:
        self.client = client
        self.services = services

    async def _channel(self, league: League) -> Any:
        """The league's text channel: from the cache, else asked of Discord (a thread can only be made
        from a message that knows its server, which a bare channel id does not)."""
        if not league.channel.isdigit():
            raise RuntimeError(f"league {league.id} has no channel")
        cid = int(league.channel)
        channel = self.client.get_channel(cid) if hasattr(self.client, "get_channel") else None
        if channel is None and hasattr(self.client, "fetch_channel"):
            channel = await self.client.fetch_channel(cid)
        return channel if channel is not None else self.client.get_partial_messageable(cid)

    async def open_table(self, league: League, round_: LeagueRound, index: int) -> str:
        await registry.ready(league.game_id)
        title = registry.get(league.game_id).meta.title
        channel = await self._channel(league)
        label = f"{league.name} · round {round_.number} · table {index + 1}"
        message = await channel.send(view=flows.text_view(f"Setting up {label} ({title})…"))
        thread = await message.create_thread(
            name=present.short(label, THREAD_NAME_MAX), auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        place = {
            "guild": str(league.server_id),
            "channel": league.channel,
            "thread": str(thread.id),
            "status": str(message.id),
            "league": league.id,
        }
        players = [(p, league.names.get(p, p)) for p in round_.tables[index].players]
        update = await self.services.table.open_seated(
            league.game_id,
            league.host,
            players,
            options=league.options,
            pace=league.pace,
            seed=table_seed(league, round_, index),
            place=place,
        )
        self.services.remember(str(thread.id), update.record.id)
        return update.record.id

    async def announce(self, league: League, text: str, standings: StandingsView | None = None) -> None:
        channel = await self._channel(league)
        file = None
        if standings is not None:
            data = await self.services.renderer.picture(render_standings, standings.model_dump(mode="json"))
            file = flows.png(data, "standings.png")
        kwargs: dict[str, Any] = {"content": text[:2000], "allowed_mentions": PLAYER_PINGS}
        if file is not None:
            kwargs["file"] = file
        await channel.send(**kwargs)


__all__ = ["DiscordLeagueFront"]
