from __future__ import annotations

from collections.abc import Iterator

import pytest

from cogs import all_cogs
from engine.core import register, unregister
from tests.cogs.fakes import World
from tests.cogs.partsgame import LONG_PARTS, PARTS
from tests.cogs.widegame import WIDE


@pytest.fixture(autouse=True)
def wide_game() -> Iterator[None]:
    """The test games with long menus: ``wide`` (60 values of one argument), ``parts`` and ``partslong``
    (85 intents of three kinds, asked in parts)."""
    for game in (WIDE, PARTS, LONG_PARTS):
        register(game)
    yield
    for game_id in ("wide", "parts", "partslong"):
        unregister(game_id)


@pytest.fixture
def world() -> World:
    return World()


@pytest.fixture
def cogs(world: World) -> dict[str, object]:
    return {type(c).__name__: c for c in all_cogs(world.services)}
