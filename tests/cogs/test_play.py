"""Playing: private choices, public action buttons, /play, stale versions, duplicates, hidden information."""

from __future__ import annotations

import re
from typing import Any

from cogs.ui.flows import menu_value
from cogs.ui.stamps import Stamp
from engine.core import Intent
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, ids_like, last, secret_id, start_game, status_edits, thread_posts


async def pick(world: World, gid: str, thread: int, user: str, n: int) -> None:
    await world.click(user, f"arbo:{gid}", thread)
    options = last(world.to(user))
    assert options.ephemeral
    ids = ids_like(options, rf"arb:{gid}:(?:0|s[^:]+):pick:n=\d")
    assert ids == [await secret_id(world, gid, user, f"pick:n={i}") for i in (1, 2, 3)], options.text
    await world.click(user, ids[n - 1], thread)


async def test_choose_privately_then_reveal(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    await world.click("Ann", f"arbo:{gid}", thread)
    options = last(world.to("Ann"))
    assert options.ephemeral and "secret" in options.text and "Pick 1, 2 or 3" in options.text
    cid = await secret_id(world, gid, "Ann", "pick:n=2")
    assert options.labels()[cid] == "Pick 2"
    mark = world.mark()
    await world.click("Ann", cid, thread)
    answer = last(world.to("Ann", mark))
    assert answer.ephemeral and "✅ Pick 2" in answer.text and "You chose: Pick 2." in answer.text
    public = world.public(mark)
    assert not thread_posts(world, thread, mark), "secret-choice progress only edits the status message"
    assert "1 of 3 have chosen" in last(status_edits(world, mark)).text
    assert not any("picked" in s.text or "n=2" in s.text for s in public)
    await pick(world, gid, thread, "Bo", 3)
    mark = world.mark()
    await pick(world, gid, thread, "Cy", 1)
    posts = thread_posts(world, thread, mark)
    assert any("Revealed: Ann=2, Bo=3, Cy=1" in p.text for p in posts)


async def test_a_decision_is_offered_privately_and_a_stale_click_is_told(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await pick(world, gid, thread, "Ann", 1)
    await pick(world, gid, thread, "Bo", 2)
    record = await world.table.record(gid)
    leader = record.seat_named((await world.table.prompts(gid))[0].seat)
    assert leader is not None
    name = "Ann" if leader.user == "1001" else "Bo"
    other = "Bo" if name == "Ann" else "Ann"
    post = last(thread_posts(world, thread))
    # a seat's options can reveal its hidden cards: public messages carry only the options button
    assert ids_like(post, rf"arbo:{gid}") and not ids_like(post, r"arb:.*")
    assert f"<@{leader.user}>" in post.text and "Double the next round?" in post.text
    await world.click(other, f"arbo:{gid}", thread)
    assert "nothing to decide" in last(world.to(other)).text
    await world.click(name, f"arbo:{gid}", thread)
    menu = last(world.to(name))
    buttons = ids_like(menu, rf"arb:{gid}:\d+:(double|keep)")
    assert buttons == [f"arb:{gid}:{record.version}:double", f"arb:{gid}:{record.version}:keep"]
    # someone else pressing the leader's button is refused, ephemerally
    await world.click(other, buttons[1], thread)
    assert f"It is {name}'s turn" in last(world.to(other)).text and last(world.to(other)).ephemeral
    await world.click(name, buttons[1], thread)
    assert "✅ Keep" in last(world.to(name)).text
    # the same menu again: the board has moved on, with fresh options
    await world.click(name, buttons[0], thread)
    stale = last(world.to(name))
    assert stale.ephemeral and "moved on" in stale.text
    assert ids_like(stale, rf"arb:{gid}:(?:0|s[^:]+):pick:n=\d"), "fresh options come with it"


async def test_duplicate_interaction_is_applied_once(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    cid = await secret_id(world, gid, "Ann", "pick:n=2")
    await world.click("Ann", cid, thread, iid=4242)
    await world.click("Ann", cid, thread, iid=4242)
    assert "already applied" in last(world.to("Ann")).text
    intents = await world.table.store.intents(gid)
    assert [i.key for i in intents if i.by == "1001"] == ["pick:n=2"]


async def test_play_command_with_autocomplete(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    play = cogs["PlayCog"]
    choices = await world.autocomplete(play, "play", "action", world.interaction("Bo", thread), "2")
    # the value carries the secret decision it was offered for (the same stamp as Bo's buttons)
    stamp = Stamp.parse((await secret_id(world, gid, "Bo", "x")).split(":")[2])
    assert stamp is not None and stamp.secret
    assert [(c.name, c.value) for c in choices] == [("Pick 2", menu_value(stamp, "pick:n=2"))]
    outside = await world.autocomplete(play, "play", "action", world.interaction("Di", thread), "")
    assert outside == []
    await world.command(play, "play", world.interaction("Bo", thread), action="pick 3")
    assert "✅ Pick 3" in last(world.to("Bo")).text
    await world.command(play, "play", world.interaction("Cy", thread), action="pick:n=9")
    refused = last(world.to("Cy"))
    assert refused.ephemeral and "not one of your moves now" in refused.text
    await world.command(play, "play", world.interaction("Di", thread), action="pick:n=1")
    assert "not playing" in last(world.to("Di")).text
    # outside the thread, the game is named (or found as the caller's only game)
    await world.command(play, "play", world.interaction("Ann"), action="pick:n=1")
    assert "✅ Pick 1" in last(world.to("Ann")).text


async def test_hand_is_private(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    await choose(world, "Ann", gid, thread, "pick:n=3")
    mark = world.mark()
    await world.command(cogs["HandCog"], "hand", world.interaction("Ann", thread))
    hand = last(world.to("Ann", mark))
    assert hand.ephemeral and hand.files and hand.files[0][1].startswith(b"\x89PNG")
    assert "**Your pick**: pick (n 3)" in hand.text
    assert not world.public(mark)
    await world.click("Bo", f"arbh:{gid}", thread)
    bo = last(world.to("Bo"))
    assert bo.ephemeral and "Nothing private right now" in bo.text and "Your move" in bo.text
    await world.command(cogs["HandCog"], "hand", world.interaction("Di", thread))
    assert "not playing" in last(world.to("Di")).text


async def test_hand_before_start_and_outside_any_game(world: World, cogs: dict[str, Any]) -> None:
    from tests.cogs.helpers import open_game

    gid, thread = await open_game(world, cogs)
    await world.click("Ann", f"arbh:{gid}", thread)
    assert "has not started" in last(world.to("Ann")).text
    await world.command(cogs["HandCog"], "hand", world.interaction("Di"))
    assert "inside a game's thread" in last(world.to("Di")).text


async def test_hidden_information_never_public(world: World, cogs: dict[str, Any]) -> None:
    """Secret simultaneous choices are never in any non-ephemeral message before they are revealed."""
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo", "Cy"), options="target=4")
    names = {"1001": "Ann", "1002": "Bo", "1003": "Cy"}
    rounds = 0
    while (await world.table.record(gid)).status == "running" and rounds < 40:
        rounds += 1
        prompts = await world.table.prompts(gid)
        record = await world.table.record(gid)
        if prompts[0].kind == "pick":
            secret: dict[str, int] = {}
            for i, prompt in enumerate(prompts):
                user = names[record.user_of(prompt.seat) or ""]
                n = (rounds + i) % 3 + 1
                mark = world.mark()
                await pick(world, gid, thread, user, n)
                secret[prompt.seat] = n
                pending = len(secret) < len(prompts)
                for sent in world.public(mark):
                    if pending:
                        assert not re.search(r"pick:n=|picked|Pick \d(?!,)|=\d", sent.text), sent.text
                        assert (await world.table.seat_view(gid, None))["my_pick"] is None
                for sent in world.since(mark):
                    if "You chose: Pick" in sent.text:
                        assert sent.where == f"ephemeral:{record.user_of(prompt.seat)}"
        else:
            prompt = prompts[0]
            user = names[record.user_of(prompt.seat) or ""]
            legal = await world.table.legal(gid, record.user_of(prompt.seat) or "")
            choice: Intent = legal[0][0]
            await world.command(cogs["PlayCog"], "play", world.interaction(user, thread), action=choice.key())
    assert (await world.table.record(gid)).status == "finished"
    final = last(status_edits(world))
    assert "Game over" in final.text and not ids_like(final, r"arb.*")
    # private answers were all ephemeral or DMs
    for sent in world.sent:
        if "You chose: Pick" in sent.text or "Your pick" in sent.text:
            assert not sent.public


async def test_secret_choice_button_after_choosing(world: World, cogs: dict[str, Any]) -> None:
    gid, thread = await start_game(world, cogs)
    old = await secret_id(world, gid, "Ann", "pick:n=3")
    await choose(world, "Ann", gid, thread, "pick:n=1")
    await world.click("Ann", old, thread)
    again = last(world.to("Ann"))
    assert again.ephemeral and "moved on" in again.text and "nothing to decide" in again.text
    assert [i.key for i in await world.table.store.intents(gid) if i.by == "1001"] == ["pick:n=1"]


async def test_secret_choice_button_is_stale_once_the_player_must_decide_something_else(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    old = {user: await secret_id(world, gid, user, "pick:n=3") for user in ("Ann", "Bo")}
    await choose(world, "Bo", gid, thread, "pick:n=1")
    await choose(world, "Ann", gid, thread, "pick:n=2")
    record = await world.table.record(gid)
    prompts = await world.table.prompts(gid)
    leader = "Ann" if record.user_of(prompts[0].seat) == "1001" else "Bo"
    # the leader's old secret-choice button: a decision (not secret) is open now, so it is stale
    await world.click(leader, old[leader], thread)
    stale = last(world.to(leader))
    assert "moved on" in stale.text and ids_like(stale, rf"arb:{gid}:{record.version}:(double|keep)")
    # a secret-choice button must never apply a key that is legal in the next, public decision
    forged = old[leader].rsplit(":", 2)[0] + ":keep"
    await world.click(leader, forged, thread)
    assert "moved on" in last(world.to(leader)).text
    assert (await world.table.record(gid)).version == record.version
    # a redelivered interaction is still answered "already applied"
    await world.click(leader, f"arb:{gid}:{record.version}:keep", thread, iid=77)
    await world.click(leader, forged, thread, iid=77)
    assert "already applied" in last(world.to(leader)).text


async def test_secret_choice_button_no_longer_legal_while_still_choosing_is_stale(
    world: World, cogs: dict[str, Any]
) -> None:
    """A secret-choice button refused while its player still has a secret choice open (the first half of a
    two-part choice clicked again, say) answers 'moved on' with fresh options, not an engine message."""
    gid, thread = await start_game(world, cogs)
    await choose(world, "Ann", gid, thread, "pick:n=9")
    answer = last(world.to("Ann"))
    assert answer.ephemeral and "moved on" in answer.text and "not allowed" not in answer.text
    assert not [i for i in await world.table.store.intents(gid) if i.by == "1001"]
