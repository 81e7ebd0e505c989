"""The terminal asks a long menu in parts, as Discord does: a numbered list per part, ``back`` goes up."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.terminal.terminal import Terminal
from engine.core import register, unregister
from engine.store import MemoryStore
from engine.table import Table
from tests.cogs.partsgame import PARTS


@pytest.fixture
def parts_game() -> Iterator[None]:
    register(PARTS)
    yield
    unregister("parts")


async def _ask(monkeypatch: pytest.MonkeyPatch, game: str, lines: list[str]) -> tuple[str | None, Table, str]:
    table = Table(MemoryStore())
    update = await table.create(game, "local1", "Ann", seats=1, seed=1)
    start = await table.start(update.record.id, "local1")
    answers = iter(lines)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    seat = start.record.seats[0].seat
    key = await Terminal(table, None).ask(start.record, "local1", seat)
    return key, table, update.record.id


async def test_a_long_menu_is_asked_in_parts(
    parts_game: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    key, table, gid = await _ask(monkeypatch, "parts", ["back", "1", "99", "back", "2", "5", "2"])
    assert key == "move:unit=u5,to=d2"
    out = capsys.readouterr().out
    assert "1. Play…" in out and "2. Move…" in out and "3. End the turn" in out
    assert "This is the first question already." in out
    assert "8. card c8 …" in out and "There is no choice 99" in out
    assert "22. unit u22 …" in out and "2. Move u5 to d2" in out
    assert "Play c1 on t1" not in out and "[play:" not in out  # never the flat list of 85 intents
    assert await table.legal(gid, "local1")  # nothing was played by asking


async def test_a_whole_key_or_label_typed_is_taken_and_junk_is_refused(
    parts_game: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    key, _, _ = await _ask(monkeypatch, "parts", ["fly away", "Play c3 on t4"])
    assert key == "play:card=c3,target=t4"
    assert "Not one of the choices" in capsys.readouterr().out
    key, _, _ = await _ask(monkeypatch, "parts", ["end the turn"])
    assert key == "end"
    key, _, _ = await _ask(monkeypatch, "parts", ["quit"])
    assert key is None


async def test_a_short_menu_is_one_list(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table(MemoryStore())
    update = await table.create("toy", "local1", "Ann", seats=2, seed=1)
    await table.join(update.record.id, "local2", "Bo")
    start = await table.start(update.record.id, "local1")
    monkeypatch.setattr("builtins.input", lambda _prompt="": "2")
    key = await Terminal(table, None).ask(start.record, "local1", start.record.seats[0].seat)
    assert key == "pick:n=2"
    assert "1. Pick 1" in capsys.readouterr().out
