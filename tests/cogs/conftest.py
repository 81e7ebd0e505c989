from __future__ import annotations

from collections.abc import Iterator

import pytest

from cogs import all_cogs
from engine.core import register, unregister
from tests.cogs.fakes import World
from tests.cogs.widegame import WIDE


@pytest.fixture(autouse=True)
def wide_game() -> Iterator[None]:
    register(WIDE)
    yield
    unregister("wide")


@pytest.fixture
def world() -> World:
    return World()


@pytest.fixture
def cogs(world: World) -> dict[str, object]:
    return {type(c).__name__: c for c in all_cogs(world.services)}
