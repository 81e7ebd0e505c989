"""Rows to records, shared by the SQL stores (``sqlite/storage.py`` for SQLite, ``postgres/pg_store.py`` for
PostgreSQL): pure functions of a row read by column name (an ``aiosqlite.Row`` or an ``asyncpg.Record``).

Both stores keep the same columns with the same meaning (JSON bodies as text in both, so a row that
cannot be decoded is the same event on either), so one decoding serves both: a games row that cannot be
decoded becomes a minimal damaged record holding what could still be read, never an exception that
stops the rows after it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import Any

from engine.core.errors import DamagedGame
from engine.integrity import ROW_UNREADABLE, SavedSnapshot
from engine.records import Deadline, GameRecord, LoggedIntent, SeatRecord
from engine.store import UNREADABLE_DEADLINE, PublicLine

log = logging.getLogger(__name__)


class BadText(str):
    """A TEXT value that is not valid UTF-8 (a flipped byte that still passes ``quick_check``), read with
    replacement characters so the rows around it still come back: whoever decodes a row refuses it
    (:func:`bad_columns`), so the damage stays with its own game."""


def read_text(data: bytes) -> str:
    """SQLite's text factory while a query's rows hold invalid UTF-8 (``sqlite/storage.py``)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return BadText(data.decode("utf-8", "replace"))


def bad_columns(row: Any) -> list[str]:
    """The columns of ``row`` whose text is not valid UTF-8."""
    return [name for name in row.keys() if isinstance(row[name], BadText)]


def _readable(row: Any, what: str) -> None:
    bad = bad_columns(row)
    if bad:
        raise ValueError(f"{what}: {', '.join(bad)} not valid UTF-8")


def seat_from_row(row: Any) -> SeatRecord:
    _readable(row, "a seat row")
    return SeatRecord(
        seat=row["seat"], user=row["user_id"], name=row["name"], away=bool(row["away"]), missed=row["missed"]
    )


def game_values(record: GameRecord) -> tuple[Any, ...]:
    """The columns a change rewrites, in the order status, host, max_seats, options, pace, version,
    updated_at, place, winners, reason, damage (JSON bodies as text)."""
    return (
        record.status,
        record.host,
        record.max_seats,
        json.dumps(record.options),
        record.pace,
        record.version,
        record.updated_at,
        json.dumps(record.place),
        json.dumps(record.winners),
        record.reason,
        record.damage,
    )


def unreadable(game_id: Any, exc: BaseException) -> str:
    """The ``damage`` text of a row that cannot be decoded (logged once, with the game id)."""
    reason = f"{ROW_UNREADABLE} ({type(exc).__name__}: {str(exc)[:200]})"
    log.error("game %r: %s", game_id, reason)
    return reason


def record_from_row(row: Any, seats: list[SeatRecord]) -> GameRecord:
    """The games row as a record; raises when any field cannot be decoded (see :func:`decode_record`)."""
    _readable(row, "the games row")
    return GameRecord(
        id=row["id"],
        game=row["game"],
        status=row["status"],
        host=row["host"],
        max_seats=row["max_seats"],
        options=json.loads(row["options"]),
        pace=row["pace"],
        seed=row["seed"],
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        place=json.loads(row["place"]),
        winners=json.loads(row["winners"]),
        reason=row["reason"],
        damage=row["damage"],
        seats=seats,
    )


def minimal_record(row: Any, seats: list[SeatRecord], reason: str) -> GameRecord:
    """What can still be read of a bad row (above all where its thread is, so its players can be told),
    as a damaged record."""

    def field(name: str, kind: type, default: Any, decode: bool = False) -> Any:
        try:
            if isinstance(row[name], BadText):
                return default
            value = json.loads(row[name]) if decode else row[name]
        except Exception:
            return default
        return value if isinstance(value, kind) else default

    place = {str(k): str(v) for k, v in field("place", dict, {}, decode=True).items()}
    return GameRecord(
        id=str(row["id"]),
        game=field("game", str, "?"),
        status="damaged",
        host=field("host", str, ""),
        max_seats=field("max_seats", int, 0),
        seed=field("seed", int, 0),
        version=field("version", int, 0),
        created_at=field("created_at", float, 0.0),
        place=place,
        seats=seats,
        damage=reason + (f"; earlier: {earlier}" if (earlier := field("damage", str, "")) else ""),
    )


def decode_record(row: Any, seats: list[SeatRecord] | None, seats_problem: str = "") -> GameRecord:
    """The row as a record; a row that cannot be decoded (bad JSON, a NULL, an unknown status) is logged
    and comes back as a minimal damaged record. ``seats`` None: its seats could not be read (why:
    ``seats_problem``)."""
    try:
        if seats is None:
            raise ValueError(f"its seats cannot be read{': ' if seats_problem else ''}{seats_problem}")
        return record_from_row(row, seats)
    except Exception as exc:  # any field of any type may be bad: the row is reported, not fatal
        return minimal_record(row, seats or [], unreadable(row["id"], exc))


def intent_from_row(game_id: str, row: Any) -> LoggedIntent:
    """One intent row; :class:`DamagedGame` when it cannot be decoded (its game cannot be trusted)."""
    bad = bad_columns(row)
    if bad:
        reason = f"{ROW_UNREADABLE}: intent seq {row['seq']}: {', '.join(bad)} not valid UTF-8"
        log.error("game %r: %s", game_id, reason)
        raise DamagedGame(reason=reason)
    return LoggedIntent(
        seq=row["seq"],
        version=row["version"],
        seat=row["seat"],
        key=row["intent"],
        by=row["by_user"],
        at=row["at"],
    )


UNREADABLE_BODY = "not readable (text that is not UTF-8, or a compressed body that does not unpack)"


def snapshot_from_row(row: Any) -> SavedSnapshot:
    """A snapshot row; one whose text cannot be decoded is kept with the reason (``unreadable``), so the
    game is rebuilt from its intent log as after a checksum mismatch."""
    bad = bad_columns(row)
    return SavedSnapshot(
        version=row["version"],
        format=row["format"],
        body="" if bad else row["body"],
        checksum="" if bad else row["checksum"] or "",
        steps=row["steps"],
        unreadable=f"snapshot row: {', '.join(bad)} {UNREADABLE_BODY}" if bad else None,
    )


def deadlines_from_rows(rows: Iterable[Any]) -> list[Deadline]:
    """The rows as deadlines; a row that cannot be decoded is logged and left out (one bad deadline row
    must not stop every game's deadlines), and one whose text is not valid UTF-8 comes back as its game's
    :data:`~engine.store.UNREADABLE_DEADLINE` (the table sets that game aside when it falls due)."""
    out: list[Deadline] = []
    for r in rows:
        try:
            bad = bad_columns(r)
            if bad and isinstance(r["game_id"], BadText):
                raise ValueError("its game id is not valid UTF-8")
            if bad:
                log.error("game %r: a deadline row is not valid UTF-8 (%s)", r["game_id"], ", ".join(bad))
                out.append(_unreadable_deadline(r))
                continue
            out.append(
                Deadline(
                    game_id=r["game_id"],
                    seat=r["seat"],
                    kind=r["kind"],
                    due_at=r["due_at"],
                    remind_at=r["remind_at"],
                    reminded=bool(r["reminded"]),
                )
            )
        except Exception as exc:
            log.error("game %r: a deadline row cannot be decoded (%s)", r["game_id"], exc)
    return out


def _unreadable_deadline(r: Any) -> Deadline:
    due = float(r["due_at"])
    return Deadline(
        game_id=r["game_id"],
        seat=UNREADABLE_DEADLINE,
        kind="unreadable",
        due_at=due,
        remind_at=due,
        reminded=True,
    )


def public_lines_from_rows(rows_newest_first: list[Any]) -> list[PublicLine] | None:
    """The lines, oldest first; None when one cannot be decoded (the caller replays the intent log, as for
    a game whose lines predate the public log)."""
    if any(bad_columns(r) for r in rows_newest_first):
        log.warning("a public log line is not valid UTF-8; the log is replayed from the intents")
        return None
    return [PublicLine(int(r["version"]), str(r["text"])) for r in reversed(rows_newest_first)]


def table_state_from_text(game_id: str, text: Any) -> dict[str, Any]:
    """A table_state body; {} (clocks start afresh, with a warning) when it cannot be read."""
    try:
        if isinstance(text, BadText):
            raise ValueError("not valid UTF-8")
        body = json.loads(text)
    except (TypeError, ValueError):
        log.warning("game %s: its table state cannot be read; clocks start afresh", game_id)
        return {}
    return body if isinstance(body, dict) else {}
