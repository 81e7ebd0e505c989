"""Data that proves itself: the checks a saved game must pass before the table plays it again.

A store keeps, beside each snapshot, the sha256 of its body and the length of the intent log when it
was written (``steps``: the seq of the last logged intent). Those two facts live outside the body, so a
damaged body cannot vouch for itself, and a log that lost intents (at the end or in the middle) cannot
pass for a whole one. The table (``engine/table.py``) and ``arbiter db check`` (``bot/dbtools.py``)
use the same functions, so both judge a game the same way.

The rule, when a started game is loaded:

1. The intent log must be whole: seq numbers exactly 1..n, versions that never go down and never pass
   the game's version, and n equal to the length recorded beside the snapshot. Otherwise the game is
   damaged, whatever the snapshot says (the two no longer agree, and nothing says which is right).
2. The snapshot is used as it is only if its checksum matches its body, its format is the engine's, its
   version equals the game's version, its body loads, and its step count equals n. Its seats must then
   be the game's seat rows, in order; otherwise the rows were lost or altered and the game is damaged.
3. Otherwise the game is rebuilt from its setup by replaying all n intents; the rebuild is accepted only
   if every intent applies (any exception, a refusal included, means the log is not this game's), so it
   reaches exactly the recorded game: the same n intents, hence the same state. Otherwise: damaged.

The last logged intent's version may be below the game's: a pause, a kick, a pace change, a vacation
bump the version without logging an intent (and without changing the state), so "last version ==
game version" would refuse sound games. What pins the log is its recorded length (a log that lost its
tail is caught) and the snapshot's version (a stale snapshot is caught). A damaged game is never reset
to its setup: it is set aside for a moderator (``Table._set_aside``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from .records import GameRecord, LoggedIntent

ROW_UNREADABLE = "its database row cannot be decoded"
"""How a store's minimal damaged record (for a row it cannot read) begins its ``damage``: such a record
holds only what could be read, so it is never resumed until the row is repaired (cancelling it writes
back what could be read: the game is over then)."""


def checksum(body: str) -> str:
    """The checksum stored beside a snapshot body."""
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SavedSnapshot:
    """A snapshot row as the store keeps it."""

    version: int
    format: int
    body: str
    checksum: str
    """sha256 of ``body``; empty for a snapshot written before checksums existed."""
    steps: int | None
    """How many intents the log held when the snapshot was written; None when unknown (old rows)."""
    unreadable: str | None = None
    """Why the row's text could not be decoded (then ``body`` is empty): the game is rebuilt from its log."""


def snapshot_problem(record: GameRecord, saved: SavedSnapshot | None, engine_format: int) -> str | None:
    """Why the snapshot cannot be loaded as it is (then the game is rebuilt from its log), or None."""
    if saved is None:
        return "no snapshot"
    if saved.unreadable:
        return saved.unreadable
    if not saved.checksum:
        return "snapshot written before checksums"
    if checksum(saved.body) != saved.checksum:
        return "snapshot checksum mismatch"
    if saved.format != engine_format:
        return f"snapshot format {saved.format}, engine format {engine_format}"
    if saved.version != record.version:
        return f"snapshot version {saved.version}, game version {record.version}"
    return None


def seats_problem(record: GameRecord, seats: Sequence[str]) -> str | None:
    """Why the game's seat rows are not the seats its state plays (``seats``: the snapshot's), or None. A
    started game's seats never change, so any difference means seat rows were lost or altered."""
    stored = [s.seat for s in record.seats]
    if stored == list(seats):
        return None
    if not stored:
        return f"its seat rows are lost (the snapshot has {len(seats)} seats)"
    return f"its seat rows ({', '.join(stored)}) are not the snapshot's seats ({', '.join(seats)})"


def log_problem(record: GameRecord, intents: list[LoggedIntent], steps: int | None) -> str | None:
    """Why the intent log cannot be trusted, or None: it must be seq 1..n without gaps, with versions
    that never go down and never pass the game's version, and as long as the store recorded.

    Not every change logs an intent (a pause, a kick, a pace change bump the version alone), so the
    last intent's version may be below the game's; the recorded length is what catches a truncated log.
    """
    previous = 0
    for expected, logged in enumerate(intents, start=1):
        if logged.seq != expected:
            return f"intent log not contiguous: seq {logged.seq} where {expected} was expected"
        if logged.version < previous:
            return f"intent log versions go down at seq {logged.seq} ({previous} then {logged.version})"
        previous = logged.version
    if previous > record.version:
        return f"intent log reaches version {previous}, beyond the game's version {record.version}"
    if steps is not None and steps != len(intents):
        return f"intent log holds {len(intents)} intents, the snapshot was saved after {steps}"
    return None
