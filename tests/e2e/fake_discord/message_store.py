"""Creating and editing messages from the bot's payloads, with the checks Discord makes."""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any

from . import limits
from .http_util import DiscordError, file_index, invalid_form
from .recording import COMPONENTS_V2, EPHEMERAL, LOADING, Attachment, Message, UploadedFile
from .state import iso_now

if TYPE_CHECKING:
    from .server import FakeDiscord

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
# Flags a bot may set when sending; ephemeral only through interactions.
SENDABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2 | EPHEMERAL
EDITABLE_FLAGS = SUPPRESS_EMBEDS | COMPONENTS_V2


def _flags(payload: dict[str, Any]) -> int:
    return int(payload.get("flags") or 0)


def validate(msg: Message) -> None:
    """Discord's Invalid Form Body checks (:mod:`.limits`: sizes, counts, ids, V2 rules), then the empty
    message check."""
    errors = limits.FormErrors()
    errors.longer("content", msg.content, limits.CONTENT_MAX)
    limits.check_embeds(errors, msg.embeds)
    limits.check_components(errors, msg.components, msg.components_v2)
    errors.raise_any()
    if msg.components_v2 and (msg.content or msg.embeds):
        raise invalid_form("content and embeds cannot be used with the IS_COMPONENTS_V2 flag")
    if not (msg.content or msg.embeds or msg.components or msg.attachments or msg.loading):
        raise DiscordError(400, 50006, "Cannot send an empty message")


def upload_limit(fake: FakeDiscord, channel_id: int) -> int:
    channel = fake.state.channels.get(channel_id)
    guild = fake.state.guilds.get(channel.guild_id or 0) if channel is not None else None
    return guild.upload_limit if guild is not None else limits.DEFAULT_UPLOAD_LIMIT


def _attachments(
    fake: FakeDiscord, payload: dict[str, Any], files: list[UploadedFile], existing: list[Attachment]
) -> list[Attachment]:
    """New attachment list: entries of ``attachments`` refer to uploaded files by index or keep old ones."""
    uploads = {file_index(f.field): f for f in files}
    result: list[Attachment] = []
    used: set[int | None] = set()
    if "attachments" in payload:
        by_id = {a.id: a for a in existing}
        for entry in payload["attachments"] or []:
            ref = int(entry["id"])
            if ref in uploads and ref not in by_id:
                up = uploads[ref]
                name = entry.get("filename") or up.filename
                result.append(
                    Attachment(
                        fake.state.ids.next(), name, up.data, up.content_type, entry.get("description")
                    )
                )
                used.add(ref)
            elif ref in by_id:
                result.append(by_id[ref])
    else:
        result = list(existing)
    for index, up in uploads.items():
        if index not in used:
            result.append(Attachment(fake.state.ids.next(), up.filename, up.data, up.content_type))
    return result


def create(
    fake: FakeDiscord,
    *,
    channel_id: int,
    payload: dict[str, Any],
    files: list[UploadedFile],
    via: str,
    interaction_id: int | None = None,
    answered_member_id: int | None = None,
    extra_flags: int = 0,
) -> Message:
    state = fake.state
    channel = state.channels[channel_id]
    msg = Message(
        id=state.ids.next(),
        channel_id=channel_id,
        guild_id=channel.guild_id,
        author_id=state.bot_user.id,
        via=via,
        channel_kind=channel.kind,
        content=str(payload.get("content") or ""),
        embeds=list(payload.get("embeds") or ([payload["embed"]] if payload.get("embed") else [])),
        components=list(payload.get("components") or []),
        flags=(_flags(payload) & SENDABLE_FLAGS) | extra_flags,
        interaction_id=interaction_id,
        answered_member_id=answered_member_id,
        message_reference=payload.get("message_reference"),
        raw=payload,
        timestamp=iso_now(),
    )
    if interaction_id is None:
        msg.flags &= ~EPHEMERAL
    msg.attachments = _attachments(fake, payload, files, [])
    limits.check_attachments(
        len(msg.attachments), [len(f.data) for f in files], upload_limit(fake, channel_id)
    )
    validate(msg)
    state.messages[msg.id] = msg
    channel.last_message_id = msg.id
    if channel.is_thread:
        channel.message_count += 1
        channel.archived = False
    state.changed(msg)
    return msg


def edit(fake: FakeDiscord, msg: Message, payload: dict[str, Any], files: list[UploadedFile]) -> Message:
    if msg.deleted:
        raise DiscordError(404, 10008, "Unknown Message")
    new = dataclasses.replace(msg)
    if "content" in payload:
        new.content = str(payload["content"] or "")
    if "embeds" in payload:
        new.embeds = list(payload["embeds"] or [])
    if "components" in payload:
        new.components = list(payload["components"] or [])
    if "flags" in payload and payload["flags"] is not None:
        new.flags = (msg.flags & ~EDITABLE_FLAGS) | (_flags(payload) & EDITABLE_FLAGS)
    new.flags &= ~LOADING  # editing a deferred answer fills it in
    new.attachments = _attachments(fake, payload, files, msg.attachments)
    limits.check_attachments(
        len(new.attachments), [len(f.data) for f in files], upload_limit(fake, msg.channel_id)
    )
    validate(new)
    if msg.loading:
        msg.history.clear()  # the "thinking..." placeholder was never a real version
    else:
        msg.snapshot()
        msg.edited_timestamp = iso_now()
    msg.content, msg.embeds, msg.components = new.content, new.embeds, new.components
    msg.flags, msg.attachments, msg.raw = new.flags, new.attachments, payload
    msg.updated_at = time.monotonic()
    fake.state.changed(msg)
    return msg


def delete(fake: FakeDiscord, msg: Message) -> None:
    if msg.deleted:
        raise DiscordError(404, 10008, "Unknown Message")
    msg.deleted = True
    fake.state.changed(msg)
