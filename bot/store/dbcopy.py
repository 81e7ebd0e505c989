"""``arbiter db copy --from sqlite:///arbiter.db --to postgresql://...``: a server's data moved to PostgreSQL.

Every table is copied row for row (games, seats, intent logs, snapshots, deadlines, idempotency keys,
public logs, table state, follows, member and server settings, DM reminders, announced versions,
leagues, results, ratings and reliability) in
ONE PostgreSQL transaction, so a copy that fails leaves the target as empty as it was. Rows are copied
as they are, not through the store's decoding (only a snapshot body is unpacked to its text: SQLite keeps it
compressed, sqlite/packed.py): a game whose row cannot be decoded arrives exactly as
damaged as it left, for a moderator to repair, never silently "fixed" into something else.

Then the copy is verified from the target through the PostgreSQL store: the row counts of every
table equal the source's, and each started game is replayed from its seed, options and intent log
(``engine.core.playout.replay``) and must reach exactly its copied snapshot. Stop the bot before
copying (a game played during the copy would be missing from it).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from engine.core import registry
from engine.core.playout import replay
from engine.records import GameRecord

from .errors import StoreRefused
from .postgres.pg_schema import TABLES
from .postgres.pg_store import PostgresStore, redacted
from .sqlite.dbtools import ToolError
from .sqlite.packed import unpacked
from .sqlite.storage import SqliteStore
from .stores import BadDatabaseUrl, is_postgres, sqlite_path

BATCH = 1000
"""Rows read from SQLite and sent to PostgreSQL at a time."""


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def _bool(value: Any) -> bool | None:
    return None if value is None else bool(value)


def _snapshot_body(value: Any) -> str | None:
    """A snapshot body as text: SQLite keeps it compressed (``sqlite/packed.py``), PostgreSQL as text."""
    return None if value is None else unpacked(value)


Column = tuple[str, Callable[[Any], Any]]
TEXT, INT, REAL, BOOL = _text, _int, _float, _bool
COLUMNS: dict[str, list[Column]] = {
    "games": [
        ("id", TEXT),
        ("game", TEXT),
        ("status", TEXT),
        ("host", TEXT),
        ("max_seats", INT),
        ("options", TEXT),
        ("pace", TEXT),
        ("seed", INT),
        ("version", INT),
        ("created_at", REAL),
        ("updated_at", REAL),
        ("place", TEXT),
        ("winners", TEXT),
        ("reason", TEXT),
        ("damage", TEXT),
        ("thread", TEXT),
    ],
    "seats": [
        ("game_id", TEXT),
        ("position", INT),
        ("seat", TEXT),
        ("user_id", TEXT),
        ("name", TEXT),
        ("away", BOOL),
        ("missed", INT),
    ],
    "intents": [
        ("game_id", TEXT),
        ("seq", INT),
        ("version", INT),
        ("seat", TEXT),
        ("intent", TEXT),
        ("by_user", TEXT),
        ("at", REAL),
    ],
    "snapshots": [
        ("game_id", TEXT),
        ("version", INT),
        ("format", INT),
        ("body", _snapshot_body),
        ("checksum", TEXT),
        ("steps", INT),
    ],
    "deadlines": [
        ("game_id", TEXT),
        ("seat", TEXT),
        ("kind", TEXT),
        ("due_at", REAL),
        ("remind_at", REAL),
        ("reminded", BOOL),
    ],
    "idempotency": [("game_id", TEXT), ("key", TEXT), ("version", INT)],
    "public_log": [("game_id", TEXT), ("version", INT), ("seq", INT), ("text", TEXT)],
    "public_log_missing": [("game_id", TEXT), ("version", INT)],
    "table_state": [("game_id", TEXT), ("body", TEXT)],
    "follows": [("game_id", TEXT), ("user_id", TEXT), ("mode", TEXT)],
    "user_settings": [("user_id", TEXT), ("body", TEXT)],
    "guild_settings": [("guild_id", TEXT), ("body", TEXT)],
    "arbiter_dm_reminders": [("user_id", TEXT)],
    "arbiter_announced": [("game_id", TEXT), ("version", INT)],
    "leagues": [("id", TEXT), ("server_id", TEXT), ("name_key", TEXT), ("version", INT), ("body", TEXT)],
    "results": [("game_id", TEXT), ("seq", INT), ("server_id", TEXT), ("game", TEXT), ("body", TEXT)],
    "result_players": [("game_id", TEXT), ("user_id", TEXT), ("seq", INT)],
    "ratings": [
        ("server_id", TEXT),
        ("game", TEXT),
        ("user_id", TEXT),
        ("mu", REAL),
        ("sigma", REAL),
        ("games", INT),
    ],
    "reliability": [("user_id", TEXT), ("body", TEXT)],
    "web_links": [("token", TEXT), ("kind", TEXT), ("ref", TEXT)],
}
assert tuple(COLUMNS) == TABLES


def guild_of(place: Any) -> str | None:
    """The ``guild`` of a place body, None when it cannot be read (PostgreSQL keeps it beside ``place``)."""
    try:
        value = json.loads(place).get("guild")
    except (TypeError, ValueError, AttributeError):
        return None
    return str(value) if value is not None else None


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    games_verified: int = 0
    """Games replayed to exactly their copied snapshot."""
    problems: list[str] = field(default_factory=list)
    """What does not verify: a count that differs, a game that does not replay to its snapshot."""
    damaged: list[str] = field(default_factory=list)
    """Games already set aside as damaged in the source: copied as they are, not replayed."""
    seconds: float = 0.0


def _endpoints(source: str, target: str) -> tuple[str, str]:
    if is_postgres(source):
        raise ToolError("db copy reads an SQLite database (--from sqlite:///path/arbiter.db).")
    if not is_postgres(target):
        raise ToolError("db copy writes into PostgreSQL (--to postgresql://user:password@host:5432/db).")
    try:
        return sqlite_path(source), target
    except BadDatabaseUrl as exc:
        raise ToolError(str(exc)) from None


async def copy_database(source: str, target: str, say: Callable[[str], None] = print) -> CopyReport:
    """Copy the SQLite database ``source`` into the empty PostgreSQL database ``target`` and verify it."""
    path, url = _endpoints(source, target)
    started = time.perf_counter()
    src = SqliteStore(path, create=False)
    dst = PostgresStore(url)
    try:
        await src.open()  # refuses a file it cannot trust; brings an older file to the current schema
        await dst.open()
    except StoreRefused as exc:
        await src.close()
        raise ToolError(str(exc)) from None
    try:
        say(f"copying {path} to {redacted(url)}")
        report = CopyReport(rows=await _copy_rows(src.db, dst, say))
        await _verify(src.db, dst, report, say)
    finally:
        await src.close()
        await dst.close()
    report.seconds = time.perf_counter() - started
    return report


async def _tables_in(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT name FROM sqlite_master WHERE type='table'") as cursor:
        return {str(r[0]) for r in await cursor.fetchall()}


async def _copy_rows(
    db: aiosqlite.Connection, dst: PostgresStore, say: Callable[[str], None]
) -> dict[str, int]:
    present = await _tables_in(db)
    async with dst.pool.acquire() as conn:
        held = {t: int(await conn.fetchval(f"SELECT COUNT(*) FROM {t}")) for t in TABLES}
        if any(held.values()):
            shown = ", ".join(f"{n} {t}" for t, n in held.items() if n)
            raise ToolError(
                f"The target database already holds data ({shown}): db copy fills an empty "
                "database only. Create a new one (createdb) or empty this one first."
            )
        copied: dict[str, int] = {}
        async with conn.transaction():
            for table in TABLES:
                copied[table] = 0
                if table not in present:
                    continue  # e.g. the front end's tables of a database the bot never ran on
                columns = COLUMNS[table]
                names = [c for c, _ in columns] + (["guild"] if table == "games" else [])
                async for batch in _batches(db, table, columns):
                    await conn.copy_records_to_table(table, records=batch, columns=names)
                    copied[table] += len(batch)
                say(f"  {table}: {copied[table]} rows")
    return copied


IN_ORDER = {"intents": "game_id, seq", "public_log": "game_id, seq"}
"""The order of a table kept without a rowid (migration 10 of the SQLite store): its primary key."""


async def _batches(db: aiosqlite.Connection, table: str, columns: list[Column]) -> Any:
    """The table's rows converted to PostgreSQL's types, BATCH at a time."""
    sql = f"SELECT {', '.join(c for c, _ in columns)} FROM {table} ORDER BY {IN_ORDER.get(table, 'rowid')}"
    async with db.execute(sql) as cursor:
        while rows := list(await cursor.fetchmany(BATCH)):
            yield [_converted(table, columns, row) for row in rows]


def _converted(table: str, columns: list[Column], row: Iterable[Any]) -> tuple[Any, ...]:
    values = list(row)
    try:
        out = [convert(v) for (_, convert), v in zip(columns, values, strict=True)]
    except (TypeError, ValueError) as exc:
        raise ToolError(
            f"A row of {table} cannot be copied ({exc}): {values[0]!r}. Repair it in the SQLite "
            "database (arbiter db check names damaged games), then copy again."
        ) from None
    if table == "games":
        out.append(guild_of(out[11]))
    return tuple(out)


async def _verify(
    db: aiosqlite.Connection, dst: PostgresStore, report: CopyReport, say: Callable[[str], None]
) -> None:
    present = await _tables_in(db)
    for table in TABLES:
        if table in present:
            async with db.execute(f"SELECT COUNT(*) FROM {table}") as cursor:
                row = await cursor.fetchone()
            expected = int(row[0]) if row else 0
            found = int(await dst.pool.fetchval(f"SELECT COUNT(*) FROM {table}"))
            if found != expected:
                report.problems.append(f"{table}: {found} rows copied, the source holds {expected}")
    records = await dst.games()
    for n, record in enumerate(records, start=1):
        replayed, problem = await verify_game(dst, record)
        if record.status == "damaged":
            report.damaged.append(f"game {record.id} ({record.game}): {problem}")
        elif problem is None:
            report.games_verified += replayed
        else:
            report.problems.append(f"game {record.id} ({record.game}, {record.status}): {problem}")
        if n % 100 == 0 or n == len(records):
            say(f"  verified {n}/{len(records)} games by replaying them")


async def verify_game(store: PostgresStore, record: GameRecord) -> tuple[bool, str | None]:
    """(replayed, problem): problem None when the copied game replays to its copied snapshot; replayed
    False when it has nothing to replay (a lobby, a game cancelled in its lobby, a damaged game)."""
    if record.status == "damaged":
        return False, f"set aside as damaged, copied as it is: {record.damage or 'no reason recorded'}"
    saved = await store.saved_snapshot(record.id)
    intents = await store.intents(record.id)
    if record.status == "lobby" or (saved is None and not intents and record.status == "aborted"):
        return False, None
    if record.game not in registry.games():
        return False, f"unknown game {record.game!r}"
    if saved is None:
        return False, "no snapshot for a started game"
    game = registry.get(record.game)
    try:
        state = replay(
            game,
            [s.seat for s in record.seats],
            record.seed,
            record.options,
            [(i.seat, i.key) for i in intents],
        )
    except Exception as exc:
        return True, f"its intent log does not replay: {type(exc).__name__}: {str(exc)[:200]}"
    if game.dump(state) == saved.body:
        return True, None
    return True, (
        f"replaying its {len(intents)} intents does not reach its snapshot (copied as it is; "
        "arbiter db check on the source says why)"
    )
