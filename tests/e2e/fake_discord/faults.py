"""Faults on demand: refused DMs, 429 rate limits, arbitrary HTTP errors.

Rules match a request by method and route template (``"/channels/{channel_id}/messages"``, as listed
by ``FakeDiscord.routes()``) or by exact path (``"/channels/123/messages"``); ``"*"`` matches any.
The gateway drop lives on the gateway (``FakeDiscord.drop_gateway``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from aiohttp import web

from .http_util import json_response

CANNOT_MESSAGE_USER = 50007


@dataclass
class Rule:
    method: str
    route: str
    times: int  # how many more matching requests it answers
    hits: int = 0

    def matches(self, method: str, route: str, path: str) -> bool:
        if self.times <= 0:
            return False
        if self.method not in ("*", method):
            return False
        return self.route in ("*", route, path)


@dataclass
class RateLimitRule(Rule):
    retry_after: float = 0.25
    is_global: bool = False
    bucket: str = "fakebucket"


@dataclass
class StallRule(Rule):
    seconds: float = 10.0
    status: int | None = None  # after the wait: None answers normally, else this error (504: timed out)


@dataclass
class ErrorRule(Rule):
    status: int = 500
    code: int = 0
    message: str = "Internal Server Error"


class Faults:
    def __init__(self) -> None:
        self.rules: list[Rule] = []
        self.closed_dms: set[int] = set()

    def rate_limit(
        self,
        method: str,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.25,
        is_global: bool = False,
    ) -> RateLimitRule:
        """Answer the next ``times`` matching requests with 429 and ``retry_after``."""
        rule = RateLimitRule(method.upper(), route, times, retry_after=retry_after, is_global=is_global)
        self.rules.append(rule)
        return rule

    def error(
        self,
        method: str,
        route: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "Internal Server Error",
        times: int = 1,
    ) -> ErrorRule:
        """Answer the next ``times`` matching requests with an error status and Discord's error body."""
        rule = ErrorRule(method.upper(), route, times, status=status, code=code, message=message)
        self.rules.append(rule)
        return rule

    def stall(
        self, method: str, route: str, *, seconds: float = 10.0, status: int | None = None, times: int = 1
    ) -> StallRule:
        """Hold the next ``times`` matching requests for ``seconds`` (a slow or hung Discord), then answer
        them normally or, with ``status`` (504: Discord's gateway timeout), with that error."""
        rule = StallRule(method.upper(), route, times, seconds=seconds, status=status)
        self.rules.append(rule)
        return rule

    def close_dms(self, user_id: int) -> None:
        """The user refuses DMs from the bot: sending to their DM channel fails with 403 / 50007."""
        self.closed_dms.add(user_id)

    def open_dms(self, user_id: int) -> None:
        self.closed_dms.discard(user_id)

    def clear(self) -> None:
        self.rules.clear()
        self.closed_dms.clear()

    def take(self, method: str, route: str, path: str) -> tuple[str, web.Response] | None:
        """The fault answer for this request, if a rule claims it (stalls are :meth:`take_stall`'s)."""
        for rule in self.rules:
            if not isinstance(rule, StallRule) and rule.matches(method, route, path):
                rule.times -= 1
                rule.hits += 1
                if isinstance(rule, RateLimitRule):
                    return "rate_limit", rate_limited(rule)
                assert isinstance(rule, ErrorRule)
                return "error", error_response(rule.status, rule.code, rule.message)
        return None

    def take_stall(self, method: str, route: str, path: str) -> StallRule | None:
        for rule in self.rules:
            if isinstance(rule, StallRule) and rule.matches(method, route, path):
                rule.times -= 1
                rule.hits += 1
                return rule
        return None


def error_response(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status=status)


def cannot_message_user() -> web.Response:
    return error_response(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")


def rate_limited(rule: RateLimitRule) -> web.Response:
    now = time.time()
    headers = {
        "Retry-After": str(max(1, math.ceil(rule.retry_after))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{now + rule.retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{rule.retry_after:.3f}",
        "X-RateLimit-Bucket": rule.bucket,
        "X-RateLimit-Scope": "global" if rule.is_global else "user",
        # discord.py treats a 429 without Via as a Cloudflare ban and gives up.
        "Via": "1.1 google",
    }
    if rule.is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": rule.retry_after,
        "global": rule.is_global,
    }
    if rule.is_global:
        body["code"] = 0
    return json_response(body, status=429, headers=headers)
