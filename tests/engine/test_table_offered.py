"""Issue 21: "skip the second legality computation for an intent taken from a fresh legal list". The
table keeps the list it last showed a seat (``Table.legal``); a submit by that seat at that version is
checked by membership in it instead of the rules computing the list again. Anything else is checked in
full, with the same refusals."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalIntent
from engine.store import MemoryStore
from engine.table import Table
from tests.support.toygame import TOY


async def _started(table: Table) -> str:
    gid = (await table.create("toy", "u1", "Ann", seats=2, seed=4)).record.id
    await table.join(gid, "u2", "Bo")
    await table.start(gid, "u1")
    return gid


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every full legality check the rules make (``Game.check``), by seat."""
    seen: list[str] = []
    original = type(TOY).check

    def counted(self: Any, state: Any, seat: str, intent: Any) -> None:
        seen.append(seat)
        original(self, state, seat, intent)

    monkeypatch.setattr(type(TOY), "check", counted)
    return seen


async def test_a_move_from_the_list_just_shown_is_not_checked_again(checks: list[str]) -> None:
    table = Table(MemoryStore())
    gid = await _started(table)
    offered = await table.legal(gid, "u1")
    assert offered
    before = (await table.record(gid)).version
    await table.submit(gid, "u1", offered[0][0], expected_version=before)
    assert checks == []
    assert (await table.record(gid)).version == before + 1


async def test_without_a_fresh_list_the_rules_check_in_full(checks: list[str]) -> None:
    table = Table(MemoryStore())
    gid = await _started(table)
    offered = await table.legal(gid, "u1")
    await table.submit(gid, "u2", "pick:n=2")  # another seat, no list shown to it: checked
    assert len(checks) == 1
    # the version moved on: u1's list is for the old version, so u1's move is checked in full
    await table.submit(gid, "u1", offered[0][0])
    assert len(checks) == 2


async def test_a_move_not_in_the_list_gets_the_rules_refusal(checks: list[str]) -> None:
    table = Table(MemoryStore())
    gid = await _started(table)
    await table.legal(gid, "u1")
    before = (await table.record(gid)).version
    with pytest.raises(IllegalIntent):
        await table.submit(gid, "u1", "pick:n=7")
    assert len(checks) == 1
    assert (await table.record(gid)).version == before
