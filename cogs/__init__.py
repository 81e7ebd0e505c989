"""Discord adapters: slash commands, buttons and selects. Thin: they never decide a rule."""

from __future__ import annotations

from discord.ext import commands

from bot.services import Services


def all_cogs(services: Services) -> list[commands.Cog]:
    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .community import SettingsCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .game import GameCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .hands import HandCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .help import HelpCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .league import LeagueCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .league_ratings import RatingsCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .pace import GamesCog, RemindersCog, VacationCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .play import PlayCog

    # allow_inline: the command cogs load when the bot is composed, not when cogs.ui is imported
    from .ui.items import UnknownComponents

    return [
        GameCog(services),
        PlayCog(services),
        HandCog(services),
        VacationCog(services),
        GamesCog(services),
        RemindersCog(services),
        HelpCog(services),
        SettingsCog(services),
        LeagueCog(services),
        RatingsCog(services),
        UnknownComponents(),
    ]
