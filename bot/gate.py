"""The gate every interaction passes (issue 21: graceful shutdown).

While the bot runs, an interaction that passes the admission check is *in flight* until the task handling
it ends (the check runs inside that very task: the command tree's invoker, or the component's). At
shutdown the gate closes: a new interaction is refused with a polite "restarting" answer instead of
meeting a closed database, and :meth:`Gate.drain` waits for those in flight to be answered normally;
only then is the store closed.

:class:`Work` bounds what runs behind the acknowledgements (issue 33: 500 members opening games at once
outran one process, and interactions expired unanswered): an interaction is acknowledged first, then its
work waits its turn, a few at a time, in the order they came (each game's own changes are ordered by its
lock in the table); when the queue is full, a turn does not come soon enough, or the announcements are
too far behind the database, the member is told the referee is busy, never left without an answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

CLOSING = "Arbiter is restarting. Nothing was changed: try again in a minute."
BUSY = "The referee is busy: try again in a moment. Nothing was changed."
RUNNING = 8
"""Interactions whose work runs at once (each holds the event loop in turns; more only lengthen every
answer and starve the acknowledgements of those arriving)."""
WAITING = 400
"""Interactions whose work may wait for a turn; one more is told the referee is busy."""
WAIT_SECONDS = 10.0
"""The longest an interaction's work waits for its turn before the member is told the referee is busy."""
BEHIND_SECONDS = 2.5
"""While the oldest committed change not yet announced has waited longer than this, new work is told the
referee is busy: the moves that would pile up behind it would be announced later and later (issue 21:
announcements at most 5 s behind the database), so they wait for the announcements instead."""


class Busy(Exception):
    """The interaction's work could not get a turn: :data:`BUSY` is what the member reads."""

    def __init__(self) -> None:
        super().__init__(BUSY)


class Work:
    """At most ``running`` interactions' work at once, at most ``waiting`` more waiting their turn (first
    come, first served); each holds its turn until its task ends. Measured by :attr:`most_waiting` (the
    longest queue seen) and :attr:`refused` (members told the referee is busy)."""

    def __init__(
        self,
        running: int = RUNNING,
        waiting: int = WAITING,
        wait_seconds: float = WAIT_SECONDS,
        behind: Callable[[], float] | None = None,
        behind_most: float = BEHIND_SECONDS,
    ) -> None:
        """``behind``: how many seconds the announcements are behind the database (none: never)."""
        self._turns = asyncio.Semaphore(running)
        self.behind = behind or (lambda: 0.0)
        self.behind_most = behind_most
        self.waiting_most = waiting
        self.wait_seconds = wait_seconds
        self.waiting = 0
        self.most_waiting = 0
        self.refused = 0
        self._holding: set[asyncio.Task[object]] = set()

    async def enter(self) -> None:
        """Wait for the current task's turn (at once if it has one); :class:`Busy` if none comes."""
        task = asyncio.current_task()
        if task is None or task in self._holding:
            return
        if self.behind() > self.behind_most:
            self._refuse()
        if self._turns.locked():
            await self._wait_for_turn()
        else:
            await self._turns.acquire()  # a free turn: taken at once
        self._holding.add(task)
        task.add_done_callback(self._leave)

    async def _wait_for_turn(self) -> None:
        if self.waiting >= self.waiting_most:
            self._refuse()
        self.waiting += 1
        self.most_waiting = max(self.most_waiting, self.waiting)
        try:
            await asyncio.wait_for(self._turns.acquire(), self.wait_seconds)
        except TimeoutError:
            self._refuse()
        finally:
            self.waiting -= 1

    def _refuse(self) -> None:
        self.refused += 1
        if self.refused in (1, 10, 100) or self.refused % 1000 == 0:
            log.warning(
                "the referee is busy: %d interactions told so (%d waiting)", self.refused, self.waiting
            )
        raise Busy()

    def _leave(self, task: asyncio.Task[object]) -> None:
        self._holding.discard(task)
        self._turns.release()


class Gate:
    def __init__(self) -> None:
        self.closing = False
        self._inflight: set[asyncio.Task[object]] = set()

    @property
    def inflight(self) -> int:
        return len(self._inflight)

    def enter(self) -> bool:
        """Admit the current task's interaction; False once the gate is closing."""
        if self.closing:
            return False
        task = asyncio.current_task()
        if task is not None and task not in self._inflight:
            self._inflight.add(task)
            task.add_done_callback(self._inflight.discard)
        return True

    async def close(self, timeout: float) -> None:
        """Refuse new interactions, then wait up to ``timeout`` seconds for those in flight."""
        self.closing = True
        current = asyncio.current_task()
        pending = [t for t in self._inflight if t is not current]
        if not pending:
            return
        log.info("shutting down: waiting for %d interactions in flight", len(pending))
        _, late = await asyncio.wait(pending, timeout=timeout)
        if late:
            log.warning("shutting down with %d interactions still in flight", len(late))


__all__ = ["BUSY", "CLOSING", "Busy", "Gate", "Work"]
