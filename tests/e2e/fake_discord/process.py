"""Run a bot as a separate process pointed at the stand-in by environment variables only."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeDiscord


class BotProcess:
    """A bot subprocess: ``await start()`` waits for its IDENTIFY, ``kill()`` is SIGKILL, ``restart()``.

    Its stdout and stderr go to ``log_path`` (read them with ``logs()`` when a test fails).
    """

    def __init__(
        self,
        fake: FakeDiscord,
        argv: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
        log_path: str | Path | None = None,
    ) -> None:
        self.fake = fake
        self.argv = [sys.executable if a == "{python}" else a for a in argv]
        self.env = {**os.environ, **fake.env(), **(env or {})}
        self.cwd = cwd
        self.log_path = (
            Path(log_path) if log_path else Path(tempfile.mkstemp(prefix="bot-", suffix=".log")[1])
        )
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self, timeout: float = 30.0) -> None:
        if self.proc is not None and self.proc.returncode is None:
            raise RuntimeError("the bot process is already running")
        wanted = self.fake.gateway.ready_count + 1
        with self.log_path.open("ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv, env=self.env, cwd=self.cwd, stdout=log, stderr=log, start_new_session=True
            )
        self.starts += 1
        proc = self.proc
        ready = asyncio.ensure_future(self.fake.wait_until_ready(wanted, timeout=timeout))
        exited = asyncio.ensure_future(proc.wait())
        await asyncio.wait([ready, exited], return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            raise RuntimeError(
                f"bot exited with code {proc.returncode} before IDENTIFY; log:\n{self.logs()[-4000:]}"
            )
        exited.cancel()
        try:
            ready.result()
        except TimeoutError:
            raise TimeoutError(
                f"bot did not IDENTIFY within {timeout}s; log:\n{self.logs()[-4000:]}"
            ) from None

    async def kill(self) -> None:
        """SIGKILL, as a crash or an OOM kill would: nothing gets to clean up."""
        await self._signal(signal.SIGKILL, timeout=10.0)

    async def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM, then SIGKILL after ``timeout``."""
        try:
            await self._signal(signal.SIGTERM, timeout=timeout)
        except TimeoutError:
            await self.kill()

    async def restart(self, timeout: float = 30.0) -> None:
        await self.kill()
        await self.start(timeout)

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    def cpu_seconds(self) -> float:
        """CPU time (user and system) the running bot process has used so far; 0.0 where /proc is not."""
        if self.proc is None:
            return 0.0
        try:
            with open(f"/proc/{self.proc.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def logs(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def _signal(self, sig: int, timeout: float) -> None:
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return
        proc.send_signal(sig)
        await asyncio.wait_for(proc.wait(), timeout)
        # the fake notices the dead socket (the kernel closes it) before the next start
        await self.fake.state.wait_for(
            lambda: not self.fake.gateway.connected, 5, "the bot's socket to close"
        )

    async def __aenter__(self) -> BotProcess:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
