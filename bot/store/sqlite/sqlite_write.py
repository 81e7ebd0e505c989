"""One change written to SQLite in one synchronous call: the whole transaction runs on the database's
worker thread in a single trip (issue 21: a submit was about a dozen trips to aiosqlite's thread).

:func:`write_change` takes the plain ``sqlite3`` connection; :class:`~.storage.SqliteStore` hands
it to its aiosqlite worker, so the statements run one after another with no hop back to the event loop. The
transaction opens with the compare-and-swap on the game's version; any failure rolls everything back.
"""

from __future__ import annotations

import json
import logging
import sqlite3

from engine.core.errors import StaleVersion
from engine.integrity import checksum
from engine.store import CapReached, Change

from ..rows import game_values
from .packed import packed

log = logging.getLogger(__name__)


def count_games_sql(
    status: tuple[str, ...], user: str | None = None, guild: str | None = None
) -> tuple[str, list[object]]:
    """The COUNT of :meth:`engine.store.Store.count_games`, with its arguments (``status`` not empty)."""
    sql = f"SELECT COUNT(*) FROM games g WHERE g.status IN ({','.join('?' for _ in status)})"
    args: list[object] = list(status)
    if user is not None:
        sql += " AND (g.host = ? OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?))"
        args += [user, user]
    if guild is not None:  # one row whose place is not JSON must not fail every count
        sql += " AND CASE WHEN json_valid(g.place) THEN json_extract(g.place, '$.guild') END = ?"
        args.append(guild)
    return sql, args


def write_change(conn: sqlite3.Connection, change: Change) -> None:
    """Save ``change`` atomically; :class:`StaleVersion` if the stored version differs or the change was
    already applied (its idempotency key or intents are there); :class:`CapReached` if it would pass one
    of its caps (counted in the transaction, which ``BEGIN IMMEDIATE`` makes the file's only writer, so
    no other connection or process can change the count until it ends)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        _game(conn, change)
        _rest(conn, change)
        _caps(conn, change)
        conn.execute("COMMIT")
    except sqlite3.IntegrityError as exc:
        conn.execute("ROLLBACK")
        raise StaleVersion("That action was already applied.") from exc
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _game(conn: sqlite3.Connection, change: Change) -> None:
    r = change.record
    row = game_values(r)
    thread = r.place.get("thread")
    thread = str(thread) if thread else None
    if change.expected_version is None:
        conn.execute(
            "INSERT INTO games (id, game, seed, created_at, status, host, max_seats, options, pace, "
            "version, updated_at, place, winners, reason, damage) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (r.id, r.game, r.seed, r.created_at, *row),
        )
    else:
        cursor = conn.execute(
            "UPDATE games SET status=?, host=?, max_seats=?, options=?, pace=?, version=?, "
            "updated_at=?, place=?, winners=?, reason=?, damage=? WHERE id=? AND version=?",
            (*row, r.id, change.expected_version),
        )
        if cursor.rowcount != 1:
            raise StaleVersion("The board has moved on.")
    _thread(conn, r.id, thread)


# A row that exists is updated in place (ON CONFLICT ... DO UPDATE), never deleted and inserted again as
# INSERT OR REPLACE does: its key's index pages are then left alone (fewer WAL pages per move, issue 21).


def _thread(conn: sqlite3.Connection, game_id: str, thread: str | None) -> None:
    """The game's thread in its indexed column (storage.py migration 8); a row whose thread is already
    that is not touched, so a move writes no page for it."""
    try:
        conn.execute("UPDATE games SET thread=? WHERE id=? AND thread IS NOT ?", (thread, game_id, thread))
    except sqlite3.OperationalError:  # a schema before migration 8 (tests of older code): no index kept
        log.debug("game %s: no thread column; its thread is not indexed", game_id)


def _rest(conn: sqlite3.Connection, change: Change) -> None:
    r = change.record
    if change.idempotency_key is not None:
        conn.execute(
            "INSERT INTO idempotency (game_id, key, version) VALUES (?,?,?)",
            (r.id, change.idempotency_key, r.version),
        )
    if change.seats:
        conn.execute("DELETE FROM seats WHERE game_id=?", (r.id,))
        conn.executemany(
            "INSERT INTO seats (game_id, position, seat, user_id, name, away, missed) VALUES (?,?,?,?,?,?,?)",
            [(r.id, i, s.seat, s.user, s.name, int(s.away), s.missed) for i, s in enumerate(r.seats)],
        )
    if change.intents:
        conn.executemany(
            "INSERT INTO intents (game_id, seq, version, seat, intent, by_user, at) VALUES (?,?,?,?,?,?,?)",
            [(r.id, i.seq, i.version, i.seat, i.key, i.by, i.at) for i in change.intents],
        )
    if change.snapshot is not None:
        # the log's length is read back in the same transaction: it is what the store holds
        conn.execute(
            "INSERT INTO snapshots (game_id, version, format, body, checksum, steps) "
            "VALUES (?,?,?,?,?, (SELECT COALESCE(MAX(seq), 0) FROM intents WHERE game_id=?)) "
            "ON CONFLICT (game_id) DO UPDATE SET version=excluded.version, format=excluded.format, "
            "body=excluded.body, checksum=excluded.checksum, steps=excluded.steps",
            (
                r.id,
                r.version,
                change.snapshot_format,
                packed(change.snapshot),
                checksum(change.snapshot),
                r.id,
            ),
        )
    if change.deadlines is not None:
        conn.execute("DELETE FROM deadlines WHERE game_id=?", (r.id,))
        conn.executemany(
            "INSERT INTO deadlines (game_id, seat, kind, due_at, remind_at, reminded) VALUES (?,?,?,?,?,?)",
            [(d.game_id, d.seat, d.kind, d.due_at, d.remind_at, int(d.reminded)) for d in change.deadlines],
        )
    if change.public_lines:
        _public_lines(conn, change)
    if change.table_state is not None:
        _table_state(conn, r.id, change.table_state)


def _caps(conn: sqlite3.Connection, change: Change) -> None:
    for cap in change.caps:
        sql, args = count_games_sql(cap.status, cap.user, cap.guild)
        (count,) = conn.execute(sql, args).fetchone()
        if int(count) > cap.most:
            raise CapReached(cap)


def _public_lines(conn: sqlite3.Connection, change: Change) -> None:
    """The lines follow the game's last one."""
    game_id = change.record.id
    query = "SELECT COALESCE(MAX(seq), 0) FROM public_log WHERE game_id=?"
    (last,) = conn.execute(query, (game_id,)).fetchone()
    conn.executemany(
        "INSERT INTO public_log (game_id, version, seq, text) VALUES (?,?,?,?)",
        [(game_id, line.version, int(last) + n, line.text) for n, line in enumerate(change.public_lines, 1)],
    )


def _table_state(conn: sqlite3.Connection, game_id: str, body: object) -> None:
    try:
        conn.execute(
            "INSERT INTO table_state (game_id, body) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET body=excluded.body",
            (game_id, json.dumps(body)),
        )
    except sqlite3.OperationalError:  # a schema before migration 5 (tests of older code): no clocks kept
        log.debug("game %s: no table_state table; its clocks are not kept", game_id)


__all__ = ["write_change"]
