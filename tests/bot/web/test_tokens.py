"""Issue 34: each game, league and server a page serves has one random token, stored with it (migration 9:
``web_links``, on SQLite and PostgreSQL alike): the same link every time, in every process and after a
restart; a token that nobody was given, or of another kind, names nothing."""

from __future__ import annotations

from engine.store import MemoryStore, Store
from engine.table import Table
from engine.table.links import TOKEN_SHAPE
from tests.bot.web.world import new_game
from tests.support.postgres import Backend


async def test_one_token_per_page_kept_by_the_store(store_backend: Backend, backend_store: Store) -> None:
    table = Table(backend_store)
    gid = await new_game(table, "infamy")
    token = await table.web_token("game", gid)
    assert TOKEN_SHAPE.fullmatch(token) and len(token) >= 22
    assert await table.web_token("game", gid) == token
    league = await table.web_token("league", gid)
    assert league != token, "a league with a game's id still has a token of its own"
    # another process (or a restart) on the same database: the same token, found by the store
    again = store_backend.make()
    await again.open()
    try:
        other = Table(again)
        assert await other.web_token("game", gid) == token
        assert await other.web_target(token) == ("game", gid)
        assert await other.web_target(league) == ("league", gid)
        assert await other.web_target("A" * 22) is None
        assert await other.web_target("not a token!") is None
        assert await other.versions([gid, "nope"]) == {gid: (await other.record(gid)).version}
    finally:
        await again.close()
    # a drawn token that is taken already is refused by the store, never given to a second page
    assert await backend_store.web_token("game", "someone-else", token) is None
    assert await backend_store.web_token("game", "someone-else", "B" * 22) == "B" * 22


async def test_tokens_are_random_not_counted() -> None:
    table = Table(MemoryStore())
    tokens = {await table.web_token("server", str(n)) for n in range(50)}
    assert len(tokens) == 50
    assert len({t[:6] for t in tokens}) == 50, "no shared prefix: nothing to count up from"
