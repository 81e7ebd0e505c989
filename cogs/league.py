"""``/league``: create a league, sign up and leave, schedule a round, see the standings, end a season, and
the host's and moderators' settings (sign-ups, the server's cap on running games, a ratings rebuild).

Thin: every rule is in :mod:`engine.league` and :mod:`bot.leagues`. Every command names its league by
name and finds it in the interaction's own server only; host-only commands check the caller.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.leagues import LEAGUE_NAME_MAX, LeagueService, round_text
from bot.services import Services
from engine import pace as pacing
from engine.core import registry
from engine.core.errors import MalformedIntent
from engine.league.league import League, Requirement
from engine.league.view import StandingsView, archived_view, last_ended
from engine.table import NotAllowed
from renderers.league import render_standings

from .community import can_host
from .ui import flows
from .ui.common import CHOICE_MAX, NAME_MAX, bounded, clipped, game_kinds_autocomplete, parse_options

log = logging.getLogger(__name__)

PACE_CHOICES = [
    app_commands.Choice(name=present.short(pacing.describe(p), 100), value=p) for p in pacing.PRESETS
]
POINTS_MAX = 100
CAP_KEY = "league_cap"
"""The server setting (``/league cap``): a fixed cap on each member's running games when joining a league;
absent, the growth rule (engine/league/reliability.py: 4, one more per 5 games finished, at most 40)."""


class LeagueUnavailable(NotAllowed):
    """Leagues need a table that keeps results."""


def leagues_of(services: Services) -> LeagueService:
    if services.leagues is None:
        raise LeagueUnavailable("Leagues are not available on this bot.")
    return services.leagues


def server_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise MalformedIntent("Leagues live in servers: use this command in a server's channel.")
    return int(interaction.guild_id)


def is_moderator(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions is not None and permissions.manage_guild)


def parse_points(text: str | None) -> list[float] | None:
    """Points per place as typed (``3,1,0``), first place first."""
    if text is None or not text.strip():
        return None
    bounded(text, POINTS_MAX, "The points text")
    try:
        return [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError:
        raise MalformedIntent(
            "Points per place are numbers separated by commas, first place first: 3,1,0."
        ) from None


def standings_text(view: StandingsView, limit: int = 20) -> str:
    lines = [f"**{view.title}**: {view.subtitle}"]
    for row in view.rows[:limit]:
        arrow = {1: "▲", -1: "▼"}.get(row.trend, "·")
        rating = f"{row.rating:.1f}" + ("?" if row.provisional else "")
        lines.append(
            f"{row.place}. {arrow} {row.player}: {row.points:g} pts, {row.played} played, "
            f"{row.wins:g} wins, rating {rating}"
        )
    if not view.rows:
        lines.append("No results yet.")
    elif len(view.rows) > limit:
        lines.append(f"… and {len(view.rows) - limit} more (see the picture).")
    return "\n".join(lines)


def league_line(league: League) -> str:
    title = registry.get(league.game_id).meta.title if league.game_id in registry.games() else league.game_id
    state = "sign-ups open" if league.signups_open else "sign-ups closed"
    rounds = len(league.season.rounds)
    return (
        f"**{league.name}**: {title} at {league.seats} seats, {pacing.describe(league.pace)}; season "
        f"{league.season.number}, {rounds} round(s) played or playing; {len(league.players)} players, "
        f"{state}; host <@{league.host}>"
    )


async def league_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    services: Services = interaction.client.services  # type: ignore[attr-defined]
    if services.leagues is None or interaction.guild_id is None:
        return []
    folded = clipped(current).casefold()
    found = await services.leagues.leagues(int(interaction.guild_id))
    return [
        app_commands.Choice(name=present.short(league.name, CHOICE_MAX), value=league.name)
        for league in found
        if folded in league.name.casefold()
    ][:25]


class LeagueCog(commands.GroupCog, group_name="league", group_description="Leagues: seasons of rated games"):
    def __init__(self, services: Services) -> None:
        self.services = services
        super().__init__()

    @property
    def leagues(self) -> LeagueService:
        return leagues_of(self.services)

    async def _find(self, interaction: discord.Interaction, league: str) -> League:
        return await self.leagues.find(
            server_of(interaction), bounded(league, LEAGUE_NAME_MAX * 2, "A league name")
        )

    @app_commands.command(
        name="create", description="Create a league in this channel: one game, run in seasons"
    )
    @app_commands.describe(
        league="The league's name",
        game="Which game",
        seats="Players per table (default: the most the game allows)",
        pace="How long each decision may take",
        options="Game options for every table: key=value pairs or JSON",
        points="Points per place, first place first, e.g. 3,1,0 (default: n-1 for first down to 0)",
        rounds="Rounds per season; the season ends by itself after them (default: when you end it)",
        on_time="Entry requirement: the share of deadlines a player must have met, in percent",
        finished="Entry requirement: how many games a player must have finished",
    )
    @app_commands.choices(pace=PACE_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        league: str,
        game: str,
        seats: app_commands.Range[int, 2, 20] | None = None,
        pace: str | None = None,
        options: str | None = None,
        points: str | None = None,
        rounds: app_commands.Range[int, 0, 100] = 0,
        on_time: app_commands.Range[int, 0, 100] = 0,
        finished: app_commands.Range[int, 0, 1000] = 0,
    ) -> None:
        await flows.ack(interaction)
        await registry.ready()  # the leagues' titles (off the event loop: they may still be loading)
        server = server_of(interaction)
        settings = await self.services.prefs.guild_settings(str(server))
        if not can_host(interaction, settings):
            raise NotAllowed(
                f"In this server only members with the role <@&{settings['host_role']}> (or Manage Server) "
                "may create leagues."
            )
        channel: Any = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent is not None:
            channel = channel.parent
        if channel is None or getattr(channel, "id", None) is None:
            raise MalformedIntent(
                "Use /league create in the text channel where the league's games should open."
            )
        if settings.get("channel") and str(channel.id) != str(settings["channel"]):
            raise NotAllowed(
                f"Games in this server open in <#{settings['channel']}>: create the league there."
            )
        opts = parse_options(bounded(options, 1000, "The options text") if options is not None else None)
        found = await self.leagues.create(
            server,
            bounded(league, LEAGUE_NAME_MAX * 2, "A league name"),
            bounded(game.strip(), NAME_MAX, "A game name"),
            host=flows.user_id(interaction),
            channel=str(channel.id),
            seats=seats,
            options=opts,
            pace=pace or settings.get("pace") or "standard",
            points=parse_points(points),
            requirement=Requirement(on_time=on_time / 100, finished=finished),
            rounds=rounds,
        )
        await flows.send(
            interaction,
            f"{league_line(found)}\nMembers sign up with `/league join`; you schedule the first round with "
            "`/league schedule`, and each next round starts by itself when the round before has finished.",
        )

    @app_commands.command(name="join", description="Sign up for a league")
    @app_commands.describe(league="The league")
    async def join(self, interaction: discord.Interaction, league: str) -> None:
        await flows.ack(interaction)
        found = await self._find(interaction, league)
        settings = await self.services.prefs.guild_settings(str(found.server_id))
        cap = settings.get(CAP_KEY)
        user = interaction.user
        display = getattr(user, "display_name", None) or user.name
        found = await self.leagues.join(found, str(user.id), display[:32], int(cap) if cap else None)
        await flows.send(
            interaction,
            f"You are signed up for **{found.name}** ({len(found.players)} players). Your tables open as "
            "threads in its channel; you are mentioned when a round is scheduled.",
        )

    @app_commands.command(name="leave", description="Leave a league (games already running go on)")
    @app_commands.describe(league="The league")
    async def leave(self, interaction: discord.Interaction, league: str) -> None:
        await flows.ack(interaction)
        found = await self.leagues.leave(await self._find(interaction, league), flows.user_id(interaction))
        await flows.send(interaction, f"You left **{found.name}**. Games you are playing in it go on.")

    @app_commands.command(name="signups", description="Open or close a league's sign-ups (its host)")
    @app_commands.describe(league="The league", open="Open (true) or close (false)")
    async def signups(self, interaction: discord.Interaction, league: str, open: bool) -> None:
        await flows.ack(interaction)
        found = await self._find(interaction, league)
        found = await self.leagues.set_signups(
            found, flows.user_id(interaction), is_moderator(interaction), open
        )
        await flows.send(interaction, f"Sign-ups for **{found.name}** are {'open' if open else 'closed'}.")

    @app_commands.command(name="schedule", description="Schedule a league's next round now (its host)")
    @app_commands.describe(league="The league")
    async def schedule(self, interaction: discord.Interaction, league: str) -> None:
        await flows.ack(interaction)
        found = await self._find(interaction, league)
        round_ = await self.leagues.schedule(found, flows.user_id(interaction), is_moderator(interaction))
        await flows.send(
            interaction, "Scheduled and announced in the league's channel:\n" + round_text(found, round_)
        )

    @app_commands.command(name="standings", description="A league's standings, as a picture and text")
    @app_commands.describe(
        league="The league",
        season="An ended season's final standings (default: the current one, or the one just ended)",
        public="Show it to the channel instead of only to you",
    )
    async def standings(
        self,
        interaction: discord.Interaction,
        league: str,
        season: app_commands.Range[int, 1, 1000] | None = None,
        public: bool = False,
    ) -> None:
        await flows.ack(interaction, ephemeral=not public)
        found = await self._find(interaction, league)
        season = season if season is not None else last_ended(found)  # a new season has nothing yet
        if season is None or season == found.season.number:
            view = await self.leagues.standings(found)
        else:
            archived = archived_view(found, season)
            if archived is None:
                raise MalformedIntent(
                    f"{found.name} has no ended season {season}; it is in season {found.season.number}."
                )
            view = archived
        data = await self.services.renderer.picture(render_standings, view.model_dump(mode="json"))
        text = standings_text(view)
        link = await self.services.web.league(found) if self.services.web is not None else None
        if link:
            text += f"\n🌐 Every season, the schedule and the rating charts in a browser: {link}"
        await flows.send(interaction, text, file=flows.png(data, "standings.png"), ephemeral=not public)

    @app_commands.command(
        name="end", description="End a league's season: final standings archived (its host)"
    )
    @app_commands.describe(league="The league")
    async def end(self, interaction: discord.Interaction, league: str) -> None:
        await flows.ack(interaction)
        found = await self._find(interaction, league)
        ended = await self.leagues.end(found, flows.user_id(interaction), is_moderator(interaction))
        await flows.send(
            interaction,
            f"Season {ended.number} of **{found.name}** is over; its final standings are posted in the "
            "league's channel.",
        )

    @app_commands.command(name="list", description="This server's leagues")
    async def list_(self, interaction: discord.Interaction) -> None:
        await flows.ack(interaction)
        await registry.ready()  # the leagues' titles
        listed = await self.leagues.leagues(server_of(interaction))
        text = "\n".join(league_line(x) for x in listed) or "No leagues here yet: /league create."
        await flows.send(interaction, text)

    @app_commands.command(
        name="cap", description="Cap on each member's running games to join a league (Manage Server)"
    )
    @app_commands.describe(
        games="The most running games a member may have to sign up (0: grows with games finished)"
    )
    async def cap(self, interaction: discord.Interaction, games: app_commands.Range[int, 0, 100]) -> None:
        await flows.ack(interaction)
        server = server_of(interaction)
        if not is_moderator(interaction):
            raise NotAllowed("Only members with Manage Server can set the cap.")
        await self.services.prefs.set_guild_settings(str(server), **{CAP_KEY: games or None})
        rule = (
            f"{games} running games"
            if games
            else "4 running games, one more per 5 games finished (at most 40)"
        )
        await flows.send(interaction, f"Members may join a league while they have fewer than {rule}.")

    @app_commands.command(
        name="rebuild", description="Recompute a game's ratings here from its results (Manage Server)"
    )
    @app_commands.describe(game="Which game")
    async def rebuild(self, interaction: discord.Interaction, game: str) -> None:
        await flows.ack(interaction)
        server = server_of(interaction)
        if not is_moderator(interaction):
            raise NotAllowed("Only members with Manage Server can rebuild ratings.")
        await registry.ready()
        game_id = registry.get(bounded(game.strip(), NAME_MAX, "A game name")).meta.id
        count, changed = await self.leagues.rebuild(server, game_id)
        await flows.send(interaction, f"Rebuilt {count} ratings from the results; {changed} changed.")

    @join.autocomplete("league")
    @leave.autocomplete("league")
    @signups.autocomplete("league")
    @schedule.autocomplete("league")
    @standings.autocomplete("league")
    @end.autocomplete("league")
    async def _league(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await league_names(interaction, current)

    @create.autocomplete("game")
    @rebuild.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_kinds_autocomplete(interaction, current)


__all__ = ["CAP_KEY", "LeagueCog", "leagues_of", "parse_points", "server_of", "standings_text"]
