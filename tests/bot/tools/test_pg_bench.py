"""``arbiter bench --store postgresql://... --processes 1,2`` (issue 20): real worker processes share the
database, every one plays, and the scratch schema is gone afterwards."""

from __future__ import annotations

import asyncpg

from bot.tools.bench_processes import processes, text


async def test_two_bench_processes_play_on_one_postgres_and_leave_nothing(postgres_url: str) -> None:
    report = await processes(postgres_url, [2], "gamedec", games=4, seconds=1.0)
    (run,) = report["runs"]
    assert run["processes"] == 2 and run["submits"] > 0 and run["submits_per_second"] > 0
    assert run["p50_ms"] is not None and run["p99_ms"] >= run["p50_ms"]
    assert "2 process(es):" in text(report)
    conn = await asyncpg.connect(postgres_url)
    try:
        left = await conn.fetchval("SELECT COUNT(*) FROM pg_namespace WHERE nspname LIKE 'arbiter_bench_%'")
    finally:
        await conn.close()
    assert left == 0
