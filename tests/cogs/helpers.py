from __future__ import annotations

import re
from typing import Any

from tests.cogs.fakes import Sent, World


async def open_game(
    world: World,
    cogs: dict[str, Any],
    game: str = "toy",
    seats: int = 3,
    pace: str = "standard",
    options: str | None = None,
    host: str = "Ann",
) -> tuple[str, int]:
    """/game new; returns (game id, thread id)."""
    await world.command(
        cogs["GameCog"], "new", world.interaction(host), game=game, seats=seats, pace=pace, options=options
    )
    thread = world.threads_created[-1].id
    gid = await world.services.game_in_channel(thread)
    assert gid is not None
    return gid, thread


async def start_game(
    world: World,
    cogs: dict[str, Any],
    players: tuple[str, ...] = ("Ann", "Bo", "Cy"),
    agents: int = 0,
    game: str = "toy",
    **kwargs: Any,
) -> tuple[str, int]:
    gid, thread = await open_game(
        world, cogs, game=game, seats=len(players) + agents, host=players[0], **kwargs
    )
    for name in players[1:]:
        await world.click(name, f"arbl:{gid}:join", thread)
    for _ in range(agents):
        await world.click(players[0], f"arbl:{gid}:agent-heuristic", thread)
    await world.click(players[0], f"arbl:{gid}:start", thread)
    return gid, thread


def last(sent: list[Sent]) -> Sent:
    assert sent, "nothing was sent"
    return sent[-1]


def ids_like(sent: Sent, pattern: str) -> list[str]:
    return [c for c in sent.custom_ids() if re.fullmatch(pattern, c)]


def status_edits(world: World, since: int = 0) -> list[Sent]:
    return [s for s in world.sent[since:] if s.where.startswith("edit:")]


def thread_posts(world: World, thread: int, since: int = 0) -> list[Sent]:
    return [s for s in world.sent[since:] if s.where == f"channel:{thread}"]


async def secret_id(world: World, gid: str, user: str, key: str) -> str:
    """The custom id of ``user``'s button for ``key`` in the secret decision open for them now (its stamp is
    the decision's ref, see cogs.ui.components.Stamp)."""
    from cogs.ui.components import action_custom_id
    from cogs.ui.stamps import Stamp

    record = await world.table.record(gid)
    seat = record.seat_of(str(world.users[user].id))
    assert seat is not None, f"{user} does not play in {gid}"
    prompt = next(p for p in await world.table.prompts(gid) if p.seat == seat.seat and p.simultaneous)
    return action_custom_id(gid, Stamp.of_ref(prompt.ref), key)


async def choose(world: World, user: str, gid: str, thread: int, key: str) -> str:
    """Click ``user``'s secret-choice button for ``key`` (as offered now); returns its custom id."""
    cid = await secret_id(world, gid, user, key)
    await world.click(user, cid, thread)
    return cid
