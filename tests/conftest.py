"""Shared fixtures: the toy game from tests/support is registered for every test."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from engine.core import register
from tests.support.toygame import TOY

pytest_plugins = ("tests.support.postgres",)  # the throwaway PostgreSQL, for the tests that ask for it

register(TOY)


@pytest.fixture
def toy():  # type: ignore[no-untyped-def]
    return TOY


SUITE_TIME = (
    "this run usually takes about 3 minutes on 2 cores (one worker a core; 159 s measured quiet); "
    "`pytest -m slow` runs the rest: the long sweeps and scenarios (.ci/run runs them too), the soak, "
    "the 500-game load and the 100,000-game restart"
)
"""Issue 33, item 5: a newcomer's `pytest` says at its start how long it usually takes."""


def pytest_report_header(config: pytest.Config) -> str | None:
    """The first lines of the run: how long it usually takes (the default run, not the slow one)."""
    marks = str(config.getoption("markexpr", "") or "")
    return None if marks and "not slow" not in marks else SUITE_TIME


_exit_status: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _exit_status.append(int(exitstatus))


def pytest_unconfigure(config: pytest.Config) -> None:
    """A test that fails while a database connection is open leaves that connection's worker thread
    running, and Python would wait for it forever at exit (the run never ends). Everything is reported
    by now: name the threads and leave with the run's own status."""
    lingering = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if lingering and _exit_status:
        names = ", ".join(sorted(t.name for t in lingering))
        sys.stderr.write(
            f"\n{len(lingering)} worker thread(s) still running at exit ({names}): leaving anyway\n"
        )
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_exit_status[-1])
