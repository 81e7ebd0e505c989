"""Operator tools for the SQLite database: online backups (on a schedule and by hand), restore, check.

    arbiter db backup PATH     an online copy (SQLite's backup API: consistent while the bot runs)
    arbiter db restore PATH    puts a backup in place, after checking it; the old file is kept as ``.bak``
    arbiter db check           quick_check, then every game's snapshot checksum, version and intent log

With ``ARBITER_DATABASE_URL=postgresql://...`` (or ``--db`` a PostgreSQL URL) ``check`` judges each game
of the PostgreSQL store the same way; backup and restore are then PostgreSQL's own (``pg_dump``,
``pg_restore``), and ``arbiter db copy`` (``bot/store/dbcopy.py``) moves an SQLite database into PostgreSQL.

A backup is written under a temporary name, checked with ``PRAGMA quick_check``, and only then renamed
into place, so a half-written copy never looks like a backup. The scheduled backups
(:class:`BackupSchedule`) are named ``arbiter-YYYYmmdd-HHMMSS.db`` in the backup folder; the newest
``keep`` are kept. A restore refuses a file that is empty, not a database, fails ``quick_check`` or
holds no Arbiter tables, and moves the current database (with its ``-wal`` and ``-shm`` companions,
which belong to it) aside as ``NAME.bak`` first: stop the bot before restoring.

``check`` judges each game with the same functions the table uses when it loads a game
(``engine/integrity.py``, ``Table.saved_state``: the snapshot's checksum, version and seats against the
game's seat rows, and the intent log); a row that cannot be decoded is its game's problem alone: a line
per problem, nothing when all is well, never a traceback.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from engine.core import registry
from engine.core.errors import DamagedGame
from engine.integrity import log_problem
from engine.records import GameRecord
from engine.store import UNREADABLE_DEADLINE, Store
from engine.table import Table

from ..errors import StoreRefused
from ..stores import is_postgres
from .storage import SqliteStore

log = logging.getLogger(__name__)

BACKUP_PREFIX = "arbiter-"
BACKUP_SUFFIX = ".db"
COMPANIONS = ("-wal", "-shm")
"""SQLite's files beside a WAL database: they belong to it and move with it."""


class ToolError(Exception):
    """A tool could not do what was asked; the message says why, in plain words."""


PG_BACKUPS = (
    "The database is PostgreSQL: back it up with pg_dump (pg_dump -Fc -f arbiter.dump URL) and "
    "restore with pg_restore; arbiter db backup and restore are for an SQLite file."
)


def _sqlite_only(db_path: str | Path) -> None:
    if is_postgres(str(db_path)):
        raise ToolError(PG_BACKUPS)


async def backup(db_path: str | Path, target: str | Path) -> Path:
    """An online copy of the database at ``db_path`` to ``target`` (a file, or a folder to put a dated
    file in). The database must exist: a backup never creates one."""
    _sqlite_only(db_path)
    target = Path(target)
    if target.is_dir():
        target = target / backup_name(time.time())
    if target.resolve() == Path(db_path).resolve():
        raise ToolError("The backup must not be the database itself.")
    store = SqliteStore(db_path, create=False)
    try:
        await store.open()
    except StoreRefused as exc:
        raise ToolError(str(exc)) from None
    try:
        await store.backup(target)
    except StoreRefused as exc:
        raise ToolError(str(exc)) from None
    finally:
        await store.close()
    return target


def backup_name(now: float) -> str:
    return BACKUP_PREFIX + time.strftime("%Y%m%d-%H%M%S", time.gmtime(now)) + BACKUP_SUFFIX


def inspect_backup(path: Path) -> list[str]:
    """Why ``path`` is not a sound Arbiter database (empty when it is), without changing it."""
    if not path.is_file():
        return [f"{path} does not exist or is not a file."]
    if path.stat().st_size == 0:
        return [f"{path} is empty (0 bytes)."]
    try:
        # immutable: exactly the bytes that a restore copies (never a -wal beside it), and nothing written
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as exc:
        return [f"{path} cannot be opened: {exc}"]
    try:
        try:
            rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
            tables = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_version'"
            ).fetchone()
        except sqlite3.DatabaseError as exc:
            return [f"{path} is not a readable SQLite database: {exc}"]
    finally:
        conn.close()
    if rows != ["ok"]:
        return [f"{path} failed SQLite's integrity check: " + "; ".join(rows[:5])]
    if tables is None:
        return [f"{path} holds no Arbiter tables (no schema_version table)."]
    return []


def restore(db_path: str | Path, source: str | Path) -> Path | None:
    """Put the backup ``source`` in place of ``db_path``, after checking it. Returns where the old
    database was kept (``NAME.bak``), or None when there was none."""
    _sqlite_only(db_path)
    db, source = Path(db_path), Path(source)
    if source.resolve() == db.resolve():
        raise ToolError("The backup to restore is the database itself.")
    problems = inspect_backup(source)
    if problems:
        raise ToolError("Not restored: " + " ".join(problems) + " The database was not changed.")
    db.parent.mkdir(parents=True, exist_ok=True)
    partial = db.with_name(db.name + ".restoring")
    shutil.copyfile(source, partial)  # first the copy, so a full disk leaves the old database in place
    kept: Path | None = None
    if db.exists():
        kept = db.with_name(db.name + ".bak")
        for suffix in ("", *COMPANIONS):
            old_kept = Path(str(kept) + suffix)
            old_kept.unlink(missing_ok=True)
        for suffix in ("", *COMPANIONS):
            current = Path(str(db) + suffix)
            if current.exists():
                os.replace(current, Path(str(kept) + suffix))
    for suffix in COMPANIONS:  # a stray -wal of another database must never be replayed into this one
        Path(str(db) + suffix).unlink(missing_ok=True)
    os.replace(partial, db)
    return kept


async def check(db_path: str | Path) -> list[str]:
    """Every problem found, one line each: SQLite's quick_check, then each game's saved data."""
    store: Store
    if is_postgres(str(db_path)):
        # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
        from ..postgres.pg_store import PostgresStore

        store = PostgresStore(str(db_path))
    else:
        store = SqliteStore(db_path, create=False)
    try:
        await store.open()
    except StoreRefused as exc:
        return [str(exc)]
    try:
        lines = (
            [f"database: {p}" for p in await store.quick_check()] if isinstance(store, SqliteStore) else []
        )
        table = Table(store)
        await registry.ready()  # every game's rules, off the event loop
        for record in await store.games():
            lines += [
                f"game {record.id} ({record.game}, {record.status}): {p}"
                for p in await game_problems(table, record)
            ]
        unreadable = sorted({d.game_id for d in await store.deadlines() if d.seat == UNREADABLE_DEADLINE})
        lines += [
            f"game {gid}: a deadline row cannot be decoded (its clock is lost: the game is set aside when "
            "it falls due)"
            for gid in unreadable
        ]
        return lines
    finally:
        await store.close()


async def game_problems(table: Table, record: GameRecord) -> list[str]:
    """What is wrong with one game's saved data: the same judgement as the table's load."""
    if record.status == "damaged":
        return [f"set aside as damaged: {record.damage or 'no reason recorded'}"]
    if record.status == "lobby":
        return []
    if record.game not in registry.games():
        return [f"unknown game {record.game!r}"]
    store = table.store
    aside = " (the game cannot be trusted: it is set aside when loaded)"
    try:
        saved = await store.saved_snapshot(record.id)
        intents = await store.intents(record.id)  # DamagedGame: a row that cannot be decoded
        if saved is None and not intents and record.status == "aborted":
            return []  # cancelled in its lobby: it never had a state
        problem = log_problem(record, intents, saved.steps if saved else None)
        if problem is not None:
            return [problem + aside]
        if saved is None:
            return ["no snapshot for a started game"]
        state, unusable = table.saved_state(record, saved, len(intents))
    except DamagedGame as exc:
        return [exc.reason + aside]
    if state is not None:
        return []
    try:
        await table.rebuild(record)
    except DamagedGame as exc:
        return [f"{unusable}, and the intent log does not rebuild it: {exc.reason}"]
    return [f"{unusable} (the intent log rebuilds it when the game is next loaded)"]


@dataclass
class BackupSchedule:
    """Online backups every ``every_hours`` into ``folder``, keeping the newest ``keep``.

    Due when the newest backup in the folder is older than the period (so a restart does not make a
    fresh copy each time, and a bot that was down for a week makes one at once)."""

    db_path: str
    folder: Path
    every_hours: float
    keep: int

    @property
    def enabled(self) -> bool:
        return self.every_hours > 0 and self.db_path != ":memory:"

    def backups(self) -> list[Path]:
        """The scheduled backups in the folder, oldest first (their names sort by time)."""
        if not self.folder.is_dir():
            return []
        return sorted(
            p
            for p in self.folder.iterdir()
            if p.name.startswith(BACKUP_PREFIX) and p.name.endswith(BACKUP_SUFFIX) and p.is_file()
        )

    def due(self, now: float) -> bool:
        if not self.enabled:
            return False
        existing = self.backups()
        return not existing or now - existing[-1].stat().st_mtime >= self.every_hours * 3600

    async def run_if_due(self, store: SqliteStore, now: float | None = None) -> Path | None:
        """Make a backup through the bot's own open store, if one is due; prune the old ones."""
        now = time.time() if now is None else now
        if not self.due(now):
            return None
        target = self.folder / backup_name(now)
        started = time.perf_counter()
        await store.backup(target)
        log.info("database backed up to %s in %.2f s", target, time.perf_counter() - started)
        self.prune()
        return target

    def prune(self) -> None:
        existing = self.backups()
        for old in existing[: max(0, len(existing) - max(1, self.keep))]:
            old.unlink(missing_ok=True)
            log.info("old backup %s removed (keeping %d)", old, self.keep)
