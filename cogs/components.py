"""Persistent components and the message layouts that carry them.

Every button and select is a :class:`discord.ui.DynamicItem`: its ``custom_id`` carries all it needs
(game id, version, intent key), so it keeps working after a restart with nothing registered per game.
Templates start with different prefixes so that no custom id matches two of them.

Discord limits designed around here: ``custom_id`` <= 100 characters (an intent key is <= 80, so
``arb:<6 hex>:<version>:<key>`` fits; a longer one falls back to the options menu), a button label
<= 80 characters, five buttons to a row, 25 options to a select (larger sets are paged), 40 components
and 4000 characters of text in a Components V2 message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import ui

from bot import present
from engine.core.model import GameMeta, Prompt
from engine.records import GameRecord

CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_MAX = 25
EPHEMERAL_BUTTONS_MAX = 20
ANY_VERSION = 0
"""Secret simultaneous choices carry version 0: another player's choice must not make yours stale."""
BOARD_FILE = "board.png"
HAND_FILE = "hand.png"


def action_custom_id(game: str, version: int, key: str) -> str:
    return f"arb:{game}:{version}:{key}"


def fits(game: str, version: int, key: str) -> bool:
    return len(action_custom_id(game, version, key)) <= CUSTOM_ID_MAX


async def _run(interaction: discord.Interaction, name: str, *args: Any) -> None:
    from . import flows  # components and flows refer to each other

    await flows.guarded(interaction, getattr(flows, name), *args)


class ActionButton(ui.DynamicItem[ui.Button[Any]], template=r"arb:(?P<game>[0-9a-f]+):(?P<version>\d+):(?P<key>.+)"):
    """Play one intent. A click on an older version is told the board has moved on."""

    def __init__(self, game: str, version: int, key: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(ui.Button(label=(label or key)[:BUTTON_LABEL_MAX], style=style,
                                   custom_id=action_custom_id(game, version, key)))
        self.game, self.version, self.key = game, version, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: Any) -> ActionButton:
        return cls(match["game"], int(match["version"]), match["key"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, "submit", self.game, self.key, self.version)


class OptionsButton(ui.DynamicItem[ui.Button[Any]], template=r"arbo:(?P<game>[0-9a-f]+)"):
    """Open the caller's own options ephemerally ("Choose privately" / "Your options")."""

    def __init__(self, game: str, label: str = "Your options") -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.primary, custom_id=f"arbo:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: Any) -> OptionsButton:
        return cls(match["game"], getattr(item, "label", "") or "Your options")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, "show_options", self.game, 0)


class HandButton(ui.DynamicItem[ui.Button[Any]], template=r"arbh:(?P<game>[0-9a-f]+)"):
    """The caller's private view, ephemerally."""

    def __init__(self, game: str) -> None:
        super().__init__(ui.Button(label="My hand", style=discord.ButtonStyle.secondary, custom_id=f"arbh:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any) -> HandButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, "show_hand", self.game)


class PageButton(ui.DynamicItem[ui.Button[Any]], template=r"arbp:(?P<game>[0-9a-f]+):(?P<page>\d+)"):
    """Turn the page of a long options list (selects hold 25 options)."""

    def __init__(self, game: str, page: int, label: str) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=f"arbp:{game}:{page}"))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any) -> PageButton:
        return cls(match["game"], int(match["page"]), getattr(item, "label", "") or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, "show_options", self.game, self.page, True)


class IntentSelect(ui.DynamicItem[ui.Select[Any]], template=r"arbs:(?P<game>[0-9a-f]+):(?P<version>\d+):(?P<page>\d+)"):
    """Choose one intent from a page of at most 25; the value is the intent key, checked again by the table."""

    def __init__(self, game: str, version: int, page: int,
                 options: list[tuple[str, str]] | None = None, placeholder: str = "Choose…") -> None:
        select: ui.Select[Any] = ui.Select(
            custom_id=f"arbs:{game}:{version}:{page}", placeholder=placeholder[:150], min_values=1, max_values=1,
            options=[discord.SelectOption(label=label[:100] or key[:100], value=key) for key, label in options or []]
            or [discord.SelectOption(label="(no options)", value="none")],
        )
        super().__init__(select)
        self.game, self.version, self.page = game, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any) -> IntentSelect:
        return cls(match["game"], int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        key = str(values[0]) if values else ""
        await _run(interaction, "submit", self.game, key, self.version)


class LobbyButton(ui.DynamicItem[ui.Button[Any]], template=r"arbl:(?P<game>[0-9a-f]+):(?P<action>join|leave|agent|start)"):
    LABELS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
              "agent": ("Add agent seat", discord.ButtonStyle.secondary), "start": ("Start", discord.ButtonStyle.primary)}

    def __init__(self, game: str, action: str) -> None:
        label, style = self.LABELS[action]
        super().__init__(ui.Button(label=label, style=style, custom_id=f"arbl:{game}:{action}"))
        self.game, self.action = game, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any], match: Any) -> LobbyButton:
        return cls(match["game"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, "lobby_action", self.game, self.action)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    ActionButton, OptionsButton, HandButton, PageButton, IntentSelect, LobbyButton,
)


# --- layouts -------------------------------------------------------------------------------------


@dataclass
class GameScene:
    """What a public message about a game shows, gathered from the table (public information only)."""

    record: GameRecord
    meta: GameMeta
    prompts: list[Prompt] = field(default_factory=list)
    public_view: dict[str, Any] = field(default_factory=dict)


def _rows(items: list[ui.Item[Any]], per_row: int = 5) -> list[ui.ActionRow[Any]]:
    rows: list[ui.ActionRow[Any]] = []
    for start in range(0, len(items), per_row):
        row: ui.ActionRow[Any] = ui.ActionRow()
        for item in items[start:start + per_row]:
            row.add_item(item)
        rows.append(row)
    return rows


def _layout(*parts: ui.Item[Any] | None, colour: int | None = None) -> ui.LayoutView:
    view = ui.LayoutView(timeout=None)
    container: ui.Container[Any] = ui.Container(accent_colour=colour)
    for part in parts:
        if part is not None:
            container.add_item(part)
    view.add_item(container)
    return view


def lobby_view(record: GameRecord, meta: GameMeta) -> ui.LayoutView:
    seats = "\n".join(f"{i}. {present.who(s)}{' (host)' if s.user == record.host else ''}"
                      for i, s in enumerate(record.seats, start=1)) or "(empty)"
    options = ", ".join(f"{k}={v}" for k, v in record.options.items()) or "defaults"
    text = (f"## {meta.title} · lobby `{record.id}`\n{meta.summary}\n\n"
            f"**Seats** ({len(record.seats)}/{record.max_seats}, at least {meta.min_seats}):\n{seats}\n\n"
            f"**Pace:** {record.pace} · **Options:** {options}")
    if record.status == "aborted":
        return _layout(ui.TextDisplay(present.clip(f"## {meta.title} · `{record.id}`\nThis lobby was closed.")))
    buttons: list[ui.Item[Any]] = [LobbyButton(record.id, a) for a in ("join", "leave", "agent", "start")]
    return _layout(ui.TextDisplay(present.clip(text)), *_rows(buttons), colour=0x3498DB)


def action_rows(scene: GameScene) -> list[ui.ActionRow[Any]]:
    record = scene.record
    if record.status != "running":
        return []
    items: list[ui.Item[Any]] = []
    if scene.prompts:
        secret = any(p.simultaneous for p in scene.prompts)
        items.append(OptionsButton(record.id, "Choose privately" if secret else "Your options"))
    items.append(HandButton(record.id))
    return _rows(items)


def _board(image: bool) -> ui.MediaGallery[Any] | None:
    if not image:
        return None
    return ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{BOARD_FILE}", description="The board"))


def status_view(scene: GameScene, image: bool) -> ui.LayoutView:
    """The one status message of a game, kept current: board, who must act, action buttons."""
    record, meta = scene.record, scene.meta
    if record.status == "lobby" or (record.status == "aborted" and not scene.public_view):
        return lobby_view(record, meta)
    seats = ", ".join(present.who(s) for s in record.seats)
    head = (f"## {meta.title} · `{record.id}`\n**{present.status_word(record)}** · pace {record.pace} · "
            f"turn {record.version}\n**Players:** {seats}")
    waiting = present.waiting_lines(record, scene.prompts, scene.public_view) if record.status == "running" else []
    tail = present.outcome_line(record) or ("\n".join(waiting) if waiting else "")
    if record.status == "paused":
        tail = "The game is paused by a moderator."
    if record.status == "aborted":
        tail = "The game was cancelled."
    return _layout(ui.TextDisplay(present.clip(head, 1500)), _board(image),
                   ui.TextDisplay(present.clip(tail or "…", 2000)), *action_rows(scene), colour=0xF0BE46)


def turn_view(scene: GameScene, lines: list[str], mentions: list[str], image: bool) -> ui.LayoutView:
    """The post after a turn: what happened, the board, who must act now."""
    record = scene.record
    body = present.last_lines(lines, 2400) or "…"
    waiting = present.waiting_lines(record, scene.prompts, scene.public_view) if record.status == "running" else []
    tail = present.outcome_line(record) or "\n".join(waiting)
    if mentions:
        tail = " ".join(mentions) + " — your move.\n" + tail
    return _layout(ui.TextDisplay(present.clip(body, 2400)), _board(image),
                   ui.TextDisplay(present.clip(tail or "…", 1400)) if tail else None, *action_rows(scene))


def options_view(record: GameRecord, header: str, legal: list[tuple[str, str]], page: int,
                 secret: bool) -> ui.LayoutView:
    """The caller's own options, ephemeral: buttons when few, a paged select when many."""
    version = ANY_VERSION if secret else record.version
    parts: list[ui.Item[Any]] = [ui.TextDisplay(present.clip(header, 1500))]
    if len(legal) <= EPHEMERAL_BUTTONS_MAX and all(fits(record.id, version, k) for k, _ in legal):
        parts += _rows([ActionButton(record.id, version, k, label) for k, label in legal])
        return _layout(*parts)
    pages = max(1, -(-len(legal) // SELECT_MAX))
    page = min(max(page, 0), pages - 1)
    chunk = legal[page * SELECT_MAX:(page + 1) * SELECT_MAX]
    row: ui.ActionRow[Any] = ui.ActionRow()
    row.add_item(IntentSelect(record.id, version, page, chunk,
                              placeholder=f"Choose… (page {page + 1} of {pages}, {len(legal)} options)"))
    parts.append(row)
    nav: list[ui.Item[Any]] = []
    if page > 0:
        nav.append(PageButton(record.id, page - 1, "◀ Previous"))
    if page < pages - 1:
        nav.append(PageButton(record.id, page + 1, "Next ▶"))
    parts += _rows(nav)
    return _layout(*parts)


def hand_view(record: GameRecord, meta: GameMeta, text: str, image: bool, has_options: bool) -> ui.LayoutView:
    parts: list[ui.Item[Any]] = [ui.TextDisplay(present.clip(f"## Your hand · {meta.title} `{record.id}`\n{text}",
                                                             3000))]
    if image:
        parts.append(ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{HAND_FILE}",
                                                              description="Your private view")))
    if has_options:
        parts += _rows([OptionsButton(record.id)])
    return _layout(*parts)
