"""The PostgreSQL store (asyncpg): the same tables, migrations and semantics as the SQLite store.

Chosen by ``ARBITER_DATABASE_URL=postgresql://...`` (see ``bot/store/stores.py``). A connection pool serves
the process; the numbered migrations of ``pg_schema.py`` run at start-up under an advisory lock
(two processes starting at once never both migrate). Every :class:`~engine.store.Change` is one
transaction whose first statement is a compare-and-swap on the game's version (``UPDATE ... WHERE
version = expected``: the row lock it takes orders two writers of one game, in one process or in
several), so two writers can never both apply a change to the same version. A change that carries
limits (``Change.caps``) takes an advisory lock per member or server counted (``pg_advisory_xact_lock``,
in a fixed order) before anything else and counts after its writes, in its transaction: another process's
change of the same count waits for it and then sees it. Rows are decoded with
the SQLite store's own functions (``bot/store/rows.py``): one row that cannot be read comes back as a
minimal damaged record and never stops the others.

PostgreSQL's default ``synchronous_commit=on`` makes a committed change survive a crash of the bot
or of the server; nothing in between is ever half-saved.

A ``NOTIFY`` is not guaranteed to arrive (a listening connection lost, a notification queue full), so
beside listening a process makes a pass over the games changed lately every :data:`.notices.SWEEP_SECONDS`: a
version newer than any it committed or heard of is reported as if it had been heard (issue 32).
``ARBITER_TEST_DROP_NOTIFY`` (tests only, unset by default) names a file: while it exists, the next
notification this process would send is swallowed and the file removed (one dropped ``NOTIFY``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from engine.core.errors import StaleVersion
from engine.integrity import SavedSnapshot, checksum
from engine.records import Deadline, GameRecord, LoggedIntent, SeatRecord
from engine.store import CapReached, Change, PublicLine

from ...tasks import stop_task
from ..errors import StoreRefused, migration_failed, no_schema_version
from ..rows import (
    deadlines_from_rows,
    decode_record,
    game_values,
    intent_from_row,
    public_lines_from_rows,
    seat_from_row,
    snapshot_from_row,
    table_state_from_text,
)
from .notices import Changed as Changed
from .notices import LostNotices, dropped, hear_until_lost, parse_notice
from .pg_schema import (
    CAP_LOCKS,
    CHANGES_CHANNEL,
    COORDINATION,
    MIGRATION_LOCK,
    MIGRATIONS,
    PREFS_TABLES,
    SCHEMA_VERSION,
)
from .web_pg import WebReads

log = logging.getLogger(__name__)

SEATS = "SELECT game_id, seat, user_id, name, away, missed FROM seats WHERE game_id = ANY($1::text[])"
INSERT_GAME = (
    "INSERT INTO games (id, game, seed, created_at, status, host, max_seats, options, pace, version, "
    "updated_at, place, winners, reason, damage, guild, thread) "
    "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)"
)
UPDATE_GAME = (
    "UPDATE games SET status=$1, host=$2, max_seats=$3, options=$4, pace=$5, version=$6, updated_at=$7, "
    "place=$8, winners=$9, reason=$10, damage=$11, guild=$12, thread=$13 WHERE id=$14 AND version=$15"
)
SNAPSHOT = (
    "INSERT INTO snapshots (game_id, version, format, body, checksum, steps) VALUES ($1,$2,$3,$4,$5, "
    "(SELECT COALESCE(MAX(seq), 0) FROM intents WHERE game_id=$1)) ON CONFLICT (game_id) DO UPDATE SET "
    "version=excluded.version, format=excluded.format, body=excluded.body, checksum=excluded.checksum, "
    "steps=excluded.steps"
)
COUNT_GAMES = (
    "SELECT COUNT(*) FROM games g WHERE g.status = ANY($1::text[]) AND ($2::text IS NULL OR "
    "g.host = $2 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $2)) "
    "AND ($3::text IS NULL OR g.guild = $3)"
)
CLAIM_DEADLINES = (
    "UPDATE deadlines d SET claimed_by=$2, claimed_until=$1::float8 + $3::float8 FROM (SELECT game_id, seat "
    "FROM deadlines WHERE (due_at <= $1 OR (NOT reminded AND remind_at <= $1)) AND (claimed_until IS NULL OR "
    "claimed_until <= $1) ORDER BY due_at, game_id, seat LIMIT $4 FOR UPDATE SKIP LOCKED) due "
    "WHERE d.game_id = due.game_id AND d.seat = due.seat RETURNING d.*"
)
"""Claim what is due and unclaimed (or whose claimer's lease ran out): rows another process is claiming at
this very moment are skipped, not waited for, and each row goes to exactly one claimer."""
DROP_NOTIFY = "ARBITER_TEST_DROP_NOTIFY"
"""Tests only: a file whose existence swallows the next notification (the file is then removed)."""
CLAIM_ANNOUNCING = (
    "INSERT INTO announce_claims (game_id, owner, until) VALUES ($1, $2, $3::float8 + $4::float8) "
    "ON CONFLICT (game_id) DO UPDATE SET owner=excluded.owner, until=excluded.until "
    "WHERE announce_claims.owner = excluded.owner OR announce_claims.until <= $3::float8 RETURNING owner"
)


def process_name() -> str:
    """Who claims, in claims and notifications: host, process id and a random tag (a restarted process
    with a reused pid is not its predecessor)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def redacted(url: str) -> str:
    """The URL with its password replaced by ``***``, for messages and logs."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        return "(an unreadable URL)"


class PostgresStore(WebReads):
    def __init__(
        self, url: str, min_size: int = 1, max_size: int = 10, server_settings: dict[str, str] | None = None
    ) -> None:
        """``url``: ``postgresql://user:password@host:port/database`` (a socket folder as ``?host=/path``).
        ``server_settings``: PostgreSQL settings for every connection (``search_path`` for a scratch
        schema, as ``arbiter bench`` uses)."""
        self.url = url
        self.min_size, self.max_size = min_size, max_size
        self.server_settings = dict(server_settings or {})
        self._pool: asyncpg.Pool | None = None
        self.claim_batch = 200
        """The most deadlines one tick claims."""
        self.owner = process_name()
        """This process's name in deadline and announcement claims, and in its own notifications."""
        self._listener: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._notices = LostNotices(lambda: self.pool)
        """What this process committed or heard of lately, and the pass that finds what it missed."""
        self._drop_notify = os.environ.get(DROP_NOTIFY) or None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("PostgresStore.open() was not called")
        return self._pool

    async def open(self) -> None:
        where = redacted(self.url)
        try:
            pool = await asyncpg.create_pool(
                self.url,
                min_size=self.min_size,
                max_size=self.max_size,
                server_settings=self.server_settings or None,
                timeout=10,
            )
        except (OSError, TimeoutError) as exc:
            raise StoreRefused(
                f"Cannot reach the PostgreSQL server at {where}: {exc}. Check that the server runs and "
                "that ARBITER_DATABASE_URL names its host and port."
            ) from None
        except asyncpg.InvalidCatalogNameError as exc:
            raise StoreRefused(
                f"The PostgreSQL database in {where} does not exist ({exc}). Create it first "
                "(createdb NAME, or CREATE DATABASE), then start again."
            ) from None
        except (asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise StoreRefused(
                f"PostgreSQL at {where} refused the connection: {type(exc).__name__}: {exc}. Check the "
                "user, password and database in ARBITER_DATABASE_URL."
            ) from None
        assert pool is not None
        self._pool = pool
        try:
            await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def _migrate(self) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(SCHEMA_VERSION)
            current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
            if current == 0 and await conn.fetchval("SELECT to_regclass('games') IS NOT NULL"):
                raise StoreRefused(no_schema_version(redacted(self.url)))
            for number, script in enumerate(MIGRATIONS, start=1):
                if number > current:
                    log.info("applying PostgreSQL migration %d", number)
                    try:
                        await conn.execute(script)
                    except asyncpg.PostgresError as exc:
                        raise StoreRefused(migration_failed(redacted(self.url), number, exc)) from exc
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
            await conn.execute(PREFS_TABLES)
            await conn.execute(COORDINATION)

    async def schema_version(self) -> int:
        return int(await self.pool.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    async def close(self) -> None:
        listener, self._listener = self._listener, None
        await stop_task(listener)
        sweeper, self._sweeper = self._sweeper, None
        await stop_task(sweeper)
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def commit(self, change: Change) -> None:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                await self._commit(conn, change)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StaleVersion("That action was already applied.") from exc
        self._notices.known(change.record.id, change.record.version)

    async def _commit(self, conn: asyncpg.Connection, change: Change) -> None:
        r = change.record
        for key in sorted({cap.key for cap in change.caps}):  # always in one order: no deadlock
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", CAP_LOCKS, key)
        thread = r.place.get("thread")
        values = (*game_values(r), r.place.get("guild"), str(thread) if thread else None)
        if change.expected_version is None:
            await conn.execute(INSERT_GAME, r.id, r.game, r.seed, r.created_at, *values)
        else:
            status = await conn.execute(UPDATE_GAME, *values, r.id, change.expected_version)
            if status != "UPDATE 1":
                raise StaleVersion("The board has moved on.")
        if change.idempotency_key is not None:
            await conn.execute(
                "INSERT INTO idempotency (game_id, key, version) VALUES ($1,$2,$3)",
                r.id,
                change.idempotency_key,
                r.version,
            )
        if change.seats:
            await conn.execute("DELETE FROM seats WHERE game_id=$1", r.id)
            await conn.executemany(
                "INSERT INTO seats (game_id, position, seat, user_id, name, away, missed) "
                "VALUES ($1,$2,$3,$4,$5,$6,$7)",
                [(r.id, i, s.seat, s.user, s.name, s.away, s.missed) for i, s in enumerate(r.seats)],
            )
        if change.intents:
            await conn.executemany(
                "INSERT INTO intents (game_id, seq, version, seat, intent, by_user, at) "
                "VALUES ($1,$2,$3,$4,$5,$6,$7)",
                [(r.id, i.seq, i.version, i.seat, i.key, i.by, i.at) for i in change.intents],
            )
        if change.snapshot is not None:  # steps: the log's length, read in this transaction
            snap = change.snapshot
            await conn.execute(SNAPSHOT, r.id, r.version, change.snapshot_format, snap, checksum(snap))
        if change.deadlines is not None:
            await conn.execute("DELETE FROM deadlines WHERE game_id=$1", r.id)
            await conn.executemany(
                "INSERT INTO deadlines (game_id, seat, kind, due_at, remind_at, reminded) "
                "VALUES ($1,$2,$3,$4,$5,$6)",
                [(d.game_id, d.seat, d.kind, d.due_at, d.remind_at, d.reminded) for d in change.deadlines],
            )
        if change.public_lines:
            last = await conn.fetchval("SELECT COALESCE(MAX(seq), 0) FROM public_log WHERE game_id=$1", r.id)
            await conn.executemany(
                "INSERT INTO public_log (game_id, version, seq, text) VALUES ($1,$2,$3,$4)",
                [(r.id, line.version, last + n, line.text) for n, line in enumerate(change.public_lines, 1)],
            )
        if change.table_state is not None:
            await conn.execute(
                "INSERT INTO table_state (game_id, body) VALUES ($1,$2) "
                "ON CONFLICT (game_id) DO UPDATE SET body=excluded.body",
                r.id,
                json.dumps(change.table_state),
            )
        for cap in change.caps:  # counted after the write, under the lock: another's change is committed
            if await conn.fetchval(COUNT_GAMES, list(cap.status), cap.user, cap.guild) > cap.most:
                raise CapReached(cap)
        await self._notify(conn, r.id, r.version, r.place.get("guild"))

    async def _records(self, rows: list[asyncpg.Record]) -> list[GameRecord]:
        """The rows as records, their seats read in one query; each row decoded on its own."""
        seats: dict[str, list[SeatRecord]] | None = {}
        broken: dict[str, str] = {}
        try:
            found = await self.pool.fetch(SEATS + " ORDER BY game_id, position", [r["id"] for r in rows])
        except asyncpg.PostgresError:
            log.exception("the seats of %d games cannot be read", len(rows))
            seats = None
        else:
            assert seats is not None
            for s in found:
                try:
                    seats.setdefault(s["game_id"], []).append(seat_from_row(s))
                except Exception as exc:  # one unreadable seat makes its game's row unreadable, no other
                    broken[s["game_id"]] = str(exc)
        return [
            decode_record(row, None, broken.get(row["id"], ""))
            if seats is None or row["id"] in broken
            else decode_record(row, seats.get(row["id"], []))
            for row in rows
        ]

    async def game(self, game_id: str) -> GameRecord | None:
        rows = await self.pool.fetch("SELECT * FROM games WHERE id=$1", game_id)
        return (await self._records(rows))[0] if rows else None

    async def game_of_thread(self, thread: str) -> str | None:
        """The id of the game whose thread is ``thread`` (an indexed column: no game is read)."""
        found = await self.pool.fetchval("SELECT id FROM games WHERE thread=$1 LIMIT 1", thread)
        return str(found) if found is not None else None

    async def games_in_play(self) -> list[str]:
        """The games (their ids) of the lobbies and running games, most played first, as SQLite's."""
        rows = await self.pool.fetch(
            "SELECT game FROM games WHERE status IN ('lobby', 'running', 'paused') GROUP BY game "
            "ORDER BY COUNT(*) DESC"
        )
        return [str(row[0]) for row in rows]

    async def unannounced(self) -> list[GameRecord] | None:
        """Games with a thread whose newest version was not announced (``arbiter_announced``, kept by
        :class:`bot.prefs.Prefs` in this database): the start-up catch-up, selected in SQL, as SQLite's."""
        rows = await self.pool.fetch(
            "SELECT g.* FROM games g LEFT JOIN arbiter_announced a ON a.game_id = g.id "
            "WHERE g.thread IS NOT NULL AND g.status != 'damaged' AND (a.version < g.version OR "
            "(a.version IS NULL AND g.status IN ('lobby', 'running', 'paused'))) ORDER BY g.created_at, g.id"
        )
        return await self._records(rows)

    async def snapshot(self, game_id: str) -> tuple[int, int, str] | None:
        row = await self.pool.fetchrow(
            "SELECT version, format, body FROM snapshots WHERE game_id=$1", game_id
        )
        return (row["version"], row["format"], row["body"]) if row else None

    async def saved_snapshot(self, game_id: str) -> SavedSnapshot | None:
        row = await self.pool.fetchrow(
            "SELECT version, format, body, checksum, steps FROM snapshots WHERE game_id=$1", game_id
        )
        return snapshot_from_row(row) if row else None

    async def intents(self, game_id: str) -> list[LoggedIntent]:
        rows = await self.pool.fetch(
            "SELECT seq, version, seat, intent, by_user, at FROM intents WHERE game_id=$1 ORDER BY seq",
            game_id,
        )
        return [intent_from_row(game_id, r) for r in rows]

    async def idempotent(self, game_id: str, key: str) -> int | None:
        found = await self.pool.fetchval(
            "SELECT version FROM idempotency WHERE game_id=$1 AND key=$2", game_id, key
        )
        return int(found) if found is not None else None

    async def games(self, status: tuple[str, ...] = (), user: str | None = None) -> list[GameRecord]:
        sql = "SELECT g.* FROM games g WHERE ($1::text[] IS NULL OR g.status = ANY($1::text[]))"
        args: list[object] = [list(status) if status else None]
        if user is not None:
            sql += " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $2)"
            args.append(user)
        rows = await self.pool.fetch(sql + " ORDER BY g.created_at, g.id", *args)
        return await self._records(rows)

    async def deadlines(self, due_before: float | None = None, game_id: str | None = None) -> list[Deadline]:
        rows = await self.pool.fetch(
            "SELECT * FROM deadlines WHERE ($1::text IS NULL OR game_id = $1) AND ($2::float8 IS NULL OR "
            "due_at <= $2 OR (NOT reminded AND remind_at <= $2)) ORDER BY due_at, game_id, seat",
            game_id,
            due_before,
        )
        return deadlines_from_rows(rows)

    async def mark_reminded(self, game_id: str, seat: str) -> None:
        """The reminder went out: the row's claim ends with it, so its expiry can be claimed when due."""
        await self.pool.execute(
            "UPDATE deadlines SET reminded=TRUE, claimed_by=NULL, claimed_until=NULL "
            "WHERE game_id=$1 AND seat=$2",
            game_id,
            seat,
        )

    async def claim_deadlines(self, now: float, lease: float) -> list[Deadline]:
        """At most :attr:`claim_batch` deadlines due (or to be reminded) at ``now``, which this process now
        holds for ``lease`` seconds: no other process gets them until the lease runs out (this one died
        mid-claim) or the game's next commit rewrites them. The rest wait for the next tick (of any
        process), so one busy process never sits on every due deadline."""
        rows = await self.pool.fetch(CLAIM_DEADLINES, now, self.owner, lease, self.claim_batch)
        return sorted(deadlines_from_rows(rows), key=lambda d: (d.due_at, d.game_id, d.seat))

    async def claim_announcing(self, game_id: str, now: float, lease: float) -> bool:
        """Whether this process may announce the game for the next ``lease`` seconds: True when no other
        process holds a live claim on it (renewing this process's own)."""
        return await self.pool.fetchval(CLAIM_ANNOUNCING, game_id, self.owner, now, lease) is not None

    async def release_announcing(self, game_id: str) -> None:
        await self.pool.execute(
            "DELETE FROM announce_claims WHERE game_id=$1 AND owner=$2", game_id, self.owner
        )

    # --- LISTEN/NOTIFY -----------------------------------------------------------------------------------
    def listen(self, on_change: Callable[[Changed | None], None], retry_seconds: float = 2.0) -> None:
        """Call ``on_change`` with each change another process commits; with None after the listening
        connection was lost and made again (notifications may have been missed meanwhile: catch up)."""
        if self._listener is None or self._listener.done():
            self._listener = asyncio.create_task(
                self._listen(on_change, retry_seconds), name="arbiter-listen"
            )
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._notices.run(on_change), name="arbiter-sweep")

    async def _listen(self, on_change: Callable[[Changed | None], None], retry_seconds: float) -> None:
        def heard(_conn: object, _pid: int, _channel: str, payload: str) -> None:
            changed = parse_notice(payload, self.owner)
            if changed is not None:
                self._notices.known(changed.game_id, changed.version)
                on_change(changed)

        first = True
        while True:
            try:
                conn = await asyncpg.connect(
                    self.url, server_settings=self.server_settings or None, timeout=10
                )
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                log.warning("cannot listen for other processes' changes; trying again", exc_info=True)
            else:
                await hear_until_lost(conn, heard, on_change if not first else None)
                first = False
            await asyncio.sleep(retry_seconds)

    async def mark_damaged(self, game_id: str, reason: str) -> None:
        """Set the game aside; the other processes are told, so none plays on from its own cached copy."""
        async with self.pool.acquire() as conn, conn.transaction():
            row = await conn.fetchrow(
                "UPDATE games SET status='damaged', damage=$1 WHERE id=$2 RETURNING version, guild",
                reason,
                game_id,
            )
            await conn.execute("DELETE FROM deadlines WHERE game_id=$1", game_id)
            if row is not None:
                await self._notify(conn, game_id, row["version"], row["guild"])

    async def _notify(self, conn: asyncpg.Connection, game_id: str, version: int, guild: str | None) -> None:
        """Tell the other processes of a change, when (and only if) the transaction commits."""
        if dropped(self._drop_notify, game_id, version):
            return
        await conn.execute(
            "SELECT pg_notify($1, $2)", CHANGES_CHANNEL, f"{game_id} {version} {guild or ''} {self.owner}"
        )

    async def count_games(
        self, status: tuple[str, ...], user: str | None = None, guild: str | None = None
    ) -> int:
        """A COUNT in SQL (the limits ask it on every new lobby and join; loading records would not scale)."""
        if not status:
            return 0
        return int(await self.pool.fetchval(COUNT_GAMES, list(status), user, guild))

    async def public_log(
        self, game_id: str, limit: int, after_version: int | None = None
    ) -> list[PublicLine] | None:
        """The last ``limit`` lines after ``after_version``; None when some of them predate migration 4."""
        missing = await self.pool.fetchval("SELECT version FROM public_log_missing WHERE game_id=$1", game_id)
        if missing is not None and (after_version is None or after_version < int(missing)):
            return None
        if limit <= 0:
            return []
        rows = await self.pool.fetch(
            "SELECT version, text FROM public_log WHERE game_id=$1 AND version > $2 "
            "ORDER BY seq DESC LIMIT $3",
            game_id,
            -1 if after_version is None else after_version,
            limit,
        )
        return public_lines_from_rows(rows)

    async def table_state(self, game_id: str) -> dict[str, Any]:
        body = await self.pool.fetchval("SELECT body FROM table_state WHERE game_id=$1", game_id)
        return table_state_from_text(game_id, body) if body is not None else {}

    async def corrupt_snapshot(self, game_id: str, text: str) -> None:
        """For tests: damage the stored snapshot the way a bad disk or an old version would."""
        await self.pool.execute("UPDATE snapshots SET body=$1 WHERE game_id=$2", text, game_id)
