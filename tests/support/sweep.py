"""Long parametrized sweeps, split between the quick suite and the slow one (issue 33, item 5).

The README's ``pytest`` (``-m 'not slow'``) runs the first values of a sweep: every game and every check
still runs, on fewer seeds. ``pytest -m slow`` (run by ``.ci/run`` after the quick suite) runs the rest, so
CI still plays every seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def sweep(values: Iterable[Any], quick: int) -> list[Any]:
    """``values`` as pytest parameters: the first ``quick`` as they are, the others marked ``slow`` (a tuple
    is the values of several argument names, as ``parametrize`` takes it)."""
    out = []
    for i, v in enumerate(values):
        args = v if isinstance(v, tuple) else (v,)
        out.append(v if i < quick else pytest.param(*args, marks=pytest.mark.slow))
    return out
