"""The one refusal every store shares, and the texts both stores refuse a database with."""

from __future__ import annotations


class StoreRefused(RuntimeError):
    """The database (an SQLite file, a PostgreSQL server) cannot be trusted or reached; the message says
    what is wrong and what to do. The bot does not start on it, and never re-creates it."""


def no_schema_version(where: str) -> str:
    """The refusal of a database that holds Arbiter's tables but no schema_version row (both stores)."""
    return (
        f"The database {where} holds Arbiter's tables but no schema_version row, so which migrations it "
        "has is unknown. It was not changed; restore a backup (arbiter db restore BACKUP, or pg_restore) "
        "or put its schema_version rows back."
    )


def migration_failed(where: str, number: int, exc: BaseException) -> str:
    """The refusal of a database whose tables do not match its schema_version rows (both stores)."""
    return (
        f"The database {where} could not be brought up to date: migration {number} failed "
        f"({type(exc).__name__}: {str(exc)[:200]}), so its schema_version rows do not match its tables. "
        "It was not changed; restore a backup."
    )
