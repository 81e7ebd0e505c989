"""Everything that writes SQL: the games' stores, their tools, the league stores and the preferences' rows.

Nothing outside this package imports a database driver or writes SQL (tests/test_layers.py checks it).

- ``sqlite/``: the embedded default (aiosqlite, WAL): :mod:`~bot.store.sqlite.storage` (the store and its
  migrations), :mod:`~bot.store.sqlite.sqlite_write` (one change, one transaction),
  :mod:`~bot.store.sqlite.league_sqlite` (the league store), :mod:`~bot.store.sqlite.dbtools` (backup,
  restore, check), and the benchmark's copies and floor (:mod:`~bot.store.sqlite.clone`,
  :mod:`~bot.store.sqlite.measures`);
- ``postgres/``: several processes sharing one database (asyncpg): :mod:`~bot.store.postgres.pg_store`,
  :mod:`~bot.store.postgres.pg_schema`, :mod:`~bot.store.postgres.league_pg`, and the benchmark's
  scratch schema (:mod:`~bot.store.postgres.scratch`);
- shared by both: :mod:`~bot.store.rows` and :mod:`~bot.store.league_rows` (rows to records),
  :mod:`~bot.store.stores` (which store a database URL names), :mod:`~bot.store.league_stores` (the league
  store that goes with a game store), :mod:`~bot.store.dbcopy` (SQLite into PostgreSQL),
  :mod:`~bot.store.prefs` (the SQL of the front end's preferences) and :mod:`~bot.store.errors`.
"""
