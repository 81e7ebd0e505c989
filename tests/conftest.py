"""Shared fixtures: the toy game from tests/support is registered for every test."""

from __future__ import annotations

import pytest

from engine.core import register
from tests.support.toygame import TOY

pytest_plugins = ("tests.support.postgres",)  # the throwaway PostgreSQL, for the tests that ask for it

register(TOY)


@pytest.fixture
def toy():  # type: ignore[no-untyped-def]
    return TOY
