"""Snapshot bodies as the SQLite store keeps them: the state's JSON text compressed with zlib, in the body
column as a BLOB (issue 33: a stored game's size).

A snapshot is a game's whole state as JSON (4 to 10 KB); compressed at zlib's fastest level it is about 2.7
times smaller (4,290 bytes to 1,612 for an Infamy game) for about 40 microseconds a submit, and every submit
writes it again, so the WAL shrinks by as much. The checksum stays the text's (``engine/integrity.py``), so
a snapshot proves itself the same way whichever way it is stored. A TEXT body (written before this, or by a
repair) is read as it is. PostgreSQL compresses long values itself (TOAST), so its store keeps text.
"""

from __future__ import annotations

import zlib

from ..rows import BadText

LEVEL = 1
"""zlib's fastest level: level 6 saves 150 bytes more of 4,290 and takes half as long again."""


def packed(text: str) -> bytes:
    """The body column's value for a snapshot's text."""
    return zlib.compress(text.encode("utf-8"), LEVEL)


def unpacked(value: object) -> str:
    """The snapshot's text from the body column: a BLOB is inflated, TEXT is taken as it is. A BLOB that
    does not inflate to UTF-8 text comes back as :class:`~bot.store.rows.BadText`, so the snapshot is
    refused as unreadable and its game rebuilt from its intent log."""
    if isinstance(value, bytes):
        try:
            return zlib.decompress(value).decode("utf-8")
        except (zlib.error, UnicodeDecodeError):
            return BadText(value.decode("utf-8", "replace"))
    return value if isinstance(value, str) else str(value)  # a BadText stays one
