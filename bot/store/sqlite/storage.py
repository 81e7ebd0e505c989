"""The SQLite store (aiosqlite, WAL): games, seats, intent log, snapshots, deadlines, idempotency keys.

Numbered migrations run at start-up. Every :class:`~engine.store.Change` is one ``BEGIN IMMEDIATE``
transaction whose first statement is a compare-and-swap on the game's version, so two writers (two
processes, or a stale cache) can never both apply a change to the same version.

One connection serves the process; an :class:`asyncio.Lock` serialises its use, so a transaction of
one game never interleaves with another game's statements (the table's locks are per game).

WAL checkpoints run in the background (:class:`Checkpoints`), never on a commit.

``synchronous=NORMAL`` in WAL mode (the default): a committed change survives the process being killed
at any moment; only a power cut can lose the last few commits. ``synchronous="full"``
(``ARBITER_SYNCHRONOUS=full``) syncs the WAL at every commit, so a power cut loses nothing committed.

Opening checks the file before trusting it: a file that exists but is empty is refused (it was a
database once: taking it as new would lose every game without a word), ``PRAGMA quick_check`` must
pass (a file over 64 MB is checked in the background while the bot serves, and if it fails no change is
saved any more: the check reads the whole file, and a start must not wait seconds on it), and a non-empty
file must hold Arbiter's tables. Each row is decoded on its own, so one row
that cannot be read is logged with its game id and returned as a minimal damaged record, and every
other game still loads.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from engine.integrity import SavedSnapshot
from engine.records import Deadline, GameRecord, LoggedIntent, SeatRecord
from engine.store import Change, PublicLine

from ...tasks import stop_task
from ..errors import StoreRefused, migration_failed, no_schema_version
from ..league_rows import MIGRATION as LEAGUE_TABLES
from ..rows import (
    deadlines_from_rows,
    decode_record,
    intent_from_row,
    public_lines_from_rows,
    read_text,
    seat_from_row,
    snapshot_from_row,
    table_state_from_text,
)
from ..web_rows import MIGRATION as WEB_LINKS
from .backup_copy import Steps, copy_in_steps
from .packed import unpacked
from .sqlite_write import count_games_sql, write_change
from .web_sqlite import WebReads

log = logging.getLogger(__name__)

SETTINGS_TABLES = """
    CREATE TABLE IF NOT EXISTS follows (
        game_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        mode TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE IF NOT EXISTS user_settings (user_id TEXT PRIMARY KEY, body TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS guild_settings (guild_id TEXT PRIMARY KEY, body TEXT NOT NULL);
"""
"""Migration 6, also run by :class:`bot.prefs.Prefs` on a file of its own (``IF NOT EXISTS``: either
order)."""

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        status TEXT NOT NULL,
        host TEXT NOT NULL,
        max_seats INTEGER NOT NULL,
        options TEXT NOT NULL,
        pace TEXT NOT NULL,
        seed INTEGER NOT NULL,
        version INTEGER NOT NULL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        place TEXT NOT NULL,
        winners TEXT NOT NULL,
        reason TEXT NOT NULL
    );
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        position INTEGER NOT NULL,
        seat TEXT NOT NULL,
        user_id TEXT,
        name TEXT NOT NULL,
        away INTEGER NOT NULL,
        missed INTEGER NOT NULL,
        PRIMARY KEY (game_id, position)
    );
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE TABLE intents (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL,
        intent TEXT NOT NULL,
        by_user TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        version INTEGER NOT NULL,
        format INTEGER NOT NULL,
        body TEXT NOT NULL
    );
    CREATE TABLE deadlines (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        kind TEXT NOT NULL,
        due_at REAL NOT NULL,
        remind_at REAL NOT NULL,
        reminded INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX deadlines_due ON deadlines(due_at);
    CREATE TABLE idempotency (
        key TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        version INTEGER NOT NULL
    );
    """,
    # 2: games set aside for a moderator say why
    """
    ALTER TABLE games ADD COLUMN damage TEXT NOT NULL DEFAULT '';
    CREATE TABLE idempotency_by_game (
        game_id TEXT NOT NULL REFERENCES games(id),
        key TEXT NOT NULL,
        version INTEGER NOT NULL,
        PRIMARY KEY (game_id, key)
    );
    INSERT INTO idempotency_by_game (game_id, key, version) SELECT game_id, key, version FROM idempotency;
    DROP TABLE idempotency;
    ALTER TABLE idempotency_by_game RENAME TO idempotency
    """,
    # 3: snapshots prove themselves: the sha256 of the body, and the intent-log length they were saved
    # with. Older rows get an empty checksum (so they are rebuilt from the log once) and the log's
    # length as it is now.
    """
    ALTER TABLE snapshots ADD COLUMN checksum TEXT NOT NULL DEFAULT '';
    ALTER TABLE snapshots ADD COLUMN steps INTEGER;
    UPDATE snapshots SET steps = (SELECT COUNT(*) FROM intents i WHERE i.game_id = snapshots.game_id)
    """,
    # 4: the public log, saved with each change (seq orders a game's lines), so /game log replays nothing.
    # Games that already had intents have no lines for them: public_log_missing keeps the version up to
    # which lines are missing, and their log is rebuilt from the intent log when it reaches back that far.
    """
    CREATE TABLE public_log (
        game_id TEXT NOT NULL REFERENCES games(id),
        version INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE INDEX public_log_by_version ON public_log(game_id, version);
    CREATE TABLE public_log_missing (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        version INTEGER NOT NULL
    );
    INSERT INTO public_log_missing (game_id, version)
        SELECT g.id, g.version FROM games g WHERE EXISTS (SELECT 1 FROM intents i WHERE i.game_id = g.id)
    """,
    # 5: the table's own state of a game (time banks, turn clocks, votes, extensions), one JSON body per
    # game, written in each change's transaction; a game without a row has none yet
    """
    CREATE TABLE table_state (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        body TEXT NOT NULL
    )
    """,
    # 6: the Discord front end's settings: who follows which game and how (issue 16: /game follow), each
    # member's preferences and each server's settings (/settings), one JSON body per row
    SETTINGS_TABLES,
    # 7: leagues and ratings (issue 19): leagues (one JSON body each), the result of every ended game
    # (seq: the order results were recorded, which a rebuild of the ratings follows), who played in it,
    # ratings per game per server, and each player's reliability
    LEAGUE_TABLES.format(real="REAL"),
    # 8: start-up proportional to the games that need it (issue 21): each game's thread in an indexed
    # column (written with every change), so a command in a thread finds its game without reading every
    # game; and the announced versions (kept by bot.prefs in this file) exist for the catch-up's join
    """
    ALTER TABLE games ADD COLUMN thread TEXT;
    UPDATE games SET thread = CASE WHEN json_valid(place) THEN json_extract(place, '$.thread') END;
    CREATE INDEX games_by_thread ON games(thread);
    CREATE TABLE IF NOT EXISTS arbiter_announced (game_id TEXT PRIMARY KEY, version INTEGER NOT NULL)
    """,
    # 9: the web companion's links (issue 34): one random token per game, league and server a page serves
    WEB_LINKS,
    # 10: a stored game in fewer bytes (issue 33: about 20 KB a game, half of it the public log and the
    # intent log). Both logs are kept in their primary key's order (WITHOUT ROWID): each was stored twice,
    # as a table and again as its primary key's index. The public log's second index (game_id, version) is
    # dropped: a game's lines are read newest first by (game_id, seq), and versions grow with seq. The
    # games by status (the limits' counts, the games in play at a start) no longer read every game.
    """
    CREATE TABLE intents_by_key (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL,
        intent TEXT NOT NULL,
        by_user TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    INSERT INTO intents_by_key (game_id, seq, version, seat, intent, by_user, at)
        SELECT game_id, seq, version, seat, intent, by_user, at FROM intents;
    DROP TABLE intents;
    ALTER TABLE intents_by_key RENAME TO intents;
    CREATE TABLE public_log_by_key (
        game_id TEXT NOT NULL REFERENCES games(id),
        version INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    INSERT INTO public_log_by_key (game_id, version, seq, text)
        SELECT game_id, version, seq, text FROM public_log;
    DROP TABLE public_log;
    ALTER TABLE public_log_by_key RENAME TO public_log;
    CREATE INDEX IF NOT EXISTS games_by_status ON games(status, game)
    """,
]

Synchronous = Literal["normal", "full"]
SEATS_CHUNK = 500
CHECK_AT_OPEN_BYTES = 64 * 1024 * 1024
"""A file up to this size is integrity-checked before the store opens (about 0.3 s); a larger one while
the bot serves (the check reads the whole file: about 4 s a GB)."""
CHECK_AFTER_SECONDS = 2.0
"""How long after the open a large file's background check starts: it reads the whole file (a core and
the disk for seconds), and a start's first answers come first (issue 33)."""
CHECKPOINT_SECONDS = 1.0
"""How often the WAL is checkpointed by :class:`Checkpoints`."""
WAL_BYTES_KEPT = 64 * 1024 * 1024
"""The WAL file is cut back to this size after a checkpoint (``PRAGMA journal_size_limit``)."""
"""Games whose seats one query reads (SQLite binds at most 32,766 parameters)."""


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """SQLite's ``PRAGMA quick_check``: an empty list when the file is sound, else its complaints."""
    try:
        rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    return [] if rows == ["ok"] else rows


IN_PLAY = (
    "SELECT game FROM games WHERE status IN ('lobby', 'running', 'paused') "
    "GROUP BY game ORDER BY COUNT(*) DESC"
)
UNANNOUNCED = (
    "FROM games g LEFT JOIN arbiter_announced a ON a.game_id = g.id "
    "WHERE g.thread IS NOT NULL AND g.status != 'damaged' AND (a.version < g.version OR "
    "(a.version IS NULL AND g.status IN ('lobby', 'running', 'paused'))) ORDER BY g.created_at"
)
"""The games the start-up catch-up announces (:meth:`SqliteStore.unannounced`)."""


def _unannounced_ids(path: str) -> list[str]:
    conn = sqlite3.connect(path, timeout=5)
    try:
        conn.execute("PRAGMA busy_timeout=5000")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "arbiter_announced" not in tables:
            return []
        return [str(r[0]) for r in conn.execute(f"SELECT g.id {UNANNOUNCED}")]
    finally:
        conn.close()


SCHEMA_TABLE = "SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_version'"
GAMES_TABLE = "SELECT 1 FROM sqlite_master WHERE type='table' AND name='games'"


async def _quick_check(db: aiosqlite.Connection) -> list[str]:
    try:
        async with db.execute("PRAGMA quick_check") as cursor:
            rows = [str(r[0]) for r in await cursor.fetchall()]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    return [] if rows == ["ok"] else rows


def _check_file(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return quick_check(conn)
    finally:
        conn.close()


class Checkpoints:
    """WAL checkpoints off the commit path (issue 21: SQLite's automatic checkpoint, 3-6 ms, landed on
    whichever commit crossed 1,000 pages, and was the submit's p99).

    A background task copies the WAL back into the database every ``seconds`` with a PASSIVE checkpoint
    (it never waits for, nor blocks, a writer or a reader) on a connection of its own, in a thread of its
    own, so no commit waits for it. ``journal_size_limit`` bounds the WAL file left on disk after each
    checkpoint; one that falls behind (a reader held it) is simply retried at the next pass.
    """

    def __init__(self, path: str, seconds: float) -> None:
        self.path = path
        self.seconds = seconds
        self._conn: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None and self.seconds > 0:
            self._task = asyncio.create_task(self._run(), name="arbiter-wal-checkpoints")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.seconds)
            try:
                await self.checkpoint()
            except sqlite3.Error:
                log.warning("a WAL checkpoint failed; trying again in %s s", self.seconds, exc_info=True)

    def _checkpoint(self) -> tuple[int, int, int]:
        if self._conn is None:
            self._conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._conn.execute("PRAGMA busy_timeout=5000")
        busy, frames, copied = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return int(busy), int(frames), int(copied)

    async def checkpoint(self) -> tuple[int, int, int]:
        """One PASSIVE checkpoint: (busy, frames in the WAL, frames copied back)."""
        return await asyncio.to_thread(self._checkpoint)

    async def stop(self) -> None:
        task, self._task = self._task, None
        await stop_task(task)
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await asyncio.to_thread(conn.close)


class SqliteStore(WebReads):
    def __init__(
        self,
        path: str | Path,
        create: bool | None = None,
        synchronous: Synchronous = "normal",
        checkpoint_seconds: float | None = CHECKPOINT_SECONDS,
    ) -> None:
        """``create``: may a new database be made? None (the default) makes one only where no file
        exists; True also initialises an existing empty file; False only opens an existing database.
        ``checkpoint_seconds``: how often the background task checkpoints the WAL (:class:`Checkpoints`);
        None leaves it to SQLite's automatic checkpoint on a commit (the old way, kept for the bench)."""
        self.path = str(path)
        self.create = create
        if synchronous not in ("normal", "full"):
            raise ValueError(f"synchronous must be 'normal' or 'full', not {synchronous!r}")
        self.synchronous = synchronous
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self.checkpoints: Checkpoints | None = None
        self._background: asyncio.Task[None] | None = None
        self.refusal: str | None = None
        """Why no change may be saved: the background integrity check failed."""
        self._backups: set[threading.Event] = set()
        """The stop signals of the backups being copied: :meth:`close` sets them (each stops at its next
        step)."""
        if checkpoint_seconds is not None and self.path != ":memory:":
            self.checkpoints = Checkpoints(self.path, checkpoint_seconds)

    @property
    def lock(self) -> asyncio.Lock:
        """Held around every use of :attr:`db` (a front end sharing the connection takes it too)."""
        return self._lock

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("SqliteStore.open() was not called")
        return self._db

    def _refusal(self) -> str | None:
        """Why the file must not be opened, judged before SQLite touches it (it would happily turn an
        emptied file into a fresh, empty database)."""
        if self.path == ":memory:":
            return None
        path = Path(self.path)
        if not path.exists():
            if self.create is False:
                return f"The database {path} does not exist."
            return None
        if path.is_dir():
            return f"The database path {path} is a directory, not a file."
        if path.stat().st_size == 0 and not self.create:
            return (
                f"The database file {path} exists but is empty (0 bytes). It is not taken as a new "
                "database: every game would be lost without a word. Restore a backup "
                "(arbiter db restore BACKUP), or delete the file to start afresh."
            )
        return None

    async def open(self) -> None:
        refusal = self._refusal()
        if refusal is not None:
            raise StoreRefused(refusal)
        existed = self.path != ":memory:" and Path(self.path).exists() and Path(self.path).stat().st_size > 0
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await self._check(db, existed)
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute(f"PRAGMA synchronous={self.synchronous.upper()}")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            await db.execute(f"PRAGMA journal_size_limit={WAL_BYTES_KEPT}")
            if self.checkpoints is not None:
                await db.execute("PRAGMA wal_autocheckpoint=0")  # never on a commit: see Checkpoints
        except BaseException:
            await db.close()
            raise
        self._db = db
        try:
            await self._migrate()
        except BaseException:  # a connection left open keeps its worker thread, and the process, alive
            self._db = None
            await db.close()
            raise
        if self.checkpoints is not None:
            self.checkpoints.start()

    async def _check(self, db: aiosqlite.Connection, existed: bool) -> None:
        """``PRAGMA quick_check``, and Arbiter's tables in a file that held something. A file larger than
        :data:`CHECK_AT_OPEN_BYTES` is checked in the background instead (:meth:`_check_in_background`):
        the check reads the whole file, and a start must not wait on it (issue 21)."""
        await db.execute("PRAGMA busy_timeout=5000")
        large = existed and Path(self.path).stat().st_size > CHECK_AT_OPEN_BYTES
        problems = [] if large else await _quick_check(db)
        if large:
            self._background = asyncio.create_task(self._check_in_background(), name="arbiter-quick-check")
        if problems:
            raise StoreRefused(self._failed(problems))
        if existed:
            try:
                async with db.execute(SCHEMA_TABLE) as cursor:
                    found = await cursor.fetchone()
            except sqlite3.DatabaseError as exc:
                raise StoreRefused(self._failed([str(exc)])) from exc
            if found is None:
                raise StoreRefused(
                    f"The file {self.path} is not empty but holds no Arbiter tables (no "
                    "schema_version table): it is not an Arbiter database, or its tables were "
                    "lost. It was not changed; point ARBITER_DB at the right file or restore a "
                    "backup."
                )
            await self._check_version(db)

    async def _check_version(self, db: aiosqlite.Connection) -> None:
        """A file with Arbiter's tables must say which migrations it holds: without its schema_version
        rows the first migration would run again over the existing tables (and fail half-way)."""
        try:
            async with db.execute("SELECT MAX(version) FROM schema_version") as cursor:
                row = await cursor.fetchone()
            async with db.execute(GAMES_TABLE) as cursor:
                games = await cursor.fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreRefused(self._failed([str(exc)])) from exc
        if row is not None and row[0] is None and games is not None:
            raise StoreRefused(no_schema_version(self.path))

    def _failed(self, problems: list[str]) -> str:
        shown = "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "")
        return (
            f"The database {self.path} failed SQLite's integrity check: {shown}. Restore a "
            "backup (arbiter db restore BACKUP) or repair the file; it was not changed."
        )

    async def _check_in_background(self) -> None:
        """``PRAGMA quick_check`` of a large file on a connection and thread of its own, while the bot
        serves; a failure is logged and every later change is refused (:attr:`refusal`), so nothing more is
        written to a file that cannot be trusted."""
        await asyncio.sleep(CHECK_AFTER_SECONDS)
        problems = await asyncio.to_thread(_check_file, Path(self.path))
        if problems:
            self.refusal = self._failed(problems)
            log.critical("%s No change is saved until the bot is restarted on a sound file.", self.refusal)

    async def _migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row and row[0] is not None else 0
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            log.info("applying database migration %d", number)
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                for statement in script.split(";"):
                    if statement.strip():
                        await self.db.execute(statement)
                await self.db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
                await self.db.execute("COMMIT")
            except sqlite3.DatabaseError as exc:
                await self.db.execute("ROLLBACK")
                raise StoreRefused(migration_failed(self.path, number, exc)) from exc
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    async def checked(self) -> None:
        """Wait for the background integrity check of a large file, if one runs (tests, the bench)."""
        if self._background is not None:
            await asyncio.shield(self._background)

    async def close(self) -> None:
        for stop in self._backups:
            stop.set()
        task, self._background = self._background, None
        await stop_task(task)
        if self.checkpoints is not None:
            await self.checkpoints.stop()
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def commit(self, change: Change) -> None:
        if self.refusal is not None:
            raise StoreRefused(self.refusal)
        async with self._lock:
            await self._commit(change)

    async def _commit(self, change: Change) -> None:
        # the whole transaction in one trip to the connection's worker thread (sqlite_write.py)
        db = self.db
        await db._execute(write_change, db._conn, change)  # type: ignore[no-untyped-call]

    async def _rows(self, sql: str, args: Sequence[object] = ()) -> list[aiosqlite.Row]:
        async with self._lock:
            try:
                return await self._fetch(sql, args)
            except sqlite3.OperationalError as exc:
                if "decode" not in str(exc):
                    raise
            # a TEXT value is not valid UTF-8 (a flipped byte that still passes quick_check): the rows are
            # read again with that value marked (rows.BadText), so whoever decodes its row refuses that row
            # alone and every other row of the answer still comes back
            self.db.text_factory = read_text
            try:
                return await self._fetch(sql, args)
            finally:
                self.db.text_factory = str

    async def _fetch(self, sql: str, args: Sequence[object]) -> list[aiosqlite.Row]:
        async with self.db.execute(sql, args) as cursor:
            return list(await cursor.fetchall())

    async def _records(self, rows: list[aiosqlite.Row]) -> list[GameRecord]:
        """The rows as records, their seats read in one query per :data:`SEATS_CHUNK` games; each row
        decoded on its own (:func:`bot.store.rows.decode_record`: a row that cannot be decoded comes back as
        a minimal damaged record, so it never stops the rows after it)."""
        ids = [str(row["id"]) for row in rows]
        found: list[aiosqlite.Row] = []
        try:
            for start in range(0, len(ids), SEATS_CHUNK):
                chunk = ids[start : start + SEATS_CHUNK]
                found += await self._rows(
                    "SELECT game_id, seat, user_id, name, away, missed FROM seats WHERE game_id IN "
                    f"({','.join('?' for _ in chunk)}) ORDER BY game_id, position",
                    chunk,
                )
        except sqlite3.DatabaseError:
            log.exception("the seats of %d games cannot be read", len(ids))
            return [decode_record(row, None) for row in rows]
        seats: dict[str, list[SeatRecord]] = {}
        broken: dict[str, str] = {}
        for seat in found:
            try:
                seats.setdefault(str(seat["game_id"]), []).append(seat_from_row(seat))
            except Exception as exc:  # one unreadable seat makes its game's row unreadable, no other
                broken[str(seat["game_id"])] = str(exc)
        return [
            decode_record(row, None, broken[gid])
            if (gid := str(row["id"])) in broken
            else decode_record(row, seats.get(gid, []))
            for row in rows
        ]

    async def game(self, game_id: str) -> GameRecord | None:
        rows = await self._rows("SELECT * FROM games WHERE id=?", (game_id,))
        return (await self._records(rows))[0] if rows else None

    async def game_of_thread(self, thread: str) -> str | None:
        """The id of the game whose thread is ``thread`` (an indexed column: no game is read)."""
        rows = await self._rows("SELECT id FROM games WHERE thread=? LIMIT 1", (thread,))
        return str(rows[0]["id"]) if rows else None

    async def games_in_play(self) -> list[str]:
        """The games (their ids: ``infamy``...) of the lobbies and running games, most played first."""
        rows = await self._rows(IN_PLAY)
        return [str(row[0]) for row in rows]

    async def unannounced(self) -> list[GameRecord] | None:
        """Games with a thread whose newest version was not announced (``arbiter_announced``, kept by
        :class:`bot.prefs.Prefs` in this file): the start-up catch-up, selected in SQL. An ended game with
        no announcement recorded is left alone; so is a damaged game (the table sets it aside when loaded).

        The selection reads every game (1.6 s for 100,000 on a loaded machine, issue 33): on a file it runs
        on a connection of its own in a worker thread, so the first commands after a start, which need the
        store's connection, do not wait for it; only the games it finds are read through the store."""
        if self.path == ":memory:":
            rows = await self._rows(f"SELECT g.* {UNANNOUNCED}")
            return await self._records(rows)
        ids = await asyncio.to_thread(_unannounced_ids, self.path)
        found: list[aiosqlite.Row] = []
        for start in range(0, len(ids), SEATS_CHUNK):
            chunk = ids[start : start + SEATS_CHUNK]
            found += await self._rows(
                f"SELECT * FROM games WHERE id IN ({','.join('?' for _ in chunk)})", chunk
            )
        order = {gid: n for n, gid in enumerate(ids)}
        found.sort(key=lambda row: order.get(str(row["id"]), len(order)))
        return await self._records(found)

    async def snapshot(self, game_id: str) -> tuple[int, int, str] | None:
        rows = await self._rows("SELECT version, format, body FROM snapshots WHERE game_id=?", (game_id,))
        return (rows[0]["version"], rows[0]["format"], unpacked(rows[0]["body"])) if rows else None

    async def saved_snapshot(self, game_id: str) -> SavedSnapshot | None:
        rows = await self._rows(
            "SELECT version, format, body, checksum, steps FROM snapshots WHERE game_id=?", (game_id,)
        )
        if not rows:
            return None
        row = {key: rows[0][key] for key in rows[0].keys()}
        return snapshot_from_row(row | {"body": unpacked(row["body"])})

    async def intents(self, game_id: str) -> list[LoggedIntent]:
        rows = await self._rows(
            "SELECT seq, version, seat, intent, by_user, at FROM intents WHERE game_id=? ORDER BY seq",
            (game_id,),
        )
        return [intent_from_row(game_id, r) for r in rows]

    async def idempotent(self, game_id: str, key: str) -> int | None:
        rows = await self._rows("SELECT version FROM idempotency WHERE game_id=? AND key=?", (game_id, key))
        return int(rows[0]["version"]) if rows else None

    async def games(self, status: tuple[str, ...] = (), user: str | None = None) -> list[GameRecord]:
        sql = "SELECT DISTINCT g.* FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE 1=1"
        args: list[object] = []
        if status:
            sql += f" AND g.status IN ({','.join('?' for _ in status)})"
            args.extend(status)
        if user is not None:
            sql += " AND s.user_id = ?"
            args.append(user)
        sql += " ORDER BY g.created_at"
        return await self._records(await self._rows(sql, args))

    async def deadlines(self, due_before: float | None = None, game_id: str | None = None) -> list[Deadline]:
        sql = "SELECT * FROM deadlines WHERE 1=1"
        args: list[object] = []
        if game_id is not None:
            sql += " AND game_id = ?"
            args.append(game_id)
        if due_before is not None:
            sql += " AND (due_at <= ? OR (reminded = 0 AND remind_at <= ?))"
            args.extend([due_before, due_before])
        sql += " ORDER BY due_at, game_id, seat"
        return deadlines_from_rows(await self._rows(sql, args))

    async def claim_deadlines(self, now: float, lease: float) -> list[Deadline]:
        return await self.deadlines(due_before=now)  # SQLite serves one process: nobody to share them with

    async def mark_reminded(self, game_id: str, seat: str) -> None:
        async with self._lock:
            await self.db.execute(
                "UPDATE deadlines SET reminded=1 WHERE game_id=? AND seat=?", (game_id, seat)
            )

    async def mark_damaged(self, game_id: str, reason: str) -> None:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                await self.db.execute(
                    "UPDATE games SET status='damaged', damage=? WHERE id=?", (reason, game_id)
                )
                await self.db.execute("DELETE FROM deadlines WHERE game_id=?", (game_id,))
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    async def backup(self, target: str | Path, steps: Steps | None = None) -> None:
        """An online copy of the whole database to ``target`` (SQLite's backup API: consistent while the
        bot runs), written beside it under a temporary name, checked, then renamed into place. It is
        copied in steps on connections of its own in a worker thread, never under the store's lock, so
        moves go on meanwhile (:mod:`.backup_copy`; ``steps`` records each step's time)."""
        target = Path(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        stop = threading.Event()  # set when the store closes or the backup is cancelled
        self._backups.add(stop)
        try:
            if self.path == ":memory:":  # no file to open again: the store's own connection copies it
                await self._backup_memory(partial)
            else:
                await asyncio.to_thread(copy_in_steps, self.path, partial, stop, steps=steps)
            problems = await asyncio.to_thread(_check_file, partial)
        except BaseException:
            stop.set()
            partial.unlink(missing_ok=True)
            raise
        finally:
            self._backups.discard(stop)
        if problems:
            partial.unlink(missing_ok=True)
            raise StoreRefused(f"the backup {target} failed its integrity check: {'; '.join(problems[:3])}")
        os.replace(partial, target)

    async def _backup_memory(self, partial: Path) -> None:
        dest = sqlite3.connect(partial, check_same_thread=False)  # used on aiosqlite's thread
        try:
            async with self._lock:  # never in the middle of another game's transaction
                await self.db.backup(dest)
        finally:
            dest.close()

    async def quick_check(self) -> list[str]:
        """SQLite's ``PRAGMA quick_check`` of the open database: empty when sound."""
        async with self._lock:
            return await _quick_check(self.db)

    async def corrupt_snapshot(self, game_id: str, text: str) -> None:
        """For tests: damage the stored snapshot the way a bad disk or an old version would."""
        async with self._lock:
            await self.db.execute("UPDATE snapshots SET body=? WHERE game_id=?", (text, game_id))

    async def count_games(
        self, status: tuple[str, ...], user: str | None = None, guild: str | None = None
    ) -> int:
        """A COUNT in SQL (the limits ask it on every new lobby and join; loading records would not scale)."""
        if not status:
            return 0
        sql, args = count_games_sql(status, user, guild)
        rows = await self._rows(sql, args)
        return int(rows[0][0])

    async def public_log(
        self, game_id: str, limit: int, after_version: int | None = None
    ) -> list[PublicLine] | None:
        """The last ``limit`` lines after ``after_version``; None when some of them predate migration 4
        (the caller replays the intent log)."""
        missing = await self._rows("SELECT version FROM public_log_missing WHERE game_id=?", (game_id,))
        if missing and (after_version is None or after_version < int(missing[0]["version"])):
            return None
        if limit <= 0:
            return []
        rows = await self._rows(
            "SELECT version, text FROM public_log WHERE game_id=? AND version > ? ORDER BY seq DESC LIMIT ?",
            (game_id, -1 if after_version is None else after_version, limit),
        )
        return public_lines_from_rows(rows)

    async def table_state(self, game_id: str) -> dict[str, Any]:
        try:
            rows = await self._rows("SELECT body FROM table_state WHERE game_id=?", (game_id,))
        except aiosqlite.OperationalError:  # a schema before migration 5
            return {}
        return table_state_from_text(game_id, rows[0]["body"]) if rows else {}
