"""Graceful shutdown (issue 21): the gate refuses new interactions politely once closing and waits for the
ones in flight to finish before the store is closed."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord

from bot.gate import CLOSING, Gate
from cogs.ui.admission import admit


class Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, ephemeral: bool = False) -> None:
        self.sent.append((text, ephemeral))


def interaction(gate: Gate) -> Any:
    return SimpleNamespace(
        client=SimpleNamespace(gate=gate),
        type=discord.InteractionType.application_command,
        response=Response(),
        user=SimpleNamespace(id=42),
    )


async def test_closing_waits_for_interactions_in_flight_and_refuses_new_ones() -> None:
    gate = Gate()
    finished: list[str] = []
    release = asyncio.Event()

    async def handler() -> None:
        assert await admit(interaction(gate))
        await release.wait()  # the store is still open while it works
        finished.append("answered")

    task = asyncio.create_task(handler())
    await asyncio.sleep(0)
    assert gate.inflight == 1
    closing = asyncio.create_task(gate.close(timeout=5))
    await asyncio.sleep(0.01)
    assert not closing.done(), "the close waits for the interaction in flight"
    late = interaction(gate)
    assert not await admit(late)
    assert late.response.sent == [(CLOSING, True)]
    release.set()
    await closing
    assert finished == ["answered"] and task.done() and gate.inflight == 0


async def test_a_stuck_interaction_does_not_hold_the_shutdown_forever() -> None:
    gate = Gate()

    async def stuck() -> None:
        assert await admit(interaction(gate))
        await asyncio.sleep(60)

    task = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    await asyncio.wait_for(gate.close(timeout=0.05), 2)
    assert gate.closing and not task.done()
    task.cancel()
