"""The gate every interaction passes (issue 21: graceful shutdown).

While the bot runs, an interaction that passes the admission check is *in flight* until the task handling
it ends (the check runs inside that very task: the command tree's invoker, or the component's). At
shutdown the gate closes: a new interaction is refused with a polite "restarting" answer instead of
meeting a closed database, and :meth:`Gate.drain` waits for those in flight to be answered normally;
only then is the store closed.
"""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)

CLOSING = "Arbiter is restarting. Nothing was changed: try again in a minute."


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


__all__ = ["CLOSING", "Gate"]
