"""The PostgreSQL schema: the same numbered migrations as SQLite's (``bot/store/sqlite/storage.py``), in
PostgreSQL.

Migration N here leaves the same tables, columns and meaning as SQLite's migration N, so a database
of either kind at version N holds the same facts and ``arbiter db copy`` maps them table to table.
The differences are types only: ``DOUBLE PRECISION`` for SQLite's REAL, ``BIGINT`` for seeds,
``BOOLEAN`` for SQLite's 0/1 flags. JSON bodies stay ``TEXT`` on purpose: a row whose body cannot be
decoded is then the same event on both stores (a damaged record, never a failed query), and
the store reads exactly the text it wrote.

One addition: ``games.guild``, the guild id of ``place`` kept beside it at every write, so counting a
server's games needs no JSON parsing in SQL (one unreadable ``place`` must not fail every count).

Several bot processes coordinate through :data:`COORDINATION` (claims on deadlines and announcements),
PostgreSQL only and outside the numbered migrations: a claim is a short lease, never a fact about a game,
so neither SQLite (one process) nor ``arbiter db copy`` has anything to carry over.
"""

from __future__ import annotations

from ..league_rows import MIGRATION as LEAGUE_TABLES
from ..league_rows import TABLES as LEAGUE_TABLE_NAMES
from ..web_rows import MIGRATION as WEB_LINKS
from ..web_rows import TABLE as WEB_LINKS_TABLE

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
        seed BIGINT NOT NULL,
        version INTEGER NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        place TEXT NOT NULL,
        winners TEXT NOT NULL,
        reason TEXT NOT NULL,
        guild TEXT
    );
    CREATE INDEX games_by_status ON games(status, guild);
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        position INTEGER NOT NULL,
        seat TEXT NOT NULL,
        user_id TEXT,
        name TEXT NOT NULL,
        away BOOLEAN NOT NULL,
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
        at DOUBLE PRECISION NOT NULL,
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
        due_at DOUBLE PRECISION NOT NULL,
        remind_at DOUBLE PRECISION NOT NULL,
        reminded BOOLEAN NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX deadlines_due ON deadlines(due_at);
    CREATE TABLE idempotency (
        key TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        version INTEGER NOT NULL
    );
    """,
    # 2: games set aside for a moderator say why; idempotency keys are per game
    """
    ALTER TABLE games ADD COLUMN damage TEXT NOT NULL DEFAULT '';
    ALTER TABLE idempotency DROP CONSTRAINT idempotency_pkey;
    ALTER TABLE idempotency ADD PRIMARY KEY (game_id, key);
    ALTER TABLE idempotency ADD FOREIGN KEY (game_id) REFERENCES games(id);
    """,
    # 3: snapshots prove themselves: the sha256 of the body, and the intent-log length they were saved with
    """
    ALTER TABLE snapshots ADD COLUMN checksum TEXT NOT NULL DEFAULT '';
    ALTER TABLE snapshots ADD COLUMN steps INTEGER;
    UPDATE snapshots SET steps = (SELECT COUNT(*) FROM intents i WHERE i.game_id = snapshots.game_id);
    """,
    # 4: the public log, saved with each change; public_log_missing: the version up to which lines are
    # missing for games that had intents before the log was kept
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
        SELECT g.id, g.version FROM games g WHERE EXISTS (SELECT 1 FROM intents i WHERE i.game_id = g.id);
    """,
    # 5: the table's own state of a game (time banks, turn clocks, votes, extensions), one JSON body
    """
    CREATE TABLE table_state (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        body TEXT NOT NULL
    );
    """,
    # 6: the Discord front end's settings: follows, each member's and each server's settings
    """
    CREATE TABLE IF NOT EXISTS follows (
        game_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        mode TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE IF NOT EXISTS user_settings (user_id TEXT PRIMARY KEY, body TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS guild_settings (guild_id TEXT PRIMARY KEY, body TEXT NOT NULL);
    """,
    # 7: leagues and ratings (issue 19): leagues, results (in the order recorded), who played in each,
    # ratings per game per server, reliability
    LEAGUE_TABLES.format(real="DOUBLE PRECISION"),
    # 8: each game's thread in an indexed column, written with every change (issue 21: a command in a
    # thread finds its game without reading every game); existing rows read it from ``place`` by pattern,
    # so a row whose place is not JSON does not fail the migration
    """
    ALTER TABLE games ADD COLUMN thread TEXT;
    UPDATE games SET thread = substring(place from '"thread": *"([^"]+)"');
    CREATE INDEX games_by_thread ON games(thread);
    """,
    # 9: the web companion's links (issue 34): one random token per game, league and server a page serves
    WEB_LINKS,
]

PREFS_TABLES = """
    CREATE TABLE IF NOT EXISTS arbiter_dm_reminders (user_id TEXT PRIMARY KEY);
    CREATE TABLE IF NOT EXISTS arbiter_announced (game_id TEXT PRIMARY KEY, version INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS arbiter_posting (
        game_id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
"""
"""The front end's own tables outside the numbered migrations, as :class:`bot.prefs.Prefs` makes them
in SQLite (``IF NOT EXISTS``, made at every open): who wants reminders by DM, the last version of
each game whose announcement went out, and the turn post being sent (``bot.store.prefs.POSTING_TABLE``)."""

COORDINATION = """
    ALTER TABLE deadlines ADD COLUMN IF NOT EXISTS claimed_by TEXT;
    ALTER TABLE deadlines ADD COLUMN IF NOT EXISTS claimed_until DOUBLE PRECISION;
    CREATE TABLE IF NOT EXISTS announce_claims (
        game_id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        until DOUBLE PRECISION NOT NULL
    );
"""
"""What several processes sharing the database need, made at every open (``IF NOT EXISTS``): a deadline
claimed by a process (``claimed_by``) until ``claimed_until``, so exactly one process applies its default
or sends its reminder, and another takes it over once the lease has run out (its claimer died); and the
process announcing a game (``announce_claims``), for as long as its lease lasts. A commit rewrites a
game's deadline rows, so a new deadline is never born claimed."""

CHANGES_CHANNEL = "arbiter_changes"
"""The LISTEN/NOTIFY channel: every commit notifies ``game_id version guild owner`` (space-separated) when
its transaction commits, so the process holding the guild's shard announces a change another made."""


def numbered(sql: str) -> str:
    """``?`` placeholders (SQLite's) as PostgreSQL's ``$1, $2, ...``, for SQL shared by both stores."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], start=1))


SCHEMA_VERSION = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"

MIGRATION_LOCK = 0x61726269746572
"""The advisory lock held while migrating, so two processes starting at once never both migrate."""

CAP_LOCKS = 0x63617073
"""The advisory locks the limits are counted under (``pg_advisory_xact_lock(CAP_LOCKS, hashtext(key))``,
one per member or server: ``engine.store.Cap.key``), so two processes never both pass one count."""

TABLES = (
    "games",
    "seats",
    "intents",
    "snapshots",
    "deadlines",
    "idempotency",
    "public_log",
    "public_log_missing",
    "table_state",
    "follows",
    "user_settings",
    "guild_settings",
    "arbiter_dm_reminders",
    "arbiter_announced",
    *LEAGUE_TABLE_NAMES,
    WEB_LINKS_TABLE,
)
"""Every table of Arbiter's in a copy's order (a game's rows after the game's own, for the foreign keys)."""
