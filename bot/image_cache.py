"""Boards already drawn, so the same board is never drawn twice (issue 21).

An image is kept under (what was drawn, game id, version, viewer) and a digest of the view it was drawn
from, so a view that differs for any reason (a deadline shown on the board, a read racing a change) is
drawn afresh rather than served stale. The cache is bounded by entries and by bytes, least recently used
out first: a busy bot's status edit, turn post and "Full board" clicks of one version share one drawing.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

ImageKey = tuple[str, int, str | None]
"""(game id, version, viewer seat or None for the public board)."""

MAX_IMAGES = 512
MAX_BYTES = 64 * 1024 * 1024


def view_digest(view: dict[str, Any]) -> str:
    return hashlib.blake2b(json.dumps(view, sort_keys=True, default=str).encode(), digest_size=16).hexdigest()


class ImageCache:
    def __init__(self, max_images: int = MAX_IMAGES, max_bytes: int = MAX_BYTES) -> None:
        self.max_images = max_images
        self.max_bytes = max_bytes
        self._images: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._bytes = 0
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(kind: str, key: ImageKey, view: dict[str, Any]) -> tuple[Any, ...]:
        return (kind, *key, view_digest(view))

    def get(self, full_key: tuple[Any, ...]) -> bytes | None:
        image = self._images.get(full_key)
        if image is None:
            self.misses += 1
            return None
        self.hits += 1
        self._images.move_to_end(full_key)
        return image

    def put(self, full_key: tuple[Any, ...], image: bytes) -> None:
        if len(image) > self.max_bytes:
            return
        old = self._images.pop(full_key, None)
        if old is not None:
            self._bytes -= len(old)
        self._images[full_key] = image
        self._bytes += len(image)
        while len(self._images) > self.max_images or self._bytes > self.max_bytes:
            _, dropped = self._images.popitem(last=False)
            self._bytes -= len(dropped)

    def __len__(self) -> int:
        return len(self._images)


__all__ = ["ImageCache", "ImageKey", "view_digest"]
