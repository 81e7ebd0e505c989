"""Discord adapters: slash commands, buttons and selects. Thin: they never decide a rule."""

from __future__ import annotations

from discord.ext import commands

from bot.services import Services


def all_cogs(services: Services) -> list[commands.Cog]:
    from .community import SettingsCog
    from .game import GameCog
    from .hands import HandCog
    from .help import HelpCog
    from .league import LeagueCog
    from .league_ratings import RatingsCog
    from .pace import GamesCog, RemindersCog, VacationCog
    from .play import PlayCog
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
