"""REST routes about the bot itself: gateway, users, application, command sync, guilds."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import payloads
from .http_util import unknown
from .rest import add, body, fake_of, no_content, ok, payload, snowflake


async def get_gateway(request: web.Request) -> web.Response:
    return ok({"url": fake_of(request).gateway_url})


async def get_gateway_bot(request: web.Request) -> web.Response:
    return ok(
        {
            "url": fake_of(request).gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14400000,
                "max_concurrency": 1,
            },
        }
    )


async def get_me(request: web.Request) -> web.Response:
    return ok(fake_of(request).state.bot_user.payload())


async def get_user(request: web.Request) -> web.Response:
    state = fake_of(request).state
    user = state.users.get(snowflake(request, "user_id"))
    if user is None:
        raise unknown("User", 10013)
    return ok(user.payload())


async def get_application(request: web.Request) -> web.Response:
    state = fake_of(request).state
    return ok(
        {
            "id": str(state.application_id),
            "name": state.application_name,
            "icon": None,
            "description": "Arbiter under test",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": state.owner.payload(),
            "team": None,
            "bot": state.bot_user.payload(),
            "guild_id": None,
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(state.guilds),
            "tags": [],
            "redirect_uris": [],
            "install_params": None,
            "integration_types_config": {},
        }
    )


# -- application commands ------------------------------------------------------------------------


def _commands_for(request: web.Request) -> tuple[dict[str, dict[str, Any]], int | None]:
    state = fake_of(request).state
    if snowflake(request, "application_id") != state.application_id:
        raise unknown("Application", 10002)
    if "guild_id" not in request.match_info:
        return state.global_commands, None
    guild_id = snowflake(request, "guild_id")
    if guild_id not in state.guilds:
        raise unknown("Guild", 10004)
    return state.guild_commands.setdefault(guild_id, {}), guild_id


def _store_command(
    request: web.Request, table: dict[str, dict[str, Any]], guild_id: int | None, data: dict[str, Any]
) -> dict[str, Any]:
    state = fake_of(request).state
    previous = table.get(data["name"])
    cmd: dict[str, Any] = {
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": None,
        "dm_permission": True,
        "nsfw": False,
        **data,
        "id": previous["id"] if previous else str(state.ids.next()),
        "application_id": str(state.application_id),
        "version": str(state.ids.next()),
    }
    if guild_id is not None:
        cmd["guild_id"] = str(guild_id)
    table[cmd["name"]] = cmd
    return cmd


async def bulk_overwrite_commands(request: web.Request) -> web.Response:
    table, guild_id = _commands_for(request)
    items = body(request).json or []
    old = dict(table)
    table.clear()
    stored = []
    for data in items:
        if data["name"] in old:
            table[data["name"]] = old[data["name"]]
        stored.append(_store_command(request, table, guild_id, data))
    fake_of(request).state.command_syncs += 1
    return ok(stored)


async def list_commands(request: web.Request) -> web.Response:
    table, _ = _commands_for(request)
    return ok(list(table.values()))


async def upsert_command(request: web.Request) -> web.Response:
    table, guild_id = _commands_for(request)
    existed = payload(request)["name"] in table
    return ok(_store_command(request, table, guild_id, payload(request)), status=200 if existed else 201)


def _command_by_id(request: web.Request) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    table, _ = _commands_for(request)
    wanted = request.match_info["command_id"]
    for cmd in table.values():
        if cmd["id"] == wanted:
            return table, cmd
    raise unknown("application command", 10063)


async def get_command(request: web.Request) -> web.Response:
    return ok(_command_by_id(request)[1])


async def edit_command(request: web.Request) -> web.Response:
    table, cmd = _command_by_id(request)
    _, guild_id = _commands_for(request)
    del table[cmd["name"]]
    return ok(_store_command(request, table, guild_id, {**cmd, **payload(request)}))


async def delete_command(request: web.Request) -> web.Response:
    table, cmd = _command_by_id(request)
    del table[cmd["name"]]
    return no_content()


# -- guilds ----------------------------------------------------------------------------------------


def _guild(request: web.Request) -> Any:
    guild = fake_of(request).state.guilds.get(snowflake(request, "guild_id"))
    if guild is None:
        raise unknown("Guild", 10004)
    return guild


async def get_guild(request: web.Request) -> web.Response:
    state = fake_of(request).state
    data = payloads.guild(state, _guild(request), full=False)
    return ok(data)


async def get_guild_channels(request: web.Request) -> web.Response:
    state = fake_of(request).state
    guild = _guild(request)
    return ok(
        [
            payloads.channel(state, state.channels[c])
            for c in guild.channel_ids
            if not state.channels[c].is_thread
        ]
    )


async def get_active_threads(request: web.Request) -> web.Response:
    state = fake_of(request).state
    guild = _guild(request)
    threads = [state.channels[c] for c in guild.channel_ids if state.channels[c].is_thread]
    live = [t for t in threads if not t.archived]
    return ok(
        {
            "threads": [payloads.channel(state, t) for t in live],
            "members": [
                payloads.thread_member(t, state.bot_user.id)
                for t in live
                if state.bot_user.id in t.thread_member_ids
            ],
        }
    )


async def get_guild_member(request: web.Request) -> web.Response:
    state = fake_of(request).state
    guild = _guild(request)
    user_id = snowflake(request, "user_id")
    if user_id not in guild.member_ids:
        raise unknown("Member", 10007)
    return ok(payloads.member(state, guild, state.users[user_id]))


async def list_guild_members(request: web.Request) -> web.Response:
    state = fake_of(request).state
    guild = _guild(request)
    limit = int(request.query.get("limit", "1"))
    after = int(request.query.get("after", "0"))
    ids = sorted(u for u in guild.member_ids if u > after)[:limit]
    return ok([payloads.member(state, guild, state.users[u]) for u in ids])


async def get_roles(request: web.Request) -> web.Response:
    return ok([payloads.role(r) for r in _guild(request).roles.values()])


def register(app: web.Application) -> None:
    add(app, "GET", "/gateway", get_gateway)
    add(app, "GET", "/gateway/bot", get_gateway_bot)
    add(app, "GET", "/users/@me", get_me)
    add(app, "GET", "/users/{user_id:\\d+}", get_user)
    add(app, "GET", "/oauth2/applications/@me", get_application)
    add(app, "GET", "/applications/@me", get_application)
    for prefix in ("/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"):
        add(app, "GET", prefix + "/commands", list_commands)
        add(app, "PUT", prefix + "/commands", bulk_overwrite_commands)
        add(app, "POST", prefix + "/commands", upsert_command)
        add(app, "GET", prefix + "/commands/{command_id}", get_command)
        add(app, "PATCH", prefix + "/commands/{command_id}", edit_command)
        add(app, "DELETE", prefix + "/commands/{command_id}", delete_command)
    add(app, "GET", "/guilds/{guild_id}", get_guild)
    add(app, "GET", "/guilds/{guild_id}/channels", get_guild_channels)
    add(app, "GET", "/guilds/{guild_id}/threads/active", get_active_threads)
    add(app, "GET", "/guilds/{guild_id}/members", list_guild_members)
    add(app, "GET", "/guilds/{guild_id}/members/{user_id}", get_guild_member)
    add(app, "GET", "/guilds/{guild_id}/roles", get_roles)
