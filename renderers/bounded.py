"""A least-recently-used cache held to a budget of bytes, shared by the render threads.

The renderers keep drawn parts (lines of text, words, layers) from one image to the next. Their sizes
differ by a hundredfold, so a count of entries says little about memory: each entry here is charged the
bytes it holds, and the least recently used go first once the budget is passed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

ENTRY_OVERHEAD = 200
"""Bytes charged to every entry beside its own (the key, the dictionary's slot, the image object)."""


class BoundedCache(Generic[K, V]):
    """Values by key, at most ``budget`` bytes of them (as charged by :meth:`put`), least recently used
    dropped first. Safe to share between threads: every read and write holds the lock."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: K) -> V | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: K, value: V, cost: int) -> None:
        """Keep ``value`` under ``key``, charged ``cost`` bytes (plus :data:`ENTRY_OVERHEAD`)."""
        charge = cost + ENTRY_OVERHEAD
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.held -= old[1]
            self._entries[key] = (value, charge)
            self.held += charge
            while self.held > self.budget and len(self._entries) > 1:
                _, (_, dropped) = self._entries.popitem(last=False)
                self.held -= dropped

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.held = 0
