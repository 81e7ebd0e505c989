"""FakeDiscord: the stand-in server (REST under /api/v10 and the gateway websocket) on 127.0.0.1."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

from aiohttp import web

from . import payloads, rest, rest_channels, rest_core, rest_interactions
from .faults import Faults
from .gateway import INTENT_GUILD_MEMBERS, RESUMABLE_CLOSE, Gateway
from .members import InteractionHandle, SimMember
from .recording import Message, RecordedRequest
from .state import BOT_DENIABLE, Channel, FakeState, Guild

DEFAULT_TOKEN = "fake-bot-token.for-tests-only"
INITIAL_RESPONSE_SECONDS = 3.0
"""Discord's window for the first answer to an interaction. Always enforced: a test may make it
shorter, never longer nor off (``None`` means Discord's 3 s)."""


LIMIT_CODES = frozenset({50035, 50006, 40005, 50083})
"""Refusals of what the bot sent (a form over Discord's limits, an empty message, files over the upload
limit, a post to an archived and locked thread): a bot that meets one has a bug to fix at its source."""


class FakeDiscord:
    """A loopback Discord for one bot.

    ``start()`` binds a free port; ``api_base`` and ``gateway_url`` are what the bot must use.
    The default guild "Arbiter Test" has channels ``general`` and ``games``.
    """

    started: ClassVar[list[FakeDiscord]] = []
    """Every fake started in this process (tests/e2e/conftest.py checks each scenario's after it ends)."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        guild_name: str = "Arbiter Test",
        channels: tuple[str, ...] = ("general", "games"),
        heartbeat_interval_ms: int = 41250,
        compress: bool = True,
        interaction_deadline: float | None = INITIAL_RESPONSE_SECONDS,
    ) -> None:
        self.state = FakeState(token=token)
        self.faults = Faults()
        self.gateway = Gateway(self, heartbeat_interval_ms, compress)
        # Callbacks later than this many seconds get Discord's 404 "Unknown interaction" (10062)
        self.interaction_deadline = interaction_deadline
        self.guild = self.state.add_guild(guild_name, channels)
        self.members: dict[str, SimMember] = {}
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.port = 0

    @property
    def interaction_deadline(self) -> float:
        return self._interaction_deadline

    @interaction_deadline.setter
    def interaction_deadline(self, seconds: float | None) -> None:
        limit = INITIAL_RESPONSE_SECONDS if seconds is None else seconds
        self._interaction_deadline = min(float(limit), INITIAL_RESPONSE_SECONDS)

    # -- lifecycle -------------------------------------------------------------------------------

    def _app(self) -> web.Application:
        app = web.Application(middlewares=[rest.discord_middleware], client_max_size=64 * 1024 * 1024)
        app[rest.FAKE_KEY] = self
        app.router.add_get("/gateway", self.gateway.handle)
        rest_core.register(app)
        rest_channels.register(app)
        rest_interactions.register(app)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> FakeDiscord:
        self._runner = web.AppRunner(self._app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        FakeDiscord.started.append(self)
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- addresses and configuration for the bot -------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be (env DISCORD_API_BASE)."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The websocket URL (env DISCORD_GATEWAY_URL; also answered by GET /gateway/bot)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def application_id(self) -> int:
        return self.state.application_id

    def env(self, *, dev_guild: bool = False) -> dict[str, str]:
        """Environment for a bot subprocess (see tests/e2e/README.md)."""
        env = {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }
        if dev_guild:
            env["DISCORD_DEV_GUILD"] = str(self.guild.id)
        return env

    @contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point the discord.py imported in this process at the fake (and restore it afterwards)."""
        import discord.gateway
        import discord.http
        import yarl

        old_base, old_gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    # -- world -----------------------------------------------------------------------------------

    def add_member(
        self, name: str, *, dms_open: bool = True, moderator: bool = False, guild: Guild | None = None
    ) -> SimMember:
        """A simulated member: @everyone permissions, plus the "Moderator" role when ``moderator``."""
        guild = guild or self.guild
        user = self.state.add_user(name)
        self.state.add_guild_member(guild, user, roles=[guild.role("Moderator").id] if moderator else [])
        member = SimMember(self, user, guild)
        self.members[name] = member
        if not dms_open:
            member.close_dms()
        if self.gateway.connected and self.gateway.wants(INTENT_GUILD_MEMBERS):
            # joined while the bot is connected: Discord tells bots with the members intent
            data = {**payloads.member(self.state, guild, user), "guild_id": str(guild.id)}
            task = asyncio.get_running_loop().create_task(self.gateway.dispatch("GUILD_MEMBER_ADD", data))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return member

    def add_guild(self, name: str, channels: tuple[str, ...] = ("general",)) -> Guild:
        """Another guild (add it before the bot connects: it is announced in GUILD_CREATE)."""
        return self.state.add_guild(name, channels)

    def channel(self, name: str) -> Channel:
        return self.state.channel_by_name(name, self.guild)

    def routes(self) -> list[str]:
        """ "METHOD /template" of every REST route the fake serves (for fault rules)."""
        return list(_route_names(self))

    # -- waiting ---------------------------------------------------------------------------------

    async def wait_until_ready(self, count: int = 1, timeout: float = 10.0) -> None:
        """Wait until a bot has identified (``count`` times in all) and been sent READY and its guilds."""
        await self.state.wait_for(
            lambda: self.gateway.connected and self.gateway.ready_count >= count,
            timeout,
            f"IDENTIFY #{count}",
        )

    async def wait_for_commands(self, *names: str, timeout: float = 10.0, guild: Guild | None = None) -> None:
        """Wait until the bot has synced these commands (global, or for ``guild``)."""
        gid = guild.id if guild is not None else None

        def synced() -> bool:
            return all(self.state.command(n, gid) is not None for n in names) and self.state.command_syncs > 0

        await self.state.wait_for(synced, timeout, f"commands {names} to be synced")

    async def wait_for_message(
        self, predicate: Callable[[Message], bool], timeout: float = 5.0, what: str = "a message"
    ) -> Message:
        """The first (oldest) finished message matching ``predicate``, waiting for it if needed. Every
        message is looked at once, then only those posted, edited or deleted since (``predicate`` is about
        the message)."""

        state = self.state
        seen: int | None = None  # how much of state.touched has been looked at (None: nothing yet)

        def matches(ids: Iterable[int]) -> Message | None:
            hits = [m for m in map(state.messages.get, ids) if m is not None and ok(m)]
            return min(hits, key=lambda m: m.id) if hits else None

        def ok(m: Message) -> bool:
            return not m.deleted and not m.loading and predicate(m)

        def found() -> Message | None:
            nonlocal seen
            end = len(state.touched)
            ids: Iterable[int] = list(state.messages) if seen is None else set(state.touched[seen:end])
            seen = end
            return matches(ids)

        return await self.state.wait_for(found, timeout, what)

    # -- faults ----------------------------------------------------------------------------------

    async def drop_gateway(self, code: int = RESUMABLE_CLOSE, *, resumable: bool = True) -> None:
        """Close the bot's websocket with a resumable close code; it must come back with RESUME
        (or, with ``resumable=False``, be refused with INVALID_SESSION and IDENTIFY again)."""
        await self.gateway.drop(code, resumable=resumable)

    async def invalid_session(self, *, resumable: bool) -> None:
        """Send op 9 INVALID_SESSION: ``resumable`` (d=true) the client RESUMEs its session; not resumable,
        the session is forgotten and it must IDENTIFY again."""
        await self.gateway.send_invalid_session(resumable)

    def deny_bot(self, channel: Channel | int | str, *permissions: str) -> None:
        """Take permissions from the bot in a channel (its threads too), as a moderator's overwrite would:
        ``"send_messages"``, ``"send_messages_in_threads"``, ``"attach_files"``, ``"create_public_threads"``,
        ``"create_private_threads"``, ``"view_channel"``, ``"read_message_history"``. Discord then answers
        the bot's messages, uploads and new threads there with 403 / 50013 "Missing Permissions"
        (interaction answers are not affected, as on Discord). The bot is told by CHANNEL_UPDATE."""
        target = self.state.channels[self._channel_id(channel)]
        for name in permissions:
            target.bot_denied |= BOT_DENIABLE[name]
        self._channel_update(target)

    def allow_bot(self, channel: Channel | int | str) -> None:
        """Give back every permission :meth:`deny_bot` took in this channel."""
        target = self.state.channels[self._channel_id(channel)]
        target.bot_denied = 0
        self._channel_update(target)

    def _channel_update(self, channel: Channel) -> None:
        if self.gateway.active is None or channel.is_thread:
            return  # before the bot connects, GUILD_CREATE carries it; threads have no overwrites
        event = payloads.channel(self.state, channel)
        task = asyncio.get_running_loop().create_task(self.gateway.dispatch("CHANNEL_UPDATE", event))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def age_interaction(self, handle: InteractionHandle, seconds: float) -> None:
        """Make an interaction ``seconds`` older (its token expires 15 minutes after it was sent)."""
        handle.interaction.sent_at -= seconds

    async def wait_resumed(self, count: int = 1, timeout: float = 10.0) -> None:
        await self.state.wait_for(
            lambda: self.gateway.resumed_count >= count and self.gateway.connected,
            timeout,
            "the bot to RESUME",
        )

    async def redeliver(self, handle: InteractionHandle) -> None:
        """Deliver the same INTERACTION_CREATE again (Discord sometimes does)."""
        handle.interaction.deliveries += 1
        await self.gateway.dispatch("INTERACTION_CREATE", handle.interaction.payload)

    # -- queries (see FakeState for more) --------------------------------------------------------

    def messages_visible_to(self, member: SimMember | int) -> list[Message]:
        return self.state.messages_visible_to(getattr(member, "id", member))  # type: ignore[arg-type]

    def messages_in(self, channel: Channel | int | str, *, include_ephemeral: bool = True) -> list[Message]:
        return self.state.messages_in(self._channel_id(channel), include_ephemeral=include_ephemeral)

    def last_message(
        self, channel: Channel | int | str, *, include_ephemeral: bool = False
    ) -> Message | None:
        return self.state.last_message(self._channel_id(channel), include_ephemeral=include_ephemeral)

    def ephemeral_answers(self, interaction: InteractionHandle | int) -> list[Message]:
        return self.state.ephemeral_answers(getattr(interaction, "id", interaction))  # type: ignore[arg-type]

    def latencies(self) -> list[float]:
        return self.state.latencies()

    def requests(self, method: str | None = None, route: str | None = None) -> list[RecordedRequest]:
        """Recorded REST requests, filtered by method and route template or exact path."""
        return [
            r
            for r in self.state.requests
            if (method is None or r.method == method) and (route is None or route in (r.route, r.path))
        ]

    def who_saw(self, text: str) -> set[str]:
        """Names of the simulated members who could see ``text`` in any message, any version."""
        return {
            name
            for name, member in self.members.items()
            if any(text in m.all_text() for m in self.state.messages_visible_to(member.id))
        }

    def limit_refusals(self) -> list[RecordedRequest]:
        """The requests Discord refused for what they carried (:data:`LIMIT_CODES`), with their field paths
        in ``errors``. Every scenario must end with none (tests/e2e/conftest.py)."""
        return [r for r in self.state.requests if r.code in LIMIT_CODES and r.fault is None]

    def latency_report(self) -> dict[str, float]:
        """p50/p99/max time to first response (seconds) over every answered interaction."""
        values = sorted(self.latencies())
        if not values:
            return {"count": 0}

        def pct(p: float) -> float:
            return values[min(len(values) - 1, int(p * len(values)))]

        return {"count": len(values), "p50": pct(0.50), "p99": pct(0.99), "max": values[-1]}

    def dump(self, path: str | Path) -> Path:
        """Write the whole record (requests, callbacks, messages with every version, gateway ops) as JSON,
        attachment bytes replaced by size and sha256: attach it to a failing CI run."""

        def message(m: Message) -> dict[str, object]:
            data = {
                k: v for k, v in dataclasses.asdict(m).items() if k not in ("attachments", "history", "raw")
            }
            data["attachments"] = [_file(a.filename, a.data) for a in m.attachments]
            data["history"] = [
                {
                    **{k: v for k, v in dataclasses.asdict(h).items() if k != "attachments"},
                    "attachments": [_file(a.filename, a.data) for a in h.attachments],
                }
                for h in m.history
            ]
            return data

        record = {
            "requests": [
                {
                    **{k: v for k, v in dataclasses.asdict(r).items() if k != "files"},
                    "files": [_file(f.filename, f.data) for f in r.files],
                }
                for r in self.state.requests
            ],
            "callbacks": [dataclasses.asdict(c) for c in self.state.callbacks],
            "messages": [message(m) for m in self.state.all_messages()],
            "gateway": [dataclasses.asdict(e) for e in self.gateway.events],
            "unhandled": [f"{r.method} {r.path}" for r in self.state.unhandled],
        }
        out = Path(path)
        out.write_text(json.dumps(record, indent=1, default=str))
        return out

    def transcript(self) -> str:
        """Every message, readable, for assertion messages and debugging."""
        names = {u.id: u.username for u in self.state.users.values()}
        lines = []
        for m in self.state.all_messages():
            ch = self.state.channels.get(m.channel_id)
            where = (
                f"DM:{names.get(ch.recipient_id or 0)}"
                if ch and ch.is_dm
                else f"#{ch.name if ch else m.channel_id}"
            )
            who = f" ephemeral->{names.get(m.answered_member_id or 0)}" if m.ephemeral else ""
            answering = f" answering {names.get(m.answered_member_id or 0)}" if m.answered_member_id else ""
            flags = " [deleted]" if m.deleted else ""
            files = f" files={[a.filename for a in m.attachments]}" if m.attachments else ""
            lines.append(f"{m.id} {where}{who}{answering} via={m.via}{flags}: {m.text()[:200]!r}{files}")
        return "\n".join(lines)

    def _channel_id(self, channel: Channel | int | str) -> int:
        if isinstance(channel, Channel):
            return channel.id
        if isinstance(channel, int):
            return channel
        return self.channel(channel).id


def _file(filename: str, data: bytes) -> dict[str, object]:
    return {"filename": filename, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _route_names(fake: FakeDiscord) -> Iterator[str]:
    app = fake._app()
    for route in app.router.routes():
        canonical = route.resource.canonical if route.resource is not None else ""
        if canonical.startswith(rest.API):
            yield f"{route.method} {canonical[len(rest.API) :]}"
