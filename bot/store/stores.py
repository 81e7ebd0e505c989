"""Which store a database URL names: ``postgresql://...`` is PostgreSQL, ``sqlite:///path`` (or a plain
path, or nothing: ``ARBITER_DB``) is the SQLite file. Anything else is refused with what to write."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .sqlite.storage import SqliteStore

if TYPE_CHECKING:
    from .postgres.pg_store import PostgresStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


class BadDatabaseUrl(ValueError):
    """The URL names no store Arbiter knows; the message gives the accepted forms."""


def is_postgres(url: str | None) -> bool:
    return bool(url) and str(url).strip().lower().startswith(POSTGRES_SCHEMES)


def sqlite_path(url: str) -> str:
    """The file of ``sqlite:///path`` (``sqlite:////abs/path`` for an absolute one), or a plain path."""
    text = url.strip()
    if text.lower().startswith(SQLITE_SCHEME):
        path = text[len(SQLITE_SCHEME) :]
        if not path:
            raise BadDatabaseUrl("sqlite:/// needs a file after it, as in sqlite:///arbiter.db.")
        return path
    if "://" in text or text.lower().startswith("sqlite:"):
        scheme = text.split(":", 1)[0]
        raise BadDatabaseUrl(
            f"Unknown database URL scheme {scheme!r} in {text.split('@')[-1]!r}. Use "
            "postgresql://user:password@host:5432/database for PostgreSQL, or sqlite:///path/arbiter.db "
            "(or a plain path) for SQLite."
        )
    return text


def open_store(
    url_or_path: str | Path | None,
    default_sqlite: str = "./arbiter.db",
    synchronous: Literal["normal", "full"] = "normal",
    create: bool | None = None,
) -> SqliteStore | PostgresStore:
    """The store (not yet opened: call ``await store.open()``) that ``url_or_path`` names; None or ""
    is the SQLite file ``default_sqlite``."""
    text = str(url_or_path).strip() if url_or_path is not None else ""
    if is_postgres(text):
        # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
        from .postgres.pg_store import PostgresStore

        return PostgresStore(text)
    return SqliteStore(sqlite_path(text) if text else default_sqlite, create=create, synchronous=synchronous)


def sqlite_file(url_or_path: str | Path | None, default_sqlite: str = "./arbiter.db") -> str | None:
    """The SQLite file that ``url_or_path`` names (``default_sqlite`` when none), or None for PostgreSQL."""
    text = str(url_or_path).strip() if url_or_path is not None else ""
    if is_postgres(text):
        return None
    return sqlite_path(text) if text else default_sqlite


def describe(url_or_path: str | Path | None, default_sqlite: str = "./arbiter.db") -> str:
    """The database for messages: a PostgreSQL URL without its password, or the SQLite file."""
    text = str(url_or_path).strip() if url_or_path is not None else ""
    if is_postgres(text):
        # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
        from .postgres.pg_store import redacted

        return redacted(text)
    return sqlite_path(text) if text else default_sqlite
