"""The Python garbage collector, set for a long-running bot (issue 21).

By default CPython collects its youngest objects every 700 allocations and its middle generation every
10 of those. A move allocates a few hundred objects that live on (the new state of the game), so the
middle collection, 1 to 2 ms, landed on one move in fifty: the slowest 1 % of moves were mostly moves
that happened to pay for it. :data:`THRESHOLDS` collects the youngest generation every 50,000
allocations instead: the same work in rarer pauses (5 to 7 ms, once in several hundred moves), far
inside any answer's 3 seconds.

:func:`settle` then moves everything alive once start-up is over (modules, classes, the data packs,
fonts) out of the collector's sight (``gc.freeze``): it lives as long as the process, and a full
collection no longer walks it. It does not collect first: when the bot is about to connect, a full
collection finds about 130 unreachable objects among about 68,000 and took 46 ms on the path from a
restart to the first answer (issue 33), so those few are frozen with the rest. Both are measured by
``arbiter bench``, which runs with the same settings as the bot.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 10)
"""``gc.set_threshold`` for every ``arbiter`` command (CPython's default: 700, 10, 10)."""


def tune() -> None:
    """Collect in rarer, larger steps (see the module's text)."""
    gc.set_threshold(*THRESHOLDS)


def settle() -> None:
    """After start-up: freeze what is alive (never collected again, never walked again), with the little
    garbage start-up left (see the module's text)."""
    gc.freeze()
