from __future__ import annotations

from collections.abc import Iterator

import pytest

from cogs import all_cogs
from engine.core import register, unregister
from engine.store import MemoryStore
from engine.table import Table
from tests.cogs.fakes import World
from tests.cogs.widegame import WIDE


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wide_game() -> Iterator[None]:
    """The many-options test game (not autouse: tests/bot also holds others' tests of the CLI)."""
    register(WIDE)
    yield
    unregister("wide")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def world(clock: Clock) -> World:
    return World(Table(MemoryStore(), clock=clock))


@pytest.fixture
def cogs(world: World) -> dict[str, object]:
    return {type(c).__name__: c for c in all_cogs(world.services)}
