"""The thread -> game answers kept in memory are bounded (issue 21: "the thread -> game map is never
trimmed"): the least recently used are forgotten first, and a forgotten one is asked of the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import services as services_module
from bot.render import Renderer
from bot.services import Services
from bot.store.sqlite.storage import SqliteStore
from engine.table import Table


async def test_the_thread_map_keeps_the_latest_threads_and_asks_the_store_for_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services_module, "THREADS_KEPT", 3)
    store = SqliteStore(tmp_path / "t.db")
    await store.open()
    try:
        table = Table(store)
        services = Services(table=table, renderer=Renderer(1))
        games = {}
        for n in range(5):
            update = await table.create(
                "toy", f"u{n}", "Ann", seats=2, seed=n, place={"guild": "1", "thread": f"10{n}"}
            )
            games[f"10{n}"] = update.record.id
            services.remember(f"10{n}", update.record.id)
        assert list(services.threads) == ["102", "103", "104"]
        assert await services.game_in_channel("102") == games["102"]  # used: now the latest
        assert await services.game_in_channel("100") == games["100"]  # forgotten: the store knows it
        assert list(services.threads) == ["104", "102", "100"]
        assert await services.game_in_channel("999") is None
        assert len(services.threads) == 3
    finally:
        await store.close()
