"""Issue 16, item 7: ``/game follow`` (a spectator mentioned at each turn post, or sent it by DM) and
``/settings`` (a member's preferences; a server's default pace, games channel, host role and reminder
policy), stored through migration 6."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.prefs import Prefs
from bot.store.sqlite.storage import MIGRATIONS as storage_migrations
from bot.store.sqlite.storage import SqliteStore
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, last, open_game, start_game, thread_posts


async def test_a_spectator_follows_by_mention_then_by_dm_then_stops(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    game = cogs["GameCog"]
    await world.command(game, "follow", world.interaction("Di", thread))
    assert "You follow High Card" in last(world.to("Di")).text
    mark = world.mark()
    await choose(world, "Ann", gid, thread, "pick:n=1")
    await choose(world, "Bo", gid, thread, "pick:n=2")
    post = last(thread_posts(world, thread, mark))
    assert "Following: <@1004>" in post.text
    assert 1004 in {m.id for m in post.allowed_mentions.users}
    await world.command(game, "follow", world.interaction("Di", thread), how="dm")
    mark = world.mark()
    record = await world.table.record(gid)
    for prompt in await world.table.prompts(gid):
        user = record.user_of(prompt.seat) or ""
        legal = await world.table.legal(gid, user)
        await world.table.submit(gid, user, legal[0][0].key())
        await world.settle()
    dms = [s for s in world.since(mark) if s.where == "dm:1004"]
    assert dms and all("Following" not in p.text for p in thread_posts(world, thread, mark))
    assert not any("pick:" in d.text or "You chose" in d.text for d in dms), "public lines only"
    await world.command(game, "follow", world.interaction("Di", thread), how="off")
    assert "no longer follow" in last(world.to("Di")).text
    assert await world.services.prefs.follows(gid) == {}


async def test_follow_refuses_a_game_of_another_server(world: World, cogs: dict[str, Any]) -> None:
    gid, _ = await open_game(world, cogs)
    elsewhere = world.interaction("Di")
    elsewhere.guild_id = 999
    await world.command(cogs["GameCog"], "follow", elsewhere, game=gid)
    assert "another server" in last(world.to("Di")).text
    assert await world.services.prefs.follows(gid) == {}


async def test_server_settings_need_manage_server_and_shape_new_games(
    world: World, cogs: dict[str, Any]
) -> None:
    settings = cogs["SettingsCog"]
    await world.command(settings, "server", world.interaction("Bo"), pace="blitz")
    assert "Only members with Manage Server" in last(world.to("Bo")).text
    assert await world.services.prefs.guild_settings(str(world.guild_id)) == {}
    await world.command(
        settings,
        "server",
        world.interaction("Mod", moderator=True),
        pace="blitz",
        host_role=SimpleNamespace(id=555),
        channel=world.general,
    )
    text = last(world.to("Mod")).text
    assert "Saved" in text and "<@&555>" in text and f"<#{world.general.id}>" in text
    # Bo has not the role: refused; a moderator opens one with the server's default pace
    await world.command(cogs["GameCog"], "new", world.interaction("Bo"), game="toy", seats=2)
    assert "<@&555>" in last(world.to("Bo")).text and not world.threads_created
    await world.command(cogs["GameCog"], "new", world.interaction("Mod", moderator=True), game="toy", seats=2)
    gid = await world.services.game_in_channel(world.threads_created[-1].id)
    assert gid is not None and (await world.table.record(gid)).pace == "blitz"
    # only in the games channel
    other = world.channel(333, name="random")
    await world.command(
        cogs["GameCog"], "new", world.interaction("Mod", other.id, moderator=True), game="toy"
    )
    assert f"open in <#{world.general.id}>" in last(world.to("Mod")).text
    await world.command(settings, "server", world.interaction("Mod", moderator=True), pace="nonsense")
    assert (await world.services.prefs.guild_settings(str(world.guild_id)))["pace"] == "blitz"


async def test_reminders_off_for_the_server(world: World, cogs: dict[str, Any]) -> None:
    from engine.core.model import Event
    from engine.table import Update

    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await world.services.prefs.set_guild_settings(str(world.guild_id), reminders="off")
    record = await world.table.record(gid)
    mark = world.mark()
    await world.announcer(Update(record, "reminder", [Event("reminder", "due soon", frozenset({"ann"}))]))
    await world.settle()
    assert not any("⏰" in p.text for p in thread_posts(world, thread, mark))


async def test_my_settings_and_show(world: World, cogs: dict[str, Any]) -> None:
    settings = cogs["SettingsCog"]
    await world.command(settings, "me", world.interaction("Ann"), reminders="dm", follow="dm")
    text = last(world.to("Ann")).text
    assert "Reminders: by DM" in text and "Following a game: by DM" in text
    assert await world.services.prefs.dm_reminders("1001")
    await world.command(settings, "show", world.interaction("Bo"))
    assert "Reminders: in the game thread" in last(world.to("Bo")).text


async def test_settings_are_kept_in_the_database_by_migration_6(tmp_path: Path) -> None:
    path = tmp_path / "arbiter.db"
    store = SqliteStore(path)
    await store.open()
    await store.close()
    prefs = Prefs(path)
    await prefs.open()
    await prefs.set_follow("abc123", "42", "dm")
    await prefs.set_guild_settings("7", pace="blitz", channel="9")
    await prefs.set_guild_settings("7", channel=None)
    await prefs.set_user_settings("42", follow="dm")
    await prefs.close()
    again = Prefs(path)
    await again.open()
    assert await again.follows("abc123") == {"42": "dm"}
    assert await again.guild_settings("7") == {"pace": "blitz"}
    assert await again.user_settings("42") == {"follow": "dm"}
    await again.close()
    import sqlite3

    with sqlite3.connect(path) as db:
        assert max(r[0] for r in db.execute("SELECT version FROM schema_version")) == len(storage_migrations)
