"""Standing offers in Discord (issue 11): a Gamedec detective discards or proposes a trade "at any moment
(also in the turns of other players)" without being asked. His options and his hand offer them; nothing
waits for him, so he gets no deadline, no mention, and the turn stays the active detective's."""

from __future__ import annotations

from typing import Any

from engine.core import Intent
from tests.cogs.fakes import World
from tests.cogs.helpers import ids_like, last, start_game, thread_posts

PEOPLE = ("Ann", "Bo", "Cy")


async def _a_turn_with_an_idle_detective(world: World, gid: str) -> tuple[str, str]:
    """Answer the set-up's questions with their defaults until a detective's turn is open; the (name of the
    person playing the active seat, name of one whom nothing waits for but who has a standing offer)."""
    table = world.table
    for _ in range(40):
        standing = await table.standing(gid)
        prompts = await table.prompts(gid)
        if standing:
            record = await table.record(gid)
            names = {str(u.id): n for n, u in world.users.items()}
            return names[record.user_of(prompts[0].seat) or ""], names[record.user_of(standing[0].seat) or ""]
        record = await table.record(gid)
        await table.submit(gid, record.user_of(prompts[0].seat) or "", prompts[0].default)
    raise AssertionError("no detective's turn opened")


async def test_a_detective_not_asked_anything_discards_from_his_options(
    world: World, cogs: dict[str, Any]
) -> None:
    """RB "Universal Actions": "The following actions a player may take at any moment (also in the turns of
    other players) ...: Discarding Task and Equipment cards; Trading with other players"."""
    gid, thread = await start_game(world, cogs, players=PEOPLE, game="gamedec")
    active, idle = await _a_turn_with_an_idle_detective(world, gid)
    record = await world.table.record(gid)
    idle_seat = record.seat_of(str(world.users[idle].id))
    assert idle_seat is not None
    assert idle_seat.seat not in await world.table.due(gid), "a standing offer has no deadline"
    await world.click(idle, f"arbo:{gid}", thread)
    menu = last(world.to(idle))
    assert menu.ephemeral and "At any moment" in menu.text, menu.text
    assert f"<@{world.users[active].id}>" in menu.text, "it says whose move it is meanwhile"
    discards = ids_like(menu, rf"arb:{gid}:{record.version}:discard:card=\w+")
    assert discards, menu.text
    waiting_before = [(p.seat, p.kind) for p in await world.table.prompts(gid)]
    mark = world.mark()
    await world.click(idle, discards[0], thread)
    answer = last(world.to(idle, mark))
    assert "✅" in answer.text
    assert ids_like(answer, rf"arb:{gid}:\d+:discard:card=\w+"), "more discards are offered after one"
    card = discards[0].rsplit("=", 1)[1]
    state_view = await world.table.view(gid, str(world.users[idle].id))
    assert card not in [c["id"] for c in state_view["me"]["hand"]], "the card was discarded"
    assert [(p.seat, p.kind) for p in await world.table.prompts(gid)] == waiting_before, "still his turn"
    mentioned = {str(m.id) for post in thread_posts(world, thread, mark) for m in post.allowed_mentions.users}
    assert str(world.users[idle].id) not in mentioned, "nobody is pinged for an offer nothing waits for"
    assert active != idle


async def test_the_hand_of_an_idle_detective_says_nothing_waits_and_offers_the_options(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=PEOPLE, game="gamedec")
    _, idle = await _a_turn_with_an_idle_detective(world, gid)
    await world.click(idle, f"arbh:{gid}", thread)
    hand = last(world.to(idle))
    assert "Nothing waits for you" in hand.text and "At any moment" in hand.text, hand.text
    assert ids_like(hand, rf"arbo:{gid}"), "the options button is there"


async def test_a_standing_trade_proposal_asks_the_proposer_and_keeps_the_turn(
    world: World, cogs: dict[str, Any]
) -> None:
    """RB: "Trade may be proposed by any player, but the player currently playing his turn must always
    take part in it"."""
    gid, _ = await start_game(world, cogs, players=PEOPLE, game="gamedec")
    active, idle = await _a_turn_with_an_idle_detective(world, gid)
    record = await world.table.record(gid)
    active_seat = record.seat_of(str(world.users[active].id))
    assert active_seat is not None
    legal = [i for i, _ in await world.table.legal(gid, str(world.users[idle].id))]
    proposal = Intent.of("trade", to=active_seat.seat)
    assert proposal in legal
    await world.table.submit(gid, str(world.users[idle].id), proposal)
    prompts = await world.table.prompts(gid)
    idle_seat = record.seat_of(str(world.users[idle].id))
    assert idle_seat is not None and prompts[0].seat == idle_seat.seat and prompts[0].kind == "trade_give"
    assert "prepares a trade offer" in prompts[0].public


async def test_ending_a_turn_does_not_push_the_offers_open_at_any_moment(
    world: World, cogs: dict[str, Any]
) -> None:
    """After his turn the detective may still discard at any moment, but the answer to "End turn" does not
    put those buttons in front of him: nothing waits for him (his options button still shows them)."""
    gid, thread = await start_game(world, cogs, players=PEOPLE, game="gamedec")
    active, _ = await _a_turn_with_an_idle_detective(world, gid)
    record = await world.table.record(gid)
    await world.click(active, f"arbo:{gid}", thread)
    menu = last(world.to(active))
    (end,) = ids_like(menu, rf"arb:{gid}:{record.version}:end")
    mark = world.mark()
    await world.click(active, end, thread)
    answer = last(world.to(active, mark))
    confirm = ids_like(answer, rf"arbe:{gid}:.*")
    if confirm:  # "ending a turn while actions remain asks once for confirmation"
        mark = world.mark()
        await world.click(active, confirm[0], thread)
        answer = last(world.to(active, mark))
    assert "✅" in answer.text, answer.text
    seat = record.seat_of(str(world.users[active].id))
    assert seat is not None and seat.seat not in {p.seat for p in await world.table.prompts(gid)}
    assert not ids_like(answer, rf"arb:{gid}:\d+:discard"), answer.text
