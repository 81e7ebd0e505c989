"""compose.yaml (issue 20): PostgreSQL and two bot processes whose shards cover every shard once."""

from __future__ import annotations

import json
import re
from fnmatch import fnmatch
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


def _ignored(path: str, patterns: list[str]) -> bool:
    """Whether Docker's build context leaves ``path`` out (the .dockerignore rules this file uses: a pattern
    matches the path or a folder above it, ``**/`` at any depth; no exceptions)."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    for pattern in patterns:
        for prefix in prefixes:
            if fnmatch(prefix, pattern) or (
                pattern.startswith("**/") and fnmatch(prefix.split("/")[-1], pattern[3:])
            ):
                return True
    return False


def test_the_image_build_context_leaves_out_the_venv_git_boards_and_databases() -> None:
    """Issue 30, item 8: a .dockerignore keeps .venv, .git, the terminal's boards and every database out of
    the image's build context, and keeps everything the Dockerfile copies in."""
    root = COMPOSE.parent
    patterns = [
        line.strip()
        for line in (root / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert not [p for p in patterns if p.startswith("!")], "no exceptions: the rules above stay simple"
    for left_out in (
        ".venv/bin/python",
        ".git/HEAD",
        "boards/abc123/v00001.png",
        "arbiter.db",
        "arbiter-local.db-wal",
        "backups/arbiter-2026.db",
        "somewhere/else/games.db",
        ".env",
    ):
        assert _ignored(left_out, patterns), left_out
    copied = re.findall(r"^COPY (.+) \S+$", (root / "Dockerfile").read_text(encoding="utf-8"), re.M)
    sources = [name for line in copied for name in line.split()]
    assert {"pyproject.toml", "engine", "bot", "cogs", "renderers", "data"} <= set(sources)
    for kept in [
        *sources,
        "engine/core/model.py",
        "data/infamy/board.json",
        "data/boards/training_floor.txt",
    ]:
        assert not _ignored(kept, patterns), kept
