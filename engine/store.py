"""The storage protocol the table service saves through, and an in-memory implementation.

The table writes each change with :meth:`Store.commit`: the game record, the intents it appended,
the new snapshot, the open deadlines and the idempotency key, all in one transaction guarded by
compare-and-swap on the record's version. The SQLite implementation lives in ``bot/storage.py``
(engine/ imports no database driver); :class:`MemoryStore` serves tests and throwaway games.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Protocol

from .core.errors import StaleVersion
from .integrity import SavedSnapshot, checksum
from .records import Deadline, GameRecord, LoggedIntent

UNREADABLE_DEADLINE = "~unreadable"
"""The seat of a deadline a store read but could not decode (its text is not valid UTF-8): its game's
clock is lost, so the table sets the game aside when the row falls due (``~``: no seat name can be it)."""


@dataclass(frozen=True)
class PublicLine:
    """One line of a game's public log: the text of an event everyone may read (never a private event's),
    marked "(agent)" or "(deadline)" when no person played the intent, and the version that produced it."""

    version: int
    text: str


@dataclass(frozen=True)
class Cap:
    """A limit the store checks inside a change's own transaction (issue 32): once the change is written,
    at most ``most`` games with one of ``status`` may be hosted or played by ``user`` (or placed in the
    server ``guild``), else nothing is saved and :class:`CapReached` is raised. The store counts under a
    lock of that user's (or server's) games, so two changes, in one process or in several, never both
    pass a count that only one of them may pass."""

    most: int
    status: tuple[str, ...]
    user: str | None = None
    guild: str | None = None
    refusal: str = ""
    """What the member is told when the change is refused."""

    @property
    def key(self) -> str:
        """Whose games the cap counts: the changes that count them are serialised on it."""
        return f"user:{self.user}" if self.user is not None else f"guild:{self.guild}"


class CapReached(Exception):
    """A change would pass one of its :class:`Cap`: it was not saved."""

    def __init__(self, cap: Cap) -> None:
        super().__init__(cap.refusal)
        self.cap = cap


@dataclass
class Change:
    """One atomic change to a game, as the table hands it to the store."""

    record: GameRecord
    expected_version: int | None
    """The version the change was made against; None when the game is new."""
    snapshot: str | None = None
    snapshot_format: int = 1
    intents: list[LoggedIntent] = field(default_factory=list)
    deadlines: list[Deadline] | None = None
    """The game's open deadlines after the change (replacing the old ones); None leaves them as they are."""
    idempotency_key: str | None = None
    public_lines: list[PublicLine] = field(default_factory=list)
    """The public event texts of the intents this change applied, saved in the same transaction so that
    ``/game log`` replays nothing."""
    table_state: dict[str, Any] | None = None
    """The table's own state of the game (time banks, turn clocks, votes, extensions) after the change,
    saved in the same transaction; None leaves it as it is."""
    seats: bool = True
    """False when the record's seats are as stored: they are left as they are."""
    caps: tuple[Cap, ...] = ()
    """The limits this change could pass (it opens, joins or starts a game): checked in its transaction."""


class Store(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def commit(self, change: Change) -> None:
        """Save the change atomically; raise :class:`StaleVersion` if the stored version differs, and
        :class:`CapReached` (saving nothing) if the change would pass one of its caps."""
        ...

    async def game(self, game_id: str) -> GameRecord | None: ...

    async def snapshot(self, game_id: str) -> tuple[int, int, str] | None:
        """(version, format, text) of the newest snapshot."""
        ...

    async def saved_snapshot(self, game_id: str) -> SavedSnapshot | None:
        """The newest snapshot with its checksum and the intent-log length it was saved with (written
        by the store in the commit's transaction, so they prove the body and the log)."""
        ...

    async def intents(self, game_id: str) -> list[LoggedIntent]: ...

    async def idempotent(self, game_id: str, key: str) -> int | None:
        """The version the key produced in that game, if it was seen there before (keys are per game:
        a key seen in one game never drops a move in another)."""
        ...

    async def games(self, status: tuple[str, ...] = (), user: str | None = None) -> list[GameRecord]: ...

    async def game_of_thread(self, thread: str) -> str | None:
        """The id of the game whose ``place["thread"]`` is ``thread``, if any (an index: no game is read)."""
        ...

    async def unannounced(self) -> list[GameRecord] | None:
        """The games a front end must catch up on after a restart (a thread, and a newest version whose
        announcement was not recorded), selected by the store; None when the store does not keep the
        announced versions (the caller then checks each game)."""
        ...

    async def deadlines(self, due_before: float | None = None, game_id: str | None = None) -> list[Deadline]:
        """Open deadlines (of one game, or all); with ``due_before``, only those due or to be reminded by
        then."""
        ...

    async def claim_deadlines(self, now: float, lease: float) -> list[Deadline]:
        """The deadlines due (or to be reminded) at ``now`` that this process may handle: with several
        processes on one database each row goes to one of them, held ``lease`` seconds (then another may
        take it: its claimer died); a store only one process uses returns them all (:meth:`deadlines`)."""
        ...

    async def mark_reminded(self, game_id: str, seat: str) -> None: ...

    async def mark_damaged(self, game_id: str, reason: str) -> None:
        """Set the game aside: status ``damaged`` with the operator-facing reason; nothing else changes
        (the version, snapshot and intent log stay as they are, for a moderator to inspect)."""
        ...

    async def count_games(
        self, status: tuple[str, ...], user: str | None = None, guild: str | None = None
    ) -> int:
        """How many games have one of ``status``, hosted or played by ``user`` and placed in ``guild`` (each
        filter only when given): a count, so that limits never load every record."""
        ...

    async def public_log(
        self, game_id: str, limit: int, after_version: int | None = None
    ) -> list[PublicLine] | None:
        """The last ``limit`` public lines (of versions after ``after_version``), oldest first; None when
        the store does not hold them (a game saved before the public log was kept): replay the intents."""
        ...

    async def table_state(self, game_id: str) -> dict[str, Any]:
        """The table's own state of the game as last committed (``Change.table_state``); {} when none."""
        ...

    async def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these games (a game that does not exist is left out): one read,
        for a reader in another process to see which games changed."""
        ...

    async def web_token(self, kind: str, ref: str, fresh: str) -> str | None:
        """The web page token of a game, league or server (``kind``, its id ``ref``): the one stored, else
        ``fresh``, stored now; None when ``fresh`` is another's token already (the caller draws again)."""
        ...

    async def web_target(self, token: str) -> tuple[str, str] | None:
        """(kind, ref) of the web page ``token`` names, if any."""
        ...


class MemoryStore:
    """A :class:`Store` in memory: the same semantics as SQLite, lost when the process ends."""

    def __init__(self) -> None:
        self._games: dict[str, GameRecord] = {}
        self._snapshots: dict[str, SavedSnapshot] = {}
        self._intents: dict[str, list[LoggedIntent]] = {}
        self._deadlines: dict[str, list[Deadline]] = {}
        self._keys: dict[tuple[str, str], int] = {}
        self._public: dict[str, list[PublicLine]] = {}
        self._table_state: dict[str, dict[str, Any]] = {}
        self._web: dict[str, tuple[str, str]] = {}

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def commit(self, change: Change) -> None:
        record = change.record
        current = self._games.get(record.id)
        if change.expected_version is None:
            if current is not None:
                raise StaleVersion(f"game {record.id} already exists")
        elif current is None or current.version != change.expected_version:
            raise StaleVersion("The board has moved on.")
        if change.idempotency_key is not None and (record.id, change.idempotency_key) in self._keys:
            raise StaleVersion("That action was already applied.")
        for cap in change.caps:  # no await in commit: the count and the write are one step
            if self._counted(cap, record) > cap.most:
                raise CapReached(cap)
        self._games[record.id] = record.model_copy(deep=True)
        logged = self._intents.setdefault(record.id, [])
        logged.extend(i.model_copy() for i in change.intents)
        if change.snapshot is not None:
            self._snapshots[record.id] = SavedSnapshot(
                record.version,
                change.snapshot_format,
                change.snapshot,
                checksum(change.snapshot),
                logged[-1].seq if logged else 0,
            )
        if change.deadlines is not None:
            self._deadlines[record.id] = [d.model_copy() for d in change.deadlines]
        if change.idempotency_key is not None:
            self._keys[(record.id, change.idempotency_key)] = record.version
        self._public.setdefault(record.id, []).extend(change.public_lines)
        if change.table_state is not None:
            self._table_state[record.id] = copy.deepcopy(change.table_state)

    async def game(self, game_id: str) -> GameRecord | None:
        record = self._games.get(game_id)
        return record.model_copy(deep=True) if record else None

    async def snapshot(self, game_id: str) -> tuple[int, int, str] | None:
        saved = self._snapshots.get(game_id)
        return (saved.version, saved.format, saved.body) if saved else None

    async def saved_snapshot(self, game_id: str) -> SavedSnapshot | None:
        return self._snapshots.get(game_id)

    async def intents(self, game_id: str) -> list[LoggedIntent]:
        return copy.deepcopy(self._intents.get(game_id, []))

    async def idempotent(self, game_id: str, key: str) -> int | None:
        return self._keys.get((game_id, key))

    async def games(self, status: tuple[str, ...] = (), user: str | None = None) -> list[GameRecord]:
        out = []
        for record in self._games.values():
            if status and record.status not in status:
                continue
            if user is not None and record.seat_of(user) is None:
                continue
            out.append(record.model_copy(deep=True))
        return sorted(out, key=lambda r: r.created_at)

    async def game_of_thread(self, thread: str) -> str | None:
        return next((r.id for r in self._games.values() if str(r.place.get("thread")) == thread), None)

    async def unannounced(self) -> list[GameRecord] | None:
        return None

    async def deadlines(self, due_before: float | None = None, game_id: str | None = None) -> list[Deadline]:
        if game_id is not None:
            rows = list(self._deadlines.get(game_id, []))
        else:
            rows = [d for ds in self._deadlines.values() for d in ds]
        if due_before is not None:
            rows = [
                d for d in rows if d.due_at <= due_before or (not d.reminded and d.remind_at <= due_before)
            ]
        return sorted((d.model_copy() for d in rows), key=lambda d: (d.due_at, d.game_id, d.seat))

    async def claim_deadlines(self, now: float, lease: float) -> list[Deadline]:
        return await self.deadlines(due_before=now)  # one process: nobody to share them with

    async def mark_reminded(self, game_id: str, seat: str) -> None:
        for deadline in self._deadlines.get(game_id, []):
            if deadline.seat == seat:
                deadline.reminded = True

    async def mark_damaged(self, game_id: str, reason: str) -> None:
        record = self._games.get(game_id)
        if record is not None:
            record.status, record.damage = "damaged", reason
        self._deadlines.pop(game_id, None)

    # test helpers: damage a snapshot the way a disk or an old version would
    def corrupt_snapshot(self, game_id: str, text: str) -> None:
        saved = self._snapshots[game_id]
        self._snapshots[game_id] = SavedSnapshot(
            saved.version, saved.format, text, saved.checksum, saved.steps
        )

    async def count_games(
        self, status: tuple[str, ...], user: str | None = None, guild: str | None = None
    ) -> int:
        return sum(1 for r in self._games.values() if _counts(r, status, user, guild))

    def _counted(self, cap: Cap, changed: GameRecord) -> int:
        """What :meth:`count_games` would count for ``cap`` once ``changed`` is saved."""
        others = (r for gid, r in self._games.items() if gid != changed.id)
        return sum(1 for r in (*others, changed) if _counts(r, cap.status, cap.user, cap.guild))

    async def public_log(
        self, game_id: str, limit: int, after_version: int | None = None
    ) -> list[PublicLine] | None:
        lines = [
            line
            for line in self._public.get(game_id, [])
            if after_version is None or line.version > after_version
        ]
        return lines[-limit:] if limit > 0 else []

    async def table_state(self, game_id: str) -> dict[str, Any]:
        return copy.deepcopy(self._table_state.get(game_id, {}))

    async def versions(self, game_ids: list[str]) -> dict[str, int]:
        return {g: self._games[g].version for g in game_ids if g in self._games}

    async def web_token(self, kind: str, ref: str, fresh: str) -> str | None:
        found = next((t for t, target in self._web.items() if target == (kind, ref)), None)
        if found is not None:
            return found
        if fresh in self._web:
            return None
        self._web[fresh] = (kind, ref)
        return fresh

    async def web_target(self, token: str) -> tuple[str, str] | None:
        return self._web.get(token)


def _counts(record: GameRecord, status: tuple[str, ...], user: str | None, guild: str | None) -> bool:
    return (
        record.status in status
        and (user is None or record.host == user or record.seat_of(user) is not None)
        and (guild is None or record.place.get("guild") == guild)
    )
