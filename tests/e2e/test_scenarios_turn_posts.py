"""Issue 30, item 7, through the loopback Discord: a turn post reads at a glance.

One bot process; for every title in turn, alice and bob open a seeded game with an agent seat, play their
first decisions with the options the bot offers them, then go on ``/vacation`` so that agents finish the
game. Every post in each game's thread (every version of it) carries at most 1,000 characters of text, and
the last one ends the game: the reason, then the full ranking.

(Three of thirteen Gamedec turn posts were walls of 2,001-2,544 characters: an agent's whole turn of tests,
rolls and windows as bullets, with the deadline at the end.)
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message, SimMember
from tests.e2e.fake_discord.recording import walk_components

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

SEED = 20261202
TURN_POST_MAX = 1000
GAMES = sorted(
    g
    for g, game in engine.games().items()
    if type(game).__module__.startswith("engine.") and not type(game).__module__.startswith("engine.example")
)
FIRST_STEPS = 4
"""Rounds of "everyone asked plays" by the members before they leave the game to the agents."""


def shown_text(components: list[dict[str, Any]]) -> str:
    """What a reader reads of a Components V2 message: its text displays."""
    return "\n".join(str(c.get("content", "")) for c in walk_components(components) if c.get("type") == 10)


def thread_posts(fake: FakeDiscord, table: kit.Table) -> list[Message]:
    return [
        m
        for m in fake.state.all_messages()
        if m.channel_id == table.thread_id and not m.ephemeral and m.id != table.status_id
    ]


async def _finished(db: kit.BotDb, gid: str, timeout: float = 240.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while db.record(gid)["status"] != "finished":
        if loop.time() > end:
            raise AssertionError(f"game {gid} did not finish: {db.record(gid)['status']}")
        await asyncio.sleep(0.3)


async def _one_game(fake: FakeDiscord, db: kit.BotDb, members: list[SimMember], game: str) -> list[str]:
    """Play ``game`` to its end; returns the problems found in its thread's posts."""
    table = await kit.open_game(fake, db, members[0], members[1:], agents=1, options="", game=game)
    rng = random.Random(f"{SEED}:{game}")
    await kit.play(table, rng, steps=FIRST_STEPS, hand_share=0.1)
    for member in members:
        if db.record(table.gid)["status"] == "running":
            answer = await (await member.slash("vacation", channel=table.thread_id)).message(30)
            assert answer.ephemeral, answer.text()
    await _finished(db, table.gid)
    await table.settle(timeout=60)
    posts = thread_posts(fake, table)
    sizes = [len(shown_text(v.components)) for p in posts for v in [*p.history, p]]
    print(f"{game}: {len(posts)} posts, {len(sizes)} versions, longest {max(sizes, default=0)} characters")
    problems = []
    for post in posts:
        for version in [*post.history, post]:
            size = len(shown_text(version.components))
            if size > TURN_POST_MAX:
                problems.append(
                    f"{game}: a post of {size} characters: {shown_text(version.components)[:300]!r}"
                )
    end = [p for p in posts if "**Game over.**" in shown_text(p.components)]
    if not end:
        problems.append(f"{game}: no game-over post")
    elif "\n1. **" not in shown_text(end[-1].components) and "Nobody won." not in shown_text(
        end[-1].components
    ):
        problems.append(f"{game}: the game-over post has no ranking: {shown_text(end[-1].components)!r}")
    return problems


async def test_no_turn_post_of_any_game_is_over_1000_characters(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    bot = kit.arbiter_process(fake, tmp_path / "arbiter.db", tmp_path / "arbiter-bot.log")
    db = kit.BotDb(tmp_path / "arbiter.db")
    try:
        members = [fake.add_member(n) for n in ("alice", "bob")]
        await bot.start()
        await fake.wait_for_commands("game", "play", "hand", "vacation")
        problems: list[str] = []
        for game in GAMES:
            problems += await _one_game(fake, db, members, game)
            for member in members:  # back from vacation for the next game
                await (await member.slash("game", "return", channel="games")).message(30)
        assert not problems, "\n".join(problems)
        assert not fake.state.unhandled
        assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
    finally:
        db.close()
        await bot.stop()
        await fake.stop()
