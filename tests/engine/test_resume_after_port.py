"""Infamy and Gamedec games saved before the port onto the runtime (snapshot format 1) load after it: the
table rebuilds them from their intent log, and they stand where they stood (version, who is awaited, and every
user-seat's legal intents), so no game in progress is lost by the port."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.store.sqlite.storage import SqliteStore
from engine.table import Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.mark.parametrize("game", ["infamy", "gamedec"])
async def test_games_saved_before_the_port_resume(game: str, tmp_path: Path) -> None:
    db = tmp_path / "pre_runtime.db"
    shutil.copy(FIXTURES / "pre_runtime.db", db)
    expected = json.loads((FIXTURES / "pre_runtime_expected.json").read_text())
    store = SqliteStore(str(db))
    await store.open()
    try:
        table = Table(store)
        checked = 0
        for record in await store.games():
            if record.game != game:
                continue
            want = expected[record.id]
            prompts = await table.prompts(record.id)
            assert record.version == want["version"]
            assert sorted({p.seat for p in prompts}) == want["awaiting"]
            legal = {
                s.seat: sorted(i.key() for i, _ in await table.legal(record.id, s.user))
                for s in record.seats
                if s.user
            }
            assert legal == want["legal"]
            checked += 1
        assert checked == 2
    finally:
        await store.close()
