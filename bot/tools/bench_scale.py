"""``arbiter bench --startup N`` and ``--live N``: the figures of scale (issue 21).

- **Restart with N stored games**: the games are written straight into a fresh SQLite file (a few real
  games made by the table, the rest copies of their rows, so the file has realistic rows and sizes, in
  seconds). Then a restart is timed the way the bot makes it: open the store (integrity check and
  migrations), open the front end's preferences, select the catch-up in SQL, and answer the first command
  in a game's thread (find the game by its thread, load it, draw its view for the caller). Beside it, the
  old start-up's cost: reading every stored game (what the thread index replaced).
- **N live games in one process**: N games started and played a few moves, all held by the table's cache;
  the resident memory before and after.
"""

from __future__ import annotations

import gc
import random
import resource
import time
from pathlib import Path
from typing import Any

import engine
from engine.table import Limits, Table

from ..prefs import Prefs
from ..render import Renderer
from ..services import Services
from ..store.sqlite.clone import copy_rows
from ..store.sqlite.storage import SqliteStore

GAME = "gamedec"
"""The game the stored games are copies of."""
SAMPLE = 8
"""Real games the table makes and plays; every other stored game copies one of their rows."""
BEHIND = 20
"""Stored games whose last change was not announced (what the catch-up must find)."""
THREAD_BASE = 10**17


class Stopwatch:
    """Wall and CPU time since it was made, in ms (CPU time is steadier on a shared machine)."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def lap(self) -> dict[str, float]:
        return {
            "wall_ms": round((time.perf_counter() - self.wall) * 1000, 1),
            "cpu_ms": round((time.process_time() - self.cpu) * 1000, 1),
        }


async def _play(table: Table, gid: str, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        record = await table.record(gid)
        waiting = await table.awaiting(gid)
        if record.status != "running" or not waiting:
            return
        user = waiting[0].user or ""
        legal = await table.legal(gid, user)
        await table.submit(gid, user, legal[rng.randrange(len(legal))][0], expected_version=record.version)


async def _samples(path: Path) -> list[str]:
    """A few real games in threads, played some moves, each announced up to date."""
    store, prefs = SqliteStore(path, checkpoint_seconds=None), Prefs(path)
    await store.open()
    await prefs.open()
    table = Table(store, agent_kind="random")
    rng = random.Random(7)
    ids = []
    try:
        seats = engine.get(GAME).meta.min_seats
        for n in range(SAMPLE):
            place = {"guild": "1", "channel": "2", "thread": str(THREAD_BASE + n), "status": str(n + 3)}
            gid = (await table.create(GAME, "u1", "Ann", seats=seats, seed=n, place=place)).record.id
            for i in range(2, seats + 1):
                await table.join(gid, f"u{i}", f"P{i}")
            await table.start(gid, "u1")
            await _play(table, gid, 10 + 5 * n, rng)
            await prefs.set_announced(gid, (await table.record(gid)).version)
            ids.append(gid)
    finally:
        await prefs.close()
        await store.close()
    return ids


async def startup(stored: int, folder: Path) -> dict[str, Any]:
    path = folder / f"startup-{stored}.db"
    path.unlink(missing_ok=True)
    made = Stopwatch()
    samples = await _samples(path)
    copy_rows(path, samples, stored, behind=BEHIND, first_thread=THREAD_BASE + SAMPLE)
    figures: dict[str, Any] = {
        "stored_games": stored,
        "file_mb": round(path.stat().st_size / 2**20, 1),
        "generated_s": round(made.lap()["wall_ms"] / 1000, 1),
    }
    clock = Stopwatch()
    store, prefs = SqliteStore(path, create=False), Prefs(path)
    await store.open()
    await prefs.open()
    table = Table(store)
    services = Services(table=table, renderer=Renderer(1), prefs=prefs)
    figures["store_open"] = clock.lap()
    try:
        behind = await store.unannounced()
        figures["catch_up_selected"] = {**clock.lap(), "games": len(behind or [])}
        target = samples[-1]
        gid = await services.game_in_channel(str(THREAD_BASE + SAMPLE - 1))
        assert gid == target, (gid, target)
        user = (await table.awaiting(gid) or [(await table.record(gid)).seats[0]])[0].user or ""
        await table.view(gid, user)
        await table.legal(gid, user)
        figures["first_command"] = clock.lap()
        second = Stopwatch()
        everything = await store.games()
        figures["every_game_read"] = {**second.lap(), "games": len(everything)}
    finally:
        await prefs.close()
        await store.close()
    path.unlink(missing_ok=True)
    return figures


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


async def live(count: int, folder: Path, game_id: str = GAME) -> dict[str, Any]:
    """``count`` games started on one table (an SQLite file, as the bot runs), all held in its cache."""
    game = engine.get(game_id)
    before = _rss_mb()
    store = SqliteStore(folder / f"live-{count}.db")
    await store.open()
    unlimited = Limits(
        lobbies_per_user=0, running_per_user=0, lobbies_per_guild=0, running_per_guild=0, live_games=count
    )
    table = Table(store, agent_kind="random", limits=unlimited)
    seats = game.meta.min_seats
    clock = Stopwatch()
    try:
        for n in range(count):
            gid = (await table.create(game_id, f"h{n}", "Ann", seats=seats, seed=n)).record.id
            for i in range(2, seats + 1):
                await table.join(gid, f"h{n}u{i}", f"P{i}")
            await table.start(gid, f"h{n}")
        held = len(table._cache)
        after = _rss_mb()
        collection = _full_collection()
    finally:
        await store.close()
    return {
        "live_games": held,
        "game": game_id,
        "rss_before_mb": before,
        "rss_after_mb": after,
        "seconds": round(clock.lap()["wall_ms"] / 1000, 1),
        "full_collection_ms": collection["ms"],
        "collector_objects": collection["objects"],
    }


def _full_collection() -> dict[str, float]:
    """One full garbage collection now, timed: the pause the bot takes whenever CPython runs one."""
    objects = len(gc.get_objects())
    began = time.perf_counter()
    gc.collect()
    return {"ms": round((time.perf_counter() - began) * 1000, 1), "objects": objects}


def startup_text(f: dict[str, Any]) -> str:
    return (
        f"restart with {f['stored_games']} stored games ({f['file_mb']} MB, written in "
        f"{f['generated_s']} s); "
        "ms since the start, wall / CPU:\n"
        f"  store open (checks, migrations): {f['store_open']['wall_ms']} / {f['store_open']['cpu_ms']}\n"
        f"  catch-up selected in SQL ({f['catch_up_selected']['games']} games behind): "
        f"{f['catch_up_selected']['wall_ms']} / {f['catch_up_selected']['cpu_ms']}\n"
        f"  first in-thread command answered (game found by its thread, loaded, view and legal drawn): "
        f"{f['first_command']['wall_ms']} / {f['first_command']['cpu_ms']}\n"
        f"  for comparison, reading every stored game (the old start-up's index): "
        f"{f['every_game_read']['wall_ms']} / {f['every_game_read']['cpu_ms']} ms"
    )


def live_text(f: dict[str, Any]) -> str:
    return (
        f"{f['live_games']} live {f['game']} games in one process: RSS {f['rss_before_mb']} MB before, "
        f"{f['rss_after_mb']} MB after ({f['seconds']} s to start them); a full garbage collection then: "
        f"{f['full_collection_ms']} ms over {f['collector_objects']} objects the collector watches"
    )
