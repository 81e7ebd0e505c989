"""The flows that persistent components and the error reporter start, looked up by name.

The flows (:mod:`cogs.ui.flows`) build the components' layouts, so they sit above :mod:`cogs.ui.components`
and :mod:`cogs.ui.errors`; a button's callback and the "board has moved on" answer still need to start a
flow. They find it here instead of importing the flows: :mod:`cogs.ui.flows` registers each flow with
:func:`provides` when it is imported (the composition root and :func:`cogs.all_cogs` import it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

Flow = Callable[..., Awaitable[None]]
F = TypeVar("F", bound=Flow)

_FLOWS: dict[str, Flow] = {}


def provides(name: str) -> Callable[[F], F]:
    """Register the decorated coroutine function as the flow called ``name``."""

    def register(fn: F) -> F:
        _FLOWS[name] = fn
        return fn

    return register


def flow(name: str) -> Flow:
    """The flow registered as ``name``; a LookupError (reported as an unexpected error) when none is."""
    try:
        return _FLOWS[name]
    except KeyError:
        raise LookupError(f"no flow {name!r} is registered: cogs.ui.flows was not imported") from None


def registered() -> dict[str, Any]:
    return dict(_FLOWS)
