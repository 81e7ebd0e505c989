"""Issue 16, item 8: an interaction's token lives 15 minutes. An answer that comes later is not lost: a
private one goes by DM (never to the channel), else a note asks the member to press again; a public one
goes to the channel."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import Any

import discord

from cogs.ui.answer import expired
from tests.cogs.fakes import World
from tests.cogs.helpers import choose, start_game

LONG_AGO = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=20)


def test_a_token_is_spent_near_fifteen_minutes() -> None:
    now = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
    fresh = SimpleNamespace(created_at=now - dt.timedelta(minutes=10))
    late = SimpleNamespace(created_at=now - dt.timedelta(minutes=14, seconds=45))
    assert not expired(fresh, now.timestamp()) and expired(late, now.timestamp())
    assert not expired(SimpleNamespace(), now.timestamp())


async def test_a_late_private_answer_goes_by_dm_never_to_the_thread(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await choose(world, "Ann", gid, thread, "pick:n=3")
    late = world.interaction("Ann", thread)
    late.created_at = LONG_AGO  # type: ignore[attr-defined]
    mark = world.mark()
    await world.command(cogs["HandCog"], "hand", late)
    sent = world.since(mark)
    assert [s.where for s in sent] == ["dm:1001"] and "pick (n 3)" in sent[0].text
    assert late.followups == 0, "the spent token was not used"


async def test_a_refused_token_and_closed_dms_leave_a_note_without_secrets(
    world: World, cogs: dict[str, Any]
) -> None:
    gid, thread = await start_game(world, cogs, players=("Ann", "Bo"))
    await choose(world, "Ann", gid, thread, "pick:n=3")
    world.closed_dms.add(1001)
    interaction = world.interaction("Ann", thread)

    async def refused(*args: Any, **kwargs: Any) -> None:
        raise discord.HTTPException(
            SimpleNamespace(status=401, reason="x"),  # type: ignore[arg-type]
            {"code": 50027, "message": "Invalid Webhook Token"},
        )

    interaction.followup.send = refused  # type: ignore[method-assign]
    mark = world.mark()
    await world.command(cogs["HandCog"], "hand", interaction)
    sent = world.since(mark)
    assert len(sent) == 1 and sent[0].where == f"channel:{thread}"
    assert "<@1001>" in sent[0].text and "press the button again" in sent[0].text
    assert "pick" not in sent[0].text.casefold()


async def test_a_late_public_answer_goes_to_the_channel(world: World, cogs: dict[str, Any]) -> None:
    late = world.interaction("Ann")
    late.created_at = LONG_AGO  # type: ignore[attr-defined]
    mark = world.mark()
    await world.command(cogs["HelpCog"], "rules", late, game="toy", public=True)
    sent = world.since(mark)
    assert sent and all(s.where == f"channel:{world.general.id}" for s in sent)
