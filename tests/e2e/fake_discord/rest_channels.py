"""REST routes for channels: messages (JSON and multipart), threads, thread members, DM channels."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import limits, message_store, payloads
from .faults import CANNOT_MESSAGE_USER
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MESSAGES
from .http_util import DiscordError, unknown
from .recording import Message
from .rest import RECORD_KEY, add, body, fake_of, no_content, ok, payload, snowflake
from .state import BOT_DENIABLE, PRIVATE_THREAD, PUBLIC_THREAD, Channel, FakeState


def _channel(request: web.Request) -> Channel:
    channel = fake_of(request).state.channels.get(snowflake(request, "channel_id"))
    if channel is None:
        raise unknown("Channel", 10003)
    return channel


ARCHIVED_THREAD = 50083
MISSING_PERMISSIONS = 50013


def denied(state: FakeState, channel: Channel) -> int:
    """The permission bits the bot lacks in ``channel`` (a thread lacks what its parent lacks)."""
    parent = state.channels.get(channel.parent_id or 0) if channel.is_thread else None
    return channel.bot_denied | (parent.bot_denied if parent is not None else 0)


def require(state: FakeState, channel: Channel, *names: str) -> None:
    """403 / 50013 "Missing Permissions" unless the bot holds every one of ``names`` in ``channel``."""
    lacking = denied(state, channel)
    if any(lacking & BOT_DENIABLE[name] for name in names):
        raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")


def writable(state: FakeState, channel: Channel, files: bool) -> None:
    """The checks Discord makes before a bot's message lands in ``channel`` (not interaction answers)."""
    if channel.is_dm:
        return
    send = "send_messages_in_threads" if channel.is_thread else "send_messages"
    require(state, channel, "view_channel", send, *(("attach_files",) if files else ()))
    if channel.is_thread and channel.archived and channel.locked:
        raise DiscordError(400, ARCHIVED_THREAD, "Thread is archived")


def _message(request: web.Request, channel: Channel) -> Message:
    msg = fake_of(request).state.messages.get(snowflake(request, "message_id"))
    if msg is None or msg.channel_id != channel.id or msg.deleted or msg.ephemeral:
        raise unknown("Message", 10008)
    return msg


async def announce(request: web.Request, event: str, msg: Message) -> None:
    """MESSAGE_CREATE/UPDATE/DELETE to the bot when its intents ask for them (as Discord does)."""
    fake = fake_of(request)
    if msg.ephemeral or fake.gateway.active is None:
        return
    intent = INTENT_GUILD_MESSAGES if msg.guild_id else INTENT_DIRECT_MESSAGES
    if not fake.gateway.wants(intent):
        return
    if event == "MESSAGE_DELETE":
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id:
            data["guild_id"] = str(msg.guild_id)
    else:
        data = payloads.message(fake.state, fake.base_url, msg)
    await fake.gateway.dispatch(event, data)


async def get_channel(request: web.Request) -> web.Response:
    return ok(payloads.channel(fake_of(request).state, _channel(request)))


async def edit_channel(request: web.Request) -> web.Response:
    channel = _channel(request)
    data = payload(request)
    if "name" in data and channel.is_thread:
        limits.check_thread_name(data["name"])
    for key in ("name", "archived", "locked", "invitable", "auto_archive_duration"):
        if key in data and data[key] is not None:
            setattr(channel, key, data[key])
    fake = fake_of(request)
    result = payloads.channel(fake.state, channel)
    if channel.is_thread and fake.gateway.active is not None:
        await fake.gateway.dispatch("THREAD_UPDATE", result)
    return ok(result)


async def delete_channel(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(request)
    result = payloads.channel(fake.state, channel)
    fake.state.channels.pop(channel.id)
    guild = fake.state.guilds.get(channel.guild_id or 0)
    if guild is not None and channel.id in guild.channel_ids:
        guild.channel_ids.remove(channel.id)
    return ok(result)


async def list_messages(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(request)
    msgs = fake.state.messages_in(channel.id, include_ephemeral=False)
    if "before" in request.query:
        msgs = [m for m in msgs if m.id < int(request.query["before"])]
    if "after" in request.query:
        msgs = [m for m in msgs if m.id > int(request.query["after"])]
    limit = int(request.query.get("limit", "50"))
    newest_first = list(reversed(msgs))[:limit]
    return ok([payloads.message(fake.state, fake.base_url, m) for m in newest_first])


async def get_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    return ok(payloads.message(fake.state, fake.base_url, _message(request, _channel(request))))


async def create_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(request)
    if channel.is_dm and channel.recipient_id in fake.faults.closed_dms:
        request[RECORD_KEY].fault = "dm_closed"
        raise DiscordError(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
    writable(fake.state, channel, bool(body(request).files))
    msg = message_store.create(
        fake, channel_id=channel.id, payload=payload(request), files=body(request).files, via="channel"
    )
    await announce(request, "MESSAGE_CREATE", msg)
    return ok(payloads.message(fake.state, fake.base_url, msg))


async def edit_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(request)
    msg = _message(request, channel)
    if channel.is_thread and channel.archived and channel.locked:
        raise DiscordError(400, ARCHIVED_THREAD, "Thread is archived")
    if body(request).files:
        require(fake.state, channel, "attach_files")
    message_store.edit(fake, msg, payload(request), body(request).files)
    await announce(request, "MESSAGE_UPDATE", msg)
    return ok(payloads.message(fake.state, fake.base_url, msg))


async def delete_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _message(request, _channel(request))
    message_store.delete(fake, msg)
    await announce(request, "MESSAGE_DELETE", msg)
    return no_content()


async def typing(request: web.Request) -> web.Response:
    _channel(request)
    return no_content()


async def reaction(request: web.Request) -> web.Response:
    _message(request, _channel(request))
    return no_content()


# -- threads -------------------------------------------------------------------------------------


async def _new_thread(request: web.Request, parent: Channel, thread_id: int, type_: int) -> web.Response:
    fake = fake_of(request)
    state = fake.state
    if parent.guild_id is None or parent.is_thread:
        raise DiscordError(400, 50024, "Cannot execute action on this channel type")
    data = payload(request)
    limits.check_thread_name(data.get("name"))
    kind = "create_public_threads" if type_ == PUBLIC_THREAD else "create_private_threads"
    require(state, parent, "view_channel", kind)
    thread = Channel(
        thread_id,
        type_,
        str(data.get("name") or "thread"),
        guild_id=parent.guild_id,
        parent_id=parent.id,
        owner_id=state.bot_user.id,
        thread_member_ids={state.bot_user.id},
        invitable=bool(data.get("invitable", True)),
        auto_archive_duration=int(data.get("auto_archive_duration") or 1440),
    )
    state.channels[thread.id] = thread
    state.guilds[parent.guild_id].channel_ids.append(thread.id)
    result = payloads.channel(state, thread)
    if fake.gateway.active is not None:
        await fake.gateway.dispatch("THREAD_CREATE", {**result, "newly_created": True})
    return ok(result, status=201)


async def create_thread(request: web.Request) -> web.Response:
    type_ = int(payload(request).get("type") or PRIVATE_THREAD)
    if type_ not in (PUBLIC_THREAD, PRIVATE_THREAD):
        raise DiscordError(400, 50035, "Invalid Form Body: thread type")
    return await _new_thread(request, _channel(request), fake_of(request).state.ids.next(), type_)


async def create_thread_from_message(request: web.Request) -> web.Response:
    channel = _channel(request)
    msg = _message(request, channel)
    if msg.id in fake_of(request).state.channels:
        raise DiscordError(400, 160004, "A thread has already been created for this message")
    return await _new_thread(request, channel, msg.id, PUBLIC_THREAD)


def _thread(request: web.Request) -> Channel:
    channel = _channel(request)
    if not channel.is_thread:
        raise DiscordError(400, 50024, "Cannot execute action on this channel type")
    return channel


def _user_id(request: web.Request) -> int:
    raw = request.match_info.get("user_id", "@me")
    return fake_of(request).state.bot_user.id if raw == "@me" else snowflake(request, "user_id")


async def add_thread_member(request: web.Request) -> web.Response:
    state = fake_of(request).state
    thread = _thread(request)
    user_id = _user_id(request)
    guild = state.guilds[thread.guild_id or 0]
    if user_id not in guild.member_ids:
        raise unknown("Member", 10007)
    thread.thread_member_ids.add(user_id)
    return no_content()


async def remove_thread_member(request: web.Request) -> web.Response:
    thread = _thread(request)
    thread.thread_member_ids.discard(_user_id(request))
    return no_content()


async def get_thread_member(request: web.Request) -> web.Response:
    thread = _thread(request)
    user_id = _user_id(request)
    if user_id not in thread.thread_member_ids:
        raise unknown("Member", 10007)
    return ok(payloads.thread_member(thread, user_id))


async def list_thread_members(request: web.Request) -> web.Response:
    thread = _thread(request)
    return ok([payloads.thread_member(thread, u) for u in sorted(thread.thread_member_ids)])


# -- DMs -----------------------------------------------------------------------------------------


async def open_dm(request: web.Request) -> web.Response:
    state = fake_of(request).state
    recipient = int(payload(request).get("recipient_id") or 0)
    if recipient not in state.users:
        raise unknown("User", 10013)
    return ok(payloads.channel(state, state.dm_channel(recipient)))


async def download_attachment(request: web.Request) -> web.Response:
    state = fake_of(request).state
    att_id = int(request.match_info["attachment_id"])
    for msg in state.messages.values():
        for att in msg.attachments:
            if att.id == att_id:
                return web.Response(body=att.data, content_type=att.content_type)
    raise web.HTTPNotFound()


def register(app: web.Application) -> None:
    add(app, "GET", "/channels/{channel_id}", get_channel)
    add(app, "PATCH", "/channels/{channel_id}", edit_channel)
    add(app, "DELETE", "/channels/{channel_id}", delete_channel)
    add(app, "GET", "/channels/{channel_id}/messages", list_messages)
    add(app, "POST", "/channels/{channel_id}/messages", create_message)
    add(app, "GET", "/channels/{channel_id}/messages/{message_id}", get_message)
    add(app, "PATCH", "/channels/{channel_id}/messages/{message_id}", edit_message)
    add(app, "DELETE", "/channels/{channel_id}/messages/{message_id}", delete_message)
    add(app, "POST", "/channels/{channel_id}/typing", typing)
    reactions = "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{who}"
    add(app, "PUT", reactions, reaction)
    add(app, "DELETE", reactions, reaction)
    add(app, "POST", "/channels/{channel_id}/threads", create_thread)
    add(app, "POST", "/channels/{channel_id}/messages/{message_id}/threads", create_thread_from_message)
    add(app, "GET", "/channels/{channel_id}/thread-members", list_thread_members)
    add(app, "PUT", "/channels/{channel_id}/thread-members/@me", add_thread_member)
    add(app, "DELETE", "/channels/{channel_id}/thread-members/@me", remove_thread_member)
    add(app, "PUT", "/channels/{channel_id}/thread-members/{user_id}", add_thread_member)
    add(app, "DELETE", "/channels/{channel_id}/thread-members/{user_id}", remove_thread_member)
    add(app, "GET", "/channels/{channel_id}/thread-members/{user_id}", get_thread_member)
    add(app, "POST", "/users/@me/channels", open_dm)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", download_attachment)
