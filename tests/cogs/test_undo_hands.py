"""After an accepted undo, a player whose own view changed gets the private message ``/hand`` shows (the
private image and the readable text), not a line of text (issue 18: "private views are re-sent to the
seats whose hand changed")."""

from __future__ import annotations

from typing import Any

from cogs.ui import layouts as lx
from tests.cogs.fakes import Sent, World
from tests.cogs.helpers import last, start_game

NAMES = {"1001": "Ann", "1002": "Bo", "1003": "Cy"}


async def _undone_move(world: World, cogs: dict[str, Any], gid: str, thread: int) -> tuple[str, str]:
    """Play Gamedec's opening moves until one can be taken back and its undo gives its player something
    of their own back (a card, a pawn's place): (the user, their seat). The undo is asked, not answered."""
    table = world.table
    for _ in range(12):
        user = (await table.awaiting(gid))[0].user
        assert user is not None
        legal = [i.key() for i, _ in await table.legal(gid, user)]
        key = next((k for k in legal if k.startswith(("discard:", "move:"))), legal[0])
        await table.submit(gid, user, key)
        record, state = await table._load(gid)
        seat = record.seat_of(user)
        assert seat is not None and state is not None
        found, _ = await table._plan(record, await table._table_state(gid), seat.seat)
        if found.allowed and table._changed_views(record, state, found.state):
            await world.command(cogs["GameCog"], "undo", world.interaction(NAMES[user], thread))
            return user, seat.seat
    raise AssertionError("no move whose undo gives its player something back in Gamedec's opening")


def _hand_dms(world: World, user: str, mark: int) -> list[Sent]:
    return [s for s in world.since(mark) if s.where == f"dm:{user}"]


async def test_the_player_whose_hand_an_undo_changed_gets_their_private_message(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, game="gamedec")
    user, seat = await _undone_move(world, cogs, gid, thread)
    mark = world.mark()
    for other in NAMES:
        if other != user:
            await world.table.undo_answer(gid, other, True)
    await world.settle()
    dms = _hand_dms(world, user, mark)
    assert len(dms) == 1, [s.where for s in world.since(mark)]
    assert "A move was taken back" in dms[0].text and f"You play **{seat}**" in dms[0].text
    assert "Your hand" in dms[0].text and [name for name, _ in dms[0].files] == [lx.HAND_FILE]
    shown = await world.table.seat_view(gid, seat)
    assert dms[0].files[0][1] == await world.services.renderer.private("gamedec", shown)  # /hand's image
    await world.command(cogs["HandCog"], "hand", world.interaction(NAMES[user], thread))
    hand = last(world.to(NAMES[user], mark))
    assert hand.files == dms[0].files  # the same private message /hand shows


async def test_closed_dms_after_an_undo_get_the_hand_notice_in_the_thread(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, game="gamedec")
    user, _ = await _undone_move(world, cogs, gid, thread)
    world.closed_dms.add(int(user))
    mark = world.mark()
    for other in NAMES:
        if other != user:
            await world.table.undo_answer(gid, other, True)
    await world.settle()
    assert not _hand_dms(world, user, mark)
    notices = [s for s in world.since(mark) if s.content and s.content.startswith(f"<@{user}>")]
    assert len(notices) == 1 and "/hand" in (notices[0].content or "")
