"""The deadline loop: every few seconds, ask the table to apply expired defaults and send reminders;
and, when one is due, an online backup of the database.

Deadlines are rows in the database, not sleeping tasks, so a restart loses none: the first tick after
start-up handles everything that fell due while the bot was down. Backups are due by the age of the
newest one in the backup folder, so a restart neither skips nor repeats one; a backup runs in a task of
its own beside the ticks (it copies in steps in a worker thread: ``bot/store/sqlite/backup_copy.py``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from engine.core import registry
from engine.table import Table

from .tasks import stop_task

if TYPE_CHECKING:
    from .store.sqlite.dbtools import BackupSchedule
    from .store.sqlite.storage import SqliteStore

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(
        self,
        table: Table,
        seconds: float,
        backups: BackupSchedule | None = None,
        store: SqliteStore | None = None,
    ) -> None:
        self.table = table
        self.seconds = seconds
        self.backups = backups
        self.store = store
        self._task: asyncio.Task[None] | None = None
        self._backup: asyncio.Task[None] | None = None
        """The backup being made: beside the ticks, so deadlines are applied on time while it copies."""

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

    async def backup(self) -> None:
        """A scheduled backup, if one is due. A failure is logged and tried again at the next tick."""
        if self.backups is None or self.store is None:
            return
        try:
            await self.backups.run_if_due(self.store)
        except Exception:
            log.exception("the scheduled backup to %s failed", self.backups.folder)

    async def _run(self) -> None:
        with registry.background():  # deadlines wait for the interactions' rules (issue 32)
            await self._loop()

    async def _loop(self) -> None:
        while True:
            await self.tick()
            if self._backup is None or self._backup.done():
                self._backup = asyncio.create_task(self.backup(), name="arbiter-backup")
            await asyncio.sleep(self.seconds)

    async def stop(self) -> None:
        task, self._task = self._task, None
        await stop_task(task)
        backup, self._backup = self._backup, None
        await stop_task(backup)  # its copy stops at its next step once the store closes
