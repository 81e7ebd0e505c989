"""A per-user interaction rate limit: a token bucket for each user.

Every slash command and every component click costs one token; a user's bucket holds ``capacity``
tokens and refills at ``capacity / per_seconds`` tokens a second, so a burst of ``capacity`` actions is
fine and a steady flood is held to the refill rate. Autocomplete requests (one per keystroke) use a
separate, larger bucket of the same user so typing never uses up the actions.

The buckets live in memory: a restart forgives everyone, which is harmless (the limit protects the
bot from floods, it decides nothing about a game). Buckets of users who stopped acting are dropped once
they are full again, so memory stays bounded by the users active in the last ``per_seconds``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

AUTOCOMPLETE_FACTOR = 5
"""An autocomplete bucket holds this many times the actions of the ordinary one (one request per key)."""
SWEEP_EVERY = 1024
"""Look for full (idle) buckets to drop after this many checks."""


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    """``allow(user)`` takes a token from ``user``'s bucket, or says how long until one is back."""

    def __init__(
        self, capacity: int = 10, per_seconds: float = 10.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if capacity < 1 or per_seconds <= 0:
            raise ValueError("a rate limit needs a capacity of at least 1 and a positive period")
        self.capacity = float(capacity)
        self.rate = capacity / per_seconds
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}
        self._checks = 0

    def _refilled(self, key: str, capacity: float, rate: float, now: float) -> _Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(capacity, now)
        else:
            bucket.tokens = min(capacity, bucket.tokens + max(0.0, now - bucket.at) * rate)
            bucket.at = now
        return bucket

    def allow(self, user: str, autocomplete: bool = False) -> bool:
        return self.retry_after(user, autocomplete) == 0.0

    def retry_after(self, user: str, autocomplete: bool = False) -> float:
        """0 when the action may go ahead (a token is taken); else the seconds until the next token."""
        now = self.clock()
        self._checks += 1
        if self._checks % SWEEP_EVERY == 0:
            self._sweep(now)
        factor = AUTOCOMPLETE_FACTOR if autocomplete else 1
        capacity, rate = self.capacity * factor, self.rate * factor
        bucket = self._refilled(("a:" if autocomplete else "u:") + user, capacity, rate, now)
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return max(0.001, (1.0 - bucket.tokens) / rate)

    def _sweep(self, now: float) -> None:
        """Forget buckets that have had time to fill up again: they hold no information."""
        full_after = self.capacity / self.rate
        for key in [k for k, b in self._buckets.items() if now - b.at >= full_after]:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)


def polite(retry_after: float, now: float | None = None) -> str:
    """What a user is told when they act faster than the limit allows: when they can act again, as a Discord
    timestamp (each reader sees it count down, so it stays true however late the answer is read) and in
    seconds, rounded up so that waiting that long is enough."""
    seconds = max(1, math.ceil(retry_after))
    unit = "second" if seconds == 1 else "seconds"
    at = math.ceil((time.time() if now is None else now) + retry_after)
    return (
        f"You are going a little fast: you can act again <t:{at}:R> (in {seconds} {unit}). "
        "Nothing was changed by this request."
    )
