"""The SQL of the web companion's links (:mod:`bot.web`), shared by both stores: each game, league and
server that a page serves has one random token, kept in ``web_links`` (SQLite and PostgreSQL migration 9).

A token is made once, on first use (``INSERT ... ON CONFLICT DO NOTHING`` then the read back, so two
processes asking at once agree on one), and never changes: a link posted in Discord stays good. The
statements use ``?`` placeholders (PostgreSQL's store numbers them).
"""

from __future__ import annotations

MIGRATION = """
    CREATE TABLE web_links (
        token TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        ref TEXT NOT NULL
    );
    CREATE UNIQUE INDEX web_links_by_ref ON web_links(kind, ref)
"""
"""Migration 9 of both stores: ``kind`` is ``game``, ``league`` or ``server``; ``ref`` its id."""

TABLE = "web_links"
ADD = "INSERT INTO web_links (token, kind, ref) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
TOKEN_OF = "SELECT token FROM web_links WHERE kind = ? AND ref = ?"
TARGET_OF = "SELECT kind, ref FROM web_links WHERE token = ?"

__all__ = ["ADD", "MIGRATION", "TABLE", "TARGET_OF", "TOKEN_OF"]
