"""The stand-in's world: users, guilds, channels, commands, interactions and messages, plus queries.

Everything here is plain data; the gateway and REST modules change it and call ``changed()`` so that
tests waiting on a condition (``wait_for``) wake up.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .recording import CallbackRecord, Message, RecordedRequest

DISCORD_EPOCH_MS = 1420070400000

# channel types
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
# The bot's role: everything but ADMINISTRATOR.
BOT_PERMISSIONS = ALL_PERMISSIONS & ~ADMINISTRATOR
# @everyone, as on a typical server: see, talk, use threads, files and application commands.
MEMBER_PERMISSIONS = sum(
    1 << bit
    for bit in (
        0,  # create instant invite
        6,  # add reactions
        10,  # view channel
        11,  # send messages
        14,  # embed links
        15,  # attach files
        16,  # read message history
        18,  # use external emojis
        20,
        21,  # connect, speak
        26,  # change nickname
        31,  # use application commands
        35,
        36,  # create public / private threads
        37,  # use external stickers
        38,  # send messages in threads
    )
)
# The "Moderator" role adds: manage channels, guild, messages, threads; kick; moderate members.
MODERATOR_PERMISSIONS = MEMBER_PERMISSIONS | sum(1 << bit for bit in (1, 4, 5, 13, 34, 40))
# Permissions a test may take from the bot in one channel (``FakeDiscord.deny_bot``).
BOT_DENIABLE = {
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
}

T = TypeVar("T")


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Snowflakes with real timestamps, strictly increasing."""

    def __init__(self) -> None:
        self._last = 0
        self._inc = itertools.count()

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._inc) & 0xFFF)
        self._last = value = max(value, self._last + 1)
        return value


@dataclass
class User:
    id: int
    username: str
    bot: bool = False
    global_name: str | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data.update(bot=True, verified=True, mfa_enabled=False, system=False)
        return data


@dataclass
class Channel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    recipient_id: int | None = None  # DMs: the member on the other side
    owner_id: int | None = None  # threads
    thread_member_ids: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    message_count: int = 0
    last_message_id: int | None = None
    created: str = field(default_factory=iso_now)
    extra: dict[str, Any] = field(default_factory=dict)
    bot_denied: int = 0
    """Permission bits the bot lacks here (a thread also lacks its parent's)."""

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD, 10)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def kind(self) -> str:
        return {DM: "dm", PUBLIC_THREAD: "thread", PRIVATE_THREAD: "private_thread"}.get(self.type, "channel")


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int
    managed: bool = False
    bot_id: int | None = None  # the managed role of a bot


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channel_ids: list[int] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    joined_at: dict[int, str] = field(default_factory=dict)
    roles: dict[int, Role] = field(default_factory=dict)
    member_roles: dict[int, list[int]] = field(default_factory=dict)
    upload_limit: int = 25 * 1024 * 1024
    """Bytes of files one message may carry (Discord's default; boosted servers allow more)."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def role(self, name: str) -> Role:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(f"no role {name!r}")

    def permissions(self, user_id: int) -> int:
        """Guild-level permissions of a member, as Discord computes them (owner and admin get all)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions
        for role_id in self.member_roles.get(user_id, []):
            value |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value


@dataclass
class Interaction:
    """An interaction the stand-in dispatched on behalf of a simulated member."""

    id: int
    token: str
    type: int
    member_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    sent_at: float = 0.0
    callbacks: list[CallbackRecord] = field(default_factory=list)
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    deliveries: int = 0

    @property
    def callback(self) -> CallbackRecord | None:
        return self.callbacks[0] if self.callbacks else None

    @property
    def first_response_at(self) -> float | None:
        return self.callbacks[0].at if self.callbacks else None

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's first callback (Discord's 3-second window)."""
        first = self.first_response_at
        return None if first is None else first - self.sent_at


RECHECK_SECONDS = 0.05


class _Waiter(Generic[T]):
    """One ``wait_for``: its predicate, checked when the state changes and every 50 ms until the
    timeout."""

    def __init__(
        self, predicate: Callable[[], T | None], loop: asyncio.AbstractEventLoop, timeout: float, what: str
    ) -> None:
        self.predicate = predicate
        self.loop = loop
        self.future: asyncio.Future[T] = loop.create_future()
        self.deadline = loop.time() + timeout
        self.timeout, self.what = timeout, what
        self._timer = loop.call_later(min(timeout, RECHECK_SECONDS), self._tick)

    def check(self) -> None:
        if self.future.done():
            return
        try:
            value = self.predicate()
        except Exception as exc:  # the caller sees the predicate's error, as if it had called it
            self.future.set_exception(exc)
            return
        if value:
            self.future.set_result(value)

    def _tick(self) -> None:
        self.check()
        if self.future.done():
            return
        remaining = self.deadline - self.loop.time()
        if remaining <= 0:
            timed_out = TimeoutError(f"timed out after {self.timeout}s waiting for {self.what}")
            self.future.set_exception(timed_out)
            return
        self._timer = self.loop.call_later(min(remaining, RECHECK_SECONDS), self._tick)

    def close(self) -> None:
        self._timer.cancel()


class FakeState:
    def __init__(self, *, token: str, application_name: str = "Arbiter") -> None:
        self.ids = Snowflakes()
        self.token = token
        self.application_id = self.ids.next()
        self.owner = User(self.ids.next(), "owner")
        self.bot_user = User(self.application_id, application_name, bot=True)
        self.application_name = application_name
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channel_ids: dict[int, int] = {}  # user id -> DM channel id
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.command_syncs = 0
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.requests: list[RecordedRequest] = []
        self.unhandled: list[RecordedRequest] = []
        self.callbacks: list[CallbackRecord] = []
        self.messages: dict[int, Message] = {}
        self.presences: list[dict[str, Any]] = []
        self.touched: list[int] = []
        """Ids of the messages posted, edited or deleted, in order (repeats kept): a waiter for a message
        reads only what is new here instead of every message again."""
        self._waiters: set[_Waiter[Any]] = set()
        self._check_soon = False

    # -- waiting ---------------------------------------------------------------------------------

    def changed(self, message: Message | None = None) -> None:
        """Something changed (``message``: that message was posted, edited or deleted): the waiters'
        predicates are checked once, soon, however many changes arrive meanwhile."""
        if message is not None:
            self.touched.append(message.id)
        if self._check_soon or not self._waiters:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # the world being built before the fake runs: nobody waits yet
            return
        self._check_soon = True
        loop.call_soon(self._check_waiters)

    def _check_waiters(self) -> None:
        self._check_soon = False
        for waiter in list(self._waiters):
            waiter.check()

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str = "a condition"
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-checked after the fake's state changes (once for every burst of changes, not once per
        change: hundreds of games wait at once in the load test) and at least every 50 ms (so a
        predicate may also look at the client's side)."""
        value = predicate()
        if value:
            return value
        waiter = _Waiter(predicate, asyncio.get_running_loop(), timeout, what)
        self._waiters.add(waiter)
        try:
            return await waiter.future
        finally:
            waiter.close()
            self._waiters.discard(waiter)

    # -- world building --------------------------------------------------------------------------

    def add_user(self, username: str, *, bot: bool = False) -> User:
        user = User(self.ids.next(), username, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, channels: tuple[str, ...] = ("general",)) -> Guild:
        guild = Guild(self.ids.next(), name, owner_id=self.owner.id)
        guild.roles[guild.id] = Role(guild.id, "@everyone", MEMBER_PERMISSIONS, 0)
        moderator = Role(self.ids.next(), "Moderator", MODERATOR_PERMISSIONS, 1)
        bot_role = Role(self.ids.next(), self.application_name, BOT_PERMISSIONS, 2, True, self.bot_user.id)
        guild.roles[moderator.id] = moderator
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild.id] = guild
        self.add_guild_member(guild, self.owner, roles=[moderator.id])
        self.add_guild_member(guild, self.bot_user, roles=[bot_role.id])
        for name_ in channels:
            self.add_channel(guild, name_)
        return guild

    def add_channel(self, guild: Guild, name: str, type: int = GUILD_TEXT) -> Channel:
        channel = Channel(self.ids.next(), type, name, guild_id=guild.id, position=len(guild.channel_ids))
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_guild_member(self, guild: Guild, user: User, roles: list[int] | None = None) -> None:
        if user.id not in guild.member_ids:
            guild.member_ids.append(user.id)
            guild.joined_at[user.id] = iso_now()
        guild.member_roles[user.id] = list(roles or [])

    def channel_by_name(self, name: str, guild: Guild | None = None) -> Channel:
        for ch in self.channels.values():
            if ch.name == name and (guild is None or ch.guild_id == guild.id):
                return ch
        raise KeyError(f"no channel named {name!r}")

    def dm_channel(self, user_id: int) -> Channel:
        """The DM channel between the bot and a user (created on first use, as Discord does)."""
        channel_id = self.dm_channel_ids.get(user_id)
        if channel_id is None:
            channel = Channel(self.ids.next(), DM, recipient_id=user_id)
            self.channels[channel.id] = channel
            self.dm_channel_ids[user_id] = channel.id
            return channel
        return self.channels[channel_id]

    def new_token(self, interaction_id: int) -> str:
        return f"aW50ZXJhY3Rpb246{interaction_id}:{secrets.token_urlsafe(24)}"

    def command(self, name: str, guild_id: int | None = None) -> dict[str, Any] | None:
        if guild_id is not None:
            found = self.guild_commands.get(guild_id, {}).get(name)
            if found is not None:
                return found
        return self.global_commands.get(name)

    def command_names(self, guild_id: int | None = None) -> list[str]:
        names = set(self.global_commands)
        if guild_id is not None:
            names |= set(self.guild_commands.get(guild_id, {}))
        return sorted(names)

    # -- visibility ------------------------------------------------------------------------------

    def can_see_channel(self, user_id: int, channel: Channel) -> bool:
        if channel.is_dm:
            return channel.recipient_id == user_id
        if channel.type == PRIVATE_THREAD:
            return user_id in channel.thread_member_ids
        guild = self.guilds.get(channel.guild_id or 0)
        return guild is not None and user_id in guild.member_ids

    def can_see(self, user_id: int, message: Message) -> bool:
        """Whether a member could ever have seen this message in a Discord client."""
        if message.ephemeral:
            return message.answered_member_id == user_id
        channel = self.channels.get(message.channel_id)
        return channel is not None and self.can_see_channel(user_id, channel)

    # -- queries ---------------------------------------------------------------------------------

    def all_messages(self, *, include_deleted: bool = True) -> list[Message]:
        msgs = sorted(self.messages.values(), key=lambda m: m.id)
        return [m for m in msgs if include_deleted or not m.deleted]

    def messages_in(self, channel_id: int, *, include_ephemeral: bool = True) -> list[Message]:
        return [
            m
            for m in self.all_messages(include_deleted=False)
            if m.channel_id == channel_id and (include_ephemeral or not m.ephemeral)
        ]

    def last_message(self, channel_id: int, *, include_ephemeral: bool = False) -> Message | None:
        msgs = self.messages_in(channel_id, include_ephemeral=include_ephemeral)
        return msgs[-1] if msgs else None

    def messages_visible_to(self, user_id: int, *, include_deleted: bool = True) -> list[Message]:
        """Every message this member could have seen (ephemeral answers to them, their DMs, channels)."""
        return [m for m in self.all_messages(include_deleted=include_deleted) if self.can_see(user_id, m)]

    def answers_to(self, interaction_id: int) -> list[Message]:
        return [m for m in self.all_messages() if m.interaction_id == interaction_id]

    def ephemeral_answers(self, interaction_id: int) -> list[Message]:
        return [m for m in self.answers_to(interaction_id) if m.ephemeral]

    def dms_to(self, user_id: int) -> list[Message]:
        channel_id = self.dm_channel_ids.get(user_id)
        return [] if channel_id is None else self.messages_in(channel_id)

    def latencies(self) -> list[float]:
        """Time to first response of every answered interaction, in dispatch order."""
        return [i.latency for i in self.interactions.values() if i.latency is not None]
