"""/game new and the lobby buttons: Join, Leave, Add agent seat, Start."""

from __future__ import annotations

from typing import Any

from tests.cogs.fakes import World
from tests.cogs.helpers import ids_like, last, open_game, status_edits, thread_posts


async def test_new_game_opens_a_thread_with_a_lobby(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await open_game(world, cogs, seats=3, pace="blitz", options="target=7")
    # the starter message in the channel is the thread's first message and the game's status message
    starter = [s for s in world.sent if s.where == f"channel:{world.general.id}"]
    assert len(starter) == 1
    record = await world.table.record(gid)
    assert record.place == {"guild": "111", "channel": "222", "thread": str(thread), "status": str(thread)}
    assert record.options["target"] == 7 and record.pace == "blitz" and record.max_seats == 3
    reply = last(world.to("Ann"))
    assert reply.ephemeral and f"<#{thread}>" in reply.text
    lobby = last(status_edits(world))
    assert lobby.where == f"edit:222:{thread}"
    assert sorted(ids_like(lobby, rf"arbl:{gid}:[\w-]+")) == sorted(
        f"arbl:{gid}:{a}"
        for a in ("join", "leave", "start", "agent-random", "agent-heuristic", "agent-search")
    )
    assert "<@1001>" in lobby.text and "(1/3" in lobby.text


async def test_new_game_refuses_bad_input_before_posting(world: World, cogs: dict[str, Any]) -> None:
    for kwargs, expected in (
        ({"game": "nope"}, "There is no game 'nope'"),
        ({"game": "toy", "seats": 9}, "2 to 5 players"),
        ({"game": "toy", "options": "target=lots"}, "Invalid options"),
        ({"game": "toy", "options": "{bad json"}, "not valid JSON"),
        ({"game": "toy", "options": "target"}, "name=value"),
    ):
        mark = world.mark()
        await world.command(cogs["GameCog"], "new", world.interaction("Ann"), **kwargs)
        sent = world.since(mark)
        assert len(sent) == 1 and sent[0].ephemeral and expected in sent[0].text, (kwargs, sent[0].text)
    assert not world.threads_created


async def test_options_as_json(world: World, cogs: dict[str, Any]) -> None:
    gid, _ = await open_game(world, cogs, options='{"target": 3, "max_rounds": 4}')
    assert (await world.table.record(gid)).options == {"target": 3, "max_rounds": 4}


async def test_game_autocomplete_lists_registered_games(world: World, cogs: dict[str, Any]) -> None:
    choices = await world.autocomplete(cogs["GameCog"], "new", "game", world.interaction("Ann"), "high")
    assert [c.value for c in choices] == ["toy"]


async def test_join_leave_agent_start(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await open_game(world, cogs, seats=3)
    await world.click("Bo", f"arbl:{gid}:join", thread)
    assert "You joined (2/3)" in last(world.to("Bo")).text
    await world.click("Bo", f"arbl:{gid}:join", thread)
    assert "already joined" in last(world.to("Bo")).text
    assert "(2/3" in last(status_edits(world)).text
    await world.click("Bo", f"arbl:{gid}:leave", thread)
    assert "You left" in last(world.to("Bo")).text
    await world.click("Bo", f"arbl:{gid}:agent-heuristic", thread)
    assert "Only the game's host" in last(world.to("Bo")).text
    await world.click("Ann", f"arbl:{gid}:agent-heuristic", thread)
    assert "Agent seat added (2/3)" in last(world.to("Ann")).text
    await world.click("Cy", f"arbl:{gid}:join", thread)
    await world.click("Cy", f"arbl:{gid}:start", thread)
    assert "Only the game's host" in last(world.to("Cy")).text
    mark = world.mark()
    await world.click("Ann", f"arbl:{gid}:start", thread)
    assert "has started" in last(world.to("Ann")).text
    assert (await world.table.record(gid)).status == "running"
    posts = thread_posts(world, thread, mark)
    assert posts, "a start post in the thread"
    start = posts[0]
    assert "High Card begins" in start.text
    assert start.files and start.files[0][1].startswith(b"\x89PNG")
    # the agent has already chosen in secret; the two people are mentioned and choose privately
    assert "<@1001>" in start.text and "<@1003>" in start.text
    assert "1 of 3 have chosen" in start.text
    assert ids_like(start, rf"arbo:{gid}") and ids_like(start, rf"arbh:{gid}")
    assert not ids_like(start, r"arb:.*"), "no public buttons carry a secret choice"
    status = last(status_edits(world, mark))
    assert status.files and "In play" in status.text and ids_like(status, rf"arbo:{gid}")
    assert not any(s.where.startswith("dm:") for s in world.sent)


async def test_start_needs_enough_players(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await open_game(world, cogs, seats=2)
    await world.click("Ann", f"arbl:{gid}:start", thread)
    assert "needs at least 2 players" in last(world.to("Ann")).text


async def test_host_leaving_an_empty_lobby_closes_it(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await open_game(world, cogs, seats=2)
    await world.click("Ann", f"arbl:{gid}:leave", thread)
    assert "lobby is closed" in last(world.to("Ann")).text
    closed = last(status_edits(world))
    assert "closed" in closed.text and not closed.custom_ids()


async def test_failed_create_cleans_up(world: World, cogs: dict[str, Any], monkeypatch: Any) -> None:
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk full")

    monkeypatch.setattr(world.table, "create", broken)
    await world.command(cogs["GameCog"], "new", world.interaction("Ann"), game="toy")
    thread = world.threads_created[-1]
    assert thread.id in world.deleted
    assert "Reference" in last(world.to("Ann")).text


async def test_commands_outside_a_thread_with_several_games(world: World, cogs: dict[str, Any]) -> None:
    first, _ = await open_game(world, cogs)
    second, _ = await open_game(world, cogs)
    await world.command(cogs["HandCog"], "hand", world.interaction("Ann"))
    text = last(world.to("Ann")).text
    assert "name the game" in text and first in text and second in text
