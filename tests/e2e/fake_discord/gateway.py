"""The gateway: a websocket speaking Discord's gateway protocol (API v10, JSON, optional zlib-stream).

Sessions outlive connections: a dispatch sent while the bot is disconnected is kept and replayed when
the bot RESUMEs, as Discord does. Frames are text unless the client asked for ``compress=zlib-stream``,
in which case they are binary deflate chunks ending with a Z_SYNC_FLUSH marker on one shared stream.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSCloseCode, WSMsgType, web

from . import payloads

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11
ACK_DELAY_SECONDS = 0.02

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12

# Close codes after which a client may RESUME (4004 and 4010-4014 are fatal).
RESUMABLE_CLOSE = 4000


class Connection:
    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.deflate = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()
        self.heartbeats = 0

    async def send(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame, separators=(",", ":"))
        async with self.lock:  # one deflate stream: chunks must reach the socket in compression order
            if self.deflate is not None:
                data = self.deflate.compress(text.encode()) + self.deflate.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


@dataclass
class Session:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    conn: Connection | None = None
    buffer: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=20000))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    resumes: int = 0


@dataclass
class GatewayEvent:
    """A gateway op the client sent (for tests: IDENTIFY, RESUME, HEARTBEAT, ...)."""

    op: int
    at: float
    session_id: str | None
    data: Any


class Gateway:
    def __init__(self, fake: FakeDiscord, heartbeat_interval_ms: int, compress: bool) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.compress = compress
        self.sessions: dict[str, Session] = {}
        self.active: Session | None = None
        self.by_shard: dict[int, Session] = {}
        """The live session of each shard, when bots identify with ``shard: [id, count]`` (several
        processes): dispatches about a guild go to its shard's session, as Discord routes them."""
        self.events: list[GatewayEvent] = []
        self.connections: set[Connection] = set()
        self.ready_count = 0
        self.connects: list[dict[str, str]] = []  # query params of every websocket connection

    # -- counters for tests ----------------------------------------------------------------------

    @property
    def identify_count(self) -> int:
        return sum(1 for e in self.events if e.op == IDENTIFY)

    @property
    def resume_count(self) -> int:
        return sum(1 for e in self.events if e.op == RESUME)

    @property
    def resumed_count(self) -> int:
        return sum(s.resumes for s in self.sessions.values())

    @property
    def heartbeat_count(self) -> int:
        return sum(1 for e in self.events if e.op == HEARTBEAT)

    @property
    def connected(self) -> bool:
        """The bot is connected: its session, or, with shards, every shard's (a killed shard's is not)."""
        sessions = list(self.by_shard.values()) or ([self.active] if self.active is not None else [])
        return bool(sessions) and all(s.conn is not None for s in sessions)

    # -- websocket handler -----------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self.connects.append(dict(request.query))
        want_zlib = request.query.get("compress") == "zlib-stream" and self.compress
        if request.query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"Decode error")  # we only speak JSON
            return ws
        conn = Connection(ws, want_zlib)
        self.connections.add(conn)
        session: Session | None = None
        try:
            await conn.send(
                {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None}
            )
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                self.events.append(GatewayEvent(op, time.monotonic(), session.id if session else None, data))
                if op == HEARTBEAT:
                    conn.heartbeats += 1
                    # Discord answers after a network round trip; an answer in no time at all can reach
                    # discord.py before its heartbeat thread notes the send, which it then logs as a
                    # heartbeat 41 s late ("Can't keep up")
                    await asyncio.sleep(ACK_DELAY_SECONDS)
                    await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
                elif op == IDENTIFY:
                    if data.get("token") != self.fake.state.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    session = await self._identify(conn, data)
                elif op == RESUME:
                    session = await self._resume(conn, data)
                elif op == REQUEST_MEMBERS:
                    await self._request_members(session, data)
                elif op == PRESENCE:
                    self.fake.state.presences.append(data)
                self.fake.state.changed()
        finally:
            self.connections.discard(conn)
            if session is not None and session.conn is conn:
                session.conn = None
            self.fake.state.changed()
        return ws

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> Session:
        state = self.fake.state
        session = Session(secrets.token_hex(16), int(data.get("intents", 0)), data.get("shard"))
        self.sessions[session.id] = session
        # One bot at a time: a new IDENTIFY (a restarted process) takes over the dispatches (of its shard)
        self.active = session
        if session.shard is not None:
            self.by_shard[int(session.shard[0])] = session
        session.conn = conn
        guilds = [g for g in state.guilds.values() if self._serves(session, g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": state.bot_user.payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        async with session.lock:  # nothing else may be dispatched between READY and the guilds
            await self._send_locked(session, "READY", ready)
            for guild in guilds:
                await self._send_locked(session, "GUILD_CREATE", payloads.guild(state, guild))
        self.ready_count += 1
        return session

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        current = self.by_shard.get(int(session.shard[0])) if session and session.shard else self.active
        if session is None or data.get("token") != self.fake.state.token or session is not current:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        async with session.lock:
            if session.conn is not None and session.conn is not conn:
                await session.conn.ws.close(code=RESUMABLE_CLOSE)
            session.conn = conn
            last_seen = int(data.get("seq") or 0)
            for frame in list(session.buffer):
                if frame["s"] > last_seen:
                    await conn.send(frame)
            session.resumes += 1
            await self._send_locked(session, "RESUMED", {"_trace": ["fake-discord"]})
        return session

    async def _request_members(self, session: Session | None, data: dict[str, Any]) -> None:
        if session is None:
            return
        state = self.fake.state
        guild_ids = data.get("guild_id")
        for gid in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = state.guilds.get(int(gid or 0))
            if guild is None:
                continue
            members = [payloads.member(state, guild, state.users[u]) for u in guild.member_ids]
            chunk: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if data.get("nonce") is not None:
                chunk["nonce"] = data["nonce"]
            await self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    # -- dispatching -----------------------------------------------------------------------------

    async def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            await self._send_locked(session, event, data)

    async def _send_locked(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.buffer.append(frame)
        conn = session.conn
        if conn is None:
            return  # kept for RESUME
        try:
            await conn.send(frame)
        except (ConnectionResetError, RuntimeError):
            log.debug("dispatch %s kept for resume: connection is closing", event)

    @staticmethod
    def shard_of(guild_id: int | None, count: int) -> int:
        """Discord's rule: ``(guild_id >> 22) % count``; DMs (no guild) are shard 0."""
        return (int(guild_id) >> 22) % count if guild_id else 0

    def _serves(self, session: Session, guild_id: int | None) -> bool:
        return session.shard is None or self.shard_of(guild_id, int(session.shard[1])) == int(
            session.shard[0]
        )

    def _session_for(self, data: dict[str, Any]) -> Session | None:
        if not self.by_shard or self.active is None or self.active.shard is None:
            return self.active
        guild = data.get("guild_id") or (data.get("guild") or {}).get("id")
        return self.by_shard.get(self.shard_of(int(guild) if guild else None, int(self.active.shard[1])))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a dispatch to the bot's current session (of the guild's shard, when bots identify with
        shards; kept for RESUME if it is disconnected)."""
        session = self._session_for(data)
        if session is None:
            raise RuntimeError("no bot has identified with the fake gateway yet")
        await self._send_dispatch(session, event, data)

    def wants(self, intent: int) -> bool:
        return self.active is not None and bool(self.active.intents & intent)

    # -- faults ----------------------------------------------------------------------------------

    async def drop(self, code: int = RESUMABLE_CLOSE, *, resumable: bool = True) -> None:
        """Close the bot's websocket. With ``resumable=False`` the session is forgotten, so the client's
        RESUME gets INVALID_SESSION and it must IDENTIFY again."""
        session = self.active
        if session is None or session.conn is None:
            raise RuntimeError("no bot connected to the fake gateway")
        conn = session.conn
        session.conn = None
        if not resumable:
            self.sessions.pop(session.id, None)
        await conn.ws.close(code=code, message=b"fake-discord: dropped on demand")

    async def send_invalid_session(self, resumable: bool) -> None:
        """op 9 INVALID_SESSION to the bot (``d`` = ``resumable``). Not resumable, the session is
        forgotten: a RESUME is refused and the client must IDENTIFY again."""
        session = self.active
        if session is None or session.conn is None:
            raise RuntimeError("no bot connected to the fake gateway")
        if not resumable:
            self.sessions.pop(session.id, None)
        await session.conn.send({"op": INVALID_SESSION, "d": resumable, "s": None, "t": None})

    async def send_reconnect(self) -> None:
        """Ask the client to reconnect (op 7); it should come back with RESUME."""
        session = self.active
        if session is None or session.conn is None:
            raise RuntimeError("no bot connected to the fake gateway")
        await session.conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def close_all(self) -> None:
        for conn in list(self.connections):
            await conn.ws.close(code=WSCloseCode.GOING_AWAY)
