"""The PostgreSQL store: several bot processes, each holding a range of Discord shards, share it."""
