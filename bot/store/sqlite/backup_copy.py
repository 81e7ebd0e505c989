"""An online backup that never stalls a move (issue 32: "a read waited 3.24 s of a 3.27 s backup").

The copy runs in a worker thread on connections of its own, never on the store's connection nor under
its lock: SQLite's backup API copies :data:`BACKUP_PAGES` pages a step and the thread rests
:data:`BACKUP_PAUSE` seconds between steps. The source connection holds one read transaction for the
whole copy, so in WAL mode it reads one moment of the database (a consistent copy) while the bot's
commits go on beside it, and those commits never restart it. A move waits for no step: at most for the
database file's own locks, which a backup step holds no longer than the step itself.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BACKUP_PAGES = 256
"""Pages copied per step (1 MiB at SQLite's default 4 KiB page): a step takes a few milliseconds."""
BACKUP_PAUSE = 0.002
"""Seconds the copying thread rests between steps, so the bot's threads get the processor and the disk."""


class BackupStopped(Exception):
    """The store was closed while its backup was copied: the partial copy is dropped."""


@dataclass
class Steps:
    """How the copy went: the time of each step (seconds), for the logs and the tests."""

    seconds: list[float] = field(default_factory=list)
    pages: int = 0

    @property
    def longest(self) -> float:
        return max(self.seconds, default=0.0)


def copy_in_steps(
    source_path: str,
    target: Path,
    stop: threading.Event,
    pages: int = BACKUP_PAGES,
    pause: float = BACKUP_PAUSE,
    steps: Steps | None = None,
) -> None:
    """Copy the database at ``source_path`` to ``target`` (a new file) in steps. Raises
    :class:`BackupStopped` once ``stop`` is set."""
    steps = steps if steps is not None else Steps()
    source = sqlite3.connect(source_path, isolation_level=None)
    dest = sqlite3.connect(target, isolation_level=None)
    try:
        source.execute("PRAGMA busy_timeout=5000")
        source.execute("BEGIN")
        source.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # the moment the copy is of
        started = time.perf_counter()

        def progress(_status: int, remaining: int, total: int) -> None:
            nonlocal started
            steps.seconds.append(time.perf_counter() - started)
            steps.pages = total
            if stop.is_set():
                raise BackupStopped("the store was closed during the backup")
            if remaining:
                time.sleep(pause)
            started = time.perf_counter()

        source.backup(dest, pages=pages, progress=progress)
        source.execute("COMMIT")
    finally:
        dest.close()
        source.close()


__all__ = ["BACKUP_PAGES", "BACKUP_PAUSE", "BackupStopped", "Steps", "copy_in_steps"]
