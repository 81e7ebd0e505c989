"""Issue 16, item 1: the quiet thread. Each action is announced on its own here (the fake settles after
every move, as when people play at human speed), so these are the figures a real thread would get.

Gamedec and Infamy are played by three people through the table with seeded random moves; the thread's
posts and board images are counted per player turn (a run of consecutive moves by one seat)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from tests.cogs.fakes import World
from tests.cogs.helpers import start_game, status_edits, thread_posts

PEOPLE = ("Ann", "Bo", "Cy")


@dataclass
class Played:
    gid: str
    thread: int
    versions: int
    turns: int
    mark: int


async def play(
    world: World, cogs: dict[str, Any], game: str, moves: int, options: str | None = None
) -> Played:
    gid, thread = await start_game(world, cogs, players=PEOPLE, game=game, options=options)
    mark = world.mark()
    rng = random.Random(7)
    record = await world.table.record(gid)
    turns, last = 0, None
    for _ in range(moves):
        prompts = await world.table.prompts(gid)
        if not prompts:
            break
        seat = prompts[0].seat
        user = record.user_of(seat) or ""
        legal = await world.table.legal(gid, user)
        intent = rng.choice(legal)[0]
        await world.table.submit(gid, user, intent.key())
        await world.settle()
        if seat != last:
            turns, last = turns + 1, seat
    record = await world.table.record(gid)
    return Played(gid, thread, record.version, turns, mark)


def figures(world: World, played: Played) -> dict[str, float]:
    posts = thread_posts(world, played.thread, played.mark)
    images = sum(1 for p in posts for name, _ in p.files if name.endswith(".png"))
    edits = status_edits(world, played.mark)
    return {
        "turns": played.turns,
        "posts": len(posts),
        "images": images,
        "edits": len(edits),
        "edit_images": sum(1 for e in edits if e.files),
        "posts_per_turn": round(len(posts) / played.turns, 2),
        "images_per_turn": round(images / played.turns, 2),
    }


@pytest.mark.parametrize(("game", "moves"), [("gamedec", 150), ("infamy", 120)])
async def test_one_post_per_turn_and_at_most_one_board_image(
    world: World, cogs: dict[str, Any], game: str, moves: int
) -> None:
    played = await play(world, cogs, game, moves)
    got = figures(world, played)
    print(f"\n{game}: {got}")
    assert played.turns >= 20, got
    assert got["images"] <= played.turns, got
    assert got["posts"] <= played.turns, got


def test_a_post_carries_the_board_only_when_it_changed() -> None:
    from cogs.quiet import Quiet
    from engine.core.intent import Intent
    from engine.core.model import Prompt
    from engine.records import GameRecord, SeatRecord

    record = GameRecord(
        id="g1",
        game="toy",
        status="running",
        host="1",
        seed=1,
        max_seats=2,
        options={},
        pace="standard",
        version=3,
        seats=[SeatRecord(seat="ann", user="1", name="ann"), SeatRecord(seat="bo", user="2", name="bo")],
    )
    ann, bo = (Prompt(s, "turn", "Play", Intent("pass")) for s in ("ann", "bo"))
    quiet = Quiet()
    board = {"round": 1, "scores": {"ann": 0}, "log": ["a"]}
    first = quiet.plan(record, [ann], board, ["• Round 1 begins."])
    assert first.post and first.post_image and first.pings == ["1"]
    # ann's small steps: no post, the status shows them; only the log changed: no new status image either
    step = quiet.plan(record, [ann], {**board, "log": ["a", "b"]}, ["• ann moves."])
    assert not step.post and step.recent == ["• ann moves."] and not step.status_image
    # the seat to act changes: one post with every step since the last one, the board unchanged: no image
    turn = quiet.plan(record, [bo], {**board, "log": ["c"]}, ["• ann ends her turn."])
    assert turn.post and turn.lines == ["• ann moves.", "• ann ends her turn."] and not turn.post_image
    assert turn.pings == ["2"]
    moved = quiet.plan(record, [ann], {**board, "scores": {"ann": 1}}, ["• bo scores."])
    assert moved.post and moved.post_image and moved.status_image


async def test_status_names_the_round_not_the_version_and_pings_only_who_must_act(
    world: World, cogs: dict[str, Any]
) -> None:
    from tests.cogs.helpers import choose, last

    gid, thread = await start_game(world, cogs)
    record = await world.table.record(gid)
    status = last(status_edits(world)).text
    assert "Round 1" in status and f"turn {record.version}" not in status
    mark = world.mark()
    for name, n in (("Ann", 1), ("Bo", 2), ("Cy", 3)):
        await choose(world, name, gid, thread, f"pick:n={n}")
    posts = thread_posts(world, thread, mark)
    assert len(posts) == 1, "the reveal and the next round's choice are one post"
    pinged = {str(m.id) for m in posts[0].allowed_mentions.users}
    record = await world.table.record(gid)
    awaited = {record.user_of(p.seat) for p in await world.table.prompts(gid)}
    assert pinged == awaited and len(pinged) < 3, "only who must act now is pinged (the round's leader)"


def test_a_prompt_does_not_repeat_the_seat_name() -> None:
    from bot.present import undoubled

    assert undoubled("cy: Bid or pass", "cy") == "Bid or pass"
    assert undoubled("Cy, choose a sector", "cy") == "Choose a sector"
    assert undoubled("Choose a card", "cy") == "Choose a card"


async def test_changes_arriving_together_are_one_status_edit(world: World, cogs: dict[str, Any]) -> None:
    import asyncio

    from cogs.ui import flows

    gid, thread = await start_game(world, cogs)
    world.announcer.min_interval = 0.05
    mark = world.mark()
    clicks = [
        flows.submit(world.interaction(n, thread), gid, f"pick:n={i}") for i, n in ((1, "Ann"), (2, "Bo"))
    ]
    await asyncio.gather(*clicks)
    await world.settle()
    assert len(status_edits(world, mark)) == 1


async def test_infamy_names_are_not_doubled_in_status_and_options(world: World, cogs: dict[str, Any]) -> None:
    from tests.cogs.helpers import last

    gid, thread = await start_game(world, cogs, players=PEOPLE, game="infamy")
    prompt = (await world.table.prompts(gid))[0]
    assert prompt.text.startswith(f"{prompt.seat}: "), "Infamy's prompts name their seat first"
    record = await world.table.record(gid)
    name = next(n for n, u in world.users.items() if str(u.id) == record.user_of(prompt.seat))
    status = last(status_edits(world)).text
    assert f"{prompt.seat}: {prompt.text}" not in status and f": {prompt.text}" not in status
    await world.click(name, f"arbo:{gid}", thread)
    assert prompt.text not in last(world.to(name)).text


def test_a_new_round_with_nothing_to_say_does_not_post_its_first_small_step() -> None:
    from cogs.quiet import Quiet
    from engine.core.intent import Intent
    from engine.core.model import Prompt
    from engine.records import GameRecord, SeatRecord

    record = GameRecord(
        id="g2",
        game="toy",
        status="running",
        host="1",
        seed=1,
        max_seats=1,
        options={},
        pace="standard",
        version=3,
        seats=[SeatRecord(seat="ann", user=None, name="ann")],
    )
    ann = Prompt("ann", "turn", "Play", Intent("pass"))
    quiet = Quiet()
    assert quiet.plan(record, [ann], {"round": 1}, ["• Round 1 begins."]).post
    assert not quiet.plan(record, [ann], {"round": 2}, []).post  # an agent's seat: nobody to ping
    assert not quiet.plan(record, [ann], {"round": 2}, ["• ann plays."]).post, "a small step of the round"
