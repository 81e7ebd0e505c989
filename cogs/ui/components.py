"""Persistent components and the message layouts that carry them.

Every button and select is a :class:`discord.ui.DynamicItem`: its ``custom_id`` carries all it needs
(game id, version, intent key), so it keeps working after a restart with nothing registered per game.
Templates start with different prefixes so that no custom id matches two of them.

Every action carries a :class:`Stamp`, what it was offered for: the game's version (``arb:<game>:12:<key>``),
or, for a secret simultaneous choice, the decision it belongs to (``arb:<game>:sr2.sector:<key>``: the
prompt's :attr:`~engine.core.model.Prompt.ref`, so that another player's choice does not make yours stale
while a button left from Round 1 cannot answer Round 2). ``0`` is a secret choice of a game that names no
decisions (an empty ref).

Discord limits designed around here: ``custom_id`` <= 100 characters (an intent key is <= 80 and a stamp
at most 26, so ``arb:<6 hex>:<stamp>:<key>`` nearly always fits; one that does not falls back to the
options menu, whose select carries the stamp instead), a button label <= 80 characters, five buttons to a
row, 25 options to a select (larger sets are paged), 40 components and 4000 characters of text in a
Components V2 message.

Nothing in a custom id is trusted: parsing never raises, and the flows check the game's server, the
caller's seat and the stamp again.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import ui

from bot import present

from . import menus
from .admission import admit
from .dispatch import flows_of
from .errors import reported
from .stamps import STAMP_PATTERN, Stamp

CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_MAX = 25
PLACEHOLDER_MAX = 150
EPHEMERAL_BUTTONS_MAX = 20


def action_custom_id(game: str, stamp: Stamp | int, key: str) -> str:
    stamp = Stamp.of_version(stamp) if isinstance(stamp, int) else stamp
    return f"arb:{game}:{stamp.text()}:{key}"


def fits(game: str, stamp: Stamp | int, key: str) -> bool:
    return len(action_custom_id(game, stamp, key)) <= CUSTOM_ID_MAX


class Admitted:
    """Every component asks the one rate limit (:func:`cogs.ui.admission.admit`) before its callback runs."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await admit(interaction)


class ActionButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arb:(?P<game>[0-9a-f]{1,16}):(?P<stamp>" + STAMP_PATTERN + r"):(?P<key>.{1,80})",
):
    """Play one intent. A click on an older version (or a past secret decision) is told the board has moved
    on."""

    def __init__(
        self,
        game: str,
        stamp: Stamp,
        key: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            ui.Button(
                label=(label or key)[:BUTTON_LABEL_MAX],
                style=style,
                custom_id=action_custom_id(game, stamp, key)[:CUSTOM_ID_MAX],
            )
        )
        self.game, self.stamp, self.key = game, stamp, key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> ActionButton:
        stamp = Stamp.parse(match["stamp"]) or Stamp(version=-1)  # the template admits only stamps
        return cls(match["game"], stamp, match["key"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).submit(interaction, self.game, self.key, self.stamp)


class OptionsButton(Admitted, ui.DynamicItem[ui.Button[Any]], template=r"arbo:(?P<game>[0-9a-f]{1,16})"):
    """Open the caller's own options ephemerally ("Choose privately" / "Your options")."""

    def __init__(self, game: str, label: str = "Your options") -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"arbo:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> OptionsButton:
        return cls(match["game"], getattr(item, "label", "") or "Your options")

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).show_options(interaction, self.game, page=0)


class HandButton(Admitted, ui.DynamicItem[ui.Button[Any]], template=r"arbh:(?P<game>[0-9a-f]{1,16})"):
    """The caller's private view, ephemerally."""

    def __init__(self, game: str) -> None:
        super().__init__(
            ui.Button(label="My hand", style=discord.ButtonStyle.secondary, custom_id=f"arbh:{game}")
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> HandButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).show_hand(interaction, self.game)


class PageButton(
    Admitted, ui.DynamicItem[ui.Button[Any]], template=r"arbp:(?P<game>[0-9a-f]{1,16}):(?P<page>\d{1,6})"
):
    """Turn the page of a long options list (selects hold 25 options)."""

    def __init__(self, game: str, page: int, label: str) -> None:
        super().__init__(
            ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=f"arbp:{game}:{page}")
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> PageButton:
        return cls(match["game"], int(match["page"]), getattr(item, "label", "") or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).show_options(interaction, self.game, page=self.page, edit=True)


class IntentSelect(
    Admitted,
    ui.DynamicItem[ui.Select[Any]],
    template=r"arbs:(?P<game>[0-9a-f]{1,16}):(?P<stamp>" + STAMP_PATTERN + r"):(?P<page>\d{1,6})",
):
    """Choose one intent from a page of at most 25; the value is the intent key, checked again by the
    table."""

    def __init__(
        self,
        game: str,
        stamp: Stamp,
        page: int,
        options: list[tuple[str, str]] | None = None,
        placeholder: str = "Choose…",
    ) -> None:
        select: ui.Select[Any] = ui.Select(
            custom_id=f"arbs:{game}:{stamp.text()}:{page}",
            placeholder=present.short(placeholder, PLACEHOLDER_MAX),
            min_values=1,
            max_values=1,
            options=[
                discord.SelectOption(
                    label=label[:100] or key[:100], value=key, description=menus.describe(key, label)
                )
                for key, label in options or []
            ]
            or [discord.SelectOption(label="(no options)", value="none")],
        )
        super().__init__(select)
        self.game, self.stamp, self.page = game, stamp, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> IntentSelect:
        return cls(match["game"], Stamp.parse(match["stamp"]) or Stamp(version=-1), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        key = str(values[0])[:CUSTOM_ID_MAX] if values and isinstance(values, list) else ""
        async with reported(interaction, self.game):
            await flows_of(interaction).submit(interaction, self.game, key, self.stamp)


PART_MARK = ">"
"""Marks a select value that is a partial intent (show its next part), not a whole intent key to play."""


def part_custom_id(game: str, stamp: Stamp, prefix: str, page: int = 0) -> str:
    return f"arbq:{game}:{stamp.text()}:{page}:{prefix}"


class PartButton(
    Admitted,
    ui.DynamicItem[ui.Button[Any]],
    template=r"arbq:(?P<game>[0-9a-f]{1,16}):(?P<stamp>"
    + STAMP_PATTERN
    + r"):(?P<page>\d{1,6}):(?P<prefix>.{0,80})",
):
    """Show the next part of a menu asked in parts (a kind, then each argument), or another page of it,
    editing the ephemeral menu in place. It carries what the menu was offered for, so an old one is stale."""

    def __init__(
        self,
        game: str,
        stamp: Stamp,
        prefix: str,
        label: str,
        page: int = 0,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            ui.Button(
                label=(label or prefix or "Back")[:BUTTON_LABEL_MAX],
                style=style,
                custom_id=part_custom_id(game, stamp, prefix, page)[:CUSTOM_ID_MAX],
            )
        )
        self.game, self.stamp, self.prefix, self.page = game, stamp, prefix, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> PartButton:
        stamp = Stamp.parse(match["stamp"]) or Stamp(version=-1)
        return cls(
            match["game"], stamp, match["prefix"], getattr(item, "label", "") or "", int(match["page"])
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        async with reported(interaction, self.game):
            await flows_of(interaction).show_part(
                interaction, self.game, self.stamp, self.prefix, page=self.page
            )


class PartSelect(
    Admitted,
    ui.DynamicItem[ui.Select[Any]],
    template=r"arbm:(?P<game>[0-9a-f]{1,16}):(?P<stamp>" + STAMP_PATTERN + r")",
):
    """One part of a menu asked in parts, too long for buttons: a whole intent is played, a partial one
    (value ``>key``) shows its next part. Values are checked again like any typed move."""

    def __init__(
        self,
        game: str,
        stamp: Stamp,
        options: list[tuple[str, str]] | None = None,
        placeholder: str = "Choose…",
    ) -> None:
        select: ui.Select[Any] = ui.Select(
            custom_id=f"arbm:{game}:{stamp.text()}",
            placeholder=present.short(placeholder, PLACEHOLDER_MAX),
            min_values=1,
            max_values=1,
            options=[
                discord.SelectOption(
                    label=label[:100] or value[:100],
                    value=value[:CUSTOM_ID_MAX],
                    description=menus.describe(value.removeprefix(PART_MARK), label),
                )
                for value, label in options or []
            ]
            or [discord.SelectOption(label="(no options)", value="none")],
        )
        super().__init__(select)
        self.game, self.stamp = game, stamp

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any
    ) -> PartSelect:
        return cls(match["game"], Stamp.parse(match["stamp"]) or Stamp(version=-1))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        value = str(values[0])[:CUSTOM_ID_MAX] if values and isinstance(values, list) else ""
        async with reported(interaction, self.game):
            flows = flows_of(interaction)
            if value.startswith(PART_MARK):
                await flows.show_part(interaction, self.game, self.stamp, value[len(PART_MARK) :], page=0)
            else:
                await flows.submit(interaction, self.game, value, self.stamp)
