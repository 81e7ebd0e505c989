"""The front end's preferences and announced versions on both stores (issue 20): with PostgreSQL they
live in its database, so every bot process sees the same; the claim on announcing a game."""

from __future__ import annotations

import time

from bot.prefs import prefs_for
from bot.store.postgres.pg_store import PostgresStore
from engine.store import Change
from tests.bot.store.test_pg_store import new_game, record
from tests.support.postgres import Backend


async def test_preferences_are_kept_in_the_games_database_and_survive_a_restart(
    store_backend: Backend,
) -> None:
    store = store_backend.make()
    await store.open()
    prefs = prefs_for(store, store_backend.where)  # type: ignore[arg-type]
    await prefs.open()
    await prefs.set_dm_reminders("u1", True)
    await prefs.set_dm_reminders("u1", True)  # twice: still one row
    await prefs.set_follow("g1", "u2", "dm")
    await prefs.set_follow("g1", "u3", "mention")
    await prefs.set_follow("g1", "u3", None)
    await prefs.set_user_settings("u1", reminders="dm", theme="dark")
    await prefs.set_guild_settings("G1", reminders="off")
    await prefs.set_announced("g1", 4)
    await prefs.set_announced("g1", 2)  # never lowered
    await prefs.close()
    await store.close()
    store = store_backend.make()  # another process, or a restart
    await store.open()
    again = prefs_for(store, store_backend.where)  # type: ignore[arg-type]
    await again.open()
    try:
        assert await again.dm_reminders("u1") and not await again.dm_reminders("u2")
        assert await again.follows("g1") == {"u2": "dm"}
        assert await again.user_settings("u1") == {"reminders": "dm", "theme": "dark"}
        assert await again.guild_settings("G1") == {"reminders": "off"}
        assert await again.announced("g1") == 4 and await again.announced("g2") is None
        if store_backend.kind == "postgres":
            assert await store_backend.value("SELECT COUNT(*) FROM arbiter_dm_reminders") == 1
    finally:
        await again.close()
        await store.close()


async def test_the_catch_up_is_selected_in_sql_on_both_stores(store_backend: Backend) -> None:
    store = store_backend.make()
    await store.open()
    prefs = prefs_for(store, store_backend.where)  # type: ignore[arg-type]
    await prefs.open()
    try:
        for gid in ("told", "behind", "never"):
            await new_game(store, gid)
        await new_game(store, "old", status="finished")
        for gid in ("told", "behind"):
            await prefs.set_announced(gid, 1)
        await store.commit(Change(record("behind", 2), 1))
        found = await store.unannounced()
        assert found is not None and sorted(r.id for r in found) == ["behind", "never"]
    finally:
        await prefs.close()
        await store.close()


async def test_one_process_at_a_time_announces_a_game(postgres_url: str) -> None:
    one, two = PostgresStore(postgres_url), PostgresStore(postgres_url)
    await one.open()
    await two.open()
    first, second = prefs_for(one, ""), prefs_for(two, "")
    await first.open()
    await second.open()
    try:
        assert await first.claim_announcing("g1")
        assert await first.claim_announcing("g1")  # its own claim, renewed
        assert not await second.claim_announcing("g1")
        assert await second.claim_announcing("g2")  # another game is free
        await first.release_announcing("g1")
        assert await second.claim_announcing("g1")
        assert not await first.claim_announcing("g1")
        # a claimer that died: its claim lapses with its lease
        assert await two.claim_announcing("g3", time.time() - 100, lease=10)
        assert await first.claim_announcing("g3")
    finally:
        await first.close()
        await second.close()
        await one.close()
        await two.close()
