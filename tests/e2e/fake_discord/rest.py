"""REST plumbing: the middleware that authenticates, records, injects faults and adds rate-limit headers."""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .http_util import Body, DiscordError, json_response, parse_body
from .recording import RecordedRequest

if TYPE_CHECKING:
    from .server import FakeDiscord

API = "/api/v10"
FAKE_KEY: web.AppKey[FakeDiscord] = web.AppKey("fake_discord")
BODY_KEY: web.RequestKey[Body] = web.RequestKey("body")
RECORD_KEY: web.RequestKey[RecordedRequest] = web.RequestKey("record")
# Routes Discord serves without the bot token (the interaction token is the credential).
NO_AUTH_PREFIXES = ("/interactions/", "/webhooks/", "/gateway")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def body(request: web.Request) -> Body:
    return request[BODY_KEY]


def payload(request: web.Request) -> dict[str, Any]:
    data = body(request).json
    return data if isinstance(data, dict) else {}


def fake_of(request: web.Request) -> FakeDiscord:
    return request.app[FAKE_KEY]


def snowflake(request: web.Request, name: str) -> int:
    try:
        return int(request.match_info[name])
    except ValueError:
        raise DiscordError(400, 50035, f"Invalid Form Body: {name} is not snowflake") from None


def ok(data: Any, status: int = 200) -> web.Response:
    return json_response(data, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


def _ratelimit_headers(resp: web.StreamResponse, route: str) -> None:
    bucket = hashlib.sha1(route.encode()).hexdigest()[:16]
    resp.headers.setdefault("X-RateLimit-Limit", "50")
    resp.headers.setdefault("X-RateLimit-Remaining", "49")
    resp.headers.setdefault("X-RateLimit-Reset", f"{time.time() + 1:.3f}")
    resp.headers.setdefault("X-RateLimit-Reset-After", "1.000")
    resp.headers.setdefault("X-RateLimit-Bucket", bucket)


@web.middleware
async def discord_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    if not request.path.startswith("/api/"):
        return await handler(request)
    fake = fake_of(request)
    rel = request.path[len(API) :] if request.path.startswith(API + "/") else request.path
    resource = request.match_info.route.resource
    canonical = resource.canonical if resource is not None else ""
    route = canonical[len(API) :] if canonical.startswith(API + "/") else rel
    raw = await request.read()
    parsed = parse_body(request.headers.get("Content-Type", ""), raw)
    rec = RecordedRequest(
        request.method, rel, route, dict(request.query), parsed.json, parsed.files, time.monotonic()
    )
    fake.state.requests.append(rec)
    request[BODY_KEY] = parsed
    request[RECORD_KEY] = rec
    resp: web.StreamResponse
    try:
        if not request.path.startswith(API + "/"):
            raise DiscordError(404, 0, "404: Not Found (the fake speaks API v10 only)")
        if not rel.startswith(NO_AUTH_PREFIXES):
            if request.headers.get("Authorization") != f"Bot {fake.state.token}":
                raise DiscordError(401, 0, "401: Unauthorized")
        stall = fake.faults.take_stall(request.method, route, rel)
        if stall is not None:
            rec.fault = "stall"
            await asyncio.sleep(stall.seconds)
            if stall.status is not None:
                raise DiscordError(stall.status, 0, f"{stall.status}: the fake held this request")
        fault = fake.faults.take(request.method, route, rel)
        if fault is not None:
            rec.fault, resp = fault
        else:
            resp = await handler(request)
    except DiscordError as exc:
        resp = exc.response()
        rec.fault = rec.fault or getattr(exc, "fault", None)
        rec.code, rec.errors = exc.code, exc.errors
    except (web.HTTPNotFound, web.HTTPMethodNotAllowed):
        fake.state.unhandled.append(rec)
        resp = DiscordError(
            404, 0, f"404: Not Found (the fake has no route {request.method} {rel})"
        ).response()
    rec.status = resp.status
    if resp.status != 429:
        _ratelimit_headers(resp, route)
    fake.state.changed()
    return resp


def add(app: web.Application, method: str, path: str, handler: Handler) -> None:
    app.router.add_route(method, API + path, handler)
