"""Moves for the load test, made by another process than the web's (as the bot's would be): one move in
each game in turn, every INTERVAL seconds, for SECONDS seconds. Prints the moves made.

    python -m tests.bot.web.mover DB SECONDS INTERVAL GAME_ID...
"""

from __future__ import annotations

import asyncio
import sys
import time

from bot.store.sqlite.storage import SqliteStore
from engine.table import Table
from tests.bot.web.world import play


async def main(db: str, seconds: float, interval: float, games: list[str]) -> int:
    store = SqliteStore(db)
    await store.open()
    table = Table(store)
    made = 0
    try:
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end:
            started = time.monotonic()
            made += await play(table, games[n % len(games)], 1, seed=n)
            n += 1
            await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))
    finally:
        await store.close()
    print(f"cpu {time.process_time():.1f}", flush=True)
    print(f"moves {made}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4:])))
