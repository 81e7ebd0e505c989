"""Simulated members: they act through interactions the stand-in dispatches to the bot.

alice = fake.add_member("alice")
h = await alice.slash("game", "new", game="infamy", seats=3)
msg = await h.message()            # the bot's answer (waits, 5 s by default)
h2 = await alice.click(msg, "join")
print(h.latency)                   # seconds from dispatch to the bot's first callback
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import payloads
from .recording import CallbackRecord, Message
from .state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    Guild,
    Interaction,
    User,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
BUTTON, STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 2, 3, 5, 6, 7, 8
MODAL_CALLBACK, DEFERRED_UPDATE = 9, 6


class InteractionHandle:
    """One interaction a member started; wait here for the bot's answers."""

    def __init__(self, fake: FakeDiscord, interaction: Interaction, member: SimMember) -> None:
        self.fake = fake
        self.interaction = interaction
        self.member = member

    @property
    def id(self) -> int:
        return self.interaction.id

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's first callback, None while unanswered."""
        return self.interaction.latency

    @property
    def callback(self) -> CallbackRecord | None:
        return self.interaction.callback

    def answers(self) -> list[Message]:
        """Messages answering this interaction so far (not counting an unfilled "thinking" placeholder)."""
        state = self.fake.state
        ids = [self.interaction.original_message_id, *self.interaction.followup_ids]
        msgs = [state.messages[i] for i in ids if i is not None and i in state.messages]
        return [m for m in msgs if not m.loading]

    def ephemeral_answers(self) -> list[Message]:
        return [m for m in self.answers() if m.ephemeral]

    async def response(self, timeout: float = 5.0) -> CallbackRecord:
        """The bot's callback (the acknowledgement Discord wants within 3 seconds)."""
        return await self.fake.state.wait_for(
            lambda: self.interaction.callback, timeout, f"a callback to {self._describe()}"
        )

    async def messages(self, count: int = 1, timeout: float = 5.0) -> list[Message]:
        """Wait until at least ``count`` answering messages exist (a deferred answer counts once filled)."""

        def ready() -> list[Message] | None:
            cb = self.interaction.callback
            if cb is None:
                return None
            found = self.answers()
            if cb.type == DEFERRED_UPDATE:
                # the source message only counts once the bot has edited it after deferring
                found = [
                    m for m in found if m.id != self.interaction.original_message_id or m.updated_at > cb.at
                ]
            return found if len(found) >= count else None

        return await self.fake.state.wait_for(ready, timeout, f"{count} answer(s) to {self._describe()}")

    async def message(self, timeout: float = 5.0) -> Message:
        """The first answering message."""
        return (await self.messages(1, timeout))[0]

    async def choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        """Autocomplete choices the bot answered with."""
        cb = await self.response(timeout)
        if cb.type != 8:
            raise AssertionError(f"expected an autocomplete result (8), the bot answered type {cb.type}")
        return list(cb.data.get("choices", []))

    async def modal(self, timeout: float = 5.0) -> dict[str, Any]:
        """The modal the bot opened (custom_id, title, components)."""
        cb = await self.response(timeout)
        if cb.type != MODAL_CALLBACK:
            raise AssertionError(f"expected a modal (9), the bot answered type {cb.type}")
        return cb.data

    def _describe(self) -> str:
        data = self.interaction.payload.get("data", {})
        what = data.get("name") or data.get("custom_id") or "?"
        return f"interaction {self.id} (type {self.interaction.type}, {what!r}) from {self.member.name}"

    def __repr__(self) -> str:
        return f"<InteractionHandle {self._describe()} latency={self.latency}>"


class SimMember:
    """A guild member driven by a test."""

    def __init__(self, fake: FakeDiscord, user: User, guild: Guild) -> None:
        self.fake = fake
        self.user = user
        self.guild = guild

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<SimMember {self.name} {self.id}>"

    # -- what the member sees --------------------------------------------------------------------

    def close_dms(self) -> None:
        self.fake.faults.close_dms(self.id)

    def open_dms(self) -> None:
        self.fake.faults.open_dms(self.id)

    def can_see(self, message: Message) -> bool:
        return self.fake.state.can_see(self.id, message)

    def visible_messages(self) -> list[Message]:
        return self.fake.state.messages_visible_to(self.id)

    def dms(self) -> list[Message]:
        return self.fake.state.dms_to(self.id)

    def clickable(self, prefix: str = "") -> list[tuple[Message, dict[str, Any]]]:
        """(message, component) for every enabled button or select this member can use now, newest
        message first, whose custom_id starts with ``prefix``: what an agent may press next."""
        found = []
        for msg in reversed(self.fake.state.messages_visible_to(self.id, include_deleted=False)):
            if msg.loading:
                continue
            for comp in msg.walk_components():
                cid = comp.get("custom_id")
                if cid is None or comp.get("disabled") or not str(cid).startswith(prefix):
                    continue
                if comp.get("type") in (
                    BUTTON,
                    STRING_SELECT,
                    USER_SELECT,
                    ROLE_SELECT,
                    MENTIONABLE_SELECT,
                    CHANNEL_SELECT,
                ) and comp.get("style") not in (5, 6):
                    found.append((msg, comp))
        return found

    # -- acting ----------------------------------------------------------------------------------

    async def slash(
        self,
        command: str,
        *path: str,
        channel: Channel | int | str | None = None,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Invoke ``/command [group] [sub] opt=value ...`` (names as registered with Discord)."""
        ch = self._channel(channel)
        data = self._command_data(command, path, {**(options or {}), **kwargs}, ch, focused=None)
        return await self._send(APPLICATION_COMMAND, data, ch)

    async def autocomplete(
        self,
        command: str,
        *path: str,
        focused: str,
        channel: Channel | int | str | None = None,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Type into option ``focused`` (its current text among the kwargs); ``await h.choices()``."""
        ch = self._channel(channel)
        values = {**(options or {}), **kwargs}
        values.setdefault(focused, "")
        data = self._command_data(command, path, values, ch, focused=focused)
        return await self._send(AUTOCOMPLETE, data, ch)

    async def click(self, message: Message | int, custom_id: str) -> InteractionHandle:
        msg = self._visible(message)
        comp = self._component(msg, custom_id)
        if comp.get("type") != BUTTON:
            raise ValueError(f"{custom_id!r} is not a button (type {comp.get('type')})")
        if comp.get("style") in (5, 6) or "custom_id" not in comp:
            raise ValueError(f"{custom_id!r} is a link/premium button: Discord sends no interaction")
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return await self._send(MESSAGE_COMPONENT, data, self.fake.state.channels[msg.channel_id], msg)

    async def select(self, message: Message | int, custom_id: str, values: list[Any]) -> InteractionHandle:
        msg = self._visible(message)
        comp = self._component(msg, custom_id)
        ctype = int(comp.get("type", 0))
        if ctype not in (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT):
            raise ValueError(f"{custom_id!r} is not a select (type {ctype})")
        str_values = [str(getattr(v, "id", v)) for v in values]
        low, high = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
        if not low <= len(str_values) <= high:
            raise ValueError(f"{custom_id!r} takes {low}..{high} values, got {len(str_values)}")
        if ctype == STRING_SELECT:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in str_values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r}: {allowed}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype, "values": str_values}
        if ctype in (USER_SELECT, MENTIONABLE_SELECT):
            data["resolved"] = self._resolve_users([int(v) for v in str_values])
        return await self._send(MESSAGE_COMPONENT, data, self.fake.state.channels[msg.channel_id], msg)

    async def submit_modal(self, opened: InteractionHandle, values: dict[str, Any]) -> InteractionHandle:
        """Fill in and submit the modal the bot opened in answer to ``opened``, by component custom_id."""
        modal = await opened.modal()
        unused = dict(values)
        components = _modal_answers(modal.get("components", []), unused)
        if unused:
            raise KeyError(f"the modal has no inputs {sorted(unused)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        source = opened.interaction.payload.get("message")
        msg = self.fake.state.messages.get(int(source["id"])) if source else None
        channel = self.fake.state.channels[opened.interaction.channel_id]
        return await self._send(MODAL_SUBMIT, data, channel, msg)

    # -- building interactions -------------------------------------------------------------------

    def _channel(self, channel: Channel | int | str | None) -> Channel:
        state = self.fake.state
        if channel is None:
            return state.channels[self.guild.channel_ids[0]]
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, int):
            return state.channels[channel]
        return state.channel_by_name(channel, self.guild)

    def _visible(self, message: Message | int) -> Message:
        state = self.fake.state
        msg = state.messages[message if isinstance(message, int) else message.id]
        if msg.deleted:
            raise LookupError(f"message {msg.id} was deleted")
        if not state.can_see(self.id, msg):
            raise PermissionError(f"{self.name} cannot see message {msg.id} (ephemeral for someone else?)")
        return msg

    def _component(self, msg: Message, custom_id: str) -> dict[str, Any]:
        comp = msg.find_component(custom_id)
        if comp is None:
            raise LookupError(f"message {msg.id} has no component {custom_id!r}; it has {msg.custom_ids()}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return comp

    def _command_data(
        self, name: str, path: tuple[str, ...], values: dict[str, Any], channel: Channel, focused: str | None
    ) -> dict[str, Any]:
        state = self.fake.state
        cmd = state.command(name, channel.guild_id)
        if cmd is None:
            raise LookupError(
                f"no command /{name} registered; the bot synced {state.command_names(channel.guild_id)}"
            )
        resolved: dict[str, Any] = {}
        root: list[dict[str, Any]] = []
        container, defs = root, cmd.get("options", [])
        for part in path:
            d = _option_def(defs, part, name)
            if d["type"] not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise LookupError(f"{part!r} is an option of /{name}, not a subcommand")
            entry: dict[str, Any] = {"name": part, "type": d["type"], "options": []}
            container.append(entry)
            container, defs = entry["options"], d.get("options", [])
        for key, value in values.items():
            d = _option_def(defs, key, name)
            if d["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise LookupError(f"{key!r} is a subcommand of /{name}: pass it positionally")
            if key == focused:  # what the member has typed so far, always text
                container.append({"name": key, "type": d["type"], "value": str(value), "focused": True})
                continue
            choices = [c["value"] for c in d.get("choices") or []]
            if choices and value not in choices:
                raise ValueError(f"/{name} {key}: {value!r} is not one of its choices {choices}")
            container.append(
                {"name": key, "type": d["type"], "value": self._option_value(d["type"], value, resolved)}
            )
        if focused is None:
            missing = [d["name"] for d in defs if d.get("required") and d["name"] not in values]
            if missing:
                raise ValueError(f"/{name} {' '.join(path)}: required options missing: {missing}")
        data: dict[str, Any] = {"id": cmd["id"], "name": name, "type": cmd.get("type", 1), "options": root}
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data

    def _option_value(self, type_: int, value: Any, resolved: dict[str, Any]) -> Any:
        if type_ == INTEGER:
            return int(value)
        if type_ == NUMBER:
            return float(value)
        if type_ == BOOLEAN:
            return bool(value)
        if type_ in (USER, MENTIONABLE):
            user_id = int(getattr(value, "id", value))
            for key, items in self._resolve_users([user_id]).items():
                resolved.setdefault(key, {}).update(items)
            return str(user_id)
        if type_ == CHANNEL:
            ch = self._channel(value if not hasattr(value, "id") else value.id)
            resolved.setdefault("channels", {})[str(ch.id)] = {
                **payloads.channel(self.fake.state, ch),
                "permissions": str(self.guild.permissions(self.id)),
            }
            return str(ch.id)
        if type_ == ROLE:
            return str(getattr(value, "id", value))
        return str(value)

    def _resolve_users(self, user_ids: list[int]) -> dict[str, Any]:
        state = self.fake.state
        users, members = {}, {}
        for uid in user_ids:
            user = state.users[uid]
            users[str(uid)] = user.payload()
            if uid in self.guild.member_ids:
                m = payloads.member(state, self.guild, user, with_permissions=True)
                m.pop("user")
                members[str(uid)] = m
        return {"users": users, "members": members}

    def interaction_payload(
        self,
        iid: int,
        token: str,
        type_: int,
        data: dict[str, Any],
        channel: Channel,
        message: Message | None,
    ) -> dict[str, Any]:
        state = self.fake.state
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(state.application_id),
            "type": type_,
            "data": data,
            "channel_id": str(channel.id),
            "channel": {
                **payloads.channel(state, channel),
                "permissions": str(self.guild.permissions(self.id)),
            },
            "token": token,
            "version": 1,
            "locale": "en-US",
            "app_permissions": str(self.guild.permissions(state.bot_user.id) & ~self._bot_denied(channel)),
            "entitlements": [],
            "attachment_size_limit": self.guild.upload_limit,
        }
        if channel.is_dm:
            payload.update(user=self.user.payload(), context=1, authorizing_integration_owners={"0": "0"})
        else:
            payload.update(
                guild_id=str(self.guild.id),
                guild={"id": str(self.guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=payloads.member(state, self.guild, self.user, with_permissions=True),
                context=0,
                authorizing_integration_owners={"0": str(self.guild.id)},
            )
        if message is not None:
            payload["message"] = payloads.message(state, self.fake.base_url, message)
        return payload

    def _bot_denied(self, channel: Channel) -> int:
        parent = self.fake.state.channels.get(channel.parent_id or 0) if channel.is_thread else None
        return channel.bot_denied | (parent.bot_denied if parent is not None else 0)

    async def _send(
        self, type_: int, data: dict[str, Any], channel: Channel, message: Message | None = None
    ) -> InteractionHandle:
        state = self.fake.state
        if not state.can_see_channel(self.id, channel):
            raise PermissionError(f"{self.name} cannot see channel {channel.id}")
        iid = state.ids.next()
        token = state.new_token(iid)
        payload = self.interaction_payload(iid, token, type_, data, channel, message)
        interaction = Interaction(iid, token, type_, self.id, channel.id, channel.guild_id, payload)
        state.interactions[iid] = interaction
        state.interactions_by_token[token] = interaction
        interaction.sent_at = time.monotonic()
        interaction.deliveries = 1
        await self.fake.gateway.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(self.fake, interaction, self)


def _option_def(defs: list[dict[str, Any]], name: str, command: str) -> dict[str, Any]:
    for d in defs:
        if d["name"] == name:
            return d
    raise LookupError(f"/{command} has no option or subcommand {name!r}; it has {[d['name'] for d in defs]}")


def _modal_answers(components: list[dict[str, Any]], values: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for comp in components:
        ctype = comp.get("type")
        if ctype == 1:
            out.append({"type": 1, "components": _modal_answers(comp.get("components", []), values)})
        elif ctype == 18:
            inner = _modal_answers([comp["component"]], values)
            entry: dict[str, Any] = {"type": 18, "component": inner[0] if inner else {}}
            if "id" in comp:
                entry["id"] = comp["id"]
            out.append(entry)
        elif "custom_id" in comp:
            cid = comp["custom_id"]
            value = values.pop(cid, comp.get("value"))
            answer: dict[str, Any] = {"type": ctype, "custom_id": cid}
            if "id" in comp:
                answer["id"] = comp["id"]
            if ctype == 4:
                answer["value"] = "" if value is None else str(value)
            elif ctype == 21:
                answer["value"] = value
            elif ctype == 23:
                answer["value"] = bool(value)
            else:
                answer["values"] = [str(v) for v in (value or [])]
            out.append(answer)
    return out
