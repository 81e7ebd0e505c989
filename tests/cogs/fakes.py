"""Small fakes of Discord's interaction, channel and client objects, recording everything sent.

Every message lands in one log (:class:`World.sent`) with where it went and whether it was
ephemeral, so tests can ask "who saw what".
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord

from bot.render import Renderer
from bot.services import Services
from cogs.announcer import Announcer
from cogs.ui.all_flows import AllFlows
from cogs.ui.errors import report
from cogs.ui.items import DYNAMIC_ITEMS
from engine.store import MemoryStore
from engine.table import Table

BOT_USER = SimpleNamespace(id=999_000_999, name="Arbiter", bot=True)
"""The bot's own user: the author of every message it sends."""

_ids = itertools.count(900_000_000_000_000_000)


def new_id() -> int:
    return next(_ids)


def strings(value: Any) -> list[str]:
    """Every string in a component payload (text, labels, custom ids, option values)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


@dataclass
class Sent:
    where: str
    """"ephemeral:<user>", "reply:<channel>" (a public interaction answer), "channel:<id>", "dm:<user>",
    "edit:<channel>:<message>" (a message edited), "update:<user>" (an ephemeral message edited)."""
    content: str | None = None
    view: Any = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    ephemeral: bool = False
    allowed_mentions: Any = None

    @property
    def components(self) -> list[Any]:
        return self.view.to_components() if self.view is not None else []

    @property
    def text(self) -> str:
        return "\n".join(([self.content] if self.content else []) + strings(self.components))

    @property
    def public(self) -> bool:
        return not self.ephemeral and not self.where.startswith("dm:")

    def custom_ids(self) -> list[str]:
        out: list[str] = []

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                if "custom_id" in value:
                    out.append(value["custom_id"])
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)

        walk(self.components)
        return out

    def labels(self) -> dict[str, str]:
        """custom_id -> label of every button."""
        out: dict[str, str] = {}

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                if value.get("type") == 2 and "custom_id" in value:
                    out[value["custom_id"]] = value.get("label", "")
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)

        walk(self.components)
        return out

    def select_options(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                if value.get("type") == 3:
                    out.extend(value.get("options", []))
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)

        walk(self.components)
        return out


def _files(file: Any = None, files: Any = None, attachments: Any = None) -> list[tuple[str, bytes]]:
    out = []
    for f in ([file] if file is not None else []) + list(files or []) + list(attachments or []):
        if isinstance(f, discord.File):
            f.fp.seek(0)
            out.append((f.filename, f.fp.read()))
    return out


class FakeUser:
    def __init__(self, uid: int, name: str) -> None:
        self.id = uid
        self.name = name
        self.display_name = name
        self.mention = f"<@{uid}>"
        self.bot = False


class FakeMessage:
    def __init__(self, world: World, channel_id: int, mid: int | None = None) -> None:
        self.world = world
        self.channel_id = channel_id
        self.id = mid or new_id()
        self.author = world.client.user if hasattr(world, "client") else BOT_USER
        self.created_at = datetime.now(UTC)

    async def edit(
        self,
        *,
        content: str | None = None,
        view: Any = None,
        attachments: Any = None,
        allowed_mentions: Any = None,
    ) -> FakeMessage:
        self.world.log(
            Sent(
                f"edit:{self.channel_id}:{self.id}",
                content,
                view,
                _files(attachments=attachments),
                allowed_mentions=allowed_mentions,
            )
        )
        return self

    async def create_thread(self, *, name: str, auto_archive_duration: int = 1440) -> FakeChannel:
        thread = self.world.channel(self.id, name=name, parent=self.channel_id)
        self.world.threads_created.append(thread)
        return thread

    async def delete(self) -> None:
        self.world.deleted.append(self.id)


class FakeChannel:
    def __init__(self, world: World, cid: int, name: str = "general", parent: int | None = None) -> None:
        self.world = world
        self.id = cid
        self.name = name
        self.parent_id = parent
        self.mention = f"<#{cid}>"
        self.dm_user: int | None = None
        self.sent: list[FakeMessage] = []

    async def send(
        self,
        content: str | None = None,
        *,
        view: Any = None,
        file: Any = None,
        files: Any = None,
        allowed_mentions: Any = None,
    ) -> FakeMessage:
        where = f"dm:{self.dm_user}" if self.dm_user is not None else f"channel:{self.id}"
        self.world.log(Sent(where, content, view, _files(file, files), allowed_mentions=allowed_mentions))
        message = FakeMessage(self.world, self.id)
        self.sent.append(message)
        return message

    async def history(self, *, limit: int = 100, after: datetime | None = None) -> AsyncIterator[FakeMessage]:
        """The messages sent here, newest first (Discord's order), after ``after`` when given."""
        found = [m for m in reversed(self.sent) if after is None or m.created_at > after]
        for message in found[:limit]:
            yield message

    def get_partial_message(self, mid: int) -> FakeMessage:
        return FakeMessage(self.world, self.id, mid)

    async def delete(self) -> None:
        self.world.deleted.append(self.id)


class FakeClient:
    def __init__(self, world: World) -> None:
        self.world = world
        self.user = BOT_USER
        self.services: Services | None = None
        self.flows = AllFlows()
        """What the composition root provides: the flows a component starts."""

    def get_partial_messageable(self, cid: int) -> FakeChannel:
        return self.world.channel(cid)

    async def create_dm(self, user: Any) -> FakeChannel:
        if user.id in self.world.closed_dms:
            raise discord.Forbidden(
                SimpleNamespace(status=403, reason="Forbidden"),  # type: ignore[arg-type]
                {"code": 50007, "message": "Cannot send messages to this user"},
            )
        channel = FakeChannel(self.world, new_id(), name="dm")
        channel.dm_user = user.id
        return channel


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction
        self._done = False
        self.deferred: dict[str, Any] | None = None
        self.ephemeral = False

    def is_done(self) -> bool:
        return self._done

    def _claim(self) -> None:
        if self._done:
            raise discord.InteractionResponded(self.interaction)  # type: ignore[arg-type]
        self._done = True

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._claim()
        self.deferred = {"ephemeral": ephemeral, "thinking": thinking}
        self.ephemeral = ephemeral

    async def send_message(
        self,
        content: str | None = None,
        *,
        view: Any = None,
        file: Any = None,
        files: Any = None,
        ephemeral: bool = False,
        allowed_mentions: Any = None,
    ) -> None:
        self._claim()
        self.ephemeral = ephemeral
        self.interaction.world.log(self.interaction.answer(content, view, _files(file, files), ephemeral))

    async def edit_message(
        self, *, content: str | None = None, view: Any = None, attachments: Any = None
    ) -> None:
        self._claim()
        self.interaction.world.log(
            Sent(
                f"update:{self.interaction.user.id}",
                content,
                view,
                _files(attachments=attachments),
                ephemeral=True,
            )
        )

    async def autocomplete(self, choices: Any) -> None:
        self._claim()


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction

    async def send(
        self,
        content: str | None = None,
        *,
        view: Any = None,
        file: Any = None,
        files: Any = None,
        ephemeral: bool = False,
        allowed_mentions: Any = None,
    ) -> None:
        interaction = self.interaction
        if not interaction.response.is_done():
            raise AssertionError("followup before the interaction was acknowledged")
        # a deferred "thinking" answer keeps the ephemerality chosen when deferring
        if interaction.response.deferred and interaction.response.deferred.get("thinking"):
            ephemeral = interaction.response.deferred["ephemeral"] if not interaction.followups else ephemeral
        interaction.followups += 1
        interaction.world.log(interaction.answer(content, view, _files(file, files), ephemeral))


class FakeInteraction:
    def __init__(
        self,
        world: World,
        user: FakeUser,
        channel_id: int,
        *,
        moderator: bool = False,
        data: dict[str, Any] | None = None,
        namespace: dict[str, Any] | None = None,
        iid: int | None = None,
    ) -> None:
        self.world = world
        self.id = iid or new_id()
        self.user = user
        self.guild_id = world.guild_id
        self.channel_id = channel_id
        self.channel = world.channel(channel_id)
        self.client = world.client
        self.permissions = discord.Permissions(manage_guild=moderator)
        self.data = data or {}
        self.namespace = SimpleNamespace(**(namespace or {}))
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
        self.followups = 0
        self.command = None

    def answer(self, content: str | None, view: Any, files: list[tuple[str, bytes]], ephemeral: bool) -> Sent:
        where = f"ephemeral:{self.user.id}" if ephemeral else f"reply:{self.channel_id}"
        return Sent(where, content, view, files, ephemeral)


class World:
    """A guild with a text channel, members, and everything the bot sent."""

    def __init__(self, table: Table | None = None) -> None:
        self.guild_id = 111
        self.sent: list[Sent] = []
        self.channels: dict[int, FakeChannel] = {}
        self.threads_created: list[FakeChannel] = []
        self.deleted: list[int] = []
        self.closed_dms: set[int] = set()
        self.client = FakeClient(self)
        self.general = self.channel(222, name="general")
        self.table = table or Table(MemoryStore())
        self.services = Services(table=self.table, renderer=Renderer(2))
        self.announcer = Announcer(self.client, self.services)
        self.announcer.end_replay = False  # tests of the replay at the end turn it on
        self.table.subscribe(self.announcer)
        self.client.services = self.services
        self.users = {
            name: FakeUser(uid, name)
            for uid, name in ((1001, "Ann"), (1002, "Bo"), (1003, "Cy"), (1004, "Di"), (1009, "Mod"))
        }

    def log(self, sent: Sent) -> None:
        self.sent.append(sent)

    def channel(self, cid: int, name: str = "thread", parent: int | None = None) -> FakeChannel:
        if cid not in self.channels:
            self.channels[cid] = FakeChannel(self, cid, name, parent)
        return self.channels[cid]

    def interaction(self, user: str, channel: int | None = None, **kwargs: Any) -> FakeInteraction:
        return FakeInteraction(
            self, self.users[user], channel if channel is not None else self.general.id, **kwargs
        )

    async def settle(self) -> None:
        await self.announcer.drain(timeout=60)

    def mark(self) -> int:
        return len(self.sent)

    def since(self, mark: int) -> list[Sent]:
        return self.sent[mark:]

    def to(self, user: str, since: int = 0) -> list[Sent]:
        uid = self.users[user].id
        return [s for s in self.sent[since:] if s.where in (f"ephemeral:{uid}", f"update:{uid}", f"dm:{uid}")]

    def public(self, since: int = 0) -> list[Sent]:
        return [s for s in self.sent[since:] if s.public]

    async def command(
        self, cog: Any, name: str, interaction: FakeInteraction, **kwargs: Any
    ) -> FakeInteraction:
        """Run a slash command the way the tree does: errors go to the one error handler."""
        cmd = next(c for c in cog.walk_app_commands() if c.name == name)
        try:
            await cmd.callback(cog, interaction, **kwargs)
        except Exception as exc:  # noqa: BLE001 - like the tree, hand it to the reporter
            await report(interaction, exc)
        await self.settle()
        return interaction

    async def autocomplete(
        self, cog: Any, name: str, param: str, interaction: FakeInteraction, current: str
    ) -> list[Any]:
        cmd = next(c for c in cog.walk_app_commands() if c.name == name)
        fn = cmd._params[param].autocomplete
        return list(await fn(cog, interaction, current))

    async def click(
        self,
        user: str,
        custom_id: str,
        channel: int | None = None,
        values: list[str] | None = None,
        label: str = "",
        iid: int | None = None,
    ) -> FakeInteraction:
        """Click a button (or choose in a select) the way discord.py dispatches a DynamicItem."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values else 2}
        if values:
            data["values"] = values
        interaction = self.interaction(user, channel, data=data, iid=iid)
        matches = [cls for cls in DYNAMIC_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)]
        assert len(matches) == 1, f"{custom_id} matches {matches}"
        cls = matches[0]
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        item = await cls.from_custom_id(interaction, discord.ui.Button(label=label or "x"), match)  # type: ignore[arg-type]
        await item.callback(interaction)  # type: ignore[arg-type]
        await self.settle()
        return interaction
