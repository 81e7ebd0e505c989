"""What the stand-in records: requests, interaction callbacks and messages (with every version).

These records are what tests assert on ("who saw what"), so they keep everything as the bot sent it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


@dataclass
class UploadedFile:
    """A file part of a multipart request, bytes kept exactly."""

    field: str
    filename: str
    data: bytes
    content_type: str


@dataclass
class RecordedRequest:
    method: str
    path: str
    route: str  # template, e.g. "/channels/{channel_id}/messages" (without /api/v10)
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    at: float  # time.monotonic()
    status: int = 0
    fault: str | None = None  # "rate_limit", "error", "dm_closed", "stall" when a fault answered it
    code: int | None = None  # Discord's JSON error code of a refusal (50035, 40005, ...)
    errors: Any = None  # and its Invalid Form Body errors, by field path


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass
class MessageVersion:
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    flags: int
    attachments: list[Attachment]
    at: float


@dataclass
class Message:
    """A message as the bot posted it (channel message, interaction answer, follow-up or DM)."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    via: str  # "channel", "callback", "deferred", "followup"
    channel_kind: str = "channel"  # "channel", "dm", "thread" (public), "private_thread"
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[Attachment] = field(default_factory=list)
    interaction_id: int | None = None
    answered_member_id: int | None = None  # the member whose interaction this message answered
    message_reference: dict[str, Any] | None = None
    raw: dict[str, Any] = field(default_factory=dict)  # the last JSON payload the bot sent for it
    history: list[MessageVersion] = field(default_factory=list)
    deleted: bool = False
    created_at: float = field(default_factory=time.monotonic)
    updated_at: float = field(default_factory=time.monotonic)  # creation or last edit
    timestamp: str = ""
    edited_timestamp: str | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred answer ("thinking...") that the bot has not filled in yet."""
        return bool(self.flags & LOADING)

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & COMPONENTS_V2)

    def snapshot(self) -> None:
        self.history.append(
            MessageVersion(
                content=self.content,
                embeds=json.loads(json.dumps(self.embeds)),
                components=json.loads(json.dumps(self.components)),
                flags=self.flags,
                attachments=list(self.attachments),
                at=time.monotonic(),
            )
        )

    # -- reading helpers -------------------------------------------------------------------------

    def walk_components(self) -> Iterator[dict[str, Any]]:
        yield from walk_components(self.components)

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.walk_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.walk_components() if "custom_id" in c]

    def text(self) -> str:
        """Every human-readable string of the current version (content, embeds, components)."""
        return _text_of(self.content, self.embeds, self.components, self.attachments)

    def all_text(self) -> str:
        """Every human-readable string the message ever carried, across edits."""
        parts = [_text_of(v.content, v.embeds, v.components, v.attachments) for v in self.history]
        parts.append(self.text())
        return "\n".join(parts)

    def attachment(self, filename: str) -> Attachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(
            f"message {self.id} has no attachment {filename!r}: {[a.filename for a in self.attachments]}"
        )

    def __repr__(self) -> str:
        flags = "ephemeral " if self.ephemeral else ""
        return (
            f"<Message {self.id} {flags}via={self.via} channel={self.channel_id} "
            f"answering={self.answered_member_id} content={self.content[:60]!r} "
            f"files={[a.filename for a in self.attachments]}>"
        )


@dataclass
class CallbackRecord:
    """An interaction callback (POST /interactions/{id}/{token}/callback)."""

    interaction_id: int
    type: int
    data: dict[str, Any]
    member_id: int
    at: float
    status: int = 200

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.data.get("flags", 0) or 0) & EPHEMERAL)


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components or []:
        yield comp
        for key in ("components", "items"):
            if isinstance(comp.get(key), list):
                yield from walk_components(comp[key])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _text_of(content: str, embeds: Any, components: Any, attachments: list[Attachment]) -> str:
    parts = [content or ""]
    parts.extend(_strings(embeds))
    parts.extend(_strings(components))
    parts.extend(a.filename for a in attachments)
    parts.extend(a.description for a in attachments if a.description)
    return "\n".join(p for p in parts if p)
