"""What a listing of the legal intents reads of the table, read once per listing.

A Real World turn's list asks a dozen actions for their options, and each reads who stands where, the
models on the board, the characters that may act, the closed doors and who holds the security Terminals;
the parts of a Cyberwarfare plan judge every card offered against the Team's hand and network. Nothing
changes while such a list is drawn (``legal`` and :func:`.plans.remaining` change no state), so inside
:func:`listing` a function marked :func:`once` answers from what it found the first time for the same
arguments; outside a listing (the rules changing the table) it reads afresh every time. The memo is the
listing's own and goes with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


class _Listings(threading.local):
    """The listings under way in this thread, innermost last: the state listed and what was read of it (a
    thread replaying a game while another lists never reads the other's)."""

    def __init__(self) -> None:
        self.open: list[tuple[object, dict[Hashable, Any]]] = []


_LISTINGS = _Listings()
_UNREAD = object()
"""What a memo holds for what was not read yet (None may be an answer)."""


@contextmanager
def listing(state: object) -> Iterator[None]:
    """Within this block ``state`` does not change: what :func:`once` functions read of it is kept."""
    under_way = _LISTINGS.open
    under_way.append((state, {}))
    try:
        yield
    finally:
        under_way.pop()


def once(fn: F) -> F:
    """``fn(state, *args)`` (hashable ``args``) read once per listing of ``state``, else every time."""

    @wraps(fn)
    def read(state: object, *args: Hashable) -> Any:
        under_way = _LISTINGS.open
        if not under_way or under_way[-1][0] is not state:
            return fn(state, *args)
        memo, key = under_way[-1][1], (fn, args)
        found = memo.get(key, _UNREAD)
        if found is _UNREAD:
            found = memo[key] = fn(state, *args)
        return found

    return cast(F, read)


__all__ = ["listing", "once"]
