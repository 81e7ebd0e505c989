"""The deadline loop: every few seconds, ask the table to apply expired defaults and send reminders.

Deadlines are rows in the database, not sleeping tasks, so a restart loses none: the first tick after
start-up handles everything that fell due while the bot was down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from engine.table import Table

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self, table: Table, seconds: float) -> None:
        self.table = table
        self.seconds = seconds
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="arbiter-deadlines")

    async def tick(self) -> int:
        """One pass; returns how many updates it made. Errors are logged, never fatal."""
        try:
            return len(await self.table.tick())
        except Exception:
            log.exception("deadline tick failed")
            return 0

    async def _run(self) -> None:
        while True:
            await self.tick()
            await asyncio.sleep(self.seconds)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
