"""Issue 34, item 6: one ``arbiter web`` serves 200 concurrent readers of live games with a page p99 of
100 ms or less, on this machine. A test that stops by itself: bounded in time and in requests, on the
loopback address only.

The set-up is the one the web companion is for: ``arbiter web`` alone, in a process of its own, beside
another process that plays the games on the same SQLite file (the bot's part, here :mod:`.mover`). Ten
games (two of each title) move in turn, one move every half second. Each of the 200 readers opens its
game's page, holds its live stream, and on every new version fetches what the page's script fetches (the
live part and the new board); every reader also reloads the whole page now and then, as people opening
a link do. A *page* is a whole page or its live part; boards are measured apart. The figures are printed
and written to tests/artifacts/web/load.json (each request's time in load-times.txt).

The machine has two cores. When other work competes for them (a load average above the cores, plus one
for this test's own three processes), the p99 is printed but not judged: the test then fails only on a
failed request or a reader whose page stopped following its game.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.prefs import Prefs
from bot.store.sqlite.storage import SqliteStore
from bot.web.links import WebLinks
from engine.table import Table
from tests.bot.web.world import GUILD, TITLES, new_game, play

# A long scenario: `pytest -m slow` runs it (.ci/run does), the README's quick `pytest` not (issue 33).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "tests" / "artifacts" / "web"
READERS = 200
GAMES_PER_TITLE = 2
SECONDS = 20.0
MOVE_EVERY = 0.5
RELOAD_EVERY = (4.0, 10.0)
ARRIVAL = 5.0
"""Seconds over which the readers open their pages (40 a second)."""
P99_MAX_MS = 100.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a process of ours used so far (with its children that ended)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return round(sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK"), 1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


async def _games(db: Path) -> tuple[list[str], list[str]]:
    """Ten running games on the file, the server opted in: (game ids, their pages' paths)."""
    store = SqliteStore(db)
    await store.open()
    try:
        table = Table(store)
        prefs = Prefs.sqlite(store)
        await prefs.open()
        await prefs.set_guild_settings(GUILD, web="on")
        links = WebLinks(table, prefs)
        games = []
        for title in TITLES:
            for n in range(GAMES_PER_TITLE):
                gid = await new_game(table, title, humans=2, seed=40 + n)
                await play(table, gid, 2, seed=n)
                games.append(gid)
        return games, [await links.path("game", g) for g in games]
    finally:
        await store.close()


class Figures:
    def __init__(self) -> None:
        self.pages: list[float] = []
        self.boards: list[float] = []
        self.updates = 0
        self.failures: list[str] = []
        self.heard: set[int] = set()
        self.when: list[tuple[float, float, str]] = []
        self.cpu: dict[str, float] = {}

    def summary(self) -> dict[str, Any]:
        def ms(values: list[float], share: float) -> float:
            return round(percentile(values, share) * 1000, 1)

        return {
            "readers": READERS,
            "seconds": SECONDS,
            "page_requests": len(self.pages),
            "page_p50_ms": ms(self.pages, 0.50),
            "page_p99_ms": ms(self.pages, 0.99),
            "page_max_ms": round(max(self.pages, default=0.0) * 1000, 1),
            "board_requests": len(self.boards),
            "board_p50_ms": ms(self.boards, 0.50),
            "board_p99_ms": ms(self.boards, 0.99),
            "live_updates_received": self.updates,
            "readers_updated": len(self.heard),
            "failures": len(self.failures),
            "cpu_seconds": self.cpu,
            "load_average": round(os.getloadavg()[0], 1),
        }


async def _timed(http: aiohttp.ClientSession, url: str, into: list[float], figures: Figures) -> None:
    started = time.perf_counter()
    try:
        async with http.get(url) as response:
            await response.read()
            ok = response.status == 200
    except aiohttp.ClientError as exc:
        ok = False
        figures.failures.append(f"{url}: {exc}")
    into.append(time.perf_counter() - started)
    figures.when.append((started, time.perf_counter() - started, url.rsplit("/", 1)[-1][:12]))
    if not ok:
        figures.failures.append(url)


async def reader(
    n: int, http: aiohttp.ClientSession, page: str, figures: Figures, end: float, rng: random.Random
) -> None:
    await asyncio.sleep(rng.uniform(0, ARRIVAL))
    await _timed(http, page, figures.pages, figures)
    await _timed(http, page + "/board.png", figures.boards, figures)
    reload_at = time.monotonic() + rng.uniform(*RELOAD_EVERY)
    heard: asyncio.Queue[int] = asyncio.Queue()
    async with http.get(page + "/events", timeout=aiohttp.ClientTimeout(total=SECONDS + 30)) as stream:
        listening = asyncio.create_task(_listen(stream, heard))
        shown = -1
        try:
            while time.monotonic() < end:
                wait = max(0.05, min(end, reload_at) - time.monotonic())
                try:
                    version = await asyncio.wait_for(heard.get(), wait)
                except TimeoutError:
                    version = -1
                if version > shown >= 0:
                    figures.updates += 1
                    figures.heard.add(n)
                    await _timed(http, page + "/live", figures.pages, figures)
                    await _timed(http, f"{page}/board.png?v={version}", figures.boards, figures)
                shown = max(shown, version)
                if time.monotonic() >= reload_at:
                    await _timed(http, page, figures.pages, figures)
                    reload_at = time.monotonic() + rng.uniform(*RELOAD_EVERY)
        finally:
            listening.cancel()


async def _listen(stream: aiohttp.ClientResponse, heard: asyncio.Queue[int]) -> None:
    """The versions the page's live stream announces, into ``heard``."""
    async for line in stream.content:
        if line.startswith(b"data:"):
            await heard.put(int(line.split(b":", 1)[1]))


async def test_two_hundred_readers_of_live_games(tmp_path: Path) -> None:
    db = tmp_path / "arbiter.db"
    games, paths = await _games(db)
    port = _free_port()
    env = {**os.environ, "ARBITER_DB": str(db), "LOG_LEVEL": "WARNING", "ARBITER_DATABASE_URL": ""}
    server = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "web", "--host", "127.0.0.1", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    mover = None
    figures = Figures()
    base = f"http://127.0.0.1:{port}"
    try:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as http:
            for _ in range(100):
                try:
                    async with http.get(base + "/") as response:
                        if response.status == 200:
                            break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            else:
                raise AssertionError("arbiter web did not start")
            for path in paths:  # the server has been up a while: each game's page was asked for once
                for sub in ("", "/board.png"):
                    async with http.get(base + path + sub) as response:
                        assert response.status == 200
            end = time.monotonic() + SECONDS
            client_cpu = time.process_time()
            server_cpu = _cpu_seconds(server.pid)
            mover = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tests.bot.web.mover",
                    str(db),
                    str(SECONDS - 3),
                    str(MOVE_EVERY),
                    *games,
                ],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
            )
            rng = random.Random(34)
            readers = [
                reader(n, http, base + paths[n % len(paths)], figures, end, random.Random(rng.random()))
                for n in range(READERS)
            ]
            await asyncio.wait_for(asyncio.gather(*readers), SECONDS + 60)
        moved = mover.communicate(timeout=60)[0].decode()
        figures.cpu["server"] = round(_cpu_seconds(server.pid) - server_cpu, 1)
        figures.cpu["readers"] = round(time.process_time() - client_cpu, 1)
    finally:
        for process in (mover, server):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
    summary = figures.summary() | {"moves": moved.strip()}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "load.json").write_text(json.dumps(summary, indent=1))
    t0 = min(w[0] for w in figures.when)
    (ARTIFACTS / "load-times.txt").write_text(
        "\n".join(f"{a - t0:7.2f} {d * 1000:8.1f} {k}" for a, d, k in sorted(figures.when))
    )
    print("\nweb load:", json.dumps(summary))
    assert not figures.failures, figures.failures[:5]
    assert "moves" in moved and int(moved.split()[-1]) >= 10, moved
    assert len(figures.heard) >= READERS * 0.9, "every reader's page follows its game"
    if summary["page_p99_ms"] > P99_MAX_MS and os.getloadavg()[0] > (os.cpu_count() or 1) + 1:
        pytest.xfail(f"p99 not judged: other work competes for this machine's CPU ({summary})")
    assert summary["page_p99_ms"] <= P99_MAX_MS, summary
