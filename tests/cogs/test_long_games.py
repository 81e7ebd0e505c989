"""Issue 16 through the cogs: deadlines as Discord timestamps, /game resign, vote, extend, join, options,
/games open and all, with their refusals (a spectator's vote, a non-host's abort)."""

from __future__ import annotations

import re
from typing import Any

from tests.cogs.fakes import World
from tests.cogs.helpers import last, open_game, start_game, status_edits, thread_posts

STAMP = re.compile(r"<t:(\d+):R>")


async def test_deadlines_are_discord_timestamps_in_status_posts_and_options(
    world: World, cogs: dict[str, Any]
) -> None:
    mark = world.mark()
    gid, thread = await start_game(world, cogs)
    due = await world.table.due(gid)
    assert due, "the game waits for someone, with a deadline"
    stamps = {int(t) for t in STAMP.findall(last(status_edits(world, mark)).text)}
    assert {int(d) for d in due.values()} <= stamps
    assert any(STAMP.search(p.text) for p in thread_posts(world, thread, mark))
    seat = next(iter(due))
    record = await world.table.record(gid)
    name = next(s.name for s in record.seats if s.seat == seat)
    await world.click(name, f"arbo:{gid}", thread)
    assert f"<t:{int(due[seat])}:R>" in last(world.to(name)).text


async def test_vote_resign_extend_and_their_refusals(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    game = cogs["GameCog"]
    await world.command(game, "vote", world.interaction("Di", thread), motion="draw")
    assert "Only the players seated" in last(world.to("Di")).text
    await world.command(game, "abort", world.interaction("Bo", thread))
    assert "Only the game's host or a moderator" in last(world.to("Bo")).text
    assert f"arbc:{gid}:abort" not in last(world.to("Bo")).custom_ids()
    await world.command(game, "vote", world.interaction("Ann", thread), motion="abandon")
    assert "1 of 2" in last(world.to("Ann")).text
    await world.command(game, "extend", world.interaction("Ann", thread))
    first = last(world.to("Ann")).text
    await world.command(game, "extend", world.interaction("Ann", thread))
    assert "already used" in last(world.to("Ann")).text or "no deadline" in first
    mark = world.mark()
    await world.command(game, "resign", world.interaction("Cy", thread))
    assert "agent plays your seat" in last(world.to("Cy")).text
    assert any("resigned" in p.text for p in world.public(mark))
    await world.command(game, "vote", world.interaction("Bo", thread), motion="abandon")
    assert (await world.table.record(gid)).status == "aborted"


async def test_join_open_options_and_all(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await open_game(world, cogs, host="Ann")
    await world.command(cogs["GamesCog"], "open", world.interaction("Bo"))
    assert gid in last(world.to("Bo")).text
    await world.command(cogs["GameCog"], "join", world.interaction("Bo", thread))
    assert "You joined" in last(world.to("Bo")).text
    await world.command(cogs["GameCog"], "options", world.interaction("Bo"), game="toy")
    assert "Default" in last(world.to("Bo")).text or "no options" in last(world.to("Bo")).text
    assert "bank" in last(world.to("Bo")).text
    await world.command(cogs["GamesCog"], "all", world.interaction("Bo"))
    assert "Manage Server" in last(world.to("Bo")).text
    await world.command(cogs["GamesCog"], "all", world.interaction("Mod", moderator=True))
    assert gid in last(world.to("Mod")).text
