"""Issue 33, item 5: "the README's `pytest` ... says at the start how long it usually takes"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_default_run_says_how_long_it_usually_takes() -> None:
    """A collection-only run (nothing is run) prints the header as every run does."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-v",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "tests/test_report_header.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    from tests.conftest import SUITE_TIME

    assert SUITE_TIME.split(";")[0] in out.stdout, out.stdout[-2000:]
