"""/vacation, /game return, /games mine, moderation commands, /help and /rules."""

from __future__ import annotations

import json
from typing import Any

from tests.cogs.fakes import World
from tests.cogs.helpers import choose, last, open_game, secret_id, start_game, thread_posts


async def test_vacation_and_return(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    mark = world.mark()
    await world.command(cogs["VacationCog"], "vacation", world.interaction("Bo", thread))
    assert "an agent plays for you" in last([s for s in world.to("Bo") if s.ephemeral]).text
    # the agent chose for Bo at once: Bo hears of it by DM, nobody else sees it
    assert any(s.where == "dm:1002" and "You chose: Pick" in s.text for s in world.since(mark))
    record = await world.table.record(gid)
    seat = record.seat_of("1002")
    assert seat is not None and seat.away
    assert any("on vacation" in p.text for p in thread_posts(world, thread, mark))
    await world.command(cogs["GameCog"], "return", world.interaction("Bo", thread))
    assert "you play again" in last([s for s in world.to("Bo") if s.ephemeral]).text
    seat = (await world.table.record(gid)).seat_of("1002")
    assert seat is not None and not seat.away
    await world.command(cogs["VacationCog"], "vacation", world.interaction("Di"))
    assert "not playing in any running game" in last(world.to("Di")).text


async def test_vacation_outside_a_thread_covers_all_games(world: World, cogs: dict[str, Any]) -> None:
    first, _ = await start_game(world, cogs, players=("Ann", "Bo"))
    second, _ = await start_game(world, cogs, players=("Bo", "Cy"))
    await world.command(cogs["VacationCog"], "vacation", world.interaction("Bo"))
    text = last([s for s in world.to("Bo") if s.ephemeral]).text
    assert first in text and second in text


async def test_games_mine(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    lobby, lobby_thread = await open_game(world, cogs, host="Ann")
    await world.command(cogs["GamesCog"], "mine", world.interaction("Ann"))
    text = last(world.to("Ann")).text
    assert f"<#{thread}>" in text and f"<#{lobby_thread}>" in text
    assert "your turn" in text and "Lobby open" in text
    await world.command(cogs["GamesCog"], "mine", world.interaction("Di"))
    assert "not in any game" in last(world.to("Di")).text


async def test_pause_resume_abort_permissions(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    cid = await secret_id(world, gid, "Ann", "pick:n=1")
    game = cogs["GameCog"]
    await world.command(game, "pause", world.interaction("Bo", thread))
    assert "Only the game's host or a moderator" in last(world.to("Bo")).text
    await world.command(game, "pause", world.interaction("Mod", thread, moderator=True))
    assert "paused" in last(world.to("Mod")).text
    assert (await world.table.record(gid)).status == "paused"
    await world.click("Ann", cid, thread)
    assert "paused" in last(world.to("Ann")).text
    await world.command(game, "resume", world.interaction("Ann", thread))
    assert (await world.table.record(gid)).status == "running"
    mark = world.mark()
    await world.command(game, "abort", world.interaction("Ann", thread))
    assert (await world.table.record(gid)).status == "running"  # asked first: nothing is cancelled yet
    assert f"arbc:{gid}:abort" in last(world.to("Ann")).custom_ids()
    await world.click("Ann", f"arbc:{gid}:abort", thread)
    assert (await world.table.record(gid)).status == "aborted"
    assert any("cancelled" in p.text for p in world.public(mark))


async def test_kick_and_replace(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    game = cogs["GameCog"]
    await world.command(game, "kick", world.interaction("Ann", thread), member=world.users["Cy"])
    record = await world.table.record(gid)
    assert record.seat_of("1003") is None
    seat = record.seats[2].seat
    choices = await world.autocomplete(game, "replace", "seat", world.interaction("Ann", thread), "")
    assert seat in [c.value for c in choices]
    await world.command(
        game, "replace", world.interaction("Ann", thread), seat=seat, member=world.users["Di"]
    )
    assert "Di now plays" in last(world.to("Ann")).text
    assert (await world.table.record(gid)).seat_of("1004") is not None
    await world.command(game, "kick", world.interaction("Bo", thread), member=world.users["Ann"])
    assert "Only the game's host" in last(world.to("Bo")).text


async def test_pace_log_export(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    game = cogs["GameCog"]
    await world.command(game, "pace", world.interaction("Ann", thread), preset="relaxed")
    assert (await world.table.record(gid)).pace == "relaxed"
    await choose(world, "Ann", gid, thread, "pick:n=2")
    await world.command(game, "log", world.interaction("Di", thread))
    log = last(world.to("Di"))
    assert log.ephemeral and "Ann has chosen." in log.text and "picked" not in log.text
    # while the game runs, the export (seed, secret choices) is refused to players and plain members
    await world.command(game, "export", world.interaction("Ann", thread, moderator=True))
    assert "reveals hidden information" in last(world.to("Ann")).text
    await world.command(game, "export", world.interaction("Di", thread))
    assert "reveals hidden information" in last(world.to("Di")).text
    await world.command(game, "export", world.interaction("Mod", thread, moderator=True))
    export = last(world.to("Mod"))
    assert export.ephemeral and export.files
    data = json.loads(export.files[0][1])
    # a moderator who does not play gets only the public record of a running game: Ann's secret pick, the
    # seed (which fixes every deal) and the intent log stay out
    assert (
        data["id"] == gid
        and data["public_only"]
        and any("Ann has chosen." in line for line in data["public_log"])
    )
    assert not {"seed", "intents", "final"} & data.keys() and "pick:n=2" not in export.files[0][1].decode()
    await world.command(game, "abort", world.interaction("Ann", thread))
    await world.click("Ann", f"arbc:{gid}:abort", thread)
    await world.command(game, "export", world.interaction("Di", thread))
    # cancelled before its rules ended it: its export stays the public record (README, "Undo, history and
    # replays"), so Ann's secret pick is never revealed
    cancelled = last(world.to("Di"))
    assert "public record only" in cancelled.text
    body = json.loads(cancelled.files[0][1])
    assert body["public_only"] and not {"seed", "intents", "final"} & body.keys()
    assert "pick:n=2" not in cancelled.files[0][1].decode()


async def test_help_and_rules(world: World, cogs: dict[str, Any]) -> None:
    before = len(world.to("Di"))
    await world.command(cogs["HelpCog"], "help", world.interaction("Di"))
    text = "\n".join(m.text for m in world.to("Di")[before:])  # the whole help, however many messages
    assert "(more in" not in text, "the help was cut"
    assert "/game new" in text and "High Card (`toy`)" in text
    await world.command(cogs["HelpCog"], "rules", world.interaction("Di"), game="wide")
    rules = last(world.to("Di"))
    assert rules.ephemeral and "pick any number from 1 to 60" in rules.text
    mark = world.mark()
    await world.command(cogs["HelpCog"], "rules", world.interaction("Di"), game="toy", public=True)
    assert world.public(mark) and "High Card" in world.public(mark)[-1].text
    choices = await world.autocomplete(cogs["HelpCog"], "rules", "game", world.interaction("Di"), "wide")
    assert [c.value for c in choices] == ["wide"]


async def test_my_games_autocomplete(world: World, cogs: dict[str, Any]) -> None:
    gid, _ = await start_game(world, cogs)
    choices = await world.autocomplete(cogs["HandCog"], "hand", "game", world.interaction("Ann"), "")
    assert [c.value for c in choices] == [gid]
    await world.command(cogs["HandCog"], "hand", world.interaction("Ann"), game=gid)
    assert last(world.to("Ann")).files


async def test_log_export_and_catch_up_replay_nothing(
    world: World, cogs: dict[str, Any], monkeypatch: Any
) -> None:
    """/game log, the public-only export and the catch-up after a restart read the public lines saved
    with each change: the intent log is never replayed for a game saved with them."""
    from dataclasses import replace

    from bot.prefs import Prefs
    from cogs.announcer import Announcer

    def no_replay(*args: Any) -> Any:
        raise AssertionError("the intent log was replayed")

    monkeypatch.setattr("engine.table.reading.replay", no_replay)
    gid, thread = await start_game(world, cogs)
    game = cogs["GameCog"]
    for name, n in (("Ann", 2), ("Bo", 3), ("Cy", 1)):
        await choose(world, name, gid, thread, f"pick:n={n}")
    await world.command(game, "log", world.interaction("Di", thread))
    log = last(world.to("Di")).text
    assert "Revealed: Ann=2, Bo=3, Cy=1" in log and "You chose" not in log
    await world.command(game, "export", world.interaction("Mod", thread, moderator=True))
    data = json.loads(last(world.to("Mod")).files[0][1])
    assert any("Revealed: Ann=2, Bo=3, Cy=1" in line for line in data["public_log"])
    # a restart whose announced version is older (as if the last posts had not gone out)
    prefs = Prefs()
    await prefs.set_announced(gid, 1)
    mark = world.mark()
    restarted = Announcer(world.client, replace(world.services, prefs=prefs))
    assert await restarted.catch_up() == 1
    await restarted.drain(10)
    posted = "\n".join(p.text for p in thread_posts(world, thread, mark))
    assert "While Arbiter was restarting" in posted and "Revealed: Ann=2, Bo=3, Cy=1" in posted
