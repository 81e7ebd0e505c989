"""The one refusal every store shares."""

from __future__ import annotations


class StoreRefused(RuntimeError):
    """The database (an SQLite file, a PostgreSQL server) cannot be trusted or reached; the message says
    what is wrong and what to do. The bot does not start on it, and never re-creates it."""
