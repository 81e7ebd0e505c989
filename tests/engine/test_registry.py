"""The game registry imports a game when it is first asked for (issue 21: a bot's first command after a
start imports the one game it needs, not all five)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.core import MalformedIntent, registry

PROBE = """
import sys
from engine.core import registry
registry.get("infamy")
print(sorted(m for m in sys.modules if m.split(".")[:1] == ["engine"] and m.count(".") == 1))
"""


def test_asking_for_one_game_imports_that_game_only() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    packages = set(eval(out))
    assert "engine.infamy" in packages
    assert not packages & {"engine.gamedec", "engine.ipa_agents", "engine.nakamura_tower"}, packages


@pytest.mark.parametrize("bad", ["nope", "core", "../infamy", "Infamy", "", "example"])
def test_an_unknown_game_is_a_readable_refusal(bad: str) -> None:
    assert not registry.known(bad)
    with pytest.raises(MalformedIntent, match="There is no game .* Games: .*infamy"):
        registry.get(bad)


def test_every_game_is_still_listed() -> None:
    five = {"infamy", "gamedec", "ipa_agents", "nakamura_tower", "virtual_revolution"}
    assert five <= set(registry.games())
    assert registry.get("gamedec").meta.id == "gamedec"


# --- issue 32, item 6: rules imported off the event loop, the interactions' first -----------------------

SLOW = 0.25
"""Seconds one stand-in game takes to import."""


class _Meta:
    def __init__(self, game_id: str) -> None:
        self.id = game_id


class _Game:
    def __init__(self, game_id: str) -> None:
        self.meta = _Meta(game_id)


@pytest.fixture
def slow_games(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Four stand-in game packages that take :data:`SLOW` seconds each to import; the order they were
    imported in is returned (filled as they are). The real registry is left as it was."""
    import threading
    import time
    import types

    names = ["slow_a", "slow_b", "slow_c", "slow_d"]
    imported: list[str] = []

    def slow_import(module: str) -> object:
        name = module.split(".", 1)[1]
        assert threading.current_thread() is not threading.main_thread(), "imported on the event loop"
        time.sleep(SLOW)
        imported.append(name)
        return types.SimpleNamespace(GAME=_Game(name))

    monkeypatch.setattr(registry, "_import_module", slow_import)
    monkeypatch.setattr(registry, "_packages", lambda: names)
    monkeypatch.setattr(registry, "_discovered", False)
    monkeypatch.setattr(registry, "_games", dict(registry._games))
    monkeypatch.setattr(registry, "_imported", set(registry._imported))
    return imported


async def test_ready_imports_in_a_worker_thread_while_the_loop_goes_on(slow_games: list[str]) -> None:
    import asyncio

    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    running = asyncio.create_task(ticker())
    try:
        await registry.ready("slow_b")
    finally:
        running.cancel()
    assert slow_games == ["slow_b"] and registry.loaded("slow_b") is not None
    assert ticks >= 10, f"the loop ran {ticks} times during a {SLOW} s import"
    await registry.ready("slow_b")  # already there: nothing imported again
    assert slow_games == ["slow_b"]


async def test_an_interaction_s_game_is_imported_before_background_work_goes_on(
    slow_games: list[str],
) -> None:
    """Background work loading every game (the deadline pass after a start) is under way when an
    interaction needs the last of them: that one is imported next, not fourth."""
    import asyncio

    async def background_load() -> None:
        with registry.background():
            await registry.ready()

    everything = asyncio.create_task(background_load())
    await asyncio.sleep(SLOW / 2)  # slow_a is being imported
    await registry.ready("slow_d")
    assert slow_games == ["slow_a", "slow_d"], slow_games
    await everything
    assert slow_games == ["slow_a", "slow_d", "slow_b", "slow_c"]
    assert set(registry.loaded_games()) >= {"slow_a", "slow_b", "slow_c", "slow_d"}


async def test_a_game_imported_on_the_event_loop_is_logged(
    slow_games: list[str], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    monkeypatch.setattr(registry, "_import_module", lambda module: __import__("types").SimpleNamespace())
    with caplog.at_level(logging.INFO, logger="engine.core.registry"):
        registry.known("slow_c")  # a synchronous caller on the loop, where ready() should have been awaited
    assert any("slow_c are imported on the event loop" in r.getMessage() for r in caplog.records)
