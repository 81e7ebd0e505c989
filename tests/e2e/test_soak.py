"""The soak (issue 32): many games of all five titles at blitz pace for a bounded time, under faults.

``pytest -m slow -n 0 -s tests/e2e/test_soak.py``; ``ARBITER_SOAK_SECONDS`` (default 1200) bounds the
playing time and the soak stops by itself; ``ARBITER_SOAK_GAMES`` (200), ``ARBITER_SOAK_THINK``
(``"3,12"`` seconds a member takes over each click), ``ARBITER_SOAK_RAMP`` (0.5 s between two
  games' openings, less in a short soak), ``ARBITER_SOAK_KILL_EVERY`` (180 s, or a third of a
shorter soak) and ``ARBITER_SOAK_RSS_MB`` (1024) change it.

- The real bot (``arbiter run``) on SQLite against the loopback Discord, which refuses an initial answer
  later than Discord's 3 s. Games of Gamedec, Infamy, IPA, Nakamura Tower and Virtual Revolution at blitz
  pace, half with two members, filled with agent seats, opened one after another.
- An accelerated clock: every few seconds a share of the open deadlines is moved into the past (the bot's
  deadline pass runs every second), so defaults fall due as if hours went by.
- Members clicking at random: their options, a move (a button, a select, or ``/play``), sometimes the same
  move twice at once (a double click), sometimes an old button again (stale) or a move when it is not
  their turn; the bot answers each with a move, a refusal or fresh options, never an unexpected error.
- SIGKILL and a restart every few minutes; a scheduled backup every 36 s inside the bot, and
  ``arbiter db backup`` from outside every minute.

At the end, the bot stopped: every game's intent log replays to its saved snapshot; every acknowledged
move (distinct button version) is in the log; no answer given while the bot was up took over 3 s; the
bot's memory (RSS) stayed under the bound; the report prints these figures.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engine
from tests.e2e import scenario_kit as kit
from tests.e2e.fake_discord import FakeDiscord, Message, SimMember

SECONDS = float(os.environ.get("ARBITER_SOAK_SECONDS", "1200"))
GAMES = int(os.environ.get("ARBITER_SOAK_GAMES", "200"))
THINK = tuple(float(x) for x in os.environ.get("ARBITER_SOAK_THINK", "3,12").split(","))
RAMP = float(os.environ.get("ARBITER_SOAK_RAMP", str(min(0.5, SECONDS / 3 / GAMES))))
"""Seconds between the openings of two games (200 games open over a third of a short soak at most)."""
KILL_EVERY = float(os.environ.get("ARBITER_SOAK_KILL_EVERY", str(min(180.0, SECONDS / 3))))
RSS_MB = float(os.environ.get("ARBITER_SOAK_RSS_MB", "1024"))
TITLES = {  # id: (fewest seats, options: a short game where the title has one)
    "gamedec": (2, ""),
    "infamy": (3, "round_cap=2"),
    "ipa_agents": (2, ""),
    "nakamura_tower": (1, ""),
    "virtual_revolution": (2, ""),
}
SLOW = 3.0
"""Discord's window for the first answer to an interaction."""
pytestmark = [pytest.mark.slow, pytest.mark.timeout(SECONDS + GAMES * 3 + 900)]
"""Beyond pytest-timeout's default 600 s: the play, the openings, the restarts and the checks."""


@dataclass
class Soak:
    fake: FakeDiscord
    db: kit.BotDb
    bot: kit.BotProcess
    stop_at: float
    rng: random.Random
    down: list[list[float]] = field(default_factory=list)
    """[from, to] monotonic windows while the bot was killed and starting again (answers then excused)."""
    acks: set[tuple[str, str, str, str]] = field(default_factory=set)
    """(game, seat, intent key, button stamp) of every move the bot acknowledged."""
    counts: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    rss: list[tuple[float, int, int]] = field(default_factory=list)
    """(monotonic time, start number, RSS in kB) samples of the bot process."""

    def over(self) -> bool:
        return time.monotonic() >= self.stop_at


def _stamp_key(kind: str, cid: str, value: str | None) -> tuple[str, str]:
    parts = cid.split(":")
    if kind == "select":
        assert value is not None
        return parts[2], value
    return parts[2], cid.split(":", 3)[3]


def _normal(key: str) -> str:
    """One intent, one key: arguments sorted (as the engine normalises them, issue 32 item 7)."""
    name, _, args = key.partition(":")
    return name + (":" + ",".join(sorted(args.split(","))) if args else "")


async def _answer(soak: Soak, make: Any) -> Message | None:
    """The answer to an interaction, or None when none came (the bot was down): the member tries later."""
    try:
        handle = await make()
        msg: Message = await handle.message(15)
    except (TimeoutError, AssertionError, LookupError) as exc:
        soak.counts["unanswered"] += 1
        if not isinstance(exc, TimeoutError):
            soak.errors.append(f"no answer: {exc!r}"[:300])
        return None
    if kit.BOT_ERROR in msg.text():
        soak.errors.append(msg.text()[:300])
    return msg


def _in_down(soak: Soak, at: float) -> bool:
    return any(start - SLOW <= at <= end for start, end in soak.down)


async def _open(soak: Soak, n: int, host: SimMember, joiner: SimMember | None) -> kit.Table | None:
    title = list(TITLES)[n % len(TITLES)]
    fewest, options = TITLES[title]
    members = 1 + (joiner is not None)
    agents = max(0, fewest - members)
    await asyncio.sleep(n * RAMP)
    for _ in range(20):  # a kill may fall in the middle: the member opens another lobby
        table = await _try_open(soak, title, options, host, joiner, agents)
        if table is not None:
            return table
        await asyncio.sleep(5)
    return None


async def _try_open(
    soak: Soak, title: str, options: str, host: SimMember, joiner: SimMember | None, agents: int
) -> kit.Table | None:
    opts = {"game": title, "seats": 1 + (joiner is not None) + agents, "options": options, "pace": "blitz"}
    answer = await _answer(soak, lambda: host.slash("game", "new", channel="games", options=opts))
    found = re.search(r"\(`([0-9a-f]+)`\)", answer.text()) if answer else None
    if not found:
        return None
    gid = found.group(1)
    try:
        lobby = await soak.fake.wait_for_message(lambda m: f"arbl:{gid}:join" in m.custom_ids(), timeout=30)
    except TimeoutError:
        return None
    if joiner is not None and not await _answer(soak, lambda: joiner.click(lobby, f"arbl:{gid}:join")):
        return None
    for _ in range(agents):
        if not await _answer(soak, lambda: host.click(lobby, f"arbl:{gid}:agent-heuristic")):
            return None
    started = await _answer(soak, lambda: host.click(lobby, f"arbl:{gid}:start"))
    if started is None or "started" not in started.text():
        return None
    record = soak.db.record(gid)
    players = {
        s["seat"]: m for s in record["seats"] for m in (host, joiner) if m and str(m.id) == s["user_id"]
    }
    soak.counts[f"opened {title}"] += 1
    return kit.Table(soak.fake, soak.db, gid, lobby.id, players, title, poll=1.0)


async def _member(soak: Soak, table: kit.Table, seat: str, member: SimMember, rng: random.Random) -> None:
    """One member of one game, until the game ends or the soak does."""
    old: list[Message] = []  # options messages answered before: their buttons go stale
    while not soak.over():
        await asyncio.sleep(rng.uniform(*THINK))
        try:
            record, state = await table.settle(timeout=20)
        except (TimeoutError, LookupError, sqlite3.Error):
            continue  # the bot is down or behind: look again later
        if record["status"] != "running":
            if record["status"] in ("finished", "aborted", "damaged"):
                soak.counts[f"game {record['status']}"] += 1
                return
            continue
        mine = seat in table.human_prompts(state, record)
        if old and rng.random() < (0.5 if not mine else 0.1):  # a stale button, or out of turn
            await _click_any(
                soak, table, seat, member, rng.choice(old), rng, "stale" if mine else "out of turn"
            )
            continue
        if not mine:
            continue
        msg = await _answer(soak, lambda: member.click(table.status, f"arbo:{table.gid}"))
        if msg is None:
            continue
        old = (old + [msg])[-5:]
        await asyncio.sleep(rng.uniform(0, THINK[0]))
        await _click_any(soak, table, seat, member, msg, rng, "move")


async def _click_any(
    soak: Soak, table: kit.Table, seat: str, member: SimMember, msg: Message, rng: random.Random, why: str
) -> None:
    actions = kit.offered_actions(msg, table.gid)
    if not actions:
        return
    kind, cid, value = rng.choice(actions)

    def once() -> Any:
        if kind == "button":
            return member.click(msg, cid)
        return member.select(msg, cid, [value])

    double = why == "move" and rng.random() < 0.15
    soak.counts[why + (" (double click)" if double else "")] += 1
    answers = await asyncio.gather(*(_answer(soak, once) for _ in range(2 if double else 1)))
    stamp, key = _stamp_key(kind, cid, value)
    for answer in answers:
        if answer is not None and "✅" in answer.text():
            soak.acks.add((table.gid, seat, _normal(key), stamp))
            soak.counts["acknowledged"] += 1


async def _clock(soak: Soak, path: Path) -> None:
    """The accelerated clock: every 5 s, a third of the open deadlines falls due."""
    while not soak.over():
        await asyncio.sleep(5)
        try:
            conn = sqlite3.connect(path, timeout=10)
            try:
                moved = conn.execute(
                    "UPDATE deadlines SET due_at = ?, remind_at = ? WHERE abs(random()) % 3 = 0",
                    (time.time() - 1, time.time() - 2),
                ).rowcount
                conn.commit()
            finally:
                conn.close()
            soak.counts["deadlines moved into the past"] += moved
        except sqlite3.Error as exc:
            soak.counts[f"clock skipped ({type(exc).__name__})"] += 1


async def _faults(soak: Soak, path: Path, backups: Path) -> None:
    """SIGKILL and restart every KILL_EVERY seconds; ``arbiter db backup`` every minute; RSS every 2 s."""
    next_kill = time.monotonic() + KILL_EVERY
    next_backup = time.monotonic() + 60
    while not soak.over():
        await asyncio.sleep(2)
        _sample_rss(soak)
        now = time.monotonic()
        if now >= next_backup:
            next_backup = now + 60
            target = backups / f"outside-{int(now)}.db"
            done = await asyncio.to_thread(
                subprocess.run,
                [sys.executable, "-m", "bot.cli", "db", "--db", str(path), "backup", str(target)],
                capture_output=True,
                text=True,
                cwd=kit.REPO_ROOT,
                check=False,
            )
            soak.counts["outside backups" if done.returncode == 0 else "outside backups failed"] += 1
        if now >= next_kill and soak.stop_at - now > 20:
            next_kill = now + KILL_EVERY
            window = [now, now]
            soak.down.append(window)
            await soak.bot.kill()
            soak.counts["kills"] += 1
            await soak.bot.start(timeout=90)
            window[1] = time.monotonic() + 10  # the catch-up after a start
            soak.db.close()


def _sample_rss(soak: Soak) -> None:
    proc = soak.bot.proc
    if proc is None or proc.returncode is not None:
        return
    try:
        status = Path(f"/proc/{proc.pid}/status").read_text()
    except OSError:
        return
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    if found:
        soak.rss.append((time.monotonic(), soak.bot.starts, int(found.group(1))))


def _replays(db: kit.BotDb) -> tuple[int, list[str]]:
    """How many started games were checked; the games whose log does not replay to their snapshot."""
    checked, wrong = 0, []
    for gid in db.game_ids():
        record = db.record(gid)
        snap = db.snapshot(gid)
        if snap is None or record["status"] in ("lobby", "damaged"):
            continue
        checked += 1
        log = [(i["seat"], i["intent"]) for i in db.intents(gid)]
        try:
            replayed = engine.get(record["game"]).dump(kit.replay_log(record, log))
        except Exception as exc:
            wrong.append(f"{gid} ({record['game']}): the log does not replay: {exc!r}"[:300])
            continue
        if snap[0] != record["version"] or replayed != snap[1]:
            wrong.append(f"{gid} ({record['game']}): snapshot v{snap[0]} of v{record['version']} differs")
    return checked, wrong


def _lost(soak: Soak, db: kit.BotDb) -> list[tuple[str, str, str, int, int]]:
    """(game, seat, key, acknowledged, logged) where fewer moves were logged than distinct ones acked."""
    acked: Counter[tuple[str, str, str]] = Counter((g, s, k) for g, s, k, _ in soak.acks)
    logged: Counter[tuple[str, str, str]] = Counter()
    for gid in {g for g, _, _ in acked}:
        for i in db.intents(gid):
            logged[(gid, i["seat"], _normal(i["intent"]))] += 1
    return [(*k, n, logged[k]) for k, n in acked.items() if logged[k] < n]


async def test_soak(tmp_path: Path) -> None:
    path = tmp_path / "arbiter.db"
    backups = tmp_path / "backups"
    backups.mkdir()
    async with FakeDiscord(interaction_deadline=SLOW) as fake:
        pairs = []
        for n in range(GAMES):
            host = fake.add_member(f"host{n}")
            pairs.append((host, fake.add_member(f"guest{n}") if n % 2 == 0 else None))
        env = {
            "MAX_LOBBIES_PER_GUILD": "0",
            "MAX_RUNNING_PER_GUILD": "0",
            "TICK_SECONDS": "1",
            "BACKUP_DIR": str(backups),
            "BACKUP_EVERY_HOURS": "0.01",
            "BACKUP_KEEP": "3",
        }
        bot = kit.arbiter_process(fake, path, tmp_path / "arbiter-bot.log", **env)
        db = kit.BotDb(path)
        try:
            await bot.start(timeout=90)
            await fake.wait_for_commands("game", "play", "hand", timeout=60)
            started = time.monotonic()
            soak = Soak(fake, db, bot, started + SECONDS, random.Random(32))
            background = [
                asyncio.create_task(_clock(soak, path)),
                asyncio.create_task(_faults(soak, path, backups)),
            ]
            tables = await asyncio.gather(*(_open(soak, n, h, j) for n, (h, j) in enumerate(pairs)))
            opened = [t for t in tables if t is not None]
            await asyncio.gather(
                *(
                    _member(soak, t, seat, m, random.Random(soak.rng.random()))
                    for t in opened
                    for seat, m in t.players.items()
                )
            )
            await asyncio.gather(*background)
            played = time.monotonic() - started
            await bot.stop(timeout=60)
            db.close()
            checked, wrong = _replays(db)
            lost = _lost(soak, db)
            excused = [i for i in fake.state.interactions.values() if _in_down(soak, i.sent_at)]
            judged = [i for i in fake.state.interactions.values() if not _in_down(soak, i.sent_at)]
            slow = [i for i in judged if i.latency is None or i.latency > SLOW]
            latencies = sorted(i.latency for i in judged if i.latency is not None)
            opening_until = started + GAMES * RAMP + 30
            slow_opening = sum(1 for i in slow if i.sent_at <= opening_until)
            ready = [end for _, end in soak.down]
            after_start = sum(1 for i in slow if any(0 <= i.sent_at - end <= 30 for end in ready))
            by_life: dict[int, list[int]] = {}
            for _, life, kb in soak.rss:
                by_life.setdefault(life, []).append(kb)
            peak = max(kb for _, _, kb in soak.rss) / 1024
            inside = sorted(p.name for p in backups.glob("*.db") if not p.name.startswith("outside-"))
            with sqlite3.connect(path) as conn:
                moves = conn.execute(
                    "SELECT by_user, COUNT(*) FROM intents GROUP BY by_user = 'deadline'"
                ).fetchall()
            titles = ", ".join(
                f"{k[7:]} {v}" for k, v in sorted(soak.counts.items()) if k.startswith("opened")
            )
            clicks = dict(sorted((k, v) for k, v in soak.counts.items() if not k.startswith("opened")))
            lives = [
                (round(v[0] / 1024), round(max(v) / 1024), round(v[-1] / 1024)) for v in by_life.values()
            ]
            print(
                f"\nsoak: {played:.0f} s of play, {len(opened)} of {GAMES} games opened "
                f"({titles}); "
                f"{sum(n for _, n in moves)} intents logged; {soak.counts['kills']} SIGKILLs and restarts; "
                f"backups: {len(inside)} kept of the bot's own, {soak.counts['outside backups']} by "
                f"arbiter db backup ({soak.counts['outside backups failed']} failed)\n"
                f"  clicks: {clicks}\n"
                f"  {checked} games replayed from their logs: {len(wrong)} differ from their snapshot; "
                f"{len(soak.acks)} acknowledged moves, {len(lost)} lost\n"
                f"  {len(judged)} interactions while the bot was up: first answer p50 "
                f"{latencies[len(latencies) // 2] * 1000:.0f} ms, p99 "
                f"{latencies[int(len(latencies) * 0.99)] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms, "
                f"{len(slow)} over {SLOW:.0f} s or unanswered ({slow_opening} of them while the games were "
                f"opening, {after_start} in the 30 s after a restart's first 10; {len(excused)} excused: "
                "sent "
                "while it was down or in its first 10 s)\n"
                f"  RSS of the bot (MB) by process life, first/max/last: "
                f"{lives}; "
                f"peak {peak:.0f} MB (bound {RSS_MB:.0f}); {len(soak.errors)} unexpected-error answers; "
                f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
            )
            assert not wrong, wrong[:5]
            assert not lost, lost[:5]
            assert not soak.errors, soak.errors[:5]
            assert not slow, [(i.payload.get("data", {}).get("custom_id"), i.latency) for i in slow[:10]]
            assert peak <= RSS_MB, by_life
            assert inside and soak.counts["outside backups"] >= 1, (inside, soak.counts)
            assert "Traceback" not in bot.logs(), bot.logs()[-3000:]
        finally:
            db.close()
            await bot.stop()
