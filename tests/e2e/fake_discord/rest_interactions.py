"""Interaction callbacks and the interaction webhook (follow-ups, @original edits).

Callback types: 1 PONG, 4 message, 5 deferred message ("thinking"), 6 deferred update, 7 update message,
8 autocomplete result, 9 modal. As on Discord, an interaction is acknowledged once (40060 after that),
follow-ups need an acknowledged interaction, and the first follow-up after a type-5 defer fills in the
deferred message (keeping the defer's ephemeral flag).
"""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from . import limits, message_store, payloads
from .http_util import DiscordError, unknown
from .recording import EPHEMERAL, LOADING, CallbackRecord, Message
from .rest import add, body, fake_of, no_content, ok, payload, snowflake
from .rest_channels import announce
from .state import Interaction

PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT, MODAL = (
    1,
    4,
    5,
    6,
    7,
    8,
    9,
)


def _interaction(request: web.Request) -> Interaction:
    fake = fake_of(request)
    interaction = fake.state.interactions.get(snowflake(request, "interaction_id"))
    if interaction is None or interaction.token != request.match_info["token"]:
        raise unknown("interaction", 10062)
    return interaction


def _source_message(request: web.Request, interaction: Interaction) -> Message:
    raw = interaction.payload.get("message")
    if raw is None:
        raise DiscordError(400, 40004, "Interaction has no message to update")
    return fake_of(request).state.messages[int(raw["id"])]


async def callback(request: web.Request) -> web.Response:
    fake = fake_of(request)
    state = fake.state
    received = time.monotonic()
    interaction = _interaction(request)
    data = payload(request)
    type_ = int(data.get("type", 0))
    inner: dict[str, Any] = data.get("data") or {}
    if received - interaction.sent_at > fake.interaction_deadline:
        state.callbacks.append(
            CallbackRecord(interaction.id, type_, inner, interaction.member_id, received, status=404)
        )
        raise unknown("interaction", 10062)
    if interaction.callbacks:
        record = CallbackRecord(interaction.id, type_, inner, interaction.member_id, received, status=400)
        state.callbacks.append(record)
        raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
    record = CallbackRecord(interaction.id, type_, inner, interaction.member_id, received)
    try:
        msg = _apply_callback(request, interaction, type_, inner)
    except DiscordError as exc:
        record.status = exc.status
        state.callbacks.append(record)  # refused answers are kept too: they explain a silent bot
        raise
    interaction.callbacks.append(record)
    return await _answer(request, interaction, record, msg)


def _apply_callback(
    request: web.Request, interaction: Interaction, type_: int, inner: dict[str, Any]
) -> Message | None:
    fake = fake_of(request)
    msg: Message | None = None
    files = body(request).files
    if type_ == MESSAGE:
        msg = message_store.create(
            fake,
            channel_id=interaction.channel_id,
            payload=inner,
            files=files,
            via="callback",
            interaction_id=interaction.id,
            answered_member_id=interaction.member_id,
        )
        interaction.original_message_id = msg.id
    elif type_ == DEFERRED_MESSAGE:
        msg = message_store.create(
            fake,
            channel_id=interaction.channel_id,
            payload={"flags": int(inner.get("flags") or 0) & EPHEMERAL},
            files=[],
            via="deferred",
            interaction_id=interaction.id,
            answered_member_id=interaction.member_id,
            extra_flags=LOADING,
        )
        interaction.original_message_id = msg.id
    elif type_ in (DEFERRED_UPDATE, UPDATE_MESSAGE):
        msg = _source_message(request, interaction)
        interaction.original_message_id = msg.id
        if type_ == UPDATE_MESSAGE:
            message_store.edit(fake, msg, inner, files)
    elif type_ == AUTOCOMPLETE_RESULT:
        if interaction.type != 4:
            raise DiscordError(
                400, 50035, "Invalid Form Body: autocomplete result for a non-autocomplete interaction"
            )
        limits.check_choices(inner.get("choices"))
    elif type_ == MODAL:
        if interaction.type in (4, 5):
            raise DiscordError(400, 50035, "Invalid Form Body: cannot answer this interaction with a modal")
        limits.check_modal(inner)
    elif type_ != PONG:
        raise DiscordError(400, 50035, f"Invalid Form Body: unsupported callback type {type_}")
    return msg


async def _answer(
    request: web.Request, interaction: Interaction, record: CallbackRecord, msg: Message | None
) -> web.Response:
    fake = fake_of(request)
    state = fake.state
    type_ = record.type
    state.callbacks.append(record)
    state.changed()
    if msg is not None and type_ in (MESSAGE, UPDATE_MESSAGE):
        await announce(request, "MESSAGE_CREATE" if type_ == MESSAGE else "MESSAGE_UPDATE", msg)
    if request.query.get("with_response", "").lower() not in ("1", "true"):
        return no_content()
    answer: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
    if msg is not None:
        answer.update(
            response_message_id=str(msg.id),
            response_message_loading=msg.loading,
            response_message_ephemeral=msg.ephemeral,
        )
    result: dict[str, Any] = {"interaction": answer}
    if msg is not None and type_ != DEFERRED_UPDATE:
        result["resource"] = {"type": type_, "message": payloads.message(state, fake.base_url, msg)}
    elif type_ != DEFERRED_UPDATE:
        result["resource"] = {"type": type_}
    return ok(result)


# -- webhook (follow-ups) ------------------------------------------------------------------------


TOKEN_SECONDS = 15 * 60
"""An interaction token lets the bot send follow-ups and edit its answers for 15 minutes."""


def _by_token(request: web.Request) -> Interaction:
    fake = fake_of(request)
    if snowflake(request, "application_id") != fake.state.application_id:
        raise unknown("Webhook", 10015)
    interaction = fake.state.interactions_by_token.get(request.match_info["token"])
    if interaction is not None and time.monotonic() - interaction.sent_at > TOKEN_SECONDS:
        raise DiscordError(401, 50027, "Invalid Webhook Token")
    if interaction is None or not interaction.callbacks:
        raise unknown("Webhook", 10015)
    return interaction


def _webhook_message(request: web.Request, interaction: Interaction) -> Message:
    state = fake_of(request).state
    ref = request.match_info["message_id"]
    message_id = interaction.original_message_id if ref == "@original" else int(ref)
    msg = state.messages.get(message_id or 0)
    allowed = {interaction.original_message_id, *interaction.followup_ids}
    if msg is None or msg.deleted or msg.id not in allowed:
        raise unknown("Message", 10008)
    return msg


def _wait(request: web.Request) -> bool:
    return request.query.get("wait", "").lower() in ("1", "true")


async def followup(request: web.Request) -> web.Response:
    fake = fake_of(request)
    interaction = _by_token(request)
    data = payload(request)
    files = body(request).files
    original = fake.state.messages.get(interaction.original_message_id or 0)
    if original is not None and original.loading and original.via == "deferred":
        # The first follow-up after "thinking" replaces the placeholder; its ephemeral flag is the defer's.
        msg = message_store.edit(fake, original, {k: v for k, v in data.items() if k != "flags"}, files)
        msg.flags |= int(data.get("flags") or 0) & ~EPHEMERAL & message_store.SENDABLE_FLAGS
    else:
        channel_id = interaction.channel_id
        if "thread_id" in request.query:  # followup.send(thread=...)
            channel_id = int(request.query["thread_id"])
            if channel_id not in fake.state.channels:
                raise unknown("Channel", 10003)
        msg = message_store.create(
            fake,
            channel_id=channel_id,
            payload=data,
            files=files,
            via="followup",
            interaction_id=interaction.id,
            answered_member_id=interaction.member_id,
        )
        interaction.followup_ids.append(msg.id)
        await announce(request, "MESSAGE_CREATE", msg)
    return ok(payloads.message(fake.state, fake.base_url, msg)) if _wait(request) else no_content()


async def get_webhook_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _webhook_message(request, _by_token(request))
    return ok(payloads.message(fake.state, fake.base_url, msg))


async def edit_webhook_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _webhook_message(request, _by_token(request))
    message_store.edit(fake, msg, payload(request), body(request).files)
    await announce(request, "MESSAGE_UPDATE", msg)
    return ok(payloads.message(fake.state, fake.base_url, msg))


async def delete_webhook_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _webhook_message(request, _by_token(request))
    message_store.delete(fake, msg)
    await announce(request, "MESSAGE_DELETE", msg)
    return no_content()


def register(app: web.Application) -> None:
    add(app, "POST", "/interactions/{interaction_id}/{token}/callback", callback)
    add(app, "POST", "/webhooks/{application_id}/{token}", followup)
    hook_msg = "/webhooks/{application_id}/{token}/messages/{message_id}"
    add(app, "GET", hook_msg, get_webhook_message)
    add(app, "PATCH", hook_msg, edit_webhook_message)
    add(app, "DELETE", hook_msg, delete_webhook_message)
