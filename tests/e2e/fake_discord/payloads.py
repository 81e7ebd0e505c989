"""JSON shapes the stand-in sends, as Discord's API v10 writes them."""

from __future__ import annotations

from typing import Any

from .recording import Attachment, Message
from .state import DM, Channel, FakeState, Guild, Role, User, iso_now


def member(state: FakeState, guild: Guild, user: User, *, with_permissions: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "user": user.payload(),
        "nick": None,
        "avatar": None,
        "roles": [str(r) for r in guild.member_roles.get(user.id, [])],
        "joined_at": guild.joined_at.get(user.id) or iso_now(),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_permissions:
        data["permissions"] = str(guild.permissions(user.id))
    return data


def _bot_overwrites(state: FakeState, ch: Channel) -> list[dict[str, Any]]:
    """What ``FakeDiscord.deny_bot`` took from the bot, as an overwrite on its role (discord.py reads it)."""
    guild = state.guilds.get(ch.guild_id or 0)
    if not ch.bot_denied or guild is None:
        return []
    role = next(r for r in guild.roles.values() if r.bot_id == state.bot_user.id)
    return [{"id": str(role.id), "type": 0, "allow": "0", "deny": str(ch.bot_denied)}]


def channel(state: FakeState, ch: Channel) -> dict[str, Any]:
    if ch.is_dm:
        recipient = state.users[ch.recipient_id or 0]
        return {
            "id": str(ch.id),
            "type": DM,
            "last_message_id": str(ch.last_message_id) if ch.last_message_id else None,
            "recipients": [recipient.payload()],
            "flags": 0,
        }
    data: dict[str, Any] = {
        "id": str(ch.id),
        "type": ch.type,
        "guild_id": str(ch.guild_id),
        "name": ch.name,
        "position": ch.position,
        "permission_overwrites": _bot_overwrites(state, ch),
        "nsfw": False,
        "parent_id": str(ch.parent_id) if ch.parent_id else None,
        "topic": None,
        "last_message_id": str(ch.last_message_id) if ch.last_message_id else None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if ch.is_thread:
        data.pop("position")
        data.pop("permission_overwrites")
        data.update(
            owner_id=str(ch.owner_id) if ch.owner_id else None,
            message_count=ch.message_count,
            total_message_sent=ch.message_count,
            member_count=len(ch.thread_member_ids),
            thread_metadata={
                "archived": ch.archived,
                "auto_archive_duration": ch.auto_archive_duration,
                "archive_timestamp": ch.created,
                "locked": ch.locked,
                "invitable": ch.invitable,
                "create_timestamp": ch.created,
            },
        )
    data.update(ch.extra)
    return data


def thread_member(ch: Channel, user_id: int) -> dict[str, Any]:
    return {"id": str(ch.id), "user_id": str(user_id), "join_timestamp": ch.created, "flags": 0}


def role(r: Role) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }
    if r.bot_id is not None:
        data["tags"] = {"bot_id": str(r.bot_id)}
    return data


def guild(state: FakeState, g: Guild, *, full: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }
    if full:
        channels = [state.channels[c] for c in g.channel_ids]
        data.update(
            joined_at=g.joined_at.get(state.bot_user.id) or iso_now(),
            large=False,
            unavailable=False,
            member_count=len(g.member_ids),
            voice_states=[],
            members=[member(state, g, state.users[u]) for u in g.member_ids],
            channels=[channel(state, c) for c in channels if not c.is_thread],
            threads=[channel(state, c) for c in channels if c.is_thread and not c.archived],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
    return data


def attachment(base_url: str, channel_id: int, att: Attachment) -> dict[str, Any]:
    url = f"{base_url}/attachments/{channel_id}/{att.id}/{att.filename}"
    data: dict[str, Any] = {
        "id": str(att.id),
        "filename": att.filename,
        "size": att.size,
        "url": url,
        "proxy_url": url,
        "content_type": att.content_type,
    }
    if att.description:
        data["description"] = att.description
    return data


def message(state: FakeState, base_url: str, msg: Message) -> dict[str, Any]:
    author = state.users[msg.author_id]
    data: dict[str, Any] = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        "author": author.payload(),
        "content": msg.content,
        "timestamp": msg.timestamp,
        "edited_timestamp": msg.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment(base_url, msg.channel_id, a) for a in msg.attachments],
        "embeds": msg.embeds,
        "pinned": False,
        "type": 0,
        "flags": msg.flags,
        "components": msg.components,
    }
    if msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
    if msg.message_reference:
        data["message_reference"] = msg.message_reference
        data["type"] = 19
    interaction = state.interactions.get(msg.interaction_id or 0)
    if interaction is not None:
        invoker = state.users[interaction.member_id]
        data["application_id"] = str(state.application_id)
        data["webhook_id"] = str(state.application_id)
        data["interaction_metadata"] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": invoker.payload(),
            "authorizing_integration_owners": {"0": str(interaction.guild_id)}
            if interaction.guild_id
            else {},
        }
        if interaction.type == 2 and msg.via != "followup":
            data["type"] = 20
    return data
