"""``arbiter bench``: the benchmark, with a fixed seed so runs are comparable.

For each registered game: random-playout intents per second (legal + apply), ``Table.submit``
latency p50/p99 on an SQLite file on disk (commit included), snapshot size, and board render time
(PNG encoding included), the full board and the compact one the turn posts carry, with 50 live games drawn
in turn. Issue 21's targets: submit p99 within 30x a bare WAL commit of the same snapshot (measured in the
same run) and 1.5 ms; render p99 20 ms and every image at most 100 KB.

``--store postgresql://...`` also measures ``Table.submit`` on that PostgreSQL server, beside SQLite's
in the same run. Its games go into a scratch schema (``arbiter_bench_...``) that is dropped at the end:
the database's own tables are never touched.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from engine.core.agents import RandomAgent
from engine.core.playout import advance, play_out
from engine.table import Table
from renderers import board_renderer, compact_renderer

from ..store.postgres.scratch import scratch_postgres
from ..store.sqlite.measures import Trips, bare_commits
from ..store.sqlite.packed import packed
from ..store.sqlite.storage import CHECKPOINT_SECONDS, SqliteStore
from ..store.stores import is_postgres
from .bench_drones import drone_phase

SEED = 1234


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def playouts(game: Any, games: int) -> dict[str, Any]:
    seats = [f"p{i + 1}" for i in range(game.meta.min_seats)]
    steps, sizes, started = 0, [], time.perf_counter()
    states = []
    for n in range(games):
        state = game.setup(seats, SEED + n)
        result = play_out(game, state, {s: RandomAgent(SEED * 7 + n * 13 + i) for i, s in enumerate(seats)})
        steps += result.steps
        sizes.append(len(game.dump(result.state).encode()))
        states.append(result.state)
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "intents": steps,
        "intents_per_second": round(steps / seconds, 1),
        "snapshot_bytes_mean": int(statistics.fmean(sizes)),
        "snapshot_bytes_max": max(sizes),
    }


FLOOR_EVERY = 100
"""Submits between two measurements of the floor."""


async def _new_game(table: Table, game_id: str, seed: int) -> str:
    seats = engine.get(game_id).meta.min_seats
    gid = (await table.create(game_id, "u1", "Ann", seats=seats, seed=seed)).record.id
    for i in range(2, seats + 1):
        await table.join(gid, f"u{i}", f"P{i}")
    await table.start(gid, "u1")
    return gid


async def _one_submit(table: Table, gid: str, rng: random.Random) -> tuple[float, float] | None:
    """One random legal submit, timed in ms (wall, and the process's CPU: every thread's, the database
    worker's included); None when the game is over."""
    record = await table.record(gid)
    if record.status != "running":
        return None
    waiting = await table.awaiting(gid)
    user = waiting[0].user or ""
    legal = await table.legal(gid, user)
    intent = legal[rng.randrange(len(legal))][0]
    started, cpu = time.perf_counter(), time.process_time()
    await table.submit(gid, user, intent, expected_version=record.version)
    return (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000


@dataclass
class SubmitRun:
    """The raw figures of one run of submits: (wall, CPU) ms of each, of each bare commit of the floor."""

    latencies: list[tuple[float, float]] = field(default_factory=list)
    floor: list[tuple[float, float]] = field(default_factory=list)
    body: str = ""

    def add(self, other: SubmitRun) -> None:
        self.latencies += other.latencies
        self.floor += other.floor
        self.body = other.body or self.body


async def _submit_run(game_id: str, count: int, path: Path, store: Any, seed: int) -> SubmitRun:
    sqlite = isinstance(store, SqliteStore)
    await store.open()
    table = Table(store, agent_kind="random")
    rng = random.Random(seed)
    run = SubmitRun()
    floor_file = path.with_name(path.name + "-floor.db")
    try:
        while len(run.latencies) < count:
            gid = await _new_game(table, game_id, seed + len(run.latencies))
            while len(run.latencies) < count:
                took = await _one_submit(table, gid, rng)
                if took is None:
                    break
                run.latencies.append(took)
                if sqlite and len(run.latencies) % FLOOR_EVERY == 1:
                    run.body = (await store.snapshot(gid))[2]
                    run.floor += bare_commits(floor_file, packed(run.body))
        if sqlite and run.body:
            run.floor += bare_commits(floor_file, packed(run.body))
    finally:
        await store.close()
    return run


def _submit_figures(run: SubmitRun) -> dict[str, Any]:
    wall, cpu = [w for w, _ in run.latencies], [c for _, c in run.latencies]
    figures: dict[str, Any] = {
        "submits": len(run.latencies),
        "p50_ms": round(_pct(wall, 0.5), 2),
        "p99_ms": round(_pct(wall, 0.99), 2),
        "max_ms": round(max(wall), 2),
        "cpu_p50_ms": round(_pct(cpu, 0.5), 2),
        "cpu_p99_ms": round(_pct(cpu, 0.99), 2),
    }
    if run.floor:
        floor_wall, floor_cpu = [w for w, _ in run.floor], [c for _, c in run.floor]
        figures["floor_p50_ms"] = round(_pct(floor_wall, 0.5), 3)
        figures["floor_p99_ms"] = round(_pct(floor_wall, 0.99), 3)
        figures["floor_cpu_p99_ms"] = round(_pct(floor_cpu, 0.99), 3)
        figures["p99_over_floor"] = round(figures["p99_ms"] / max(figures["floor_p99_ms"], 1e-3), 1)
        figures["cpu_p99_over_floor"] = round(
            figures["cpu_p99_ms"] / max(figures["floor_cpu_p99_ms"], 1e-3), 1
        )
        figures["snapshot_bytes"] = len(packed(run.body))  # as the store writes it
    return figures


async def submits(game_id: str, count: int, folder: Path, store: Any = None) -> dict[str, Any]:
    """``Table.submit`` latency on ``store`` (any Store, not yet opened; closed at the end), by default
    an SQLite file in ``folder``. On SQLite, the floor (bare WAL commits of the game's snapshot) is measured
    before, every :data:`FLOOR_EVERY` submits, and after."""
    path = folder / f"bench-{game_id}.db"
    store = store if store is not None else SqliteStore(path)
    return _submit_figures(await _submit_run(game_id, count, path, store, SEED))


async def checkpoints_compared(game_id: str, count: int, folder: Path) -> list[dict[str, Any]]:
    """``count`` submits with the background checkpoints, and ``count`` with SQLite's automatic one on a
    commit (the old way), run in the order new, old, old, new (half each time), so neither gains from
    running later on a busy machine; the figures of [new, old]."""
    runs = {CHECKPOINT_SECONDS: SubmitRun(), None: SubmitRun()}
    for n, seconds in enumerate((CHECKPOINT_SECONDS, None, None, CHECKPOINT_SECONDS)):
        path = folder / f"bench-{game_id}-{n}.db"
        store = SqliteStore(path, checkpoint_seconds=seconds)
        runs[seconds].add(await _submit_run(game_id, count // 2, path, store, SEED + 1000 * (n % 2)))
    return [_submit_figures(runs[CHECKPOINT_SECONDS]), _submit_figures(runs[None])]


async def store_cost(game_id: str, count: int, folder: Path) -> dict[str, Any]:
    """Trips to the database thread and WAL bytes per submit (no checkpoint meanwhile, so the WAL file
    only grows: its growth is what the submits wrote)."""
    path = folder / f"cost-{game_id}.db"
    store = SqliteStore(path, checkpoint_seconds=3600)
    await store.open()
    table = Table(store, agent_kind="random")
    rng = random.Random(SEED + 1)
    trips = Trips(store)
    done = 0
    wal = Path(f"{path}-wal")
    trips_total = wal_bytes = 0
    try:
        while done < count:
            gid = await _new_game(table, game_id, SEED + 100 + done)
            await table.record(gid)  # loaded, as a live game is
            while done < count:
                record = await table.record(gid)
                if record.status != "running":
                    break
                waiting = await table.awaiting(gid)
                user = waiting[0].user or ""
                legal = await table.legal(gid, user)
                intent = legal[rng.randrange(len(legal))][0]
                before, size = trips.count, wal.stat().st_size
                await table.submit(gid, user, intent, expected_version=record.version)
                trips_total += trips.count - before
                wal_bytes += wal.stat().st_size - size
                done += 1
    finally:
        await store.close()
    return {
        "submits": done,
        "trips_per_submit": round(trips_total / done, 2),
        "wal_bytes_per_submit": wal_bytes // done,
    }


def _floor_text(figures: dict[str, Any]) -> str:
    return (
        f"CPU p50 {figures['cpu_p50_ms']} ms, p99 {figures['cpu_p99_ms']} ms; floor (bare WAL commit of "
        f"its {figures['snapshot_bytes']} B snapshot as stored) p50 {figures['floor_p50_ms']} ms, p99 "
        f"{figures['floor_p99_ms']} ms, CPU p99 {figures['floor_cpu_p99_ms']} ms: submit p99 = "
        f"{figures['p99_over_floor']}x the floor's (CPU {figures['cpu_p99_over_floor']}x)"
    )


LIVE_GAMES = 50
"""Boards are drawn for this many live games in turn, as a busy bot does, so a per-game cache cannot make
every render look like the one before."""


def renders(game: Any, count: int, live: int = LIVE_GAMES, render: Any = None) -> dict[str, Any]:
    """Board renders with PNG encoding (``render``: the full board unless given), ``live`` games in turn."""
    render = render or board_renderer(game.meta.id)
    tables = []
    for k in range(live):  # each game with its own seat names and its own progress
        seats = [f"g{k}p{i + 1}" for i in range(game.meta.min_seats)]
        agents = {s: RandomAgent(SEED + k * 7 + i) for i, s in enumerate(seats)}
        tables.append([seats, agents, game.setup(seats, SEED + k)])
    started = time.perf_counter()
    render(game.view(tables[0][2], None))  # the first render in a process also loads fonts and builds caches
    cold = (time.perf_counter() - started) * 1000
    times: list[float] = []
    cpu_times: list[float] = []  # the render thread's own CPU: what a loaded machine does not inflate
    sizes: list[int] = []
    for n in range(count):
        table = tables[n % live]
        seats, agents, state = table
        if not game.prompts(state):
            state = game.setup(seats, SEED + n)
        state = table[2] = advance(game, state, agents, 5)
        view = game.view(state, None)
        started, cpu = time.perf_counter(), time.thread_time()
        png = render(view)
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.thread_time() - cpu) * 1000)
        sizes.append(len(png))
    return {
        "renders": len(times),
        "live_games": live,
        "p50_ms": round(_pct(times, 0.5), 2),
        "p99_ms": round(_pct(times, 0.99), 2),
        "cpu_p50_ms": round(_pct(cpu_times, 0.5), 2),
        "cpu_p99_ms": round(_pct(cpu_times, 0.99), 2),
        "first_ms": round(cold, 2),
        "png_bytes": sizes[-1] if sizes else 0,
        "png_bytes_max": max(sizes, default=0),
    }


def board(repeats: int) -> dict[str, Any]:
    """engine/core/board: ``reachable`` with budget 6 on a 24x24 grid with 100 walls (blocked cells on a
    Manhattan board, as IPA; edge walls on an eight-way board, as Nakamura Tower), and ``sees`` between every
    pair of 10 units. Each figure is the median over ``repeats`` runs (lines are cached after the first)."""
    # allow_inline: a bench's own parts load only when it runs
    from engine.core.board import Cell, Edge, Grid, GridSpec

    # allow_inline: a bench's own parts load only when it runs
    from engine.core.board.line import line

    rng = random.Random(SEED)
    cells = [Cell(c, r) for r in range(24) for c in range(24)]
    walls = rng.sample(cells[1:], 100)
    edges = sorted(
        {Edge(c, Cell(c.col + 1, c.row)) for c in rng.sample([c for c in cells if c.col < 23], 100)}
    )
    units = rng.sample([c for c in cells if c not in walls], 10)
    ipa = Grid(GridSpec(width=24, height=24, metric="manhattan4", blocked=tuple(walls)))
    nak = Grid(GridSpec(width=24, height=24, metric="eight_way", walls=tuple(edges)))
    start = next(c for c in cells[300:] if c not in walls)

    def timed(fn: Any) -> float:
        times = []
        for _ in range(repeats):
            began = time.perf_counter()
            fn()
            times.append((time.perf_counter() - began) * 1000)
        return round(statistics.median(times), 3)

    def all_pairs(g: Any) -> None:
        for i, a in enumerate(units):
            for b in units[i + 1 :]:
                g.sees(a, b, blockers=units)

    line.cache_clear()
    began = time.perf_counter()
    all_pairs(nak)
    cold = round((time.perf_counter() - began) * 1000, 3)
    return {
        "reachable6_manhattan_ms": timed(lambda: ipa.reachable(start, 6)),
        "reachable6_eight_way_ms": timed(lambda: nak.reachable(start, 6)),
        "sees_45_pairs_ms": timed(lambda: all_pairs(nak)),
        "sees_45_pairs_cold_ms": cold,
    }


async def scale(args: argparse.Namespace) -> int:
    """``--startup N`` and ``--live N`` (:mod:`bot.tools.bench_scale`), on their own."""
    # allow_inline: a bench's own parts load only when it runs
    from . import bench_scale

    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for stored in args.startup or []:
            figures = report[f"startup_{stored}"] = await bench_scale.startup(stored, Path(folder))
            if not args.json:
                print(bench_scale.startup_text(figures), flush=True)
        if args.live:
            game_id = (args.game or [bench_scale.GAME])[0]
            figures = report[f"live_{args.live}"] = await bench_scale.live(args.live, Path(folder), game_id)
            if not args.json:
                print(bench_scale.live_text(figures), flush=True)
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


async def run(args: argparse.Namespace) -> int:
    if getattr(args, "startup", None) or getattr(args, "live", None):
        return await scale(args)
    chosen = args.game or list(engine.games())
    quick = bool(args.quick)
    pg_url = getattr(args, "store", None)
    if pg_url and not is_postgres(pg_url):
        print(f"--store takes a postgresql:// URL (SQLite is always measured), not {pg_url!r}.")
        return 2
    report: dict[str, Any] = {"seed": SEED}
    with tempfile.TemporaryDirectory() as folder:
        for game_id in chosen:
            game = engine.get(game_id)
            count = 30 if quick else 400
            compared = await checkpoints_compared(game_id, count, Path(folder))
            figures = {
                "playouts": playouts(game, 3 if quick else 30),
                "submit": compared[0],
                "submit_auto_checkpoint": compared[1],
                "store_cost": await store_cost(game_id, 10 if quick else 50, Path(folder)),
                "render": renders(game, 3, live=3) if quick else renders(game, 200),
            }
            compact = compact_renderer(game_id)
            if compact is not None:  # the board every turn post and status message carries
                figures["render_compact"] = (
                    renders(game, 3, live=3, render=compact) if quick else renders(game, 200, render=compact)
                )
            if game_id == "nakamura_tower":
                figures["drone_phase"] = drone_phase(game, 5 if quick else 100)
            if pg_url:
                async with scratch_postgres(pg_url) as store:
                    count = 30 if quick else 400
                    figures["submit_postgres"] = await submits(game_id, count, Path(folder), store)
            report[game_id] = figures
            if not args.json:
                p, s, r = figures["playouts"], figures["submit"], figures["render"]
                a, c = figures["submit_auto_checkpoint"], figures["store_cost"]
                print(
                    f"{game_id}:\n"
                    f"  random playouts: {p['intents_per_second']} intents/s ({p['games']} games, "
                    f"{p['intents']} intents); snapshot {p['snapshot_bytes_mean']} B mean, "
                    f"{p['snapshot_bytes_max']} B max\n"
                    f"  Table.submit on SQLite: p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, "
                    f"max {s['max_ms']} ms ({s['submits']} submits); {_floor_text(s)}\n"
                    f"  the same with SQLite's automatic checkpoint on a commit (the old way): "
                    f"p50 {a['p50_ms']} ms, p99 {a['p99_ms']} ms, max {a['max_ms']} ms; {_floor_text(a)}\n"
                    f"  per submit: {c['trips_per_submit']} trips to the database thread, "
                    f"{c['wal_bytes_per_submit']} WAL bytes ({c['submits']} submits)\n"
                    f"  board render: p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms "
                    f"(CPU p50 {r['cpu_p50_ms']} ms, p99 {r['cpu_p99_ms']} ms; {r['renders']} renders; "
                    f"the first in the process, with fonts and caches cold: {r['first_ms']} ms; "
                    f"{r['live_games']} live games drawn in turn), "
                    f"PNG at most {r['png_bytes_max']} B",
                    flush=True,
                )
                if "render_compact" in figures:
                    k = figures["render_compact"]
                    print(
                        f"  compact board (turn posts, status message): p50 {k['p50_ms']} ms, "
                        f"p99 {k['p99_ms']} ms (CPU p50 {k['cpu_p50_ms']} ms, p99 {k['cpu_p99_ms']} ms), "
                        f"PNG at most {k['png_bytes_max']} B",
                        flush=True,
                    )
                if "drone_phase" in figures:
                    d = figures["drone_phase"]
                    print(
                        f"  AI Operations phase with {d['drones']} drones: p50 {d['p50_ms']} ms, "
                        f"p99 {d['p99_ms']} ms, max {d['max_ms']} ms ({d['runs']} phases)",
                        flush=True,
                    )
                if "submit_postgres" in figures:
                    q = figures["submit_postgres"]
                    print(
                        f"  Table.submit on PostgreSQL: p50 {q['p50_ms']} ms, p99 {q['p99_ms']} ms, "
                        f"max {q['max_ms']} ms ({q['submits']} submits)",
                        flush=True,
                    )
    report["board"] = board(20 if quick else 200)
    if not args.json:
        print(f"board geometry: {report['board']}", flush=True)
    if args.json:
        print(json.dumps(report, indent=2))
    return 0
