"""``/rating [member] [game]``, ``/leaderboard game:`` and ``/history [member]``: ratings per game on this
server (the shown rating is mu - 3 sigma; "?" while provisional), a member's reliability kept apart from
skill, and their recent results with links to the games' threads. Everything is this server's only."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.services import Services
from engine import pace as pacing
from engine.core import registry
from engine.league.ratings import Rating
from engine.league.reliability import Reliability
from engine.league.results import GameResult
from engine.league.view import RatingHistoryView
from renderers.league import render_rating_history

from .league import CAP_KEY, leagues_of, server_of
from .ui import flows
from .ui.common import NAME_MAX, bounded, game_kinds_autocomplete

LEADERBOARD_MAX = 20
HISTORY_MAX = 10


def rating_text(rating: Rating) -> str:
    mark = " (provisional)" if rating.provisional else ""
    return f"{rating.shown:.1f}{mark} after {rating.games} rated game(s)"


def reliability_text(reliability: Reliability, cap: int | None = None) -> str:
    """The reliability line of a profile; ``cap``: the server's fixed cap on running games, if it set one."""
    total = reliability.met + reliability.missed
    mean = reliability.mean_move_seconds
    met = f"{reliability.on_time:.0%} ({reliability.met} of {total})" if total else "no data yet"
    return (
        f"Deadlines met: {met}; games finished "
        f"{reliability.finished}, abandoned {reliability.abandoned}; mean time to move: "
        f"{pacing.span(mean) if mean is not None else 'none yet'}; "
        f"may run {cap or reliability.game_cap()} games at once"
    )


def history_line(result: GameResult, user: str) -> str:
    title = registry.get(result.game).meta.title if result.game in registry.games() else result.game
    how = present.how_they_did(result, user)
    guild, thread = result.place.get("guild"), result.place.get("thread")
    link = f" · https://discord.com/channels/{guild}/{thread}" if guild and thread else ""
    return f"<t:{int(result.finished_at)}:d> {title} `{result.game_id}`: {how}{link}"


class RatingsCog(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="rating", description="A member's ratings here, and how reliably they play")
    @app_commands.describe(member="Whose (default: yours)", game="One game, with its rating history chart")
    async def rating(
        self, interaction: discord.Interaction, member: discord.Member | None = None, game: str | None = None
    ) -> None:
        await flows.ack(interaction)
        await registry.ready()  # every game's title (off the event loop: they may still be loading)
        server = server_of(interaction)
        leagues = leagues_of(self.services)
        who = member or interaction.user
        user = str(who.id)
        name = getattr(who, "display_name", None) or who.name
        lines = [f"**{name}**"]
        file = None
        games = (
            [registry.get(bounded(game.strip(), NAME_MAX, "A game name")).meta.id]
            if game
            else list(registry.games())
        )
        for game_id in games:
            rating = (await leagues.ratings(server, game_id)).get(user)
            if rating is not None:
                lines.append(f"{registry.get(game_id).meta.title}: {rating_text(rating)}")
            elif game:
                lines.append(f"{registry.get(game_id).meta.title}: no rated game yet")
        if len(lines) == 1:
            lines.append("No rated games on this server yet.")
        if game:
            results = await leagues.results(server, user=user, game=games[0])
            shown = [r.after[user].shown for r in results if user in r.after]
            if shown:
                view = RatingHistoryView(player=name, game=registry.get(games[0]).meta.title, shown=shown)
                data = await self.services.renderer.picture(
                    render_rating_history, view.model_dump(mode="json")
                )
                file = flows.png(data, "rating.png")
        cap = (await self.services.prefs.guild_settings(str(server))).get(CAP_KEY)
        lines.append(reliability_text(await leagues.reliability(user), int(cap) if cap else None))
        await flows.send(interaction, "\n".join(lines), file=file)

    @app_commands.command(name="leaderboard", description="The best rated players of a game on this server")
    @app_commands.describe(game="Which game", public="Show it to the channel instead of only to you")
    async def leaderboard(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        await flows.ack(interaction, ephemeral=not public)
        await registry.ready()
        server = server_of(interaction)
        meta = registry.get(bounded(game.strip(), NAME_MAX, "A game name")).meta
        ratings = await leagues_of(self.services).ratings(server, meta.id)
        ranked = sorted(ratings.items(), key=lambda item: (-item[1].shown, -item[1].games, item[0]))
        lines = [f"**{meta.title}: leaderboard** (rating = mu - 3 sigma; ? = provisional)"]
        for place, (user, rating) in enumerate(ranked[:LEADERBOARD_MAX], start=1):
            mark = "?" if rating.provisional else ""
            lines.append(f"{place}. <@{user}>: {rating.shown:.1f}{mark} ({rating.games} games)")
        if not ranked:
            lines.append("No rated games of it here yet.")
        await flows.send(interaction, "\n".join(lines), ephemeral=not public)

    @app_commands.command(
        name="history", description="A member's recent results here, with links to the games"
    )
    @app_commands.describe(member="Whose (default: yours)")
    async def history(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await flows.ack(interaction)
        await registry.ready()  # the results' titles
        server = server_of(interaction)
        who = member or interaction.user
        user = str(who.id)
        results = await leagues_of(self.services).results(server, user=user, limit=HISTORY_MAX)
        name = getattr(who, "display_name", None) or who.name
        lines = [f"**{name}: recent results**"] + [history_line(r, user) for r in reversed(results)]
        if not results:
            lines.append("No finished games on this server yet.")
        await flows.send(interaction, "\n".join(lines))

    @rating.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def _game(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_kinds_autocomplete(interaction, current)


__all__ = ["RatingsCog", "history_line", "rating_text", "reliability_text"]
