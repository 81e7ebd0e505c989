"""What a member does about their own seat or a game's pace: ``/game join``, ``/game resign``,
``/game vote``, ``/game extend`` and ``/game options``. The table decides every rule (who may vote, what a
resignation does, the one-time extension); these commands only resolve the game and answer."""

from __future__ import annotations

import discord
from discord import app_commands

from engine import pace as pacing
from engine.core import registry
from engine.table import VOTE_KINDS

from .ui import flows
from .ui.common import NAME_MAX, ServiceCog, bounded, game_kinds_autocomplete, my_games_autocomplete

VOTE_CHOICES = [app_commands.Choice(name=f"{kind}: {what}", value=kind) for kind, what in VOTE_KINDS.items()]


def options_text(game_id: str) -> str:
    """Each option of a game with its meaning and default, read from the game's option model."""
    game = registry.get(game_id)
    fields = game.meta.options.model_fields
    lines = [f"**{game.meta.title}: options** (set them with `/game new options:key=value`)"]
    for name, info in fields.items():
        meaning = info.description or "(no description)"
        lines.append(f"• `{name}` — {meaning} Default: `{info.default!r}`.")
    if len(lines) == 1:
        lines.append("This game has no options.")
    lines.append("\n**Paces** (`/game new pace:`):")
    lines += [f"• {plan.describe()}" for plan in pacing.PLANS.values()]
    return "\n".join(lines)


class SeatCommands(ServiceCog):
    @app_commands.command(
        name="join", description="Join a game's open lobby (this thread's, or the one named)"
    )
    async def join(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await flows.ack(interaction)
        gid = await self.services.resolve(interaction, game)
        user = interaction.user
        update = await self.services.table.join(
            gid, str(user.id), getattr(user, "display_name", None) or user.name
        )
        await flows.send(interaction, f"You joined ({len(update.record.seats)}/{update.record.max_seats}).")

    @app_commands.command(
        name="resign", description="Leave a running game for good: an agent plays your seat"
    )
    async def resign(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await flows.ack(interaction)
        gid = await self.services.resolve(interaction, game)
        update = await self.services.table.resign(gid, flows.user_id(interaction))
        tail = " The game is cancelled: nobody is left." if update.record.status == "aborted" else ""
        await flows.send(interaction, "You resigned; an agent plays your seat from now on." + tail)

    @app_commands.command(
        name="vote", description="Vote to abandon, call a draw or extend deadlines (a majority decides)"
    )
    @app_commands.describe(motion="What to vote for", withdraw="Take your vote back")
    @app_commands.choices(motion=VOTE_CHOICES)
    async def vote(
        self, interaction: discord.Interaction, motion: str, withdraw: bool = False, game: str | None = None
    ) -> None:
        await flows.ack(interaction)
        gid = await self.services.resolve(interaction, game)
        update = await self.services.table.vote(gid, flows.user_id(interaction), motion, yes=not withdraw)
        await flows.send(interaction, " ".join(e.text for e in update.events if e.audience is None))

    @app_commands.command(
        name="extend", description="Your one-time grace in this game: more time for your deadline"
    )
    async def extend(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await flows.ack(interaction)
        gid = await self.services.resolve(interaction, game)
        update = await self.services.table.extend(gid, flows.user_id(interaction))
        seat = update.record.seat_of(flows.user_id(interaction))
        when = (await self.services.table.due(gid)).get(seat.seat) if seat is not None else None
        await flows.send(
            interaction, "Extended (once per game)." + (f" Now due <t:{int(when)}:R>." if when else "")
        )

    @app_commands.command(
        name="options", description="A game's options, with their meaning and default, and the paces"
    )
    async def options(self, interaction: discord.Interaction, game: str) -> None:
        await flows.ack(interaction)
        name = bounded(game.strip(), NAME_MAX, "A game name")
        await registry.ready(name)
        await flows.send(interaction, options_text(name)[:1990])

    @join.autocomplete("game")
    @resign.autocomplete("game")
    @vote.autocomplete("game")
    @extend.autocomplete("game")
    async def _game_choice(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await my_games_autocomplete(interaction, current)

    @options.autocomplete("game")
    async def _kind(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await game_kinds_autocomplete(interaction, current)
