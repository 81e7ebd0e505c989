"""Fixtures for end-to-end tests against the loopback Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.e2e.fake_discord import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord on a free 127.0.0.1 port (``fake_discord.api_base``, ``.gateway_url``)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
