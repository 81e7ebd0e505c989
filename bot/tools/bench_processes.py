"""``arbiter bench --store postgresql://... --processes 1,2``: submits per second when several bot processes
share one PostgreSQL database (issue 20).

For each process count N, ``--games`` live games (200 by default) are split among N worker processes,
each a Table on its own connection pool; every game plays random legal moves as fast as its process
allows, all games at once, for ``--seconds``. The figure is the total of accepted submits per second, with
the p50/p99 of one submit. Every worker creates its games first and waits, so they all start together.
The games go into a scratch schema (``arbiter_bench_...``), dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from engine.table import Limits, Table

from ..store.postgres.scratch import scratch_postgres
from ..store.stores import is_postgres
from .bench import SEED, _new_game, _one_submit, _pct

UNLIMITED = Limits(lobbies_per_user=0, running_per_user=0, lobbies_per_guild=0, running_per_guild=0)


async def work(url: str, schema: str, game_id: str, games: int, seconds: float, seed: int) -> dict[str, Any]:
    """One worker process: ``games`` games of ``game_id``, played at once for ``seconds``."""
    # allow_inline: PostgreSQL's driver is loaded only for a PostgreSQL database
    from ..store.postgres.pg_store import PostgresStore

    store = PostgresStore(url, max_size=20, server_settings={"search_path": schema})
    await store.open()
    try:
        table = Table(store, agent_kind="random", limits=UNLIMITED)
        ids = [await _new_game(table, game_id, seed + n) for n in range(games)]
        print("ready", flush=True)
        sys.stdin.readline()  # "go": every worker starts at once
        latencies: list[float] = []
        stop = time.monotonic() + seconds

        async def play(gid: str, rng: random.Random) -> None:
            while time.monotonic() < stop:
                took = await _one_submit(table, gid, rng)
                if took is None:  # over: a new game takes its place
                    gid = await _new_game(table, game_id, rng.randrange(1 << 30))
                    continue
                latencies.append(took[0])

        started = time.monotonic()
        await asyncio.gather(*(play(gid, random.Random(seed * 7919 + n)) for n, gid in enumerate(ids)))
        return {"submits": len(latencies), "seconds": time.monotonic() - started, "latencies": latencies}
    finally:
        await store.close()


def _spawn(
    url: str, schema: str, game_id: str, games: int, seconds: float, seed: int
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bot.tools.bench_processes",
            url,
            schema,
            game_id,
            str(games),
            str(seconds),
            str(seed),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _together(workers: list[subprocess.Popen[str]]) -> list[dict[str, Any]]:
    for worker in workers:
        assert worker.stdout is not None
        line = worker.stdout.readline().strip()
        if line != "ready":
            raise RuntimeError(f"a bench worker did not start (it said {line!r})")
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    results = []
    for worker in workers:
        out, _ = worker.communicate(timeout=600)
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


async def processes(
    url: str, counts: list[int], game_id: str = "gamedec", games: int = 200, seconds: float = 10.0
) -> dict[str, Any]:
    """Submits per second with each number of processes in ``counts`` (the same total of live games)."""
    report: dict[str, Any] = {"game": game_id, "games": games, "seconds": seconds, "runs": []}
    for count in counts:
        async with scratch_postgres(url) as store:
            await store.open()  # the schema's tables, made once before the workers start
            schema = store.server_settings["search_path"]
            share = [games // count + (1 if n < games % count else 0) for n in range(count)]
            workers = [
                _spawn(url, schema, game_id, share[n], seconds, SEED + 100_000 * n) for n in range(count)
            ]
            results = await asyncio.to_thread(_together, workers)
        latencies = [t for r in results for t in r["latencies"]]
        total = sum(r["submits"] for r in results)
        report["runs"].append(
            {
                "processes": count,
                "submits": total,
                "submits_per_second": round(total / statistics.mean(r["seconds"] for r in results), 1),
                "p50_ms": round(_pct(latencies, 0.5), 2) if latencies else None,
                "p99_ms": round(_pct(latencies, 0.99), 2) if latencies else None,
            }
        )
    return report


def text(report: dict[str, Any]) -> str:
    lines = [
        f"{report['game']}, {report['games']} live games at once for {report['seconds']} s on PostgreSQL:"
    ]
    for figures in report["runs"]:
        lines.append(
            f"  {figures['processes']} process(es): {figures['submits_per_second']} submits/s "
            f"({figures['submits']} submits), submit p50 {figures['p50_ms']} ms, "
            f"p99 {figures['p99_ms']} ms"
        )
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> int:
    """``arbiter bench --processes 1,2``, on its own."""
    if not is_postgres(getattr(args, "store", None)):
        print("--processes needs --store postgresql://... (several processes share a PostgreSQL database).")
        return 2
    try:
        counts = [int(n) for n in str(args.processes).split(",")]
    except ValueError:
        print(f"--processes takes process counts such as 1,2 (not {args.processes!r}).")
        return 2
    game = (args.game or ["gamedec"])[0]
    report = await processes(args.store, counts, game, args.games, args.seconds)
    print(json.dumps(report, indent=2) if args.json else text(report), flush=True)
    return 0


if __name__ == "__main__":
    url, schema, game, games, seconds, seed = sys.argv[1:7]
    result = asyncio.run(work(url, schema, game, int(games), float(seconds), int(seed)))
    print(json.dumps(result), flush=True)
