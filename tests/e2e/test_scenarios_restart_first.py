"""Issue 32, item 6: "the first commands after a start answered in about 5 s, past Discord's 3-second
limit, in 3 of 3 tries on a loaded machine (loading the five games' rules took 4.6 s)".

One game of each of the five titles is opened through the loopback Discord; the bot is stopped; every
deadline is moved into the past (a long downtime), so the first deadline pass of the next start applies
each game's default and so reads each game's rules; a busy process takes the machine's other core.

- The bot is started with one ``/hand`` sent at once in the thread of the game whose deadline that pass
  reaches last: the game's rules are the first or second loaded (what loads at start does not stand in
  the way of the first answer), and the answer's time is printed beside each game's loading time.
- Started again the same way, the moment it has identified each game's member sends ``/hand`` in the
  game's thread, one presses the first game's **My hand** and ``/help`` is asked: every one of these first
  interactions is acknowledged within Discord's 3 seconds (the fake refuses a later callback as Discord
  does) and answered, and no game's rules are imported on the event loop.

``ARBITER_FIRST_TRIES`` (default 1) repeats the second start.
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, InteractionHandle, Message

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

TITLES = ("infamy", "gamedec", "virtual_revolution", "nakamura_tower", "ipa_agents")
WINDOW = 3.0
"""Discord's window for the first response to an interaction."""
BUSY = "while True:\n    pass\n"
"""A process that keeps one core busy (the machine has two)."""
LOADED = re.compile(r"the rules of (\w+) loaded in ([0-9.]+) s")
"""The bot's log line for each game's rules imported (engine/core/registry.py)."""


def _options(game: str) -> str:
    return kit.SHORT_GAME if game == "infamy" else ""


async def _tables(fake: FakeDiscord, db: kit.BotDb) -> list[kit.Table]:
    tables = []
    for n, game in enumerate(TITLES):
        host = fake.add_member(f"host{n}")
        agents = engine.get(game).meta.min_seats - 1
        table = await kit.open_game(fake, db, host, [], agents=agents, game=game, options=_options(game))
        await table.settle()
        tables.append(table)
    return tables


def _busy_core() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", BUSY])


async def _first(handle: InteractionHandle, timeout: float = 30.0) -> tuple[Message, float]:
    """The handle's answer and when it came (seconds after the interaction was sent)."""
    answer = await handle.message(timeout=timeout)
    return answer, time.monotonic() - handle.interaction.sent_at


async def _restart_and_ask(
    fake: FakeDiscord, bot: kit.BotProcess, tables: list[kit.Table]
) -> dict[str, list[float]]:
    """A start under load with every game's deadline passed; at once, ``/hand`` in every game's thread,
    the first game's **My hand** and ``/help``: when each was acknowledged and answered."""
    spinner = _busy_core()
    try:
        time.sleep(0.2)
        await bot.start()
        handles: list[InteractionHandle] = []
        for table in tables:
            host = next(iter(table.players.values()))
            handles.append(await host.slash("hand", channel=table.thread_id))
        first_host = next(iter(tables[0].players.values()))
        handles.append(await first_host.click(tables[0].status, f"arbh:{tables[0].gid}"))
        handles.append(await first_host.slash("help"))
        answers = await asyncio.gather(*(_first(h) for h in handles))
    finally:
        spinner.kill()
        spinner.wait()
    for answer, _ in answers:
        assert answer.ephemeral and kit.BOT_ERROR not in answer.text(), answer.text()
    latencies = [h.latency for h in handles]
    assert all(x is not None for x in latencies), "an interaction was never acknowledged"
    return {
        "acknowledged": [float(x or 0.0) for x in latencies],
        "answered": [seconds for _, seconds in answers],
    }


async def _restart_and_ask_one(fake: FakeDiscord, bot: kit.BotProcess, table: kit.Table) -> float:
    """A start under load with every game's deadline passed, and one ``/hand`` in ``table``'s thread at
    once: when it was answered."""
    spinner = _busy_core()
    try:
        time.sleep(0.2)
        await bot.start()
        host = next(iter(table.players.values()))
        handle = await host.slash("hand", channel=table.thread_id)
        answer, seconds = await _first(handle)
    finally:
        spinner.kill()
        spinner.wait()
    assert answer.ephemeral and kit.BOT_ERROR not in answer.text(), answer.text()
    assert handle.latency is not None and handle.latency < WINDOW, handle.latency
    return seconds


def _loads(logs: str, start: int) -> list[tuple[str, float]]:
    """(game, seconds) of each game's rules loaded since the ``start``-th start, in order (the bot's log)."""
    run = logs.split("logging in using static token")[start]
    return [(m.group(1), float(m.group(2))) for m in LOADED.finditer(run) if m.group(1) in TITLES]


async def test_the_first_commands_after_a_start_are_acknowledged_in_time_under_load(tmp_path: Path) -> None:
    db_path = tmp_path / "arbiter.db"
    tries = int(os.environ.get("ARBITER_FIRST_TRIES", "1"))
    async with FakeDiscord(interaction_deadline=WINDOW) as fake:
        bot = kit.arbiter_process(fake, db_path, tmp_path / "arbiter-bot.log")
        db = kit.BotDb(db_path)
        try:
            await bot.start()
            await fake.wait_for_commands("game", "hand", "help")
            tables = await _tables(fake, db)

            # one command about the game whose deadline the first pass would reach last: its rules go first
            await bot.stop()
            assert kit.deadlines_passed(db_path) >= len(TITLES)
            answered = await _restart_and_ask_one(fake, bot, tables[-1])
            await fake.state.wait_for(  # then the deadline pass loads the other games' rules
                lambda: len(_loads(bot.logs(), bot.starts)) == len(TITLES), 60, "every game's rules loaded"
            )
            loads = _loads(bot.logs(), bot.starts)
            order = [game for game, _ in loads]
            print(
                f"\none /hand in the {TITLES[-1]} game at a start under load, every game's deadline passed: "
                f"answered in {answered:.2f} s; the rules loaded in this order: "
                + ", ".join(f"{game} {seconds:.2f} s" for game, seconds in loads)
                + f" ({sum(s for _, s in loads):.2f} s in all)"
            )
            # The rules of the games in play start loading in the background at the bot's setup, before the
            # command can arrive: one import may be done and one under way when it does; the asked game's
            # goes next (an interaction's load is served before background ones: registry.ready's turns).
            assert TITLES[-1] in order[:3], f"the asked game's rules waited for the others': {order}"

            figures: list[dict[str, list[float]]] = []
            for _ in range(tries):
                await bot.stop()
                kit.deadlines_passed(db_path)  # the start has every game's default to apply
                figures.append(await _restart_and_ask(fake, bot, tables))
            for n, got in enumerate(figures, start=1):
                acked, done = got["acknowledged"], got["answered"]
                print(
                    f"start {n} under load: {len(acked)} first interactions acknowledged in "
                    f"{statistics.median(acked) * 1000:.0f} ms (median), {max(acked) * 1000:.0f} ms at "
                    f"most; answered in {statistics.median(done):.2f} s (median), "
                    f"{min(done):.2f} s first, {max(done):.2f} s last"
                )
            slowest = max(max(got["acknowledged"]) for got in figures)
            assert slowest < WINDOW, f"an interaction was acknowledged {slowest:.2f} s after it was sent"
            assert not [r for r in fake.state.callbacks if r.status >= 400], "a callback was refused"
            logs = bot.logs()
            assert "Traceback" not in logs, logs[-3000:]
            assert "imported on the event loop" not in logs, "rules were imported on the event loop"
        finally:
            db.close()
            await bot.stop()
