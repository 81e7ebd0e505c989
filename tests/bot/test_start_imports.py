"""Issue 33, item 6: what a SQLite bot imports before its first answer. PostgreSQL's driver and the web
companion's server are imported only where they serve (a bot on SQLite without ``ARBITER_WEB`` never uses
them), so they are not on the path from the process start to the first answer."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, sys
import bot.cli, bot.discord_bot
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('asyncpg', 'aiohttp', 'bot'))))
"""


def test_the_bot_module_imports_neither_postgres_nor_the_web_server() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "bot.discord_bot" in loaded  # the probe did import the bot
    assert not {m for m in loaded if m.split(".")[0] == "asyncpg"}, sorted(loaded)
    assert "aiohttp.web" not in loaded and "bot.web.app" not in loaded, sorted(loaded)
    assert "bot.store.postgres.pg_store" not in loaded, sorted(loaded)
