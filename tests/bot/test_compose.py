"""compose.yaml (issue 20): PostgreSQL and two bot processes whose shards cover every shard once."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.shards import ShardPlan
from bot.store.stores import is_postgres

COMPOSE = Path(__file__).resolve().parents[2] / "compose.yaml"


def test_the_bot_processes_hold_every_shard_exactly_once_on_one_postgres() -> None:
    text = COMPOSE.read_text(encoding="utf-8")
    commands = [json.loads(found) for found in re.findall(r"^\s+command: (\[.*\])$", text, re.M)]
    assert len(commands) >= 2, "two bot processes at least"
    plans = []
    for argv in commands:
        options = dict(zip(argv[::2], argv[1::2], strict=True))
        plans.append(ShardPlan.parse(options["--shards"], int(options["--shard-count"])))
    assert len({p.count for p in plans}) == 1
    held = sorted(i for p in plans for i in p.ids or ())
    assert held == list(range(plans[0].count))
    url = re.search(r"ARBITER_DATABASE_URL: (.+)$", text, re.M)
    assert url is not None and is_postgres(url.group(1)) and "@db:5432/" in url.group(1)
    assert "condition: service_healthy" in text and "pg_isready" in text
